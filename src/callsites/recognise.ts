// Recognise API call sites: every way client code sends an HTTP request (fetch, axios, got, ky,
// superagent, request, jQuery, XMLHttpRequest, hand-made wrappers), plus bare URL literals.
import type { Node, ObjectExpression } from '@babel/types';
import { collectBindings, type FileBindings } from './bindings.js';
import { evaluate, type EvalContext } from './evaluate.js';
import { Marked, type Hole } from './marked.js';
import { queryEntries, segments, splitUrl } from './url.js';
import { METHODS, type ApiCall, type ClientKind, type Method, type MethodSite, type ParamRef, type ParamValue, type Piece, type UrlParts } from './types.js';
import { propertyName, unwrap, walk } from '../parse/walk.js';
import { SERVICE_ROOT_WORDS } from '../api/v3-routes.js';
import { secretAt, type SecretSite } from './secrets.js';

type Bag = { node: ObjectExpression; editable: boolean };

/** What a client recogniser extracts from one call expression. */
interface CallSpec {
  client: ClientKind;
  urlArg: Node;
  method: Method | undefined;
  methodSite: MethodSite;
  bags: Bag[];
  headers: string[];
  baseVersion?: 'v3' | 'v4';
  /** Only count the call when its path looks like an API path (wrappers, whose receivers may be anything). */
  needsApiPath?: boolean;
  /** The receiver's name says nothing of an API client (`cache.get('projects')`): a one-word path is not enough. */
  weakReceiver?: boolean;
  /** The request options object (fetch's init, axios' config, …), where headers go. */
  options?: Bag;
}

interface Instance {
  client: ClientKind;
  baseVersion?: 'v3' | 'v4';
}

interface Ctx extends EvalContext {
  bindings: FileBindings;
  /** Path arguments of server route declarations: never bare URLs either. */
  serverPaths: Set<Node>;
  instances: Map<string, Instance>;
  serverFile: boolean;
  hasV4Text: boolean;
}

