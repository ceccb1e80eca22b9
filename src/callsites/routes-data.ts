// Routes written as data rather than as a call: route tables (`{ method: 'GET', path: '/projects/:id/builds' }`),
// request options objects handed to a queue or a circuit breaker (`breaker.fire({ uri, method, qs })`), and
// Octokit-style route strings (`request('DELETE /projects/:id/star', { id })`). Each is a request of the
// service when its path is one (the evidence model decides, as for calls); its method is the table's.
import type { Node, ObjectExpression } from '@babel/types';
import { propertyName, unwrap } from '../parse/walk.js';
import { evaluateAll, type EvalContext } from './evaluate.js';
import { Marked } from './marked.js';
import { splitUrl } from './url.js';
import { headerNames, takeMethod, type RequestSpec } from './requests.js';
import { toMethod } from './types.js';
import type { Entry, ObjectShape } from './flow.js';
import { isFunction, returnedValues } from './scope.js';
import { SERVICE_ROOT_WORDS } from '../api/v3-routes.js';

/** Keys that hold a route's path. */
const PATH_KEYS = ['path', 'url', 'uri', 'endpoint', 'resourcePath', 'route'];
/** Keys that hold its method. */
const METHOD_KEYS = ['method', 'verb', 'type', 'httpMethod', 'requestMethod'];
/** Keys only request options have. */
const REQUEST_KEYS = ['qs', 'body', 'json', 'headers', 'data', 'params', 'query', 'form', 'searchParams'];
/** Keys of a server's or a router's route declarations: not a request. */
const SERVER_KEYS = new Set(['handler', 'handle', 'controller', 'component', 'components', 'middleware', 'resolve', 'redirect', 'children', 'render', 'template', 'view', 'config', 'options']);
/** Keys so particular to route tables that the path alone makes one (`{ deployKeys: { resourcePath: '/projects/:id/keys' } }`). */
const TABLE_KEYS = new Set(['resourcePath', 'endpoint']);
/** Params of the request go in the body for these methods, in the query string otherwise. */
const ROUTE_STRING = /^(GET|POST|PUT|PATCH|DELETE|HEAD) +(?=\/|[a-z_]+\/)/;
/** A path as route tables write them: absolute, or a first word and a slash. */
const PATH_LIKE = /^(\/|[A-Za-z_]+\/|\/?api\/v[34])/;

/** A route string's method and the length of its `METHOD ` prefix, when the literal is one. */
export function routeString(node: Node): { method: NonNullable<RequestSpec['method']>; skip: number } | undefined {
  const n = unwrap(node);
  const text = n.type === 'StringLiteral' ? n.value : n.type === 'TemplateLiteral' ? (n.quasis[0]!.value.cooked ?? '') : undefined;
  const m = text === undefined ? null : ROUTE_STRING.exec(text);
  const method = m ? toMethod(m[1]!) : undefined;
  return method && m ? { method, skip: m[0].length } : undefined;
}

/** The request a route string makes, with the params object that follows it when it is a call's first argument. */
export function routeStringRequest(node: Node, params: Node | undefined, at: Node, ctx: EvalContext): RequestSpec | undefined {
  const route = routeString(node);
  if (!route) return undefined;
  const bag = params ? ctx.flow.objectShape(params, at) : undefined;
  return {
    client: 'route',
    urlArg: node,
    urlSkip: route.skip,
    method: route.method,
    methodSite: { kind: 'none' },
    bags: bag ? [bag] : [],
    headers: [],
    paramsOpen: bag?.open ?? false,
  };
}

/**
 * A route table's entry written as a pair of a method and a path (`['DELETE', '/projects/:id/star']`), as
 * clients generated from the API's documentation keep them. The method is written in the pair, so a method
 * change is written there.
 */
export function routePairRequest(node: Node & { type: 'ArrayExpression' }): RequestSpec | undefined {
  if (node.elements.length !== 2) return undefined;
  const [verb, path] = node.elements.map((e) => (e && e.type !== 'SpreadElement' ? unwrap(e as Node) : undefined));
  const method = verb?.type === 'StringLiteral' && verb.value === verb.value.toUpperCase() ? toMethod(verb.value) : undefined;
  if (!method || !path || !startsLikePath(path)) return undefined;
  return { client: 'route', urlArg: path, method, methodSite: { kind: 'literal', node: verb! }, bags: [], headers: [], paramsOpen: true };
}

/**
 * An entry of a route table keyed by method (`{ GET: '/projects/owned', POST: '/projects' }`): the request of
 * that method to that path. The method is the key's, written as a word of its own, never edited from here.
 */
