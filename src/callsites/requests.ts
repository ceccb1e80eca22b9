// From a call and the client-table form it fits to a request: which node is the URL, the method and
// where it is written, the params and body objects, the headers, the options object, the base version.
import type { Node } from '@babel/types';
import { propertyName, unwrap } from '../parse/walk.js';
import type { ClientRow, Form, OptionKeys, Slot, TestDouble } from './clients.js';
import type { ClientValue } from './client-of.js';
import { evaluateAll, type EvalContext } from './evaluate.js';
import type { ObjectShape } from './flow.js';
import { heldValue, type Binding } from './scope.js';
import { toMethod, type Method, type MethodSite, type ParamRef, type Piece } from './types.js';
import { baseOfAlternatives, versionOfAlternatives } from './client-of.js';

/** What a call sends, before its URL is evaluated. */
export interface RequestSpec {
  client: string;
  /** The methods an unknown method is one of (`ApiCall.methodsPossible`). */
  methodsPossible?: readonly Method[];
  /** The URL as written at the call. Undefined when only the options' path and host give it (`https.request({ path })`). */
  urlArg: Node | undefined;
  /** Text before the URL that the call itself does not write (Node http's `hostname`). */
  urlPrefix?: Piece[];
  /** An expression the URL is appended to, as written where the client was made (a test double's scope: `nock(base)`). */
  urlBase?: Node;
  /** Matcher prefixes the URL's text may start with that are not part of the URL (fetch-mock's `begin:`). */
  urlPrefixes?: readonly string[];
  /** A test double of the service (an interceptor, a mock handler): how messages name it. */
  testDouble?: TestDouble;
  /** Characters of the URL's text that are not the URL (the `DELETE ` of a route string). */
  urlSkip?: number;
  method: Method | undefined;
  methodSite: MethodSite;
  /** The method comes from a parameter of the function around the call (a wrapper's caller passes it). */
  methodParam?: { binding: Binding; path: readonly string[] };
  /**
   * The URL is the caller's, in the options a wrapper is handed (`function call(opts, cb) { request(_.extend({
   * baseUrl, json: true }, opts), cb) }`): the parameter and each of the client's URL keys into it.
   */
  urlInParam?: readonly { binding: Binding; path: readonly string[] }[];
  /** The method that parameter defaults to when the caller passes none (`{ method = 'GET', body } = {}`). */
  methodDefault?: Method;
  /**
   * A member read for the method with several values (`r.method` of a route table's entries): each URL value
   * written in one of those entries is sent with the method beside it (`methodBeside` in recognise.ts).
   */
  methodMember?: Node;
  /** Params, body and query objects. */
  bags: ObjectShape[];
  /** Query strings the call adds to its URL as text (`.query('iid[]=' + n)`): appended to it as written. */
  urlQuery?: Node[];
  /** Params the client sends with every request (an instance's defaults), as written where the instance was made. */
  extraParams?: readonly ParamRef[];
  headers: string[];
  /** The request options object, where headers go. */
  options?: ObjectShape;
  /** The option keys of the client (what a wrapper's caller may put in options it passes through). */
  optionKeys?: OptionKeys;
  baseVersion?: 'v3' | 'v4';
  /** Which base URL (see `baseKeyOf`). */
  baseKey?: string;
  /** The client's base is a host with no API version (see ClientValue). */
  baseUnversioned?: true;
  /** Sent with the service's own client (gl-got). */
  serviceClient?: boolean;
  /** The request hands over the parsed body rather than a response. */
  yieldsBody?: true;
  /** Its value is its result at once (ClientRow.immediate). */
  immediate?: true;
  /** Its options were built by a function of the module from the arguments of this call of it (ObjectShape.builtBy). */
  builtBy?: ObjectShape['builtBy'];
  /** Its query option replaces the URL's query string (ClientRow.queryReplacesUrl): nothing may be added to the URL's. */
  queryReplacesUrl?: true;
  /** The same, when the caller of the function around the request passes this parameter (`searchParams: query`). */
  queryReplacesUrlIf?: { binding: Binding; path: readonly string[] };
  /** The client's query option, when given, replaces the URL's query (for a wrapper whose callers pass the options). */
  queryOptionReplacesUrl?: true;
  /** The base version is the client's own default, decided by the version of it the package depends on. */
  baseFrom?: 'dependency';
  clientModule?: string;
  /** Something the call sends cannot be seen here (an options object passed through, a spread). */
  paramsOpen: boolean;
  /** Only count the call when its path looks like an API path (guessed wrappers, whose receivers may be anything). */
  needsApiPath?: boolean;
  /** The receiver's name says nothing of an API client (`cache.get('projects')`): a one-word path is not enough. */
  weakReceiver?: boolean;
  /**
   * A guess that rests on a name alone (a weak receiver's `get`, `x.call(a, b)`, `getParsedType(x)`): judged
   * by its path where it is called, but never a wrapper template unless its own URL has words of its own.
   */
  nameOnly?: boolean;
}

