// Response flow: from a call to the code that handles its result, within a function. Follows the awaited
// value, `.then(r => …)`, callbacks `(err, data) => …`, `res.data`/`res.body`/`res.json()`, destructuring,
// `for … of` and `.map/.filter/.forEach` over a list, and `try/catch`. Records what rules need: the fields
// read from the body, and the status codes compared with the response status.
import type { Node } from '@babel/types';
import { dotted, nodesOf, propertyName, unwrap, walk } from '../parse/walk.js';
import type { ApiCall } from './types.js';
import { callbackRoles } from './clients.js';
import { returnedValues } from './scope.js';
import { memoOn } from '../memo.js';

/** A field read from the response body: `path` from the body (`['project', 'name']`), on an item of a list or not. */
export interface BodyRead {
  path: readonly string[];
  element: boolean;
  start: number;
  end: number;
  /** String literals the read is compared with (`e.target_type === 'issue'`, `case 'commented':`). */
  compared: readonly StringCompare[];
  /**
   * Type-aware mode: a read found through the response's declared type rather than by flow, in this file
   * (absolute path), on a value of this type (`Issue`).
   */
  file?: string;
  typeName?: string;
}

export interface StringCompare {
  value: string;
  /** The literal's span, quotes included. */
  start: number;
  end: number;
  quote: "'" | '"' | '`';
}

/** A status code the handling compares with the response status (`res.status === 422`, `case 409:`). */
export interface StatusCheck {
  code: number;
  start: number;
  end: number;
  /** How the code is written when it is a named constant (`StatusCodes.CONFLICT`): another code, the same way. */
  writeAs?: (code: number) => string | undefined;
}

export interface ResponseFacts {
  /** Some code handles the result (await, then, callback). */
  handled: boolean;
  /** The result goes elsewhere (returned, passed to a function) without being handled here: what its handler does is not in view. */
  passedOn?: boolean;
  reads: readonly BodyRead[];
  statuses: readonly StatusCheck[];
  /** Response headers the handling reads (lower case: `link`, `x-next-page`). */
  headers: readonly string[];
}

// `status`: the name holds the status code itself (`const { status } = res`, `catch ({ response: { status } })`).
type Role = 'response' | 'body' | 'element' | 'error' | 'status';
interface Alias {
  name: string;
  role: Role;
  /** Where the name is used: the function body (or block) that handles the result. */
  region: Node;
  /** The name holds this field of the body or an item (`({ action_name }) => …`), not the whole. */
  field?: readonly string[];
  /** No name: the result is read where it is (`(await api.get(url)).data.filter(…)`), from this node up. */
  inline?: { node: Node; ancestors: readonly Node[] };
}

const CHAIN = new Set(['query', 'send', 'set', 'field', 'type', 'accept', 'auth', 'timeout', 'retry', 'withCredentials', 'responseType', 'ok', 'use']);
const BODY_CALLS = new Set(['json', 'text']);
/** Getters of a response's body as text, answered at once (Apps Script's `res.getContentText()`). */
const TEXT_GETTERS = new Set(['getContentText']);
/** Array methods whose callback receives the items of a list (typeaware/responses.ts reads it too). */
export const ITERATE: ReadonlySet<string> = new Set(['map', 'forEach', 'filter', 'find', 'findIndex', 'some', 'every', 'flatMap', 'reduce', 'sort']);
// The iterating methods that hand back the list they are called on, or a part of it.
const LIST_KEEPING: ReadonlySet<string> = new Set(['filter', 'sort']);
// Methods that hand back the list's items in another list, given no callback: `res.body.reverse()`, `.slice(0, 10)`.
const SAME_ITEMS: ReadonlySet<string> = new Set(['reverse', 'slice', 'concat', 'toReversed', 'toSorted']);
// Functions that hand back the value they are given, checked or copied: a schema's `parse` (zod's, yup's
// `cast` aside), `structuredClone`, `Object.freeze`, lodash's `cloneDeep`.
const SAME_VALUE_METHODS: ReadonlySet<string> = new Set(['parse']);
const SAME_VALUE_FUNCTIONS: ReadonlySet<string> = new Set(['structuredClone', 'Object.freeze', '_.cloneDeep', 'cloneDeep', '_.clone']);
const STATUS = new Set(['status', 'statusCode']);
const STATUS_GETTERS = new Set([...STATUS, 'getResponseCode', 'getStatus']);
const NO_FACTS: ResponseFacts = { handled: false, reads: [], statuses: [], headers: [] };