export function routeByMethodKey(node: Node & { type: 'ObjectProperty' }): RequestSpec | undefined {
  const key = node.computed ? undefined : propertyName(node.key as Node, false);
  const method = key !== undefined && key === key.toUpperCase() ? toMethod(key) : undefined;
  const path = unwrap(node.value as Node);
  if (!method || !startsLikePath(path)) return undefined;
  return { client: 'route', urlArg: path, method, methodSite: { kind: 'none' }, bags: [], headers: [], paramsOpen: true };
}

/**
 * Modules whose verb-named decorators declare a client's requests (ts-retrofit's `@GET('/projects/{id}/builds')`
 * on a method), each with the names of its class decorators that give the base (`@BasePath('/api/v3')`).
 */
const DECLARATIVE_CLIENTS: ReadonlyMap<string, readonly string[]> = new Map([
  ['ts-retrofit', ['BasePath']],
  ['retrofit-cjs', ['BasePath']],
  ['angular2-rest', ['BaseUrl']],
]);

/** The request a verb decorator of a declarative client declares, with its class's base path before its own. */
export function decoratorRequest(decorator: Node & { type: 'Decorator' }, ctx: EvalContext): RequestSpec | undefined {
  const declared = declarativeCall(decorator, ctx);
  const method = declared && toMethod(declared.name);
  const path = declared?.call.arguments[0] as Node | undefined;
  if (!declared || !method || !path || path.type === 'SpreadElement') return undefined;
  const member = ctx.scopes.parentOf(decorator);
  const owner = member && ctx.scopes.parentOf(member);
  const cls = owner?.type === 'ClassBody' ? ctx.scopes.parentOf(owner) : undefined;
  const baseNames = DECLARATIVE_CLIENTS.get(declared.module)!;
  let urlBase: Node | undefined;
  for (const d of cls && 'decorators' in cls ? (cls.decorators ?? []) : []) {
    const base = declarativeCall(d, ctx);
    const arg = base && base.module === declared.module && baseNames.includes(base.name) ? (base.call.arguments[0] as Node | undefined) : undefined;
    if (arg && arg.type !== 'SpreadElement') urlBase = arg;
  }
  const { query, headers } = member ? parameterDecorators(member, declared.module, ctx) : { query: [], headers: [] };
  const bags: ObjectShape[] = query.length > 0 ? [{ entries: query, open: true, editable: false }] : [];
  return { client: 'route', urlArg: path, ...(urlBase ? { urlBase } : {}), method, methodSite: { kind: 'none' }, bags, headers, paramsOpen: true };
}

/**
 * What a declarative method's parameter decorators send: a query parameter each (`@Query('ref_name') ref`), a
 * header each (`@Header('PRIVATE-TOKEN') token`). Read, never rewritten (the name is the decorator's argument).
 */
function parameterDecorators(method: Node, module: string, ctx: EvalContext): { query: Entry[]; headers: string[] } {
  const query: Entry[] = [];
  const headers: string[] = [];
  for (const param of 'params' in method ? (method.params as Node[]) : []) {
    for (const d of 'decorators' in param ? (param.decorators ?? []) : []) {
      const declared = declarativeCall(d, ctx);
      const name = declared?.module === module ? unwrap((declared.call.arguments[0] ?? declared.call) as Node) : undefined;
      if (name?.type !== 'StringLiteral') continue;
      if (declared!.name === 'Query') query.push({ name: name.value, value: param, site: { kind: 'written', node: name } });
      if (declared!.name === 'Header') headers.push(name.value.toLowerCase());
    }
  }
  return { query, headers };
}

/** `@Name(…)` where Name is imported from a declarative client's module. */
function declarativeCall(decorator: Node & { type: 'Decorator' }, ctx: EvalContext): { call: Node & { type: 'CallExpression' }; name: string; module: string } | undefined {
  const call = unwrap(decorator.expression as Node);
  if (call.type !== 'CallExpression' || call.callee.type !== 'Identifier') return undefined;
  const b = ctx.scopes.bindingOf(call.callee);
  return b?.kind === 'import' && DECLARATIVE_CLIENTS.has(b.module!) && b.imported ? { call, name: b.imported, module: b.module! } : undefined;
}

/**
 * Modules whose endpoint builders declare requests (Redux Toolkit's RTK Query): `createApi({ baseQuery:
 * fetchBaseQuery({ baseUrl }), endpoints: (build) => ({ jobs: build.query({ query: (id) => `projects/${id}/builds` }) }) })`.
 * Each `build.query`/`build.mutation` is a request: what its `query` returns, a path (GET) or request options
 * (`{ url, method, params, body }`), under the base URL of the api's `fetchBaseQuery`.
 */
