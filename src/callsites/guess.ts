// Requests sent through a client whose code is not in view (a library superclass, an SDK object, a
// helper from another package): recognised by the shape of the call and the names it uses —
// `api.get(path, params)`, `this["delete"](path)`, `client.request('post', path, params)`,
// `getJSON(url)`. Such calls only count when their path looks like the service's (needsApiPath); server
// route declarations (`app.get('/projects', handler)`) never do. Wrappers whose body is in the package
// are inferred instead (wrappers.ts).
import type { Node } from '@babel/types';
import { propertyName, unwrap } from '../parse/walk.js';
import type { EvalContext } from './evaluate.js';
import { headerNames, isMethodLiteral, takeChain, takeLink, VERBS, WITH_BODY, type RequestSpec } from './requests.js';
import type { OptionKeys } from './clients.js';
import { toMethod, type Method, type MethodSite } from './types.js';
import { evaluateAll, requireSource } from './evaluate.js';
import { heldValue } from './scope.js';

export interface GuessContext extends EvalContext {
  /** The file imports a server framework: verb calls with handlers there are routes. */
  serverFile: boolean;
  /** Path arguments of server route declarations: never bare URLs either. */
  serverPaths: Set<Node>;
}

export const SERVER_RECEIVER = /^(app|router|server|routes?|api[A-Z]?[Rr]outer|[a-z]\w*Router|fastify)$/;
const WRAPPER_METHOD_FIRST = /^(_?request|req|call|send|api|http|ajax|_?makeRequest|doRequest|apiRequest|_?call|invoke|perform)$/i;
// Receivers whose get/set/delete are key-value lookups, not HTTP (`cache.get('projects/owned')`).
const KEY_VALUE_RECEIVER = /^(cache|map|store|storage|params|query|searchParams|headers|config|settings|options|opts|env|state|session|localStorage|sessionStorage|registry|[a-z]\w*(Map|Cache|Store|Set|Params|Headers))$/;
const HTTP_HELPER = /^(get|post|put|patch|delete|del)(JSON|Json|Api|API|Request|Url|Data)?$|^(get|post|put|patch|delete)(?=[A-Z])|^(api|http|fetch|request)(Get|Post|Put|Patch|Delete|JSON|Json)?$|(JSON|Json)$/;
// The HTTP helper names that are hardly anything else (`getJSON`, `apiPost`, `httpGet`, `del`).
const STRONG_HTTP_HELPER = /^(get|post|put|patch|delete|del)(JSON|Json|Api|API|Request)?$|^(api|http|fetch|request)(Get|Post|Put|Patch|Delete|JSON|Json)?$/;
// What hand-made clients' options objects usually hold, and older libraries' (Prototype's `parameters` and
// `requestHeaders`, Apps Script's `payload`).
const GENERIC_KEYS: OptionKeys = { url: ['url', 'uri'], method: ['method', 'type'], query: ['params', 'qs', 'query', 'searchParams'], body: ['data', 'body', 'json', 'form', 'parameters', 'payload'], headers: ['headers', 'requestHeaders'] };
// The keys of an options object that hold the request's parameters.
const CONFIG_KEYS: readonly string[] = [...GENERIC_KEYS.query!, ...GENERIC_KEYS.body!];
const REQUEST_OPTION_KEYS: ReadonlySet<string> = new Set([...CONFIG_KEYS, ...GENERIC_KEYS.method!, ...GENERIC_KEYS.headers!]);
const API_RECEIVER = /api|client|gitlab|http|request|sdk|service|conn|rest|remote/i;
// Builder methods a request of an unknown client may be chained with (superagent's, unirest's).
const BUILDER_CHAIN = { query: 'query', send: 'body', field: 'body', set: 'headers' } as const;
/** A guessed request of a member call on a receiver that is no known client. */
export function guessMember(call: Node & { arguments: Node[] }, name: string, memberSite: MethodSite, object: Node, ctx: GuessContext): RequestSpec | undefined {
  const args = call.arguments as Node[];
  // got's and request's `.stream(url)` is a GET.
  const verb = VERBS[name.toLowerCase()] ?? (name === 'stream' ? 'GET' : undefined);
  if (verb) {
    if (isServerRoute(object, args, ctx)) {
      if (args[0]) ctx.serverPaths.add(unwrap(args[0]));
      return undefined;
    }
    const built = verbLast(call, verb, memberSite, object, ctx);
    if (built) return built;
    if (!args[0]) return undefined;
    if (KEY_VALUE_RECEIVER.test(rootName(object) ?? '')) return undefined;
    const weakReceiver = weakReceiverOf(object, ctx);
    const spec: RequestSpec = { ...paramsSecond(args, call, ctx), client: 'wrapper', urlArg: args[0], method: verb, methodSite: memberSite, needsApiPath: true, weakReceiver, nameOnly: weakReceiver };
    // A builder passed in from elsewhere (a superagent agent): `.query({…})`, `.send({…})`, `.set(…)` add to it.
    takeChain(spec, call, BUILDER_CHAIN, ctx);
    return spec;
  }
  if (args.length >= 2 && (isMethodLiteral(args[0]!) || (WRAPPER_METHOD_FIRST.test(name) && unwrap(args[0]!).type !== 'ObjectExpression'))) {
    const spec = isMethodLiteral(args[0]!) || !isPathArg(args[0]!, ctx) ? methodFirst(args, call, ctx) : urlThenOptions(args, call, ctx);
    // `x.call(a, b)` is as often `Function.prototype.call` as a client's: the name alone is no evidence.
    if (spec && !isMethodLiteral(args[0]!) && weakReceiverOf(object, ctx)) spec.nameOnly = true;
    return spec;
  }
  if (/^(_?request|fetch|ajax)$/.test(name) && args[0]) {
    const first = unwrap(args[0]);
    if (first.type === 'ObjectExpression') return configObject(first, call, ctx);
    // `this.request('/projects/starred')` (ember-ajax, many SDKs): a path alone is a GET of it.
    if (name !== 'fetch' && args.length === 1 && isPathArg(first, ctx)) {
      const spec = urlThenOptions(args, call, ctx);
      if (weakReceiverOf(object, ctx)) spec.nameOnly = true;
      return spec;
    }
    if (name === 'fetch') {
      const options = args[1] ? ctx.flow.objectShape(args[1], call) : undefined;
      const method = options?.entries.find((e) => e.name === 'method');
      return {
        client: 'wrapper',
        urlArg: args[0],
        ...methodOf(method?.value, 'GET', ctx),
        bags: bagsIn(options, ['body', 'query', 'params'], call, ctx),
        headers: headersIn(options, call, ctx),
        options,
        optionKeys: GENERIC_KEYS,
        paramsOpen: options?.open ?? false,
        needsApiPath: true,
      };
    }
  }
  return undefined;
}