/** The response facts of a call; `ancestors` is the path from the file's root to the call. */
export function responseFacts(call: ApiCall, ancestors: readonly Node[]): ResponseFacts {
  // A bare URL or a route written as data: nothing here handles a response. A route's request is sent, and
  // its response handled, where the data is used: out of sight, as a result passed on is.
  if (call.node.type !== 'CallExpression') return call.client === 'route' ? { ...NO_FACTS, passedOn: true } : NO_FACTS;
  if (call.client === 'url') return NO_FACTS;
  const aliases = handlersOf(call, ancestors);
  // A result that is returned, passed on or awaited into an expression is handled, if not traceable here.
  if (aliases.length === 0) {
    const elsewhere = ancestors[ancestors.length - 1]?.type !== 'ExpressionStatement';
    return { ...NO_FACTS, handled: elsewhere, passedOn: elsewhere && passedOn(ancestors) };
  }
  const found: Found = { reads: [], statuses: [], headers: [] };
  const program = programOf(ancestors);
  const seen = new Set<string>();
  // Names found while reading (`const items = res.data`, `for (const x of items)`) are followed too.
  for (let i = 0; i < aliases.length && i < 50; i++) {
    const alias = aliases[i]!;
    const key = `${alias.name}:${alias.role}:${alias.region.start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (alias.inline) followMember(alias, alias.inline.node, alias.inline.ancestors, aliases, found);
    else scan(alias, aliases, found, program);
  }
  return { handled: true, ...found };
}

/**
 * The calls of the function that returns `expr` (its arrow's body, or a `return` at its top), when the function
 * is declared under a name of the module and called there by that name: each with the path to it.
 */
function callersOfReturning(expr: Node, ancestors: readonly Node[], depth: number): { node: Node; ancestors: readonly Node[] }[] | undefined {
  const returning = returningFunction(expr, ancestors, depth);
  if (!returning) return undefined;
  const { fn, at } = returning;
  const holder = ancestors[at - 1];
  const name = fn.type === 'FunctionDeclaration' ? fn.id?.name : (fn.type === 'ArrowFunctionExpression' || fn.type === 'FunctionExpression') && holder?.type === 'VariableDeclarator' && holder.init === fn && holder.id.type === 'Identifier' ? holder.id.name : undefined;
  const program = programOf(ancestors);
  if (!name || !program) return undefined;
  const out: { node: Node; ancestors: readonly Node[] }[] = [];
  walk(program, (node, path) => {
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === name && (node.start! < fn.start! || node.start! >= fn.end!)) out.push({ node, ancestors: [...path] });
  });
  return out.length > 0 ? out : undefined;
}

/** The program a path from the file's root starts at. */
function programOf(ancestors: readonly Node[]): Node | undefined {
  const root = ancestors[0];
  return root?.type === 'File' ? root.program : root;
}

/** The result (awaited or not) is returned or handed to other code, not dropped: its handler is elsewhere. */
function passedOn(ancestors: readonly Node[]): boolean {
  let i = ancestors.length - 1;
  while (i >= 0 && (isAwaited(ancestors[i]!) || ancestors[i]!.type === 'ParenthesizedExpression')) i--;
  const parent = ancestors[i];
  return parent !== undefined && parent.type !== 'ExpressionStatement';
}

interface Found {
  reads: BodyRead[];
  statuses: StatusCheck[];
  headers: string[];
}

// A result returned to the callers of the function that sends it, and by them to theirs: followed this many times.
const MAX_RETURNS = 2;

/**
 * Where the result goes: names bound to the response, its body, or the error, with their regions. `from`: a
 * call of a function that returns the result, where it is handled instead (`returns` times removed).
 */
function handlersOf(call: ApiCall, ancestors: readonly Node[], from?: { node: Node; role: Role; returns: number }): Alias[] {
  const out: Alias[] = [];
  // An XMLHttpRequest is its own response: the function that opens it (and the handlers written in it) reads
  // `xhr.status` and `xhr.responseText`.
  const opened = !from && call.client === 'xhr' && call.node.type === 'CallExpression' ? unwrap(call.node.callee as Node) : undefined;
  const receiver = opened?.type === 'MemberExpression' ? unwrap(opened.object as Node) : undefined;
  if (receiver?.type === 'Identifier') {
    const region = enclosingFunction(ancestors) ?? ancestors[0];
    return region ? [{ name: receiver.name, role: 'response', region }, ...xhrHandlers(receiver.name, region)] : [];
  }
  let expr: Node = from?.node ?? call.node;
  let depth = ancestors.length - 1;
  let role: Role = from?.role ?? (call.yieldsBody ? 'body' : 'response');
  // Climb request-builder chains (`.query().set()`) and body readers (`.json()`).
  for (;;) {
    const member = ancestors[depth];
    const outer = ancestors[depth - 1];
    if (!member || !outer || member.type !== 'MemberExpression' || member.object !== expr || outer.type !== 'CallExpression' || outer.callee !== member) break;
    const name = propertyName(member.property, member.computed) ?? '';
    const handed: Role | undefined = name === 'then' || name === 'catch' ? handsOn(outer, name, role) : undefined;
    if (BODY_CALLS.has(name)) role = 'body';
    // `fetch(url).then((r) => r.json())`: what the chain holds from here on is the body; `.then((r) => r.status)`
    // (with `.catch((e) => e.response.status)`), its status.
    else if (handed) role = handed;
    else if (!CHAIN.has(name)) break;
    expr = outer;
    depth -= 2;
  }
  // A function handed a callback that sends the request hands back its result: a retry or a rate limiter
  // (`await withRetry(() => fetch(url))`, `limiter.schedule(async () => { return api.get(url); })`).
  for (let outer = handedBack(expr, ancestors, depth); outer !== undefined; outer = handedBack(expr, ancestors, depth)) {
    expr = ancestors[outer]!;
    depth = outer - 1;
  }
  // One of several requests awaited together (`const [pipes, issues] = await Promise.all([a, b])`): its place in
  // the list the join yields.
  if (!from && joinedAt(expr, ancestors, depth, role, out)) return out;
  // Returned by a function of the module that is called there (`const myEvents = () => api.get('/events').then((r)
  // => r.data)`, then `myEvents().then(setEvents)`): its callers handle it.
  const returns = from?.returns ?? 0;
  const callers = returns < MAX_RETURNS ? callersOfReturning(expr, ancestors, depth) : undefined;
  if (callers) return callers.flatMap((c) => handlersOf(call, c.ancestors, { node: c.node, role, returns: returns + 1 }));

  const fnRegion = enclosingFunction(ancestors.slice(0, depth + 1));
  const parent = ancestors[depth];
  const grand = ancestors[depth - 1];

  // A hand-made client may hand back the response or only its body (`.then(res => res.data)` inside): both are followed.
  // One that hands back only the status (`.then((res) => res.status)`) is read as the status.
  const roles: Role[] = call.client === 'wrapper' && role === 'response' ? (call.via && returnsStatus(call.via) ? ['status'] : ['response', 'body']) : [role];
  // A hook's state, held as it is (`const { data } = useSWR(…)`).
  if (call.immediate && parent && !isAwaited(parent)) {
    bindTarget(parent, expr, role, fnRegion, out);
    // Read where it is (`HTTP.get(url).data.filter(…)`).
    if (parent.type === 'MemberExpression' && parent.object === expr && fnRegion) out.push({ name: '', role, region: fnRegion, inline: { node: expr, ancestors: ancestors.slice(0, depth + 1) } });
  }
  if (parent && isAwaited(parent)) {
    for (const r of roles) bindTarget(ancestors[depth - 1], parent, r, fnRegion, out);
    // `(await api.get(url)).data`: read where it is (`.data.filter(…)`, `for (const e of (await …).data)`).
    const member = ancestors[depth - 1];
    if (member?.type === 'MemberExpression' && member.object === parent && fnRegion) out.push({ name: '', role, region: fnRegion, inline: { node: parent, ancestors: ancestors.slice(0, depth) } });
    const tryStatement = enclosingTry(ancestors.slice(0, depth));
    if (tryStatement?.handler?.param) bindPattern(tryStatement.handler.param, 'error', tryStatement.handler.body, out);
  } else if (parent?.type === 'MemberExpression' && parent.object === expr && grand?.type === 'CallExpression' && grand.callee === parent) {
    // expr.then(ok, fail) / expr.catch(fail) / expr.end((err, res) => …), and one more `.then` after a body reader.
    const method = propertyName(parent.property, parent.computed);
    for (const r of roles) {
      if (method === 'pipe' || method === 'subscribe') observableHandlers(grand, method, r, ancestors.slice(0, depth - 1), out);
      // Cypress yields the response to the next command: `.its('status')` reads it where it is.
      else if (method === 'its' && fnRegion) out.push({ name: '', role: r, region: fnRegion, inline: { node: expr, ancestors: ancestors.slice(0, depth + 1) } });
      else promiseHandlers(grand, method, r, ancestors.slice(0, depth - 1), out);
    }
  }
  // Callbacks passed to the call itself: request's (err, response, body), wrappers' (err, data), jQuery's success.
  if (!from && call.node.type === 'CallExpression') {
    for (const arg of call.node.arguments) {
      const fn = unwrap(arg as Node);
      if (isFunction(fn)) callbackParams(fn, call.client, out);
      if (fn.type === 'ObjectExpression') {
        for (const p of fn.properties) {
          const key = p.type === 'ObjectProperty' || p.type === 'ObjectMethod' ? propertyName(p.key, p.computed) : undefined;
          const value = p.type === 'ObjectProperty' ? unwrap(p.value as Node) : p.type === 'ObjectMethod' ? p : undefined;
          if (!value || !isFunction(value)) continue;
          const first = value.params[0];
          if (key === 'success' && first?.type === 'Identifier') out.push({ name: first.name, role: 'body', region: value.body });
          if (key === 'error' && first?.type === 'Identifier') out.push({ name: first.name, role: 'response', region: value.body });
        }
      }
    }
  }
  return out;
}

// Functions that wait for a list of promises and yield the list of their results, in order.
const JOINS = new Set(['Promise.all', 'axios.all', '$q.all', 'Q.all', 'RSVP.all', 'Bluebird.all', 'bluebird.all']);

/**
 * A request listed in a join (`Promise.all([…])`, `axios.all([…])`): its result is the item at its index of what
 * the join yields, taken apart where it is received (`const [a, b] = await …`, `.then(([a, b]) => …)`, axios's
 * `.then(axios.spread((a, b) => …))`). Whether it was.
 */
function joinedAt(expr: Node, ancestors: readonly Node[], depth: number, role: Role, out: Alias[]): boolean {
  const list = ancestors[depth];
  const join = ancestors[depth - 1];
  if (list?.type !== 'ArrayExpression' || join?.type !== 'CallExpression' || join.arguments[0] !== list || !JOINS.has(dotted(join.callee as Node) ?? '')) return false;
  const index = list.elements.indexOf(expr as (typeof list.elements)[number]);
  if (index === -1) return false;
  const parent = ancestors[depth - 2];
  const region = enclosingFunction(ancestors.slice(0, depth - 1));
  const item = (pattern: Node | undefined | null, within: Node | undefined) => {
    const target = pattern?.type === 'ArrayPattern' ? pattern.elements[index] : undefined;
    if (target && target.type !== 'RestElement' && within) bindPattern(target as Node, role, within, out);
  };
  if (parent && isAwaited(parent)) {
    const holder = ancestors[depth - 3];
    if (holder?.type === 'VariableDeclarator' && holder.init === parent) item(holder.id as Node, region);
    else if (holder?.type === 'AssignmentExpression' && holder.right === parent) item(holder.left as Node, region);
    return true;
  }
  const call = ancestors[depth - 3];
  if (parent?.type !== 'MemberExpression' || parent.object !== join || call?.type !== 'CallExpression' || call.callee !== parent || propertyName(parent.property, parent.computed) !== 'then') return true;
  const handler = call.arguments[0] ? unwrap(call.arguments[0] as Node) : undefined;
  if (handler && isFunction(handler)) item(handler.params[0], handler.body);
  // `axios.spread((pipes, issues) => …)`: each result a parameter of its own.
  const spread = handler?.type === 'CallExpression' && /(^|\.)spread$/.test(dotted(handler.callee as Node) ?? '') ? unwrap(handler.arguments[0] as Node) : undefined;
  if (spread && isFunction(spread) && spread.params[index]) bindPattern(spread.params[index]!, role, spread.body, out);
  return true;
}

/**
 * A promise's value taken where it is written: `await p`, and `yield p` in a generator that co, koa 1 or
 * redux-saga runs (each hands the generator the promise's value).
 */
function isAwaited(node: Node): boolean {
  return node.type === 'AwaitExpression' || (node.type === 'YieldExpression' && !node.delegate && node.argument !== null);
}

function bindTarget(holder: Node | undefined, value: Node, role: Role, region: Node | undefined, out: Alias[]): void {
  const target = heldIn(holder, value);
  if (target && region) bindPattern(target, role, region, out);
}

/**
 * The identifier is no reference to the name: one a pattern declares or assigns (`const { upvote } = note`), an
 * object's key (`{ upvote: 1 }`), a member's name (`other.upvote`).
 */
function declares(name: Node, ancestors: readonly Node[]): boolean {
  const parent = ancestors[ancestors.length - 1];
  const grand = ancestors[ancestors.length - 2];
  if (parent?.type === 'ObjectProperty') return grand?.type === 'ObjectPattern' || (parent.key === name && !parent.computed);
  if (parent?.type === 'MemberExpression' || parent?.type === 'OptionalMemberExpression') return parent.property === name && !parent.computed;
  return parent?.type === 'ArrayPattern' || parent?.type === 'RestElement' || (parent?.type === 'AssignmentPattern' && parent.left === name);
}

/** The name or pattern a value is put in as it is, a type assertion aside (`const err = e as AxiosError`). */
function copiedInto(node: Node, ancestors: readonly Node[]): Node | undefined {
  let value = node;
  let i = ancestors.length - 1;
  while (i >= 0 && TYPE_WRAPPERS.has(ancestors[i]!.type)) value = ancestors[i--]!;
  return heldIn(ancestors[i], value);
}

const TYPE_WRAPPERS = new Set(['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion', 'ParenthesizedExpression']);

/** The name (or pattern) a value is put in: `const x = value`, `x = value` (also a variable of an outer scope). */
function heldIn(holder: Node | undefined, value: Node): Node | undefined {
  if (holder?.type === 'VariableDeclarator' && holder.init === value) return holder.id;
  if (holder?.type === 'AssignmentExpression' && holder.operator === '=' && holder.right === value) return holder.left;
  return undefined;
}

/** `const res = …`, `const { data, status } = …`, `const [first] = …`. */
function bindPattern(id: Node, role: Role, region: Node, out: Alias[]): void {
  if (id.type === 'Identifier') out.push({ name: id.name, role, region });
  else if (id.type === 'ObjectPattern') {
    for (const p of id.properties) {
      if (p.type !== 'ObjectProperty') continue;
      const key = propertyName(p.key, p.computed);
      const target = (p.value.type === 'AssignmentPattern' ? p.value.left : p.value) as Node;
      if (!key) continue;
      // `({ action_name, target_type }) => …`: names for fields of the body or of an item.
      if (role === 'body' || role === 'element') {
        if (target.type === 'Identifier') out.push({ name: target.name, role, region, field: [key] });
        continue;
      }
      // A response's body and status; an error's response (axios, got) and status (superagent, jQuery's xhr).
      const as: Role | undefined = STATUS.has(key) ? 'status' : role === 'response' && (key === 'data' || key === 'body') ? 'body' : role === 'error' && key === 'response' ? 'response' : undefined;
      if (as && (role === 'response' || role === 'error')) bindPattern(target, as, region, out);
    }
  } else if (id.type === 'ArrayPattern' && role === 'body') {
    for (const el of id.elements) if (el?.type === 'Identifier') out.push({ name: el.name, role: 'element', region });
  }
}

function promiseHandlers(call: Node & { type: 'CallExpression' }, method: string | undefined, role: Role, ancestors: readonly Node[], out: Alias[]): void {
  const [okArg, failArg] = call.arguments.map((a) => unwrap(a as Node));
  // `.then(setIssues)`: a React state's setter; the state holds the value.
  const state = method === 'then' && okArg?.type === 'Identifier' && role !== 'status' ? stateOfSetter(okArg.name, call, programOf(ancestors)) : undefined;
  if (state) out.push({ ...state, role });
  if (method === 'then' && okArg && isFunction(okArg)) {
    const first = okArg.params[0];
    if (first) bindPattern(first, role, okArg.body, out);
    // `.then(r => r.json()).then(data => …)` / `.then(r => r.data).then(…)`: the next handler gets the body.
    const returned = okArg.body.type !== 'BlockStatement' ? unwrap(okArg.body) : undefined;
    const toBody = returned && first?.type === 'Identifier' && isBodyOf(returned, first.name);
    const member = ancestors[ancestors.length - 1];
    const next = ancestors[ancestors.length - 2];
    if (toBody && member?.type === 'MemberExpression' && member.object === call && next?.type === 'CallExpression' && propertyName(member.property, member.computed) === 'then') {
      promiseHandlers(next, 'then', 'body', ancestors.slice(0, -2), out);
    }
  }
  // jQuery's deferreds: `.done(data => …)`, `.fail(xhr => …)` (the xhr holds the status, as an error does).
  if (method === 'done' && okArg && isFunction(okArg) && okArg.params[0]) bindPattern(okArg.params[0], role, okArg.body, out);
  const fail = method === 'catch' || method === 'fail' ? okArg : method === 'then' ? failArg : undefined;
  if (fail && isFunction(fail) && fail.params[0]) bindPattern(fail.params[0], 'error', fail.body, out);
  if (method === 'end' && okArg && isFunction(okArg)) callbackParams(okArg, 'superagent', out);
  // A rejection travels down the chain: `.then(ok).catch(err => …)` handles the request's error too.
  if (method === 'then' || method === 'finally' || method === 'done') laterCatch(call, ancestors, out);
}

// RxJS operators whose callback receives each value as it comes, and those that hand a value on unchanged.
const OPERATORS = new Set(['map', 'tap', 'filter', 'switchMap', 'mergeMap', 'concatMap', 'exhaustMap', 'flatMap', 'first', 'find', 'takeWhile', 'do']);
const PASS_ON = new Set(['tap', 'filter', 'first', 'find', 'takeWhile', 'do', 'take', 'retry', 'share', 'shareReplay', 'delay', 'timeout', 'debounceTime', 'distinctUntilChanged', 'catchError']);
// Operators that may turn a list into its items, one by one.
const FLATTENING = new Set(['switchMap', 'mergeMap', 'concatMap', 'exhaustMap', 'flatMap']);

/** `(events) => from(events)` or `(events) => events`: the function hands its list on to be emitted item by item. */
function emitsItemsOf(fn: Node & { params: Node[]; body: Node }): boolean {
  const param = fn.params[0];
  if (param?.type !== 'Identifier' || fn.body.type === 'BlockStatement') return false;
  let body = unwrap(fn.body);
  if (body.type === 'CallExpression' && body.callee.type === 'Identifier' && body.callee.name === 'from' && body.arguments.length === 1) body = unwrap(body.arguments[0] as Node);
  return body.type === 'Identifier' && body.name === param.name;
}

/**
 * An observable's result: `.pipe(map(res => …), catchError(err => …))` and `.subscribe(next, error)` or
 * `.subscribe({ next, error })`. A `map` that returns the body (`res => res.response`) hands the body to
 * the operators after it; one that returns anything else ends what is known.
 */
function observableHandlers(call: Node & { type: 'CallExpression' }, method: string, role: Role, ancestors: readonly Node[], out: Alias[]): void {
  let current: Role | undefined = role;
  const bindFirst = (fn: Node | undefined, as: Role) => {
    if (fn && isFunction(fn) && fn.params[0]) bindPattern(fn.params[0], as, fn.body, out);
  };
  if (method === 'subscribe') {
    const [next, error] = call.arguments.map((a) => unwrap(a as Node));
    if (next?.type === 'ObjectExpression') {
      for (const p of next.properties) {
        const key = p.type === 'ObjectProperty' || p.type === 'ObjectMethod' ? propertyName(p.key, p.computed) : undefined;
        const value = p.type === 'ObjectProperty' ? unwrap(p.value as Node) : p.type === 'ObjectMethod' ? p : undefined;
        if (key === 'next') bindFirst(value, role);
        if (key === 'error') bindFirst(value, 'error');
      }
    } else {
      bindFirst(next, role);
      bindFirst(error, 'error');
    }
    return;
  }
  for (const arg of call.arguments) {
    const op = unwrap(arg as Node);
    if (op.type !== 'CallExpression' || op.callee.type !== 'Identifier') {
      current = undefined;
      continue;
    }
    const name = op.callee.name;
    // An operator given no function (`toArray()`, `share()`) has no handler to bind.
    const fn = op.arguments[0] ? unwrap(op.arguments[0] as Node) : undefined;
    // A list turned into its items (`mergeMap((events) => from(events))`, `concatAll()`): each item from here on.
    if (current === 'body' && (FLATTENING.has(name) ? fn !== undefined && isFunction(fn) && emitsItemsOf(fn) : name === 'mergeAll' || name === 'concatAll')) {
      current = 'element';
      continue;
    }
    if (name === 'catchError') bindFirst(fn, 'error');
    else if (current && OPERATORS.has(name)) {
      bindFirst(fn, current);
      if (name === 'map' && fn && isFunction(fn)) {
        const first = fn.params[0];
        const returned = fn.body.type !== 'BlockStatement' ? unwrap(fn.body) : undefined;
        current = current === 'response' && returned && first?.type === 'Identifier' && isBodyOf(returned, first.name) ? 'body' : undefined;
        continue;
      }
    }
    if (!PASS_ON.has(name)) current = undefined;
  }
  // `.pipe(…).subscribe(…)`: what the pipe hands on, when still known.
  const member = ancestors[ancestors.length - 1];
  const next = ancestors[ancestors.length - 2];
  if (current && member?.type === 'MemberExpression' && member.object === call && next?.type === 'CallExpression' && propertyName(member.property, member.computed) === 'subscribe') {
    observableHandlers(next, 'subscribe', current, ancestors.slice(0, -2), out);
  }
}

/** `.catch(fail)` or `.then(_, fail)` further down a promise chain: its handler gets the request's error. */
function laterCatch(call: Node, ancestors: readonly Node[], out: Alias[]): void {
  let current = call;
  for (let i = ancestors.length - 1; i >= 1; i -= 2) {
    const member = ancestors[i]!;
    const next = ancestors[i - 1]!;
    if (member.type !== 'MemberExpression' || member.object !== current || next.type !== 'CallExpression' || next.callee !== member) return;
    const name = propertyName(member.property, member.computed);
    const fail = name === 'catch' || name === 'fail' ? next.arguments[0] : name === 'then' ? next.arguments[1] : undefined;
    const fn = fail && unwrap(fail as Node);
    if (fn && isFunction(fn) && fn.params[0]) {
      bindPattern(fn.params[0], 'error', fn.body, out);
      return;
    }
    if (name !== 'then' && name !== 'finally' && name !== 'done') return;
    current = next;
  }
}

function callbackParams(fn: Node & { params: Node[]; body: Node }, client: ApiCall['client'], out: Alias[]): void {
  const names = fn.params.map((p) => (p.type === 'Identifier' ? p.name : undefined));
  const region = fn.body;
  // The client table says what its callbacks receive.
  const roles = callbackRoles(client);
  if (roles) {
    // One parameter where an error comes first: an old API's (superagent 0.x's `.end(res => …)`), not this one.
    if (roles[0] === 'error' && names.length < 2) return;
    roles.forEach((role, i) => {
      if (names[i] && role !== 'other') out.push({ name: names[i]!, role, region });
    });
    return;
  }
  if (names.length >= 2 && names[0] && /^(err|error|e)$/i.test(names[0])) {
    out.push({ name: names[0], role: 'error', region });
    // A hand-made client's callback may get what its request gets (`(err, res, body)`, request's) or only the
    // body (`(err, data)`): with a third parameter the second is the response, else either is followed.
    const second: Role[] = client === 'wrapper' && names[2] ? ['response'] : client === 'wrapper' ? ['response', 'body'] : ['body'];
    if (names[1]) for (const role of second) out.push({ name: names[1], role, region });
    if (names[2] && client === 'wrapper') out.push({ name: names[2], role: 'body', region });
  }
}

/**
 * What a promise chain holds after a handler that only hands on a part of what it gets: `.then((r) => r.json())`
 * and `.then((res) => res.data)` the body, `.then((res) => res.status)` the status, and after that a
 * `.catch((err) => err.response.status)` the status still (the request's failure's).
 */
function handsOn(call: Node & { type: 'CallExpression' }, method: 'then' | 'catch', role: Role): Role | undefined {
  const handler = call.arguments.length === 1 ? unwrap(call.arguments[0] as Node) : undefined;
  if (!handler || !isFunction(handler) || handler.body.type === 'BlockStatement') return undefined;
  const first = handler.params[0];
  if (first?.type !== 'Identifier') return undefined;
  const returned = unwrap(handler.body);
  if (method === 'then' && role === 'response') return isBodyOf(returned, first.name) ? 'body' : isStatusOf(returned, first.name, false) ? 'status' : undefined;
  return method === 'catch' && role === 'status' && isStatusOf(returned, first.name, true) ? 'status' : undefined;
}

/** A wrapper whose every returned value is a status: `request(…).then((res) => res.status)`, `return res.status`. */
function returnsStatus(fn: Node): boolean {
  const returned = returnedValues(fn).map((v) => {
    const n = unwrap(v);
    return n.type === 'AwaitExpression' ? unwrap(n.argument as Node) : n;
  });
  return (
    returned.length > 0 &&
    returned.every((v) => {
      if (v.type === 'MemberExpression' && !v.computed && STATUS.has(propertyName(v.property, false) ?? '')) return unwrap(v.object as Node).type === 'Identifier';
      if (v.type !== 'CallExpression' || v.callee.type !== 'MemberExpression') return false;
      const method = propertyName(v.callee.property, v.callee.computed);
      return (method === 'then' || method === 'catch') && handsOn(v, method, method === 'then' ? 'response' : 'status') === 'status';
    })
  );
}

/** `res.status` (`res.statusCode`), or of an error, also `err.response.status`. */
function isStatusOf(expr: Node, name: string, ofError: boolean): boolean {
  let e = expr;
  const keys: string[] = [];
  while (e.type === 'MemberExpression' || e.type === 'OptionalMemberExpression') {
    const key = propertyName(e.property, e.computed);
    if (!key) return false;
    keys.unshift(key);
    e = unwrap(e.object as Node);
  }
  if (!isName(e, name) || keys.length === 0 || !STATUS.has(keys[keys.length - 1]!)) return false;
  return keys.length === 1 || (ofError && keys.length === 2 && keys[0] === 'response');
}

/** `r.json()`, `r.data`, `r.body` of the name `r`. */
function isBodyOf(expr: Node, name: string): boolean {
  const e = expr.type === 'AwaitExpression' ? unwrap(expr.argument) : expr;
  if (e.type === 'CallExpression' && e.callee.type === 'MemberExpression') {
    return isName(e.callee.object, name) && BODY_CALLS.has(propertyName(e.callee.property, e.callee.computed) ?? '');
  }
  return e.type === 'MemberExpression' && isName(e.object, name) && ['data', 'body', 'response'].includes(propertyName(e.property, e.computed) ?? '');
}

const XHR_EVENTS = new Set(['onload', 'onreadystatechange', 'onloadend', 'onerror']);

/**
 * The handlers of an XMLHttpRequest (`xhr.onload = function () {…}`, `xhr.addEventListener('load', function () {…})`):
 * in a `function`, `this` is the request (`this.responseText`, `this.status`).
 */
function xhrHandlers(receiver: string, region: Node): Alias[] {
  const out: Alias[] = [];
  walk(region, (node) => {
    let handler: Node | undefined;
    if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression' && isName(node.left.object, receiver) && XHR_EVENTS.has(propertyName(node.left.property, node.left.computed) ?? '')) handler = unwrap(node.right);
    else if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && isName(node.callee.object, receiver) && propertyName(node.callee.property, node.callee.computed) === 'addEventListener') handler = node.arguments[1] && unwrap(node.arguments[1] as Node);
    if (handler?.type === 'FunctionExpression') out.push({ name: 'this', role: 'response', region: handler.body });
  });
  return out;
}

/** A `this` inside a `function` of a handler's region is that function's own. */
function thisRebound(ancestors: readonly Node[], region: Node): boolean {
  for (let i = ancestors.length - 1; i >= 0 && ancestors[i] !== region; i--) {
    const a = ancestors[i]!;
    if (a.type === 'FunctionExpression' || a.type === 'FunctionDeclaration' || a.type === 'ObjectMethod' || a.type === 'ClassMethod') return true;
  }
  return false;
}

/**
 * Where the call that hands back what a callback returns sits in `ancestors`, when `expr` is what an inline
 * callback of that call returns (its arrow's body, or a `return` at its top) and the call is no list's method.
 */
function handedBack(expr: Node, ancestors: readonly Node[], depth: number): number | undefined {
  const returning = returningFunction(expr, ancestors, depth);
  if (returning?.fn.type !== 'ArrowFunctionExpression' && returning?.fn.type !== 'FunctionExpression') return undefined;
  const at = returning.at - 1;
  const call = ancestors[at];
  if (call?.type !== 'CallExpression' || !call.arguments.includes(returning.fn as never)) return undefined;
  const callee = unwrap(call.callee as Node);
  const method = callee.type === 'MemberExpression' ? propertyName(callee.property, callee.computed) : undefined;
  return method !== undefined && (ITERATE.has(method) || method === 'then' || method === 'catch') ? undefined : at;
}

/**
 * The function whose result `expr` is (`ancestors[depth]` its parent): an arrow's body, or what a `return` at the
 * top of its body gives (awaited or not); with where the function sits in `ancestors`.
 */
function returningFunction(expr: Node, ancestors: readonly Node[], depth: number): { fn: Node; at: number } | undefined {
  let i = depth;
  let value = expr;
  if (ancestors[i]?.type === 'AwaitExpression') value = ancestors[i--]!;
  const parent = ancestors[i];
  if (parent?.type === 'ReturnStatement' && parent.argument === value && ancestors[i - 1]?.type === 'BlockStatement') {
    const fn = ancestors[i - 2];
    return fn ? { fn, at: i - 2 } : undefined;
  }
  return parent?.type === 'ArrowFunctionExpression' && parent.body === value ? { fn: parent, at: i } : undefined;
}

/** `JSON.parse(value)`. */
function isJsonParse(node: Node, value: Node): boolean {
  return node.type === 'CallExpression' && node.arguments[0] === value && node.callee.type === 'MemberExpression' && !node.callee.computed && isName(node.callee.object, 'JSON') && propertyName(node.callee.property, false) === 'parse';
}

function isName(node: Node, name: string): boolean {
  const n = unwrap(node);
  return n.type === 'Identifier' && n.name === name;
}

function isFunction(node: Node): node is Node & { type: 'FunctionExpression' | 'ArrowFunctionExpression' | 'ObjectMethod'; params: Node[]; body: Node } {
  return node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression' || node.type === 'ObjectMethod';
}

function enclosingFunction(ancestors: readonly Node[]): Node | undefined {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const a = ancestors[i]!;
    if (a.type === 'FunctionDeclaration' || a.type === 'FunctionExpression' || a.type === 'ArrowFunctionExpression' || a.type === 'ClassMethod' || a.type === 'ObjectMethod') return a.body;
    if (a.type === 'Program') return a;
  }
  return undefined;
}