const ENDPOINT_BUILDERS = {
  modules: ['@reduxjs/toolkit/query', '@reduxjs/toolkit/query/react', '@reduxjs/toolkit/dist/query', '@reduxjs/toolkit/dist/query/react'],
  /** The call that makes an api from endpoint definitions; `injectEndpoints` adds to an api already made. */
  factory: 'createApi',
  inject: 'injectEndpoints',
  /** The builder's members that define a request, and the definition's key that returns it. */
  kinds: new Set(['query', 'mutation']),
  returns: 'query',
  /** The api's option holding its base query, the base query made of a base URL, and that URL's option. */
  baseQuery: 'baseQuery',
  baseFactory: 'fetchBaseQuery',
  baseUrl: 'baseUrl',
} as const;

/** The request an endpoint builder's definition declares (`build.query({ query: … })`), with its api's base URL. */
export function endpointBuilderRequest(call: Node & { type: 'CallExpression' }, ctx: EvalContext): RequestSpec | undefined {
  const callee = unwrap(call.callee as Node);
  if (callee.type !== 'MemberExpression' || callee.object.type !== 'Identifier') return undefined;
  const kind = propertyName(callee.property as Node, callee.computed);
  if (!kind || !ENDPOINT_BUILDERS.kinds.has(kind as 'query')) return undefined;
  const builder = ctx.scopes.bindingOf(callee.object);
  const api = builder?.kind === 'param' && builder.index === 0 && builder.fn ? endpointsOwner(builder.fn, ctx) : undefined;
  const definition = api && call.arguments[0] && unwrap(call.arguments[0] as Node);
  if (!definition || definition.type !== 'ObjectExpression') return undefined;
  const query = definition.properties.find((p) => (p.type === 'ObjectProperty' || p.type === 'ObjectMethod') && propertyName(p.key as Node, p.computed) === ENDPOINT_BUILDERS.returns);
  const fn = query?.type === 'ObjectMethod' ? query : query?.type === 'ObjectProperty' ? unwrap(query.value as Node) : undefined;
  const returned = fn && isFunction(fn) ? returnedValues(fn) : [];
  if (returned.length !== 1) return undefined;
  const value = unwrap(returned[0]!);
  const urlBase = baseUrlOf(api, ctx);
  if (value.type === 'ObjectExpression') {
    const shape = ctx.flow.objectShape(value, value);
    const spec = shape && routeShapeRequest(shape, value, ctx);
    // `{ url }` alone is a GET as much as a path is.
    return spec && { ...spec, ...(urlBase ? { urlBase } : {}), method: spec.method ?? (spec.methodSite.kind === 'none' && !spec.methodParam ? 'GET' : undefined), options: shape };
  }
  return { client: 'route', urlArg: returned[0]!, ...(urlBase ? { urlBase } : {}), method: 'GET', methodSite: { kind: 'none' }, bags: [], headers: [], paramsOpen: false };
}

/** The `createApi(…)`/`api.injectEndpoints(…)` call whose `endpoints` option a function is, if it is one. */
function endpointsOwner(fn: Node, ctx: EvalContext): (Node & { type: 'CallExpression' }) | undefined {
  // `endpoints: (build) => ({ … })`, or `endpoints(build) { … }`.
  const holder = fn.type === 'ObjectMethod' ? fn : ctx.scopes.parentOf(fn);
  if (holder?.type !== 'ObjectMethod' && !(holder?.type === 'ObjectProperty' && holder.value === fn)) return undefined;
  if (propertyName(holder.key as Node, holder.computed) !== 'endpoints') return undefined;
  const options = ctx.scopes.parentOf(holder);
  const call = options && ctx.scopes.parentOf(options);
  if (call?.type !== 'CallExpression' || call.arguments[0] !== options) return undefined;
  const callee = unwrap(call.callee as Node);
  if (callee.type === 'Identifier' && importedFrom(callee, ENDPOINT_BUILDERS.factory, ctx)) return call;
  if (callee.type === 'MemberExpression' && propertyName(callee.property as Node, callee.computed) === ENDPOINT_BUILDERS.inject) return call;
  return undefined;
}