// Links between a request's URL and the verb that sends it last (scoped-http-client's `.header(k, v)`).
const VERB_LAST_LINKS: Readonly<Record<string, 'headers' | 'query'>> = { header: 'headers', headers: 'headers', query: 'query' };

/**
 * A request built first and sent by a verb named last: `robot.http(url).header('PRIVATE-TOKEN', t).delete()(done)`
 * (Hubot's scoped-http-client). The verb takes no URL (nothing, or the body); the chain under it holds
 * header and query links, then the call that took the URL.
 */
function verbLast(call: Node & { arguments: Node[] }, verb: Method, memberSite: MethodSite, object: Node, ctx: GuessContext): RequestSpec | undefined {
  const body = call.arguments[0];
  if (body && (body.type === 'SpreadElement' || isPathArg(body, ctx))) return undefined;
  const links: ['headers' | 'query', Node & { type: 'CallExpression' }][] = [];
  let n = unwrap(object);
  for (let depth = 0; depth < 8 && n.type === 'CallExpression'; depth++) {
    const callee = unwrap(n.callee as Node);
    const name = callee.type === 'MemberExpression' ? propertyName(callee.property as Node, callee.computed) : undefined;
    const role = name ? VERB_LAST_LINKS[name] : undefined;
    if (role && callee.type === 'MemberExpression') {
      links.push([role, n]);
      n = unwrap(callee.object as Node);
      continue;
    }
    const url = n.arguments[0] as Node | undefined;
    if (!url || url.type === 'SpreadElement' || !isPathArg(url, ctx)) return undefined;
    const spec: RequestSpec = { client: 'wrapper', urlArg: url, method: verb, methodSite: memberSite, bags: [], headers: [], paramsOpen: false, needsApiPath: true };
    for (const [linkRole, link] of links) takeLink(spec, linkRole, link, ctx);
    const shape = body && WITH_BODY.has(verb) ? ctx.flow.objectShape(body, call) : undefined;
    if (shape) spec.bags.push(shape);
    spec.paramsOpen ||= spec.bags.some((b) => b.open) || (body !== undefined && !shape);
    return spec;
  }
  return undefined;
}