function enclosingTry(ancestors: readonly Node[]): (Node & { type: 'TryStatement' }) | undefined {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const a = ancestors[i]!;
    if (a.type === 'TryStatement' && ancestors[i + 1] === a.block) return a;
    if (isFunction(a) || a.type === 'FunctionDeclaration') return undefined;
  }
  return undefined;
}

/**
 * Find reads and status checks of one alias in its region; new names it flows into become aliases. `program`
 * holds the functions a value may be handed to.
 */
function scan(alias: Alias, aliases: Alias[], found: Found, program: Node | undefined): void {
  walk(alias.region, (node, ancestors) => {
    if (alias.name === 'this' ? node.type !== 'ThisExpression' || thisRebound(ancestors, alias.region) : !isName(node, alias.name) || node.type !== 'Identifier') return;
    const parent = ancestors[ancestors.length - 1];
    if (!parent) return;
    if ((parent.type === 'VariableDeclarator' && parent.id === node) || declares(node, ancestors)) return;
    if (alias.role === 'status') {
      statusCompare(node, ancestors, found.statuses);
      return;
    }
    if (alias.field) {
      // The name is the field: reading it reads that path; members after it read deeper.
      const chain = fieldChain(node, ancestors);
      found.reads.push({ path: [...alias.field, ...chain.path], element: alias.role === 'element', start: node.start!, end: chain.end.end!, compared: stringCompares(chain.end, chain.parent) });
      return;
    }
    if (parent.type === 'ForOfStatement' && parent.right === node && alias.role === 'body') {
      eachItem(parent, aliases);
      return;
    }
    // Copied or taken apart (`const err = e as AxiosError`, `const { upvote } = note`): the new names hold it too.
    const copied = copiedInto(node, ancestors);
    if (copied) {
      bindPattern(copied, alias.role, alias.region, aliases);
      return;
    }
    // `JSON.parse(body)`, `Issues.parse(body)`: the body handed back, read on from there.
    const parsed = handsBack(parent, node, alias.role);
    if (parent.type === 'CallExpression' && parent.callee !== node && (alias.role === 'body' || alias.role === 'element' || alias.role === 'response') && !parsed) {
      handedTo(parent, node, alias, ancestors, program, aliases, found);
      return;
    }
    if ((parent.type !== 'MemberExpression' || parent.object !== node) && !parsed) return;
    followMember(alias, node, ancestors, aliases, found, program);
  });
}