export const VERBS: Readonly<Record<string, Method>> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', del: 'DELETE', head: 'HEAD' };
/** The methods whose requests carry a body. */
export const WITH_BODY: ReadonlySet<Method> = new Set<Method>(['POST', 'PUT', 'PATCH']);

/** The form of a member call of a client (`axios.post`, `$.getJSON`), if the member sends a request. */
export function memberForm(row: ClientRow, name: string): Form | undefined {
  const own = row.members?.[name];
  if (own) return own;
  const verb = VERBS[name.toLowerCase()];
  if (!verb || !row.verbs || (row.verbs.only && !row.verbs.only.includes(verb))) return undefined;
  const withBody = row.verbs.withBody ? row.verbs.withBody.includes(verb) : WITH_BODY.has(verb);
  return { args: withBody && row.verbs.bodyArgs ? row.verbs.bodyArgs : row.verbs.args, method: verb };
}

export function isMethodLiteral(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'StringLiteral' && toMethod(n.value) !== undefined;
}

/** The request a call sends with `client` in `form`; `memberSite` is where a verb member names the method. */
export function requestOf(call: Node & { arguments: Node[] }, client: ClientValue, form: Form, memberSite: MethodSite | undefined, ctx: EvalContext): RequestSpec | undefined {
  const row = client.row;
  const spec: RequestSpec = {
    client: row.client,
    urlArg: undefined,
    method: form.method,
    methodSite: form.method && memberSite ? memberSite : { kind: 'none' },
    bags: [],
    headers: [],
    baseVersion: client.baseVersion,
    ...(client.baseKey ? { baseKey: client.baseKey } : {}),
    ...(client.baseUnversioned ? { baseUnversioned: true as const } : {}),
    paramsOpen: false,
    optionKeys: row.options,
    ...(row.queryReplacesUrl ? { queryOptionReplacesUrl: true } : {}),
    ...(row.service ? { serviceClient: true } : {}),
    ...((form.yields ?? row.yields) === 'body' ? { yieldsBody: true } : {}),
    ...(row.immediate ? { immediate: true } : {}),
  };
  if (client.urlBase) spec.urlBase = client.urlBase;
  // The method the instance was made with (`bent(base, 'DELETE')`): read there; a fix would change every call of it.
  if (client.method && !form.method) {
    const made = { ...spec };
    takeMethod(made, client.method, ctx);
    spec.method = made.method;
  }
  if (row.urlPrefixes) spec.urlPrefixes = row.urlPrefixes;
  if (row.double) spec.testDouble = row.double;
  let bodyGiven = false;
  if (client.defaultParams?.length) spec.extraParams = client.defaultParams;
  if (client.defaultHeaders?.length) spec.headers.push(...client.defaultHeaders);
  const args = call.arguments as Node[];
  let slots = form.args;
  for (let i = 0; i < slots.length && i < args.length; i++) {
    const arg = args[i]!;
    if (arg.type === 'SpreadElement') {
      spec.paramsOpen = true;
      break;
    }
    const slot: Slot = slots[i]!;
    // `fetch(new Request(url, init))`: the Request holds the URL and the options.
    const made = (slot === 'url' || slot === 'urlOrOptions') && !spec.urlArg ? fetchRequest(arg, ctx) : undefined;
    if (made) {
      spec.urlArg = made.url;
      const shape = made.init && ctx.flow.objectShape(made.init, call);
      if (shape) takeOptions(spec, shape, row, call, ctx);
      else if (made.init) spec.paramsOpen = true;
      continue;
    }
    switch (slot) {
      case 'url':
        spec.urlArg ??= arg;
        break;
      case 'key': {
        // A cache key: the URL, or a list of the URL and what the fetcher sends with it (`[path, query]`).
        const key = unwrap(arg);
        const [first, ...rest] = key.type === 'ArrayExpression' ? key.elements : [key];
        if (!first || first.type === 'SpreadElement') break;
        spec.urlArg ??= first as Node;
        for (const item of rest) {
          const shape = item && item.type !== 'SpreadElement' && unwrap(item as Node).type === 'ObjectExpression' ? ctx.flow.objectShape(item as Node, call) : undefined;
          // The fetcher sends it as the query (what the list is for), joined to the URL in its own way: a
          // parameter is never added to the URL's own query for it.
          if (!shape) continue;
          spec.bags.push(shape);
          spec.queryReplacesUrl = true;
        }
        break;
      }
      case 'urlOrOptions': {
        const shape = objectArgument(arg, call, ctx);
        if (shape) takeOptions(spec, shape, row, call, ctx);
        else {
          spec.urlArg = arg;
          // A wrapper's parameter handed on whole (`function call(opts, cb) { request(opts, cb) }`): its callers
          // pass a URL, or options with the URL under one of the client's keys (Node's http: its path).
          const n = unwrap(arg);
          const b = n.type === 'Identifier' ? ctx.scopes.bindingOf(n) : undefined;
          const keys = [...(row.options.url ?? []), ...(row.options.path ?? [])];
          if (b?.kind === 'param' && b.writes.length === 0) {
            spec.urlInParam = [...keys.map((key) => ({ binding: b, path: [...b.path, key] })), { binding: b, path: b.path }];
            // Options its callers pass: what they put in them is the request's (query, body, headers).
            spec.options ??= { entries: [], open: true, editable: false, param: { binding: b, path: b.path } };
            spec.optionKeys ??= row.options;
            // The method its options name, GET for a URL alone.
            const methodKey = row.options.method?.[0];
            if (methodKey && !spec.method) {
              spec.methodParam = { binding: b, path: [...b.path, methodKey] };
              spec.methodDefault = 'GET';
            }
          }
        }
        break;
      }
      case 'method':
        takeMethod(spec, arg, ctx);
        break;
      case 'methodOrUrl':
        if (isMethodLiteral(arg)) takeMethod(spec, arg, ctx);
        else {
          spec.urlArg = arg;
          spec.method ??= 'GET';
          // The URL came first: the slot meant for it is something else now.
          slots = [...slots.slice(0, i + 1), ...slots.slice(i + 2)];
        }
        break;
      case 'options': {
        // After an options object written first (`request({ uri }, done)`), what follows is the callback.
        if (spec.options || isFunctionNode(arg)) break;
        const shape = ctx.flow.objectShape(arg, call);
        if (shape) takeOptions(spec, shape, row, call, ctx);
        else spec.paramsOpen = true;
        break;
      }
      case 'body':
      case 'query': {
        bodyGiven ||= slot === 'body';
        const shape = ctx.flow.objectShape(arg, call);
        if (shape) {
          spec.bags.push(shape);
          spec.paramsOpen ||= shape.open;
        } else if (!isLiteral(arg)) spec.paramsOpen = true;
        break;
      }
      case 'headers':
        spec.headers.push(...headerNames(ctx.flow.objectShape(arg, call)));
        break;
      case 'callback':
      case 'other':
        break;
    }
  }
  // A double that does not say which body it expects answers any; one that matches the path only (msw) sees no parameter at all.
  if (row.double) spec.paramsOpen ||= row.double.matches === 'path' || (spec.method !== undefined && WITH_BODY.has(spec.method) && !bodyGiven && !(row.options.body ?? []).some((k) => spec.options?.entries.some((e) => e.name === k)));
  if (row.chain) {
    takeChain(spec, call, row.chain, ctx);
    takeHeldCalls(spec, call, row, ctx);
  }
  // A verb with no method written anywhere: GET by default, as the clients do.
  if (!row.anyMethod && !spec.method && !spec.methodParam && spec.methodSite.kind === 'none' && !form.args.includes('method') && !methodKeyWritten(spec, row)) spec.method = 'GET';
  if (!spec.urlArg && !spec.urlPrefix) return undefined;
  // A double's path matcher that is no URL (a regular expression, a function) says nothing of the request's path.
  if (row.double && spec.urlArg && isMatcher(spec.urlArg)) return undefined;
  if (!spec.baseVersion && row.defaultVersion && !baseWritten(spec, row)) {
    const major = client.module ? ctx.dependencies?.get(client.module) : undefined;
    const version = major === undefined ? undefined : [...row.defaultVersion].reverse().find(([from]) => major >= from)?.[1];
    if (version) {
      spec.baseVersion = version;
      spec.baseFrom = 'dependency';
      spec.clientModule = client.module;
    }
  }
  return spec;
}