/**
 * The receiver's names say nothing of an API client, and it is not `this`. Its names are the root of its chain
 * and the key it is held under (`context.api`, `deps.gitlab`: a client handed in on a bigger object).
 */
function weakReceiverOf(object: Node, ctx: GuessContext): boolean {
  const receiver = unwrap(object);
  if (ctx.flow.isThis(receiver) || receiver.type === 'ThisExpression') return false;
  const heldUnder = receiver.type === 'MemberExpression' ? propertyName(receiver.property as Node, receiver.computed) : undefined;
  return !API_RECEIVER.test(rootName(receiver) ?? '') && !API_RECEIVER.test(heldUnder ?? '');
}

/** A guessed request of a plain function call: method-first wrappers and helpers named for HTTP. */
export function guessFunction(call: Node & { arguments: Node[] }, name: string, ctx: GuessContext): RequestSpec | undefined {
  const args = call.arguments as Node[];
  // request('post', '/projects/fork/:id', params) and friends: the method comes first, unless what comes
  // first is a path (`send('/projects/' + id + '/builds', { params })`).
  if (args.length >= 2 && (isMethodLiteral(args[0]!) || WRAPPER_METHOD_FIRST.test(name))) {
    return isMethodLiteral(args[0]!) || !isPathArg(args[0]!, ctx) ? methodFirst(args, call, ctx) : urlThenOptions(args, call, ctx);
  }
  // Helpers named for HTTP (`getJSON(url)`, `apiPost(path, body)`): the name may give the method.
  if (args[0] && HTTP_HELPER.test(name)) {
    const params = args[1] ? ctx.flow.objectShape(args[1], call) : undefined;
    const verb = /^(get|post|put|patch|delete|del)(?=[A-Z_]|$)/i.exec(name)?.[1] ?? /(Get|Post|Put|Patch|Delete)$/.exec(name)?.[1];
    // `getParsedType(x)`: a verb prefix alone names many a getter.
    const nameOnly = !STRONG_HTTP_HELPER.test(name);
    return { client: 'wrapper', urlArg: args[0], method: verb ? VERBS[verb.toLowerCase()] : undefined, methodSite: { kind: 'none' }, bags: params ? [params] : [], headers: [], paramsOpen: params?.open ?? false, needsApiPath: true, nameOnly };
  }
  // A request function handed in (`connection(url, { query })`, `send(path, { method, body })`): a parameter
  // called with a URL and request options, whatever its name. A function of a module the client table does
  // not know, or a global, called as fetch is (`hyperquest(url, { method: 'DELETE' })`): when the options
  // name an HTTP method.
  const callee = unwrap((call as Node & { callee: Node }).callee);
  const kind = nameKind(callee, ctx);
  if (args[0] && args[1] && ((kind === 'param' && isRequestOptions(args[1], call, ctx)) || ((kind === 'import' || kind === 'global') && namesMethod(args[1], call, ctx) && isPathArg(args[0], ctx)))) return urlThenOptions(args, call, ctx);
  return undefined;
}

// Constructors of values, not of requests: a Fetch API `Request` is sent only when handed to fetch.
const NOT_SENDING = new Set(['Request', 'URL', 'URLSearchParams', 'Headers', 'Response', 'Error', 'Map', 'Set', 'Promise']);

/**
 * A request made by constructing it, as old browser libraries do (Prototype's `new Ajax.Request(url, { method:
 * 'delete' })`): a constructor of no module the table knows, given a URL and options that name the method.
 */