// Helpers that read fields named in a list or a path: lodash's and its kin's `pick(x, ['a', 'b'])`, `get(x, 'a')`.
const FIELD_PICKERS = new Set(['pick', 'get', 'at', 'has']);
// lodash's and underscore's functions that hand each item of the list they are given to a callback (or read a
// field of each, given its name: `_.map(branches, 'name')`); `reduce` hands the item second.
const LIST_ITERATEES = new Set(['map', 'filter', 'forEach', 'each', 'find', 'findLast', 'some', 'every', 'reject', 'partition', 'flatMap', 'sumBy', 'meanBy', 'minBy', 'maxBy', 'groupBy', 'countBy', 'keyBy', 'sortBy', 'orderBy', 'uniqBy', 'reduce']);
const LIST_LIBRARIES = new Set(['_', 'lodash', 'underscore']);

/**
 * A body or an item handed to a call: fields a picker names are read (`pick(mr, ['subscribed'])`); a function
 * of the program given it (`summarize(mr)`) holds it in its parameter.
 */
function handedTo(call: Node & { type: 'CallExpression' }, value: Node, alias: Alias, ancestors: readonly Node[], program: Node | undefined, aliases: Alias[], found: Found): void {
  const callee = unwrap(call.callee as Node);
  const index = call.arguments.indexOf(value as (typeof call.arguments)[number]);
  const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? propertyName(callee.property, callee.computed) : undefined;
  if (index === 0 && name && FIELD_PICKERS.has(name)) {
    const keys = call.arguments[1] && unwrap(call.arguments[1] as Node);
    for (const key of keys?.type === 'ArrayExpression' ? keys.elements : [keys]) {
      if (key?.type !== 'StringLiteral') continue;
      const path = key.value.split('.');
      // A response's body under its own name (`_.get(res, 'data.branch_name')`).
      if (alias.role === 'response' && (path[0] === 'data' || path[0] === 'body') && path.length > 1) found.reads.push({ path: path.slice(1), element: false, start: key.start!, end: key.end!, compared: [] });
      else if (alias.role !== 'response') found.reads.push({ path, element: alias.role === 'element', start: key.start!, end: key.end!, compared: [] });
    }
    return;
  }
  if (alias.role === 'response') return;
  // `_.sumBy(notes, (n) => n.upvote)`: each item of the body.
  if (index === 0 && alias.role === 'body' && name && LIST_ITERATEES.has(name) && callee.type === 'MemberExpression' && LIST_LIBRARIES.has(dotted(callee.object as Node) ?? '')) {
    const given = call.arguments[1] ? unwrap(call.arguments[1] as Node) : undefined;
    if (given?.type === 'StringLiteral') found.reads.push({ path: given.value.split('.'), element: true, start: given.start!, end: given.end!, compared: [] });
    const param = given && isFunction(given) ? given.params[name === 'reduce' ? 1 : 0] : undefined;
    if (param) bindPattern(param, 'element', (given as Node & { body: Node }).body, aliases);
    return;
  }
  // `setIssues(data)`: a React state's setter; the state holds the value.
  const state = callee.type === 'Identifier' && index === 0 ? stateOfSetter(callee.name, call, program) : undefined;
  if (state) {
    aliases.push({ ...state, role: alias.role });
    return;
  }
  const fn = callee.type === 'Identifier' && index >= 0 ? localFunction(callee.name, ancestors, program) : undefined;
  const param = fn?.params[index];
  if (fn && param && param.type !== 'RestElement') bindPattern(param.type === 'AssignmentPattern' ? param.left : param, alias.role, fn.body, aliases);
}