/** The call (or its instance) names a base URL of its own (options passed in from elsewhere are not known to). */
function baseWritten(spec: RequestSpec, row: ClientRow): boolean {
  return (row.options.base ?? []).some((k) => spec.options?.entries.some((e) => e.name === k));
}

function methodKeyWritten(spec: RequestSpec, row: ClientRow): boolean {
  return spec.options !== undefined && (row.options.method ?? []).some((k) => spec.options!.entries.some((e) => e.name === k) || spec.options!.open);
}

/** A regular expression or a function given where a URL goes (a double's path matcher). */
function isMatcher(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'RegExpLiteral' || isFunctionNode(n) || (n.type === 'NewExpression' && n.callee.type === 'Identifier' && n.callee.name === 'RegExp');
}

function isFunctionNode(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression';
}

function isLiteral(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'StringLiteral' || n.type === 'TemplateLiteral' || n.type === 'NumericLiteral' || n.type === 'BooleanLiteral' || n.type === 'NullLiteral' || (n.type === 'Identifier' && n.name === 'undefined');
}

/** A Fetch API `new Request(url, init)`, written in place or held in a name assigned once: its URL and options. */
function fetchRequest(arg: Node, ctx: EvalContext): { url: Node; init: Node | undefined } | undefined {
  let n = unwrap(arg);
  if (n.type === 'Identifier') {
    const b = ctx.scopes.bindingOf(n);
    const held = b && heldValue(b);
    if (!held) return undefined;
    n = unwrap(held);
  }
  if (n.type !== 'NewExpression' || n.callee.type !== 'Identifier' || n.callee.name !== 'Request' || ctx.scopes.bindingOf(n.callee)) return undefined;
  const [url, init] = n.arguments as Node[];
  if (!url || url.type === 'SpreadElement' || init?.type === 'SpreadElement') return undefined;
  return { url, init };
}