export function constructedRequest(node: Node & { type: 'NewExpression' }, ctx: GuessContext): RequestSpec | undefined {
  const args = node.arguments as Node[];
  if (!args[0] || !args[1] || args[0].type === 'SpreadElement') return undefined;
  const callee = unwrap(node.callee as Node);
  if (callee.type !== 'Identifier' && callee.type !== 'MemberExpression') return undefined;
  if (callee.type === 'Identifier' && NOT_SENDING.has(callee.name)) return undefined;
  // A class of the package is known, not guessed.
  const kind = nameKind(callee, ctx);
  if (kind !== undefined && kind !== 'import' && kind !== 'global') return undefined;
  return namesMethod(args[1], node, ctx) && isPathArg(args[0], ctx) ? urlThenOptions(args, node, ctx) : undefined;
}

/**
 * What a callee name is: a global (no binding), a module's export (imported or required), or its binding's
 * kind (a parameter, a function of the package, …); undefined for a callee that is no name.
 */
function nameKind(callee: Node, ctx: GuessContext): string | undefined {
  if (callee.type !== 'Identifier') return undefined;
  const binding = ctx.scopes.bindingOf(callee);
  if (!binding) return 'global';
  const held = binding.kind !== 'import' && binding.kind !== 'param' ? heldValue(binding) : undefined;
  return held && requireSource(unwrap(held)) !== undefined ? 'import' : binding.kind;
}

/** Request options whose method is written as an HTTP verb (`{ method: 'DELETE' }`). */
function namesMethod(arg: Node, at: Node, ctx: GuessContext): boolean {
  const method = ctx.flow.objectShape(arg, at)?.entries.find((e) => e.name === 'method');
  return method !== undefined && isMethodLiteral(unwrap(method.value));
}

/** An object written with the keys of request options: a method, a query, a body or headers. */
function isRequestOptions(arg: Node, at: Node, ctx: GuessContext): boolean {
  const shape = unwrap(arg).type === 'ObjectExpression' ? ctx.flow.objectShape(arg, at) : undefined;
  return shape !== undefined && shape.entries.length > 0 && shape.entries.every((e) => REQUEST_OPTION_KEYS.has(e.name));
}

/** An argument whose text holds a `/`: a path or URL, never a method. */
function isPathArg(arg: Node, ctx: GuessContext): boolean {
  return evaluateAll(arg, ctx).some((pieces) => pieces.some((p) => p.kind === 'text' && p.text.includes('/')));
}

/** `send(path, { method, params, body, headers })`: the URL first, then request options (or the params alone). */
function urlThenOptions(args: Node[], at: Node, ctx: GuessContext): RequestSpec {
  const options = args[1] ? ctx.flow.objectShape(args[1], at) : undefined;
  const method = options?.entries.find((e) => e.name === 'method' || e.name === 'type');
  return { client: 'wrapper', urlArg: args[0]!, ...methodOf(method?.value, 'GET', ctx), ...paramsSecond(args, at, ctx), needsApiPath: true };
}

/** `request('post', path, params)`: method first, then URL, then the params object. */
function methodFirst(args: Node[], at: Node, ctx: GuessContext): RequestSpec | undefined {
  const [methodArg, urlArg, paramsArg] = args;
  if (!methodArg || !urlArg) return undefined;
  const params = paramsArg ? ctx.flow.objectShape(paramsArg, at) : undefined;
  return { client: 'wrapper', urlArg, ...methodOf(methodArg, undefined, ctx), bags: params ? [params] : [], headers: [], paramsOpen: params?.open ?? false, needsApiPath: true };
}

/** `x.request({ url, method, params })`. */
function configObject(config: Node, at: Node, ctx: GuessContext): RequestSpec | undefined {
  const shape = ctx.flow.objectShape(config, at);
  const url = shape?.entries.find((e) => e.name === 'url' || e.name === 'uri');
  if (!shape || !url) return undefined;
  const method = shape.entries.find((e) => e.name === 'method');
  return {
    client: 'wrapper',
    urlArg: url.value,
    ...methodOf(method?.value, 'GET', ctx),
    bags: bagsIn(shape, CONFIG_KEYS, at, ctx),
    headers: headersIn(shape, at, ctx),
    options: shape,
    optionKeys: GENERIC_KEYS,
    paramsOpen: shape.open,
    needsApiPath: true,
  };
}