/**
 * The state a name sets, when it is a React state's setter declared in a block around a place (`const [issues,
 * setIssues] = useState([])`): the state's name, and the block it is read in.
 */
function stateOfSetter(name: string, at: Node, program: Node | undefined): { name: string; region: Node } | undefined {
  // The innermost block around the place that declares it (a handler's region may start below the blocks:
  // they are found from the program).
  let found: { name: string; region: Node } | undefined;
  for (const state of (program && statesOf(program).get(name)) ?? []) {
    const { region } = state;
    if (region.start! <= at.start! && at.end! <= region.end! && (!found || region.start! >= found.region.start!)) found = state;
  }
  return found;
}

/** A program's React states by their setter's name: the state's name and the block it is declared in. Worked out once per program. */
const statesOf = memoOn((program: Node) => {
  const out = new Map<string, { name: string; region: Node }[]>();
  for (const block of nodesOf(program)) {
    if (block.type !== 'BlockStatement') continue;
    for (const statement of block.body) {
      if (statement.type !== 'VariableDeclaration') continue;
      for (const d of statement.declarations) {
        const init = d.init && unwrap(d.init as Node);
        if (d.id.type !== 'ArrayPattern' || init?.type !== 'CallExpression') continue;
        const [state, setter] = d.id.elements;
        const hook = unwrap(init.callee as Node);
        const hookName = hook.type === 'Identifier' ? hook.name : hook.type === 'MemberExpression' ? propertyName(hook.property, hook.computed) : undefined;
        if (hookName !== 'useState' || setter?.type !== 'Identifier' || state?.type !== 'Identifier') continue;
        out.set(setter.name, [...(out.get(setter.name) ?? []), { name: state.name, region: block }]);
      }
    }
  }
  return out;
});