/** An argument that is an options object (written, or a name holding one): not a URL. */
function objectArgument(arg: Node, at: Node, ctx: EvalContext): ObjectShape | undefined {
  const n = unwrap(arg);
  if (n.type === 'ObjectExpression') return ctx.flow.objectShape(n, at);
  if (n.type !== 'Identifier' && n.type !== 'MemberExpression' && n.type !== 'CallExpression') return undefined;
  const shape = ctx.flow.objectShape(n, at);
  // A name of unknown content (a parameter) could be either; it is an object only when it shows entries.
  return shape && (shape.node || shape.entries.length > 0) ? shape : undefined;
}

/** The method an argument or option gives: a literal (editable), a constant, or a wrapper's parameter (its caller's). */
export function takeMethod(spec: RequestSpec, arg: Node, ctx: EvalContext): void {
  const n = unwrap(arg);
  if (n.type === 'StringLiteral') {
    const method = toMethod(n.value);
    if (method) {
      spec.method = method;
      spec.methodSite = { kind: 'literal', node: n };
    }
    return;
  }
  // A method passed in by a wrapper's caller, or a constant.
  const alternatives = evaluateAll(n, ctx);
  const single = alternatives.length === 1 ? alternatives[0]! : undefined;
  if (single?.length === 1 && single[0]!.kind === 'text') {
    spec.method = toMethod(single[0]!.text);
    return;
  }
  if (single?.length === 1 && single[0]!.kind === 'hole' && single[0]!.param) spec.methodParam = single[0]!.param;
  // A parameter with a default of its own: the caller's method, or the default where it passes none.
  const passed = alternatives.find((alt) => alt.length === 1 && alt[0]!.kind === 'hole' && alt[0]!.param)?.[0];
  const fallback = alternatives.find((alt) => alt.length === 1 && alt[0]!.kind === 'text');
  if (alternatives.length === 2 && passed?.kind === 'hole' && fallback?.[0]?.kind === 'text' && toMethod(fallback[0].text)) {
    spec.methodParam = passed.param;
    spec.methodDefault = toMethod(fallback[0].text);
  }
  if (alternatives.length > 1 && n.type === 'MemberExpression' && !n.computed) spec.methodMember = n;
}