/** The second argument as params: an options object with params/body keys, or the params themselves. */
function paramsSecond(args: Node[], at: Node, ctx: GuessContext): Pick<RequestSpec, 'bags' | 'headers' | 'paramsOpen'> {
  const second = args[1] ? ctx.flow.objectShape(args[1], at) : undefined;
  if (!second) return { bags: [], headers: [], paramsOpen: false };
  const isConfig = [...CONFIG_KEYS, ...GENERIC_KEYS.headers!].some((k) => second.entries.some((e) => e.name === k));
  if (!isConfig) return { bags: [second], headers: [], paramsOpen: second.open };
  return { bags: bagsIn(second, CONFIG_KEYS, at, ctx), headers: headersIn(second, at, ctx), paramsOpen: second.open };
}

function bagsIn(shape: ReturnType<GuessContext['flow']['objectShape']>, keys: readonly string[], at: Node, ctx: GuessContext) {
  if (!shape) return [];
  const out = [];
  for (const key of keys) {
    for (const entry of shape.entries.filter((e) => e.name === key)) {
      const bag = ctx.flow.entryShape(entry, at);
      if (bag) out.push(shape.editable ? bag : { ...bag, editable: false });
    }
  }
  return out;
}

function headersIn(shape: ReturnType<GuessContext['flow']['objectShape']>, at: Node, ctx: GuessContext): string[] {
  const headers = shape?.entries.find((e) => GENERIC_KEYS.headers!.includes(e.name));
  return headers ? headerNames(ctx.flow.objectShape(headers.value, at)) : [];
}

/** The method of a `method:` value or a method argument; `fallback` when there is none. */
function methodOf(node: Node | undefined, fallback: RequestSpec['method'], ctx?: EvalContext): Pick<RequestSpec, 'method' | 'methodSite' | 'methodParam'> {
  if (!node) return { method: fallback, methodSite: { kind: 'none' } };
  const n = unwrap(node);
  if (n.type === 'StringLiteral') {
    const method = toMethod(n.value);
    return { method, methodSite: method ? { kind: 'literal', node: n } : { kind: 'none' } };
  }
  if (ctx) {
    const alternatives = evaluateAll(n, ctx);
    const single = alternatives.length === 1 && alternatives[0]!.length === 1 ? alternatives[0]![0]! : undefined;
    if (single?.kind === 'hole' && single.param) return { method: undefined, methodSite: { kind: 'none' }, methodParam: single.param };
    if (single?.kind === 'text') return { method: toMethod(single.text), methodSite: { kind: 'none' } };
  }
  return { method: undefined, methodSite: { kind: 'none' } };
}

/** Server route declarations (`app.get('/projects/all', handler)`) are not API calls. */
function isServerRoute(object: Node, args: Node[], ctx: GuessContext): boolean {
  const root = rootName(object);
  if (root && SERVER_RECEIVER.test(root)) return true;
  // express.Router().get(...), app.route('/x').get(...); not `asUser(name).post(path, body)`.
  const made = unwrap(object);
  if (made.type === 'CallExpression') {
    const callee = unwrap(made.callee as Node);
    const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? propertyName(callee.property as Node, callee.computed) : undefined;
    if (name && /^(Router|route|Route)$/.test(name)) return true;
  }
  const handler = args.slice(1).some((a) => {
    const fn = unwrap(a);
    if (fn.type !== 'FunctionExpression' && fn.type !== 'ArrowFunctionExpression') return false;
    const first = fn.params[0];
    return first?.type === 'Identifier' && /^(req|request|ctx|context|c)$/.test(first.name);
  });
  if (handler) return true;
  return ctx.serverFile && args.slice(1).some((a) => ['FunctionExpression', 'ArrowFunctionExpression', 'Identifier', 'MemberExpression'].includes(unwrap(a).type));
}

export function rootName(node: Node): string | undefined {
  const n = unwrap(node);
  if (n.type === 'Identifier') return n.name;
  if (n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier') {
    return unwrap(n.object as Node).type === 'ThisExpression' ? n.property.name : rootName(n.object as Node);
  }
  return undefined;
}

export { propertyName };