/**
 * A function declared under a name in a block around a place, nearest first, or at the top of the program
 * (`function summarize(mr) {…}`, `const f = (x) => …`).
 */
function localFunction(name: string, ancestors: readonly Node[], program: Node | undefined): (Node & { params: Node[]; body: Node }) | undefined {
  const blocks = program ? [program, ...ancestors] : ancestors;
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i]!;
    const body = block.type === 'Program' || block.type === 'BlockStatement' ? block.body : undefined;
    for (const statement of body ?? []) {
      const declared = statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
      if (declared.type === 'FunctionDeclaration' && declared.id?.name === name) return declared as Node & { params: Node[]; body: Node };
      if (declared.type !== 'VariableDeclaration') continue;
      for (const d of declared.declarations) {
        const init = d.init && unwrap(d.init as Node);
        if (d.id.type === 'Identifier' && d.id.name === name && init && isFunction(init)) return init;
      }
    }
  }
  return undefined;
}

/** `for (const e of body)`: the loop's name holds each item. */
function eachItem(loop: Node & { type: 'ForOfStatement' }, aliases: Alias[]): void {
  const decl = loop.left.type === 'VariableDeclaration' ? loop.left.declarations[0]?.id : loop.left;
  if (decl) bindPattern(decl, 'element', loop.body, aliases);
}

/** The written list a value is looked up in (`['issue', 'note'].includes(value)`): its elements. */
function listIncluding(value: Node, parent: Node | undefined): readonly (Node | null)[] | undefined {
  if (parent?.type !== 'CallExpression' || parent.arguments[0] !== value || parent.callee.type !== 'MemberExpression' || propertyName(parent.callee.property, parent.callee.computed) !== 'includes') return undefined;
  const list = unwrap(parent.callee.object);
  return list.type === 'ArrayExpression' ? list.elements : undefined;
}

/** The plain member chain after a name (`x.a.b`): its keys, the last node, and what holds it. */
function fieldChain(node: Node, ancestors: readonly Node[]): { path: string[]; end: Node; parent: Node | undefined } {
  const path: string[] = [];
  let end = node;
  let i = ancestors.length - 1;
  for (; i >= 0; i--) {
    const parent = ancestors[i]!;
    if ((parent.type !== 'MemberExpression' && parent.type !== 'OptionalMemberExpression') || parent.object !== end) break;
    const key = propertyName(parent.property, parent.computed);
    if (!key) break;
    path.push(key);
    end = parent;
  }
  return { path, end, parent: ancestors[i] };
}