/** The base URL of an api's base query (`fetchBaseQuery({ baseUrl })`); for `api.injectEndpoints`, the api's. */
function baseUrlOf(call: Node & { type: 'CallExpression' }, ctx: EvalContext): Node | undefined {
  const callee = unwrap(call.callee as Node);
  let made: Node | undefined = call;
  if (callee.type === 'MemberExpression') {
    const api = unwrap(callee.object as Node);
    const b = api.type === 'Identifier' ? ctx.scopes.bindingOf(api) : undefined;
    made = b?.init && b.path.length === 0 ? unwrap(b.init) : undefined;
  }
  if (made?.type !== 'CallExpression') return undefined;
  const options = made.arguments[0] && ctx.flow.objectShape(made.arguments[0] as Node, made);
  const baseQuery = options?.entries.find((e) => e.name === ENDPOINT_BUILDERS.baseQuery);
  const base = baseQuery && unwrap(baseQuery.value);
  if (base?.type !== 'CallExpression' || base.callee.type !== 'Identifier' || !importedFrom(base.callee, ENDPOINT_BUILDERS.baseFactory, ctx)) return undefined;
  const baseOptions = base.arguments[0] && ctx.flow.objectShape(base.arguments[0] as Node, base);
  return baseOptions?.entries.find((e) => e.name === ENDPOINT_BUILDERS.baseUrl)?.value;
}

/** A name imported (as `name`) from one of the endpoint builders' modules. */
function importedFrom(id: Node & { type: 'Identifier' }, name: string, ctx: EvalContext): boolean {
  const b = ctx.scopes.bindingOf(id);
  return b?.kind === 'import' && b.imported === name && (ENDPOINT_BUILDERS.modules as readonly string[]).includes(b.module!);
}

/** The request a route table entry or a request options object describes, if the object is one. */
export function routeObjectRequest(object: ObjectExpression, ctx: EvalContext): RequestSpec | undefined {
  const shape = ctx.flow.objectShape(object, object);
  return shape && routeShapeRequest(shape, object, ctx);
}

/**
 * The request an object (as far as it is seen: written, then added to) describes: a path key, and a
 * method, request options keys, or a key only route tables use.
 */
export function routeShapeRequest(shape: ObjectShape, at: Node, ctx: EvalContext): RequestSpec | undefined {
  const keys = new Map<string, Node>();
  for (const e of shape.entries) {
    if (SERVER_KEYS.has(e.name)) return undefined;
    keys.set(e.name, e.value);
  }
  // A path written as a method of the entry (`path(params) { return … }`).
  for (const p of shape.node?.type === 'ObjectExpression' ? shape.node.properties : []) {
    const name = p.type === 'ObjectMethod' && p.kind === 'method' ? propertyName(p.key as Node, p.computed) : undefined;
    if (name && PATH_KEYS.includes(name) && !keys.has(name)) keys.set(name, p);
  }
  const pathKey = PATH_KEYS.find((k) => keys.has(k));
  if (!pathKey) return undefined;
  const pathNode = pathValue(keys.get(pathKey)!);
  if (!pathNode) return undefined;
  const methodNode = METHOD_KEYS.map((k) => keys.get(k)).find((n) => n !== undefined);
  const methodValue = methodNode && unwrap(methodNode);
  const method = methodValue?.type === 'StringLiteral' ? toMethod(methodValue.value) : methodOfMember(methodValue);
  const requestKeys = REQUEST_KEYS.filter((k) => keys.has(k));
  const isOptions = (pathKey === 'url' || pathKey === 'uri') && (requestKeys.length > 0 || method !== undefined);
  // Request options may begin their URL with a base or a scheme and host (`${proto}://${host}/api/v3` + path).
  if (!startsLikePath(pathNode) && !(isOptions && (isAbsoluteUrl(pathNode, ctx) || pathOnBase(pathNode)))) return undefined;
  if (!method && !isOptions && !TABLE_KEYS.has(pathKey)) return undefined;
  const bags: ObjectShape[] = [];
  let headers: string[] = [];
  for (const k of requestKeys) {
    const bag = ctx.flow.objectShape(keys.get(k)!, at);
    if (!bag) continue;
    if (k === 'headers') headers = headerNames(bag);
    else bags.push(bag);
  }
  // An options object's method defaults to GET; a table entry without one says nothing.
  const defaulted = !method && isOptions && !methodNode && !shape.open ? 'GET' : undefined;
  const spec: RequestSpec = {
    client: 'route',
    urlArg: pathNode,
    method: method ?? defaulted,
    methodSite: method && methodValue?.type === 'StringLiteral' ? { kind: 'literal', node: methodValue } : { kind: 'none' },
    bags,
    headers,
    // A table entry says what is sent no more than that there is a request: its params come from elsewhere.
    paramsOpen: shape.open || bags.some((b) => b.open) || !isOptions,
  };
  // Request options whose method is a name: a constant's, or a wrapper's parameter (`{ method, uri }` in a helper).
  if (!method && methodNode && isOptions) takeMethod(spec, methodNode, ctx);
  return spec;
}