/**
 * The entries of an options object under a key, or under a path of keys for options nested in options
 * (openapi-fetch's `params: { query }`, `params.query`), and whether the code they are written in can be edited.
 */
function entriesAt(shape: ObjectShape, keys: readonly string[], at: Node, ctx: EvalContext): { entry: ObjectShape['entries'][number]; editable: boolean }[] {
  const [key, ...rest] = keys;
  const entries = shape.entries.filter((e) => e.name === key);
  if (rest.length === 0) return entries.map((entry) => ({ entry, editable: shape.editable || entry.given === true }));
  return entries.flatMap((e) => {
    const inner = ctx.flow.entryShape(e, at);
    if (!inner) return [];
    return entriesAt(inner, rest, at, ctx).map((found) => ({ ...found, editable: found.editable && shape.editable }));
  });
}

function takeOptions(spec: RequestSpec, shape: ObjectShape, row: ClientRow, at: Node, ctx: EvalContext): void {
  const keys = row.options;
  spec.options = shape;
  if (shape.builtBy) spec.builtBy = shape.builtBy;
  spec.paramsOpen ||= shape.open;
  const find = (names: readonly string[] | undefined) => {
    for (const name of names ?? []) {
      const entry = shape.entries.find((e) => e.name === name);
      if (entry) return entry;
    }
    return undefined;
  };
  const url = find(keys.url);
  if (url) spec.urlArg ??= url.value;
  else if (shape.param && !spec.urlArg && keys.url) {
    const { binding, path } = shape.param;
    spec.urlInParam = keys.url.map((key) => ({ binding, path: [...path, key] }));
    spec.urlArg = shape.node ?? at;
  }
  const method = find(keys.method);
  if (method) takeMethod(spec, method.value, ctx);
  // (The options the URL argument may be come first: `request(opts, cb)` of Node's http takes a callback here.)
  else if (shape.param && !spec.method && !spec.methodParam) spec.methodParam = { binding: shape.param.binding, path: [...shape.param.path, (keys.method ?? ['method'])[0]!] };
  const queryOption = row.queryReplacesUrl ? shape.entries.find((e) => keys.query?.includes(e.name)) : undefined;
  if (queryOption) {
    // `searchParams: query` of a wrapper's parameter replaces the URL's query only where its caller passes one.
    const param = ctx.flow.objectShape(queryOption.value, at)?.param;
    if (param) spec.queryReplacesUrlIf = param;
    else spec.queryReplacesUrl = true;
  }
  for (const name of [...(keys.query ?? []), ...(keys.body ?? [])]) {
    for (const { entry, editable } of entriesAt(shape, name.split('.'), at, ctx)) {
      const bag = ctx.flow.entryShape(entry, at);
      if (bag) {
        spec.bags.push(editable ? bag : { ...bag, editable: false });
        spec.paramsOpen ||= bag.open;
      } else if (!isLiteral(entry.value)) spec.paramsOpen = true;
    }
  }
  const headers = find(keys.headers);
  if (headers) spec.headers.push(...headerNames(ctx.flow.objectShape(headers.value, at)));
  const base = find(keys.base);
  if (base) {
    const written = baseOfAlternatives(evaluateAll(base.value, ctx));
    if (written.version) {
      spec.baseVersion = written.version;
      spec.baseKey = written.key;
    }
  }
  // Node's http: `{ hostname, path }` instead of a URL.
  const path = find(keys.path);
  if (path && !spec.urlArg) {
    // The parts of one URL object put back (`{ hostname: u.hostname, path: u.pathname + u.search }`): that URL.
    const whole = urlOfParts(path.value, find(keys.host)?.value, ctx);
    if (whole) {
      spec.urlArg = whole;
      return;
    }
    spec.urlArg = path.value;
    const host = find(keys.host);
    const hostText = host ? evaluateAll(host.value, ctx)[0] : undefined;
    const name = hostText?.length === 1 && hostText[0]!.kind === 'text' ? hostText[0]!.text : undefined;
    if (name) spec.urlPrefix = [{ kind: 'text', text: `https://${name}`, literal: null, offset: 0 }];
  }
}