/** From `name` at `node`, walk the member chain and classify what it reads. */
function followMember(alias: Alias, node: Node, ancestors: readonly Node[], aliases: Alias[], found: Found, program?: Node, startRole: Role = alias.role): void {
  let role = startRole;
  let path: string[] = [];
  let current: Node = node;
  let i = ancestors.length - 1;
  for (; i >= 0; i--) {
    const parent = ancestors[i]!;
    // `JSON.parse(body)`: a body handed over as text (request's callback without `json: true`, `await res.text()`,
    // an XMLHttpRequest's `responseText`) is read once parsed; `Issues.parse(body)`, `structuredClone(body)`: the
    // same body, handed back.
    if (path.length === 0 && handsBack(parent, current, role)) {
      current = parent;
      continue;
    }
    if (parent.type !== 'MemberExpression' && parent.type !== 'OptionalMemberExpression') break;
    if (parent.object !== current) break;
    const prop = propertyName(parent.property, parent.computed);
    const index = parent.computed && parent.property.type === 'NumericLiteral';
    current = parent;
    if (role === 'response' || role === 'error') {
      if (prop === 'response' && role === 'error') continue;
      // @actions/http-client: the response's `message` is Node's, with its status code.
      if (prop === 'message' && role === 'response') continue;
      // A status read by a getter: Playwright's `res.status()`, Apps Script's `res.getResponseCode()` (with an
      // argument, `res.status(404)` sets a server's status: no read).
      const getter = ancestors[i - 1];
      if (prop && STATUS_GETTERS.has(prop) && getter?.type === 'CallExpression' && getter.callee === parent && getter.arguments.length === 0) {
        statusCompare(getter, ancestors.slice(0, i - 1), found.statuses);
        return;
      }
      if (prop && STATUS.has(prop)) {
        statusCompare(parent, ancestors.slice(0, i), found.statuses);
        return;
      }
      // Cypress: `cy.request(…).its('status').should('eq', 422)`.
      if (prop === 'its' && getter?.type === 'CallExpression' && getter.callee === parent && isStatusText(getter.arguments[0] as Node | undefined)) {
        const should = chainedCall(getter, ancestors.slice(0, i - 1), 'should');
        const [assertion, value] = (should?.arguments ?? []) as Node[];
        if (assertion && value && isEqualityChainer(assertion)) {
          const check = statusCode(value);
          if (check) found.statuses.push(check);
        }
        return;
      }
      if ((prop === 'headers' || prop === 'header') && role === 'response') {
        const name = headerName(parent, ancestors.slice(0, i));
        if (name) found.headers.push(name);
        return;
      }
      if (prop === 'links' && role === 'response') {
        found.headers.push('link');
        return;
      }
      // The body of a response: axios's `data`, fetch-likes' `body`, jQuery's `responseJSON`, the `response` of
      // an XMLHttpRequest or an RxJS AjaxResponse, typed-rest-client's `result`.
      if (prop === 'data' || prop === 'body' || prop === 'responseJSON' || ((prop === 'response' || prop === 'result' || prop === 'responseText') && role === 'response')) {
        role = 'body';
        path = [];
        continue;
      }
      // Apps Script's `res.getContentText()`: the body's text, at once.
      if (prop && TEXT_GETTERS.has(prop) && role === 'response' && getter?.type === 'CallExpression' && getter.callee === parent) {
        role = 'body';
        path = [];
        current = getter;
        i--;
        continue;
      }
      // `await res.json()`: handled below, where the call's value is bound.
      if (prop && BODY_CALLS.has(prop) && role === 'response') continue;
      return;
    }
    if (index && role === 'body') {
      role = 'element';
      path = [];
      continue;
    }
    if (!prop) return;
    const next = ancestors[i - 1];
    if (role === 'body' && path.length === 0 && ITERATE.has(prop) && next?.type === 'CallExpression' && next.callee === parent) {
      const given = next.arguments[0] ? unwrap(next.arguments[0] as Node) : undefined;
      // An inline callback, or a function of the module given by name (`issues.filter(isOpen)`).
      const fn = given && (isFunction(given) ? given : given.type === 'Identifier' ? localFunction(given.name, ancestors, program) : undefined);
      const param = fn && (prop === 'reduce' ? fn.params[1] : fn.params[0]);
      if (fn && param) bindPattern(param, 'element', fn.body, aliases);
      // What some of them hand back is read on: the same list (`issues.filter(isOpen).filter(…)`, `.sort(…)`),
      // or one of its items (`.find(…)`).
      const hands = LIST_KEEPING.has(prop) ? 'body' : prop === 'find' ? 'element' : undefined;
      if (!hands) return;
      role = hands;
      current = next;
      i--;
      continue;
    }
    if (role === 'body' && path.length === 0 && SAME_ITEMS.has(prop) && next?.type === 'CallExpression' && next.callee === parent) {
      current = next;
      i--;
      continue;
    }
    path = [...path, prop];
  }
  // `const items = res.data` / `const data = await res.json()`: the new name carries the role on.
  const holder = ancestors[i];
  // `for (const e of res.data)`: each item.
  if (path.length === 0 && role === 'body' && holder?.type === 'ForOfStatement' && holder.right === current) {
    eachItem(holder, aliases);
    return;
  }
  // `setIssues(res.data)`, `summarize(res.body)`: the body handed to a function of the module.
  if (path.length === 0 && role !== alias.role && (role === 'body' || role === 'element') && holder?.type === 'CallExpression' && holder.callee !== current && holder.arguments.includes(current as never)) {
    handedTo(holder, current, { ...alias, role }, ancestors.slice(0, i + 1), program, aliases, found);
    return;
  }
  const held = path.length === 0 && (role !== alias.role || current.type === 'CallExpression') ? heldIn(holder, current) : undefined;
  if (held) {
    bindPattern(held, role, alias.region, aliases);
    return;
  }
  if ((role === 'response' || role === 'body') && path.length === 0 && i >= 1) {
    const call = ancestors[i];
    const awaited = ancestors[i - 1];
    if (call?.type === 'CallExpression' && current.type === 'MemberExpression' && BODY_CALLS.has(propertyName(current.property, current.computed) ?? '')) {
      // The awaited body, read from there on: bound to a name, parsed, or read in place (`(await res.json()).items`).
      if (awaited && isAwaited(awaited)) followMember(alias, awaited, ancestors.slice(0, i - 1), aliases, found, program, 'body');
      return;
    }
  }
  if (path.length > 0 && (role === 'body' || role === 'element')) {
    found.reads.push({ path, element: role === 'element', start: current.start!, end: current.end!, compared: stringCompares(current, ancestors[i]) });
  }
}

/**
 * A call that hands back, as a body (or an item) of the role `role`, the value it is given: `JSON.parse` a body
 * read as text, and the functions of SAME_VALUE_METHODS and SAME_VALUE_FUNCTIONS the value itself.
 */
function handsBack(call: Node, value: Node, role: Role): boolean {
  if (call.type !== 'CallExpression' || call.arguments[0] !== value) return false;
  if (isJsonParse(call, value)) return role === 'body';
  if ((role !== 'body' && role !== 'element') || call.arguments.length !== 1) return false;
  const callee = unwrap(call.callee as Node);
  const name = dotted(callee);
  if (name !== undefined && SAME_VALUE_FUNCTIONS.has(name)) return true;
  return callee.type === 'MemberExpression' && SAME_VALUE_METHODS.has(propertyName(callee.property, callee.computed) ?? '');
}