/**
 * A route builder kept in a table (`endpoints: { jobTrace: (p, id) => `/projects/${p}/builds/${id}/trace` }`, a
 * method of such an object, or the function of a `['name', (id) => …]` pair): the route it returns, when that
 * opens with a word the service's API opens with. Its method is not written: rules that need one say so.
 */
export function routeBuilderRequest(fn: Node, parent: Node | undefined): RequestSpec | undefined {
  if (!isFunction(fn)) return undefined;
  const key = fn.type === 'ObjectMethod' ? (fn.kind === 'method' ? propertyName(fn.key as Node, fn.computed) : undefined) : parent?.type === 'ObjectProperty' && parent.value === fn ? propertyName(parent.key as Node, parent.computed) : undefined;
  const paired = parent?.type === 'ArrayExpression' && parent.elements.length === 2 && parent.elements[1] === fn && parent.elements[0]?.type === 'StringLiteral';
  if ((key === undefined || SERVER_KEYS.has(key)) && !paired) return undefined;
  const returned = returnedValues(fn);
  const path = returned.length === 1 ? unwrap(returned[0]!) : undefined;
  if (!path || !startsLikePath(path) || !SERVICE_ROOT_WORDS.has(firstWord(path) ?? '')) return undefined;
  return { client: 'route', urlArg: path, method: undefined, methodSite: { kind: 'none' }, bags: [], headers: [], paramsOpen: true };
}

/** The first word of a path literal (`projects` of `/projects/${id}`). */
function firstWord(node: Node): string | undefined {
  const text = leadingText(node);
  return text === undefined ? undefined : /^\/?([a-z_]+)/.exec(text)?.[1];
}

/** A method named by an enum's member (`RequestMethod.Delete`, `HttpMethod.POST`): read, not edited. */
function methodOfMember(node: Node | undefined): RequestSpec['method'] {
  if (node?.type !== 'MemberExpression') return undefined;
  const name = propertyName(node.property as Node, node.computed);
  return name ? toMethod(name) : undefined;
}

/** A path, or a function of the route's params that returns one (`path: ({ id }) => `/projects/${id}/star``): what it returns. */
export function pathValue(node: Node): Node | undefined {
  const n = unwrap(node);
  if (!isFunction(n)) return node;
  const returned = returnedValues(n);
  return returned.length === 1 ? returned[0] : undefined;
}

/** A URL value whose text, after the holes it begins with, has a scheme and host or an `/api/vN` prefix. */
function isAbsoluteUrl(node: Node, ctx: EvalContext): boolean {
  return evaluateAll(node, ctx).some((pieces) => {
    const url = splitUrl(Marked.textOf(pieces, []));
    return url.version !== undefined || url.host !== undefined;
  });
}

/**
 * A path joined to a base of unknown value (`Config.api + '/projects/visible'`, `` `${root}/projects` ``): in
 * request options (a proxy's, a request's), the base is where the API is.
 */
function pathOnBase(node: Node): boolean {
  const n = unwrap(node);
  if (n.type === 'BinaryExpression' && n.operator === '+') {
    const right = unwrap(n.right as Node);
    return right.type === 'StringLiteral' && PATH_LIKE.test(right.value);
  }
  return n.type === 'TemplateLiteral' && n.quasis[0]!.value.raw === '' && n.quasis.length > 1 && PATH_LIKE.test(n.quasis[1]!.value.cooked ?? '');
}

/** A path value: a literal (or a template, or a concatenation starting with one) that reads as a path. */
function startsLikePath(node: Node): boolean {
  let n = unwrap(node);
  // `kind === 'mine' ? '/projects/owned' : '/projects'`: each value is a path.
  if (n.type === 'ConditionalExpression') return startsLikePath(n.consequent) && startsLikePath(n.alternate);
  const text = leadingText(n);
  return text !== undefined && PATH_LIKE.test(text);
}

/** The text a value begins with: its literal's, a template's first part, a concatenation's first literal's. */
function leadingText(node: Node): string | undefined {
  let n = unwrap(node);
  while (n.type === 'BinaryExpression' && n.operator === '+') n = unwrap(n.left as Node);
  return n.type === 'StringLiteral' ? n.value : n.type === 'TemplateLiteral' ? (n.quasis[0]!.value.cooked ?? '') : undefined;
}
