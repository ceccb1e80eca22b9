// Routes written as data rather than as a call: route tables (`{ method: 'GET', path: '/projects/:id/builds' }`),
// request options objects handed to a queue or a circuit breaker (`breaker.fire({ uri, method, qs })`), and
// Octokit-style route strings (`request('DELETE /projects/:id/star', { id })`). Each is a request of the
// service when its path is one (the evidence model decides, as for calls); its method is the table's.
import type { Node, ObjectExpression } from '@babel/types';
import { propertyName, unwrap } from '../parse/walk.js';
import { evaluateAll, type EvalContext } from './evaluate.js';
import { Marked } from './marked.js';
import { splitUrl } from './url.js';
import { headerNames, takeMethod, toMethod, type RequestSpec } from './requests.js';
import type { ObjectShape } from './flow.js';
import { isFunction, returnedValues } from './scope.js';

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
  return { client: 'route', urlArg: path, ...(urlBase ? { urlBase } : {}), method, methodSite: { kind: 'none' }, bags: [], headers: [], paramsOpen: true };
}

/** `@Name(…)` where Name is imported from a declarative client's module. */
function declarativeCall(decorator: Node & { type: 'Decorator' }, ctx: EvalContext): { call: Node & { type: 'CallExpression' }; name: string; module: string } | undefined {
  const call = unwrap(decorator.expression as Node);
  if (call.type !== 'CallExpression' || call.callee.type !== 'Identifier') return undefined;
  const b = ctx.scopes.bindingOf(call.callee);
  return b?.kind === 'import' && DECLARATIVE_CLIENTS.has(b.module!) && b.imported ? { call, name: b.imported, module: b.module! } : undefined;
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
  if (!startsLikePath(pathNode) && !(isOptions && isAbsoluteUrl(pathNode, ctx))) return undefined;
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

/** A method named by an enum's member (`RequestMethod.Delete`, `HttpMethod.POST`): read, not edited. */
function methodOfMember(node: Node | undefined): RequestSpec['method'] {
  if (node?.type !== 'MemberExpression') return undefined;
  const name = propertyName(node.property as Node, node.computed);
  return name ? toMethod(name) : undefined;
}

/** A path, or a function of the route's params that returns one (`path: ({ id }) => `/projects/${id}/star``): what it returns. */
function pathValue(node: Node): Node | undefined {
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

/** A path value: a literal (or a template, or a concatenation starting with one) that reads as a path. */
function startsLikePath(node: Node): boolean {
  let n = unwrap(node);
  // `kind === 'mine' ? '/projects/owned' : '/projects'`: each value is a path.
  if (n.type === 'ConditionalExpression') return startsLikePath(n.consequent) && startsLikePath(n.alternate);
  while (n.type === 'BinaryExpression' && n.operator === '+') n = unwrap(n.left as Node);
  const text = n.type === 'StringLiteral' ? n.value : n.type === 'TemplateLiteral' ? (n.quasis[0]!.value.cooked ?? '') : undefined;
  return text !== undefined && PATH_LIKE.test(text);
}