/** `headers.link`, `headers['x-next-page']`, `headers.get('Link')`. */
function headerName(headers: Node, ancestors: readonly Node[]): string | undefined {
  const parent = ancestors[ancestors.length - 1];
  if (parent?.type !== 'MemberExpression' || parent.object !== headers) return undefined;
  const prop = propertyName(parent.property, parent.computed);
  const call = ancestors[ancestors.length - 2];
  if (prop === 'get' && call?.type === 'CallExpression' && call.arguments[0]?.type === 'StringLiteral') return call.arguments[0].value.toLowerCase();
  return prop?.toLowerCase();
}

/** `read === 'x'`, `'x' !== read`, `switch (read) { case 'x': }`. */
function stringCompares(read: Node, parent: Node | undefined): StringCompare[] {
  const literal = (n: Node | null | undefined): StringCompare[] => {
    if (n?.type === 'StringLiteral') return [{ value: n.value, start: n.start!, end: n.end!, quote: (n.extra?.raw as string | undefined)?.[0] === '"' ? '"' : "'" }];
    if (n?.type === 'TemplateLiteral' && n.expressions.length === 0) return [{ value: n.quasis[0]!.value.cooked ?? '', start: n.start!, end: n.end!, quote: '`' }];
    return [];
  };
  if (parent?.type === 'BinaryExpression' && ['===', '==', '!==', '!='].includes(parent.operator)) return literal(parent.left === read ? parent.right : parent.left);
  if (parent?.type === 'SwitchStatement' && parent.discriminant === read) return parent.cases.flatMap((c) => literal(c.test));
  // `['issue', 'note'].includes(read)`
  return listIncluding(read, parent)?.flatMap((e) => literal(e)) ?? [];
}

/**
 * `status === 422`, `422 == status`, `switch (status) { case 422: }`, `[400, 422].includes(status)`; the code
 * written as a number or as a well-known constant (`StatusCodes.UNPROCESSABLE_ENTITY`, `HttpStatusCode.Conflict`).
 */
function statusCompare(status: Node, ancestors: readonly Node[], statuses: StatusCheck[]): void {
  const parent = ancestors[ancestors.length - 1];
  const add = (n: Node | null | undefined) => {
    const check = n && statusCode(n);
    if (check) statuses.push(check);
  };
  if (parent?.type === 'BinaryExpression' && ['===', '==', '!==', '!='].includes(parent.operator)) add(parent.left === status ? parent.right : parent.left);
  else if (parent?.type === 'SwitchStatement' && parent.discriminant === status) for (const c of parent.cases) add(c.test);
  else {
    const asserted = parent && assertedEqual(status, parent, ancestors);
    if (asserted) add(asserted);
    else for (const e of listIncluding(status, parent) ?? []) add(e);
  }
}

function isStatusText(node: Node | undefined): boolean {
  const n = node && unwrap(node);
  return n?.type === 'StringLiteral' && STATUS.has(n.value);
}

/** Chai's chainers that compare for equality, as Cypress writes them (`'eq'`, `'equal'`, `'deep.equal'`). */
function isEqualityChainer(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'StringLiteral' && /^(?:(?:deep|strict)\.)?(?:eq|equal|equals|eql)$/.test(n.value);
}

/** The call of `name` chained right on `call`'s result (`call.name(…)`). */
function chainedCall(call: Node, ancestors: readonly Node[], name: string): (Node & { type: 'CallExpression' }) | undefined {
  const member = ancestors[ancestors.length - 1];
  const next = ancestors[ancestors.length - 2];
  if (member?.type !== 'MemberExpression' || member.object !== call || propertyName(member.property, member.computed) !== name) return undefined;
  return next?.type === 'CallExpression' && next.callee === member ? next : undefined;
}

// Test assertions that compare two values: Node's assert, tap and ava (`assert.equal(a, b)`, `t.is(a, b)`),
// and the matchers after `expect(a)` (Jest's `toBe`, Chai's `.to.equal`) or `a.should` (should.js, Chai).
const ASSERT_EQUAL = new Set(['equal', 'equals', 'strictEqual', 'deepEqual', 'deepStrictEqual', 'notEqual', 'notStrictEqual', 'is', 'not', 'same', 'eq']);
const MATCH_EQUAL = new Set(['toBe', 'toEqual', 'toStrictEqual', 'equal', 'equals', 'eq', 'eql']);
const MATCH_WORDS = new Set(['to', 'be', 'been', 'is', 'that', 'and', 'has', 'have', 'with', 'deep', 'strict', 'not', 'should', 'which']);

/** The value a test assertion compares a status with: `assert.equal(status, 204)`, `expect(status).toBe(204)`, `status.should.equal(204)`. */
function assertedEqual(status: Node, parent: Node, ancestors: readonly Node[]): Node | undefined {
  if (parent.type === 'CallExpression') {
    const [a, b] = parent.arguments as Node[];
    const callee = parent.callee;
    if (callee.type === 'MemberExpression' && ASSERT_EQUAL.has(propertyName(callee.property, callee.computed) ?? '') && (a === status || b === status)) return a === status ? b : a;
    if (callee.type === 'Identifier' && callee.name === 'expect' && a === status) return matcherValue(parent, ancestors.slice(0, -1));
    return undefined;
  }
  if (parent.type === 'MemberExpression' && parent.object === status && propertyName(parent.property, parent.computed) === 'should') return matcherValue(parent, ancestors.slice(0, -1));
  return undefined;
}

/** From `expect(x)` or `x.should`, along `.to.be.…` to the matcher called: its argument. */
function matcherValue(start: Node, ancestors: readonly Node[]): Node | undefined {
  let current = start;
  for (let i = ancestors.length - 1; i >= 1; i--) {
    const member = ancestors[i]!;
    if (member.type !== 'MemberExpression' || member.object !== current) return undefined;
    const name = propertyName(member.property, member.computed) ?? '';
    const call = ancestors[i - 1]!;
    if (MATCH_EQUAL.has(name) && call.type === 'CallExpression' && call.callee === member) return call.arguments[0] as Node | undefined;
    if (!MATCH_WORDS.has(name)) return undefined;
    current = member;
  }
  return undefined;
}

/**
 * HTTP status codes by the names status-code libraries give them (http-status-codes' and NestJS's
 * `UNPROCESSABLE_ENTITY`, axios's and Angular's `UnprocessableEntity`): those the changes of v4 are about.
 */
const STATUS_NAMES: ReadonlyMap<number, string> = new Map([
  [200, 'OK'],
  [201, 'CREATED'],
  [202, 'ACCEPTED'],
  [204, 'NO_CONTENT'],
  [400, 'BAD_REQUEST'],
  [404, 'NOT_FOUND'],
  [409, 'CONFLICT'],
  [422, 'UNPROCESSABLE_ENTITY'],
]);
const STATUS_BY_NAME: ReadonlyMap<string, number> = new Map([...STATUS_NAMES].flatMap(([code, name]) => [[name, code], [pascal(name), code]] as [string, number][]));

function pascal(name: string): string {
  return name.toLowerCase().replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
}

/** A status code as written: a number, or a member named for one (rewritten as the same constant's other member). */
function statusCode(node: Node): StatusCheck | undefined {
  const n = unwrap(node);
  if (n.type === 'NumericLiteral') return { code: n.value, start: n.start!, end: n.end! };
  if (n.type !== 'MemberExpression' || n.computed || n.property.type !== 'Identifier') return undefined;
  const name = n.property.name;
  const code = STATUS_BY_NAME.get(name);
  if (code === undefined) return undefined;
  const screaming = name === name.toUpperCase();
  return {
    code,
    start: n.property.start!,
    end: n.property.end!,
    writeAs: (to) => {
      const other = STATUS_NAMES.get(to);
      return other === undefined ? undefined : screaming ? other : pascal(other);
    },
  };
}