/**
 * The `new URL(…)` a request's options take apart: its path is the object's `pathname` (with its `search`), and
 * its host, if given, the object's `hostname` or `host`.
 */
function urlOfParts(path: Node, host: Node | undefined, ctx: EvalContext): Node | undefined {
  const part = (node: Node | undefined, names: readonly string[]) => {
    const n = node && unwrap(node);
    return n?.type === 'MemberExpression' && !n.computed && names.includes(propertyName(n.property as Node, false) ?? '') && n.object.type === 'Identifier' ? n.object : undefined;
  };
  const p = unwrap(path);
  const object = p.type === 'BinaryExpression' && p.operator === '+' && part(p.right as Node, ['search']) ? part(p.left as Node, ['pathname']) : part(p, ['pathname', 'path']);
  if (!object || (host && part(host, ['hostname', 'host'])?.name !== object.name)) return undefined;
  const b = ctx.scopes.bindingOf(object);
  const made = b?.init && unwrap(b.init);
  return made?.type === 'NewExpression' && made.callee.type === 'Identifier' && made.callee.name === 'URL' ? made : undefined;
}

/** The header names an object sets (lower case). */
export function headerNames(shape: ObjectShape | undefined): string[] {
  return shape ? shape.entries.map((e) => e.name.toLowerCase()) : [];
}

/** Builder methods chained after the request (`.query({…}).set('PRIVATE-TOKEN', t)`), up the chain. */
export function takeChain(spec: RequestSpec, call: Node, chain: NonNullable<ClientRow['chain']>, ctx: EvalContext): void {
  let current = call;
  for (;;) {
    const member = ctx.scopes.parentOf(current);
    const outer = member && ctx.scopes.parentOf(member);
    if (member?.type !== 'MemberExpression' || member.object !== current || outer?.type !== 'CallExpression' || outer.callee !== member) return;
    const name = propertyName(member.property as Node, member.computed);
    const role = name ? chain[name] : undefined;
    // What follows is another request's (nock's `.reply(…).post(…)`).
    if (role === 'end') return;
    if (role === 'verb') {
      spec.method = toMethod(name!);
      spec.methodSite = { kind: 'member', node: member.property as Node, style: member.computed ? 'string' : 'identifier' };
      takeLink(spec, 'body', outer, ctx);
    } else if (role) takeLink(spec, role, outer, ctx);
    current = outer;
  }
}

/**
 * Builder calls on the request object held in a name, after the call and before the request's name is
 * used for another (`const req = https.request(o); req.write(body)`; XHR's `xhr.open(m, url); xhr.send(body)`).
 */
export function takeHeldCalls(spec: RequestSpec, call: Node, row: ClientRow, ctx: EvalContext): void {
  const held = row.held;
  if (!held || !row.chain) return;
  const name = held.on === 'receiver' ? receiverName(call) : resultName(call, ctx);
  const binding = name && ctx.scopes.bindingOf(name);
  if (!binding) return;
  const fn = ctx.scopes.functionOf(call);
  const nextWrite = binding.writes.find((w) => w.node.start! > call.end!)?.node.start ?? Infinity;
  for (const read of binding.reads) {
    if (read.start! <= call.end! || ctx.scopes.functionOf(read) !== fn) continue;
    if (read.start! >= nextWrite) return;
    const member = ctx.scopes.parentOf(read);
    const outer = member && ctx.scopes.parentOf(member);
    if (member?.type !== 'MemberExpression' || member.object !== read || outer?.type !== 'CallExpression' || outer.callee !== member) continue;
    const method = propertyName(member.property as Node, member.computed);
    // The same object sends another request from here on (a second `xhr.open(…)`).
    if (method === held.opens) return;
    const role = method ? row.chain[method] : undefined;
    if (role && role !== 'end' && role !== 'verb') takeLink(spec, role, outer, ctx);
  }
}