const VERBS: Record<string, Method> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', del: 'DELETE', head: 'HEAD' };
const SERVER_MODULES = new Set(['express', 'koa-router', '@koa/router', 'fastify', 'restify', '@hapi/hapi', 'hapi', 'polka', 'hono', 'koa-route', 'router', 'find-my-way', '@nestjs/common']);
const SERVER_RECEIVER = /^(app|router|server|routes?|api[A-Z]?[Rr]outer|[a-z]\w*Router|fastify)$/;
const FETCH_MODULES = new Set(['node-fetch', 'cross-fetch', 'isomorphic-fetch', 'undici', 'whatwg-fetch', 'ofetch']);
const REQUEST_MODULES = new Set(['request', 'request-promise', 'request-promise-native', 'requestretry', 'postman-request']);
const WRAPPER_METHOD_FIRST = /^(_?request|req|call|send|api|http|ajax|_?makeRequest|doRequest|apiRequest|_?call|invoke|perform)$/i;
// Receivers whose get/set/delete are key-value lookups, not HTTP (`cache.get('projects/owned')`).
const KEY_VALUE_RECEIVER = /^(cache|map|store|storage|params|query|searchParams|headers|config|settings|options|opts|env|state|session|localStorage|sessionStorage|registry|[a-z]\w*(Map|Cache|Store|Set|Params|Headers))$/;
const HTTP_HELPER = /^(get|post|put|patch|delete|del)(JSON|Json|Api|API|Request|Url|Data)?$|^(get|post|put|patch|delete)(?=[A-Z])|^(api|http|fetch|request)(Get|Post|Put|Patch|Delete|JSON|Json)?$|(JSON|Json)$/;
const API_VERSION_TEXT = /(?:^|\/)api\/v([34])(?=[/?#]|$)/;

/** Find every API call site and bare API URL of a parsed file, and the tokens written into it. */
export function recognise(ast: Node, source: string, typeValue?: (node: Node) => string | undefined): { calls: ApiCall[]; secrets: SecretSite[] } {
  const bindings = collectBindings(ast);
  const ctx: Ctx = {
    source,
    bindings,
    typeValue,
    instances: collectInstances(ast, bindings, source),
    serverFile: [...bindings.imports].some((m) => SERVER_MODULES.has(m)),
    serverPaths: new Set(),
    hasV4Text: source.includes('api/v4'),
  };
  const calls: ApiCall[] = [];
  const consumed = new Set<Node>();

  walk(ast, (node, ancestors) => {
    if (node.type !== 'CallExpression' && node.type !== 'NewExpression') return;
    const spec = recogniseCall(node, ancestors, ctx);
    if (!spec) return;
    const call = buildCall(node, spec, ancestors, ctx);
    if (!call) return;
    calls.push(call);
    consumed.add(call.urlNode).add(unwrap(call.urlArg));
    for (const piece of call.pieces) if (piece.kind === 'text' && piece.literal && !piece.literal.viaBinding) consumed.add(piece.literal.node);
  });

  // Bare URLs and version options: base-URL constants, config defaults, `version: 'v3'`; tokens.
  const secrets: SecretSite[] = [];
  walk(ast, (node, ancestors) => {
    const bare = bareUrl(node, ancestors, ctx, consumed);
    if (bare) calls.push(bare);
    const secret = secretAt(node);
    // A literal can be found twice: as a `token` property's value and as a token in its own right.
    if (secret && !secrets.some((s) => s.start === secret.start)) secrets.push(secret);
  });
  return { calls, secrets };
}

// ---------------------------------------------------------------------------------------------
// Client instances: `const http = axios.create({ baseURL })`, `this.api = got.extend({ prefixUrl })`.

function collectInstances(ast: Node, bindings: FileBindings, source: string): Map<string, Instance> {
  const instances = new Map<string, Instance>();
  const ctx = { source, bindings };
  const record = (key: string | undefined, value: Node | null | undefined) => {
    if (!key || !value) return;
    const v = unwrap(value);
    if (v.type !== 'CallExpression' || v.callee.type !== 'MemberExpression') return;
    const factory = propertyName(v.callee.property, v.callee.computed);
    const client = clientOfObject(unwrap(v.callee.object), bindings, instances);
    if (!client || !factory || !['create', 'extend', 'defaults', 'agent'].includes(factory)) return;
    const options = v.arguments[0] && objectOf(v.arguments[0] as Node, bindings)?.node;
    const baseNode = options && (prop(options, 'baseURL') ?? prop(options, 'prefixUrl') ?? prop(options, 'baseUrl') ?? prop(options, 'prefix'));
    instances.set(key, { client: client.client, baseVersion: baseNode ? versionOf(evaluate(baseNode, ctx)) : client.baseVersion });
  };
  walk(ast, (node) => {
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier') record(node.id.name, node.init);
    else if (node.type === 'AssignmentExpression') record(receiverKey(node.left), node.right);
    else if (node.type === 'ClassProperty' && !node.computed && node.key.type === 'Identifier') record(`this.${node.key.name}`, node.value);
  });
  return instances;
}

function versionOf(pieces: readonly Piece[]): 'v3' | 'v4' | undefined {
  const text = pieces.map((p) => (p.kind === 'text' ? p.text : '\ue000')).join('');
  const m = API_VERSION_TEXT.exec(text);
  return m ? (`v${m[1]}` as 'v3' | 'v4') : undefined;
}

/** `x` → 'x', `this.x` → 'this.x', `self.x`/`_this.x` → 'this.x' (compiled classes alias `this`). */
function receiverKey(node: Node): string | undefined {
  const n = unwrap(node);
  if (n.type === 'Identifier') return n.name;
  if (n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier') {
    const obj = unwrap(n.object);
    if (obj.type === 'ThisExpression' || (obj.type === 'Identifier' && /^(self|_this|that|me)$/.test(obj.name))) return `this.${n.property.name}`;
  }
  return undefined;
}

/** Which client library an expression refers to (by import, by well-known name, or by instance). */
function clientOfObject(node: Node, bindings: FileBindings, instances: Map<string, Instance>): Instance | undefined {
  const key = receiverKey(node);
  if (key && instances.has(key)) return instances.get(key);
  if (node.type !== 'Identifier') return undefined;
  const source = bindings.importSource(node.name);
  const byModule = source ? moduleClient(source) : undefined;
  if (byModule) return { client: byModule };
  if (source) return undefined;
  switch (node.name) {
    case 'axios':
      return { client: 'axios' };
    case 'got':
      return { client: 'got' };
    case 'ky':
      return { client: 'ky' };
    case 'superagent':
      return { client: 'superagent' };
    case '$':
    case 'jQuery':
      return { client: 'jquery' };
    case 'request':
    case 'rp':
      return { client: 'request' };
    default:
      return undefined;
  }
}

function moduleClient(source: string): ClientKind | undefined {
  if (source === 'axios') return 'axios';
  if (source === 'got') return 'got';
  if (source === 'ky' || source === 'ky-universal') return 'ky';
  if (source === 'superagent') return 'superagent';
  if (source === 'jquery') return 'jquery';
  if (REQUEST_MODULES.has(source)) return 'request';
  if (FETCH_MODULES.has(source)) return 'fetch';
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Call recognition.

function recogniseCall(node: Node & { type: 'CallExpression' | 'NewExpression' }, ancestors: readonly Node[], ctx: Ctx): CallSpec | undefined {
  const callee = unwrap(node.callee as Node);
  const args = node.arguments.map((a) => a as Node);
  if (args.some((a) => a.type === 'SpreadElement') && args.length <= 1) return undefined;

  if (callee.type === 'Identifier') return recogniseFunctionCall(callee.name, args, ctx);
  if (callee.type !== 'MemberExpression' && callee.type !== 'OptionalMemberExpression') return undefined;
  const name = propertyName(callee.property as Node, callee.computed);
  if (!name) return undefined;
  const object = unwrap(callee.object as Node);
  const lib = clientOfObject(object, ctx.bindings, ctx.instances);
  const memberSite: MethodSite = { kind: 'member', node: callee.property as Node, style: callee.computed ? 'string' : 'identifier' };

  if (lib) {
    const spec = recogniseLibraryMember(lib, name, memberSite, args, node, ancestors, ctx);
    if (spec) return { ...spec, baseVersion: spec.baseVersion ?? lib.baseVersion };
  }
  if ((object.type === 'Identifier' && (object.name === 'window' || object.name === 'globalThis' || object.name === 'self')) && name === 'fetch') {
    return fetchSpec('fetch', args, ctx);
  }
  if (name === 'open' && args.length >= 2 && args[0]!.type === 'StringLiteral' && toMethod(args[0].value)) {
    return { client: 'xhr', urlArg: args[1]!, method: toMethod(args[0].value), methodSite: { kind: 'literal', node: args[0] }, bags: [], headers: [] };
  }
  return recogniseWrapper(name, memberSite, object, args, ctx);
}

function recogniseFunctionCall(name: string, args: Node[], ctx: Ctx): CallSpec | undefined {
  const source = ctx.bindings.importSource(name);
  const instance = ctx.instances.get(name);
  const client = instance?.client ?? (source ? moduleClient(source) : undefined) ?? defaultClient(name, source);
  if (source === 'supertest') return undefined; // tests of a server, not calls to the API
  switch (client) {
    case 'fetch':
      return fetchSpec('fetch', args, ctx);
    case 'axios':
      return withBase(configOrUrlSpec('axios', args, ctx, { query: ['params'], body: ['data'] }), instance);
    case 'got':
      return withBase(configOrUrlSpec('got', args, ctx, { query: ['searchParams', 'query'], body: ['json', 'form', 'body'] }), instance);
    case 'ky':
      return withBase(configOrUrlSpec('ky', args, ctx, { query: ['searchParams'], body: ['json', 'body'] }), instance);
    case 'request':
      if (args.length >= 2 && isMethodArgument(args[0]!)) return methodFirstSpec('wrapper', args, ctx);
      return withBase(configOrUrlSpec('request', args, ctx, { query: ['qs'], body: ['form', 'json', 'body', 'formData'] }), instance);
    case 'superagent':
      if (args[0]?.type === 'StringLiteral' && toMethod(args[0].value) && args.length >= 2) {
        return { client: 'superagent', urlArg: args[1]!, method: toMethod(args[0].value), methodSite: { kind: 'literal', node: args[0] }, bags: [], headers: [] };
      }
      return args[0] ? { client: 'superagent', urlArg: args[0], method: 'GET', methodSite: { kind: 'none' }, bags: [], headers: [] } : undefined;
  }
  // request('post', '/projects/fork/:id', params) and friends: the method comes first.
  if (args.length >= 2 && (isMethodLiteral(args[0]!) || WRAPPER_METHOD_FIRST.test(name))) {
    const spec = methodFirstSpec('wrapper', args, ctx);
    return spec && { ...spec, needsApiPath: true };
  }
  // Helpers named for HTTP (`getJSON(url)`, `apiPost(path, body)`): the name may give the method.
  if (args[0] && HTTP_HELPER.test(name)) {
    const params = objectOf(args[1], ctx.bindings);
    const verb = /^(get|post|put|patch|delete|del)(?=[A-Z_]|$)/i.exec(name)?.[1] ?? /(Get|Post|Put|Patch|Delete)$/.exec(name)?.[1];
    return { client: 'wrapper', urlArg: args[0], method: verb ? VERBS[verb.toLowerCase()] : undefined, methodSite: { kind: 'none' }, bags: params ? [params] : [], headers: [], needsApiPath: true };
  }
  return undefined;
}

function defaultClient(name: string, source: string | undefined): ClientKind | undefined {
  if (source) return undefined;
  if (name === 'fetch' || name === '$fetch' || name === 'ofetch') return 'fetch';
  if (name === 'axios') return 'axios';
  if (name === 'got') return 'got';
  if (name === 'ky') return 'ky';
  if (name === 'superagent') return 'superagent';
  if (name === 'rp' || name === 'requestPromise' || name === 'request') return 'request';
  return undefined;
}

function withBase(spec: CallSpec | undefined, instance: Instance | undefined): CallSpec | undefined {
  return spec && instance?.baseVersion && !spec.baseVersion ? { ...spec, baseVersion: instance.baseVersion } : spec;
}

function recogniseLibraryMember(
  lib: Instance,
  name: string,
  memberSite: MethodSite,
  args: Node[],
  node: Node,
  ancestors: readonly Node[],
  ctx: Ctx,
): CallSpec | undefined {
  const verb = VERBS[name.toLowerCase()];
  switch (lib.client) {
    case 'axios': {
      if (name === 'request') return configOrUrlSpec('axios', args, ctx, { query: ['params'], body: ['data'] });
      if (!verb && name !== 'options') return undefined;
      const hasData = verb === 'POST' || verb === 'PUT' || verb === 'PATCH';
      const config = objectOf(args[hasData ? 2 : 1], ctx.bindings);
      const data = hasData ? objectOf(args[1], ctx.bindings) : undefined;
      return args[0] && {
        client: 'axios',
        urlArg: args[0],
        method: verb,
        methodSite: memberSite,
        bags: [...(data ? [data] : []), ...bagsOf(config, ['params'], ctx)],
        headers: headersOf(config),
        options: config,
        baseVersion: baseOf(config, ctx),
      };
    }
    case 'got':
    case 'ky': {
      if (!verb) return undefined;
      const opts = objectOf(args[1], ctx.bindings);
      return args[0] && {
        client: lib.client,
        urlArg: args[0],
        method: verb,
        methodSite: memberSite,
        bags: bagsOf(opts, ['searchParams', 'query', 'json', 'form', 'body'], ctx),
        headers: headersOf(opts),
        options: opts,
        baseVersion: baseOf(opts, ctx),
      };
    }
    case 'request': {
      if (!verb) return undefined;
      const spec = configOrUrlSpec('request', args, ctx, { query: ['qs'], body: ['form', 'json', 'body', 'formData'] });
      return spec && { ...spec, method: verb, methodSite: memberSite };
    }
    case 'superagent': {
      if (!verb || !args[0]) return undefined;
      const chain = superagentChain(node, ancestors, ctx);
      return { client: 'superagent', urlArg: args[0], method: verb, methodSite: memberSite, bags: chain.bags, headers: chain.headers };
    }
    case 'jquery': {
      if (name === 'ajax') {
        const [first, second] = args;
        const opts = objectOf(first && unwrap(first).type === 'ObjectExpression' ? first : second, ctx.bindings);
        const urlArg = first && unwrap(first).type !== 'ObjectExpression' ? first : opts && prop(opts.node, 'url');
        if (!urlArg) return undefined;
        const methodNode = opts && (prop(opts.node, 'type') ?? prop(opts.node, 'method'));
        return { client: 'jquery', urlArg, ...methodFrom(methodNode, 'GET'), bags: bagsOf(opts, ['data'], ctx), headers: headersOf(opts), options: opts };
      }
      const m = name === 'getJSON' ? 'GET' : verb;
      if (!m || !args[0]) return undefined;
      const data = objectOf(args[1], ctx.bindings);
      return { client: 'jquery', urlArg: args[0], method: m, methodSite: memberSite, bags: data ? [data] : [], headers: [] };
    }
    case 'fetch':
      return name === 'fetch' ? fetchSpec('fetch', args, ctx) : undefined;
    default:
      return undefined;
  }
}

/** superagent: follow `.query({})`, `.send({})`, `.set('PRIVATE-TOKEN', t)` up the chain. */
function superagentChain(node: Node, ancestors: readonly Node[], ctx: Ctx): { bags: Bag[]; headers: string[] } {
  const bags: Bag[] = [];
  const headers: string[] = [];
  let current = node;
  for (let i = ancestors.length - 1; i >= 1; i -= 2) {
    const member = ancestors[i]!;
    const call = ancestors[i - 1]!;
    if (member.type !== 'MemberExpression' || member.object !== current || call.type !== 'CallExpression' || call.callee !== member) break;
    const name = propertyName(member.property, member.computed);
    const arg = call.arguments[0] as Node | undefined;
    if ((name === 'query' || name === 'send' || name === 'field') && arg) {
      const bag = objectOf(arg, ctx.bindings);
      if (bag) bags.push(bag);
    } else if (name === 'set' && arg) {
      if (arg.type === 'StringLiteral') headers.push(arg.value.toLowerCase());
      else headers.push(...headersOfObject(objectOf(arg, ctx.bindings)?.node));
    }
    current = call;
  }
  return { bags, headers };
}

function fetchSpec(client: ClientKind, args: Node[], ctx: Ctx): CallSpec | undefined {
  const [urlArg, optsArg] = args;
  if (!urlArg) return undefined;
  const opts = objectOf(optsArg, ctx.bindings);
  return {
    client,
    urlArg,
    ...methodFrom(opts && prop(opts.node, 'method'), 'GET'),
    bags: bagsOf(opts, ['body', 'query', 'params'], ctx),
    headers: headersOf(opts),
    options: opts,
    baseVersion: baseOf(opts, ctx),
  };
}

/** `lib(url, opts)` or `lib(opts)` with `url`/`uri` inside. */
function configOrUrlSpec(client: ClientKind, args: Node[], ctx: Ctx, keys: { query: string[]; body: string[] }): CallSpec | undefined {
  const [first, second] = args;
  if (!first) return undefined;
  const firstObj = unwrap(first).type === 'ObjectExpression' ? objectOf(first, ctx.bindings) : undefined;
  const opts = firstObj ?? objectOf(second, ctx.bindings);
  const urlArg = firstObj ? prop(firstObj.node, 'url') ?? prop(firstObj.node, 'uri') : first;
  if (!urlArg) return undefined;
  return {
    client,
    urlArg,
    ...methodFrom(opts && prop(opts.node, 'method'), 'GET'),
    bags: bagsOf(opts, [...keys.query, ...keys.body], ctx),
    headers: headersOf(opts),
    options: opts,
    baseVersion: baseOf(opts, ctx),
  };
}

/** `request('post', path, params)`: method first, then URL, then the params object. */
function methodFirstSpec(client: ClientKind, args: Node[], ctx: Ctx): CallSpec | undefined {
  const [methodArg, urlArg, paramsArg] = args;
  if (!methodArg || !urlArg) return undefined;
  const params = objectOf(paramsArg, ctx.bindings);
  return { client, urlArg, ...methodFrom(methodArg, undefined), bags: params ? [params] : [], headers: [] };
}

/** Generic wrapper methods: `api.get(path, params)`, `this["delete"](path)`, `client.request('post', path)`. */
function recogniseWrapper(name: string, memberSite: MethodSite, object: Node, args: Node[], ctx: Ctx): CallSpec | undefined {
  const verb = VERBS[name.toLowerCase()];
  if (verb) {
    if (isServerRoute(object, args, ctx)) {
      if (args[0]) ctx.serverPaths.add(unwrap(args[0]));
      return undefined;
    }
    if (!args[0]) return undefined;
    const second = objectOf(args[1], ctx.bindings);
    const isConfig = second && ['params', 'data', 'query', 'qs', 'json', 'body', 'searchParams', 'headers', 'form'].some((k) => prop(second.node, k));
    const bags = isConfig ? bagsOf(second, ['params', 'data', 'query', 'qs', 'json', 'body', 'searchParams', 'form'], ctx) : second ? [second] : [];
    const receiver = rootName(object) ?? '';
    if (KEY_VALUE_RECEIVER.test(receiver)) return undefined;
    const weakReceiver = object.type !== 'ThisExpression' && !/api|client|gitlab|http|request|sdk|service|conn|rest|remote/i.test(receiver);
    return { client: 'wrapper', urlArg: args[0], method: verb, methodSite: memberSite, bags, headers: headersOf(isConfig ? second : undefined), needsApiPath: true, weakReceiver };
  }
  if (args.length >= 2 && (isMethodLiteral(args[0]!) || (WRAPPER_METHOD_FIRST.test(name) && unwrap(args[0]!).type !== 'ObjectExpression'))) {
    const spec = methodFirstSpec('wrapper', args, ctx);
    return spec && { ...spec, needsApiPath: true };
  }
  if (/^(_?request|fetch|ajax)$/.test(name) && args[0]) {
    const first = unwrap(args[0]);
    if (first.type === 'ObjectExpression') {
      const spec = configOrUrlSpec('wrapper', args, ctx, { query: ['params', 'qs', 'query'], body: ['data', 'body', 'json', 'form'] });
      return spec && { ...spec, needsApiPath: true };
    }
    if (name === 'fetch') {
      const spec = fetchSpec('wrapper', args, ctx);
      return spec && { ...spec, needsApiPath: true };
    }
  }
  return undefined;
}

/** Server route declarations (`app.get('/projects/all', handler)`) are not API calls. */
function isServerRoute(object: Node, args: Node[], ctx: Ctx): boolean {
  const root = rootName(object);
  if (root && SERVER_RECEIVER.test(root)) return true;
  if (object.type === 'CallExpression') return true; // express.Router().get(...), app.route('/x').get(...)
  const handler = args.slice(1).some((a) => {
    const fn = unwrap(a);
    if (fn.type !== 'FunctionExpression' && fn.type !== 'ArrowFunctionExpression') return false;
    const first = fn.params[0];
    return first?.type === 'Identifier' && /^(req|request|ctx|context|c)$/.test(first.name);
  });
  if (handler) return true;
  return ctx.serverFile && args.slice(1).some((a) => ['FunctionExpression', 'ArrowFunctionExpression', 'Identifier', 'MemberExpression'].includes(unwrap(a).type));
}

function rootName(node: Node): string | undefined {
  const n = unwrap(node);
  if (n.type === 'Identifier') return n.name;
  if (n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier') {
    return unwrap(n.object).type === 'ThisExpression' ? n.property.name : rootName(n.object);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Options objects, methods, params.

function prop(object: Node, key: string): Node | undefined {
  if (object.type !== 'ObjectExpression') return undefined;
  for (const p of object.properties) {
    if (p.type !== 'ObjectProperty') continue;
    if (propertyName(p.key, p.computed) === key) return p.value as Node;
  }
  return undefined;
}

/** An object expression given directly, through a single-assignment binding, or wrapped in a serializer. */
function objectOf(node: Node | undefined, bindings: FileBindings): Bag | undefined {
  if (!node) return undefined;
  let n = unwrap(node);
  let editable = true;
  if (n.type === 'Identifier') {
    const bound = bindings.value(n.name);
    if (!bound) return undefined;
    editable = bindings.references(n.name) === 1;
    n = unwrap(bound.init);
  }
  if ((n.type === 'CallExpression' || n.type === 'NewExpression') && n.arguments.length === 1) {
    const callee = unwrap(n.callee as Node);
    const calleeText = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? propertyName(callee.property, callee.computed) : undefined;
    if (calleeText && /^(stringify|URLSearchParams|FormData|encode)$/.test(calleeText)) {
      const inner = objectOf(n.arguments[0] as Node, bindings);
      return inner && { node: inner.node, editable: editable && inner.editable };
    }
  }
  return n.type === 'ObjectExpression' ? { node: n, editable } : undefined;
}

function bagsOf(opts: Bag | undefined, keys: string[], ctx: Ctx): Bag[] {
  if (!opts) return [];
  const out: Bag[] = [];
  for (const key of keys) {
    const value = prop(opts.node, key);
    const bag = value && objectOf(value, ctx.bindings);
    if (bag) out.push({ node: bag.node, editable: bag.editable && opts.editable });
  }
  return out;
}

function headersOf(opts: Bag | undefined): string[] {
  const headers = opts && prop(opts.node, 'headers');
  return headersOfObject(headers);
}

function headersOfObject(node: Node | undefined): string[] {
  if (!node || node.type !== 'ObjectExpression') return [];
  const out: string[] = [];
  for (const p of node.properties) {
    if (p.type === 'ObjectProperty') {
      const name = propertyName(p.key, p.computed);
      if (name) out.push(name.toLowerCase());
    }
  }
  return out;
}

function baseOf(opts: Bag | undefined, ctx: Ctx): 'v3' | 'v4' | undefined {
  const base = opts && (prop(opts.node, 'baseURL') ?? prop(opts.node, 'prefixUrl') ?? prop(opts.node, 'baseUrl'));
  return base ? versionOf(evaluate(base, ctx)) : undefined;
}

function toMethod(text: string): Method | undefined {
  const upper = text.toUpperCase();
  if (upper === 'DEL') return 'DELETE';
  return (METHODS as readonly string[]).includes(upper) ? (upper as Method) : undefined;
}

/** A method literal, or a variable whose name says it holds one (`verb`, `method`, `httpMethod`). */
function isMethodArgument(node: Node): boolean {
  const n = unwrap(node);
  return isMethodLiteral(n) || (n.type === 'Identifier' && /^(verb|method|httpMethod|type|m)$/i.test(n.name));
}

function isMethodLiteral(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'StringLiteral' && toMethod(n.value) !== undefined;
}

/** The method of a `method:`/`type:` value or a method argument; `fallback` when there is none. */
function methodFrom(node: Node | undefined, fallback: Method | undefined): { method: Method | undefined; methodSite: MethodSite } {
  if (!node) return { method: fallback, methodSite: { kind: 'none' } };
  const n = unwrap(node);
  if (n.type === 'StringLiteral') {
    const method = toMethod(n.value);
    return { method, methodSite: method ? { kind: 'literal', node: n } : { kind: 'none' } };
  }
  return { method: undefined, methodSite: { kind: 'none' } };
}

function paramValue(node: Node, source: string, bindings: FileBindings): ParamValue {
  const n = unwrap(node);
  const code = source.slice(node.start!, node.end!);
  switch (n.type) {
    case 'Identifier': {
      const initial = bindings.initialNumber(n.name);
      return initial ? { kind: 'expression', code, initial } : { kind: 'expression', code };
    }
    case 'StringLiteral':
      return { kind: 'string', literal: n.value, code };
    case 'TemplateLiteral':
      return n.expressions.length === 0 ? { kind: 'string', literal: n.quasis[0]!.value.cooked ?? '', code } : { kind: 'expression', code };
    case 'NumericLiteral':
      return { kind: 'number', literal: n.value, code };
    case 'BooleanLiteral':
      return { kind: 'boolean', literal: n.value, code };
    case 'ArrayExpression': {
      const items = n.elements.map((e) => (e?.type === 'StringLiteral' || e?.type === 'NumericLiteral' ? e.value : undefined));
      return { kind: 'array', literal: items.every((i) => i !== undefined) ? (items as (string | number)[]) : null, code };
    }
    default:
      return { kind: 'expression', code };
  }
}

function objectParams(bags: readonly Bag[], source: string, bindings: FileBindings): ParamRef[] {
  const out: ParamRef[] = [];
  for (const bag of bags) {
    for (const p of bag.node.properties) {
      if (p.type !== 'ObjectProperty') continue;
      const name = propertyName(p.key, p.computed);
      if (name === undefined) continue;
      out.push({ name, where: 'object', value: paramValue(p.value as Node, source, bindings), site: { kind: 'property', property: p, object: bag.node, editable: bag.editable } });
    }
  }
  return out;
}

/** Query-string parameters written in the URL itself. */
export function queryParams(marked: string, holes: readonly Hole[]): ParamRef[] {
  const url = splitUrl(marked);
  return queryEntries(url).map((q) => {
    const single = q.value.length === 1 ? holes[q.value.charCodeAt(0) - 0xe000] : undefined;
    const value: ParamValue = single
      ? { kind: 'expression', code: single.code, ...(single.piece?.initial ? { initial: single.piece.initial } : {}) }
      : /[\ue000-\uf8ff]/.test(q.value)
        ? { kind: 'expression', code: q.value }
        : { kind: 'string', literal: safeDecode(q.value), code: q.value };
    return { name: q.key, where: 'query', value, site: { kind: 'query', keyStart: q.keyStart, keyEnd: q.keyEnd, valueStart: q.valueStart, valueEnd: q.valueEnd } };
  });
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

// ---------------------------------------------------------------------------------------------
// Building the ApiCall.

function buildCall(node: Node, spec: CallSpec, ancestors: readonly Node[], ctx: Ctx): ApiCall | undefined {
  // A URL held in a variable used only here is edited where it is written.
  let urlNode = unwrap(spec.urlArg);
  if (urlNode.type === 'Identifier' && ctx.bindings.references(urlNode.name) === 1) {
    const bound = ctx.bindings.value(urlNode.name);
    if (bound) urlNode = unwrap(bound.init);
  }
  const pieces = evaluate(urlNode, ctx);
  if (!pieces.some((p) => p.kind === 'text')) return undefined;
  const holes: Hole[] = [];
  const marked = Marked.textOf(pieces, holes);
  const url = splitUrl(marked);
  if (spec.needsApiPath && !looksLikeApiPath(url)) return undefined;
  // A receiver that does not name an API client needs an absolute path (`/projects/…`) or a version.
  if (spec.weakReceiver && !url.version && !marked.startsWith('/')) return undefined;
  if (url.host !== undefined && url.version === undefined && !spec.baseVersion) return undefined;
  return {
    client: spec.client,
    method: spec.method,
    methodSite: spec.methodSite,
    pieces,
    urlNode,
    urlArg: spec.urlArg,
    url,
    baseVersion: spec.baseVersion,
    params: [...queryParams(marked, holes), ...objectParams([...spec.bags, ...serializedBags(pieces, ctx)], ctx.source, ctx.bindings)],
    headers: spec.headers,
    options: optionsOf(spec),
    node,
    versionGuarded: isVersionGuarded(ancestors, ctx),
    ancestors: [...ancestors],
  };
}

function optionsOf(spec: CallSpec): ApiCall['options'] {
  if (!spec.options) return undefined;
  const headers = prop(spec.options.node, 'headers');
  return { node: spec.options.node, headers: headers?.type === 'ObjectExpression' ? headers : undefined, editable: spec.options.editable };
}

/** `'?' + new URLSearchParams({...})`, `qs.stringify({...})` inside the URL: their objects are query params. */
function serializedBags(pieces: readonly Piece[], ctx: Ctx): Bag[] {
  const out: Bag[] = [];
  for (const p of pieces) {
    const n = p.kind === 'hole' ? unwrap(p.node) : undefined;
    if (n && (n.type === 'NewExpression' || n.type === 'CallExpression')) {
      const bag = objectOf(n, ctx.bindings);
      if (bag) out.push(bag);
    }
  }
  return out;
}

/** A URL with an API version, or a path whose first segment is a resource of the service. */
function looksLikeApiPath(url: UrlParts): boolean {
  if (url.version) return true;
  const first = segments(url)[0];
  return first !== undefined && !first.dynamic && SERVICE_ROOT_WORDS.has(first.text);
}

/** Code that chooses between v3 and v4 on purpose: a version test, or a fallback in a catch. */
function isVersionGuarded(ancestors: readonly Node[], ctx: Ctx): boolean {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const a = ancestors[i]!;
    if (a.type === 'ConditionalExpression' || a.type === 'IfStatement') {
      const test = ctx.source.slice(a.test.start!, a.test.end!);
      if (/\bv3\b|\bv4\b|version/i.test(test)) return true;
    }
    if (a.type === 'CatchClause' && ctx.hasV4Text) return true;
    if (
      a.type === 'CallExpression' &&
      a.callee.type === 'MemberExpression' &&
      propertyName(a.callee.property, a.callee.computed) === 'catch' &&
      ancestors[i + 1] !== undefined &&
      a.arguments.includes(ancestors[i + 1] as never) &&
      ctx.hasV4Text
    ) {
      return true;
    }
  }
  return false;
}

/** A string or template literal that holds `/api/v3` (or v4) outside any call's URL, or `version: 'v3'`. */
function bareUrl(node: Node, ancestors: readonly Node[], ctx: Ctx, consumed: ReadonlySet<Node>): ApiCall | undefined {
  if (node.type === 'ObjectProperty' && !node.computed) {
    const key = propertyName(node.key, false);
    const value = unwrap(node.value as Node);
    if (key && /^(api_?version|version)$/i.test(key) && value.type === 'StringLiteral' && /^v[34]$/.test(value.value)) {
      const pieces = evaluate(value, ctx);
      const marked = Marked.textOf(pieces, []);
      return bareCall(value, pieces, { marked, version: value.value as 'v3' | 'v4', versionAt: 0, pathStart: 2, pathEnd: 2, host: undefined, relative: false }, ancestors, ctx);
    }
    return undefined;
  }
  const isConcat = node.type === 'BinaryExpression' && node.operator === '+';
  if (node.type !== 'StringLiteral' && node.type !== 'TemplateLiteral' && !isConcat) return undefined;
  const parent = ancestors[ancestors.length - 1];
  // Concatenations are taken whole, at their top: `host + '/api/v3/projects/' + id + '/builds'`.
  if (parent?.type === 'BinaryExpression' && parent.operator === '+') return undefined;
  if (parent?.type === 'TemplateLiteral' || parent?.type === 'ImportDeclaration' || parent?.type === 'TSLiteralType') return undefined;
  if (ctx.serverPaths.has(node) || consumed.has(node)) return undefined;
  const pieces = evaluate(node, ctx);
  // The version may be split over several literals (`'/api/' + 'v3'`): look at the joined text.
  const marked = Marked.textOf(pieces, []);
  if (!marked.includes('api/v')) return undefined;
  if (pieces.some((p) => p.kind === 'text' && p.literal && consumed.has(p.literal.node))) return undefined;
  const url = splitUrl(marked);
  if (!url.version) return undefined;
  // A version in a literal that also has a foreign host stays a URL of that host (checked by the engine).
  return bareCall(node, pieces, url, ancestors, ctx);
}

function bareCall(node: Node, pieces: Piece[], url: ApiCall['url'], ancestors: readonly Node[], ctx: Ctx): ApiCall {
  return {
    client: 'url',
    method: undefined,
    methodSite: { kind: 'none' },
    pieces,
    urlNode: node,
    urlArg: node,
    url,
    baseVersion: undefined,
    params: queryParams(url.marked, []),
    headers: [],
    node,
    versionGuarded: isVersionGuarded(ancestors, ctx),
    ancestors: [],
  };
}