function receiverName(call: Node): Node | undefined {
  const callee = call.type === 'CallExpression' ? unwrap(call.callee as Node) : undefined;
  const object = callee?.type === 'MemberExpression' ? unwrap(callee.object as Node) : undefined;
  return object?.type === 'Identifier' ? object : undefined;
}

/**
 * The name a call's result is put in: `const req = call`, `req = call`; also after methods chained on it, which
 * hand back the same request (`const req = centra(url, 'POST').header(k, v).timeout(5000)`).
 */
function resultName(call: Node, ctx: EvalContext): Node | undefined {
  let top = call;
  for (;;) {
    const member = ctx.scopes.parentOf(top);
    const outer = member && ctx.scopes.parentOf(member);
    if (member?.type !== 'MemberExpression' || member.object !== top || outer?.type !== 'CallExpression' || outer.callee !== member) break;
    top = outer;
  }
  const parent = ctx.scopes.parentOf(top);
  if (parent?.type === 'VariableDeclarator' && parent.init === top && parent.id.type === 'Identifier') return parent.id;
  if (parent?.type === 'AssignmentExpression' && parent.operator === '=' && parent.right === top && parent.left.type === 'Identifier') return parent.left;
  return undefined;
}

/** What one builder call (`.query(q)`, `.set(name, value)`, `.send(body)`) adds to the request. */
export function takeLink(spec: RequestSpec, role: 'query' | 'body' | 'headers' | 'base', outer: Node & { type: 'CallExpression' }, ctx: EvalContext): void {
  const [first, second] = outer.arguments as Node[];
  if (!first) return;
  if (role === 'headers') {
    const n = unwrap(first);
    if (n.type === 'StringLiteral' && second) spec.headers.push(n.value.toLowerCase());
    else spec.headers.push(...headerNames(ctx.flow.objectShape(first, outer)));
  } else if (role === 'base') {
    spec.baseVersion ??= pluginBase(first, ctx);
  } else {
    const asText = role === 'query' && isQueryText(first, ctx);
    const shape = asText ? undefined : ctx.flow.objectShape(first, outer);
    if (asText) (spec.urlQuery ??= []).push(first);
    else if (shape) {
      spec.bags.push(shape);
      spec.paramsOpen ||= shape.open;
    } else if (!isLiteral(first)) spec.paramsOpen = true;
  }
}

/** A query string written as text (`'per_page=100&page=' + n`): some text of its own says `name=`. */
function isQueryText(arg: Node, ctx: EvalContext): boolean {
  return evaluateAll(arg, ctx).some((alt) => alt.some((p) => p.kind === 'text' && /^[\w.[\]-]+=/.test(p.text)));
}

/** `.use(prefix)` where prefix is made by a prefix plugin from a base URL: that base's version. */
function pluginBase(arg: Node, ctx: EvalContext): 'v3' | 'v4' | undefined {
  let n = unwrap(arg);
  if (n.type === 'Identifier') {
    const b = ctx.scopes.bindingOf(n);
    const sources = b ? ctx.flow.reaching(b, n) : [];
    if (sources.length !== 1 || sources[0]!.kind !== 'value') return undefined;
    n = unwrap(sources[0]!.node);
  }
  if (n.type !== 'CallExpression') return undefined;
  const first = n.arguments[0] as Node | undefined;
  return first ? versionOfAlternatives(evaluateAll(first, ctx)) : undefined;
}

/** The pieces of a base-URL-like value (for evidence): all alternatives. */
export function piecesOf(node: Node, ctx: EvalContext): Piece[][] {
  return evaluateAll(node, ctx);
}
