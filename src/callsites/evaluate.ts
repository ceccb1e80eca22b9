// The partial evaluator: turns a URL expression into pieces of known text and holes, following
// literals, templates, `+`, the values that reach a name (declarations, reassignments, branches), `this.x`,
// properties of visible objects, `a || b` / `c ? a : b` (several alternatives), printf/placeholder
// formats and URL joins. A parameter of the function around the expression becomes a parameter hole
// (what a wrapper's caller fills in).
import type { Node } from '@babel/types';
import type { Binding, ScopeInfo } from './scope.js';
import type { Entry, Flow, ObjectShape, Source } from './flow.js';
import type { HolePiece, LiteralRef, NumberSite, Piece } from './types.js';
import { convertedToText, isWrittenText, keysListed, propertyName, requiredModule, unwrap } from '../parse/walk.js';
import { capturesPath } from './captures.js';
import { changedThrough, functionBoundTo, heldValue, isFunction, isNewUrl, returnedValues } from './scope.js';

export interface EvalContext {
  source: string;
  scopes: ScopeInfo;
  flow: Flow;
  /** Type-aware mode: the string literal type of an expression the file alone cannot resolve. */
  typeValue?: (node: Node) => string | undefined;
  /** The package's dependencies by name, with their major version (some clients' default base depends on it). */
  dependencies?: ReadonlyMap<string, number>;
  /**
   * A value another module of the package exports (`name`, then the keys into it), evaluated there: its
   * pieces are foreign here (never edited from this file); `at` is where this file uses it.
   */
  importValue?: (module: string, name: string, keys: readonly string[], at: Node) => Piece[][] | undefined;
  /**
   * The function another module of the package exports, which a call here runs (`jobsOf(id)` of
   * `import { jobsOf } from './paths'`), with the context of its module: the value it returns is built there.
   */
  importedFunction?: (call: Node & { type: 'CallExpression' }) => { fn: Node & { params: Node[] }; ctx: EvalContext } | undefined;
  /**
   * A field a library base class sets (`this.onePath` of a restful-client resource, resource-bases.ts): its
   * text and the nodes the subclass handed the base constructor.
   */
  inheritedField?: (thisNode: Node, name: string) => (string | Node)[] | undefined;
  /** The options a client instance was made with, read through its settings member (`api.defaults`; client-of.ts). */
  settingsOf?: (made: Node, member: string) => Node | undefined;
}

/** How a piece was reached through names: the first name (kept as code when a URL is rebuilt) and the value expression it holds. */
interface Via {
  binding: Node;
  /** The innermost value expression (a declaration's or an assignment's) the piece is written in. */
  root: Node;
  /**
   * Reached through a call of a builder (`buildsUrl(id)` returning `base + '/projects/' + id + '/builds'`)
   * and no name: its literals are edited in place, as if written at the call (calls that disagree on an
   * edit are not fixed: match/run.ts `onePerPlace`), and findings point where the builder writes them.
   */
  inPlace?: true;
}

/** Alternatives are capped: past this many, the rest of the values are not followed. */
export const MAX_ALTERNATIVES = 8;
const MAX_DEPTH = 12;

/** Every value the expression may have (at least one), each as pieces; anything unknown is a hole. */
export function evaluateAll(node: Node, ctx: EvalContext): Piece[][] {
  if (nesting++ === 0) budget = STEP_BUDGET;
  try {
    return evalNode(node, ctx, 0, undefined);
  } finally {
    nesting--;
  }
}

/** The expression's first alternative. */
export function evaluate(node: Node, ctx: EvalContext): Piece[] {
  return evaluateAll(node, ctx)[0]!;
}

// Values of values fan out (a field appended to in several methods reaches each append through the
// others): one evaluation takes at most this many steps, past which what is left stays a hole.
const STEP_BUDGET = 4000;
let budget = STEP_BUDGET;
let nesting = 0;

function evalNode(raw: Node, ctx: EvalContext, depth: number, via: Via | undefined): Piece[][] {
  const node = unwrap(raw);
  if (depth > MAX_DEPTH) return [[hole(raw, ctx, via)]];
  switch (node.type) {
    case 'StringLiteral':
      return [[text(node.value, literalRef(node, node.value, ctx, via), 0)]];
    case 'TemplateLiteral': {
      let out: Piece[][] = [[]];
      node.quasis.forEach((quasi, i) => {
        const cooked = quasi.value.cooked ?? quasi.value.raw;
        if (cooked) out = product(out, [[text(cooked, literalRef(quasi, cooked, ctx, via), 0)]]);
        const expr = node.expressions[i];
        if (expr) out = product(out, evalNode(expr as Node, ctx, depth + 1, via));
      });
      return out;
    }
    case 'BinaryExpression':
      if (node.operator === '+' && node.left.type !== 'PrivateName') return evalConcatenation(raw, node, ctx, depth, via);
      return [[hole(raw, ctx, via)]];
    case 'ConditionalExpression':
      return union([evalNode(node.consequent, ctx, depth + 1, via), evalNode(node.alternate, ctx, depth + 1, via)]);
    case 'LogicalExpression':
      if (node.operator === '&&') return evalNode(node.right, ctx, depth + 1, via);
      return union([evalNode(node.left, ctx, depth + 1, via), evalNode(node.right, ctx, depth + 1, via)]);
    case 'Identifier': {
      const bound = ctx.scopes.bindingOf(node);
      if (!bound || ctx.flow.isThisAlias(bound)) return [typed(raw, ctx) ?? [hole(raw, ctx, via)]];
      return viaSources(raw, ctx.flow.reaching(bound, node), [], ctx, depth, via, node);
    }
    case 'MemberExpression':
    case 'OptionalMemberExpression':
      return evalMember(raw, node, ctx, depth, via);
    case 'CallExpression':
      return evalCall(node, ctx, depth, via) ?? [[hole(raw, ctx, via)]];
    case 'NewExpression': {
      const join = joiningOf(node, ctx);
      if (join) return join((n) => evalNode(n, ctx, depth + 1, via), via);
      // new URL(url): the URL itself
      if (node.callee.type === 'Identifier' && node.callee.name === 'URL' && node.arguments.length === 1) return evalNode(node.arguments[0] as Node, ctx, depth + 1, via);
      // new URLSearchParams('ref_name=' + ref): a query string written out is that text.
      const init = node.callee.type === 'Identifier' && node.callee.name === 'URLSearchParams' && node.arguments.length === 1 ? unwrap(node.arguments[0] as Node) : undefined;
      if (init && isWrittenText(init)) return evalNode(init, ctx, depth + 1, via);
      return [[hole(raw, ctx, via)]];
    }
    default:
      return [[hole(raw, ctx, via)]];
  }
}

/**
 * `a + b + c + …`: a chain of any length is one level deep, its operands evaluated in order (`+` nests to
 * the left, so a nesting limit would cut a long concatenation short).
 */
function evalConcatenation(raw: Node, node: Node & { type: 'BinaryExpression' }, ctx: EvalContext, depth: number, via: Via | undefined): Piece[][] {
  // The chain's sums, outermost first, each with the node as written (its parentheses) for its hole.
  const sums: { raw: Node; node: Node & { type: 'BinaryExpression' } }[] = [{ raw, node }];
  for (;;) {
    const left = sums[sums.length - 1]!.node.left as Node;
    const inner = unwrap(left);
    if (inner.type !== 'BinaryExpression' || inner.operator !== '+' || inner.left.type === 'PrivateName') break;
    sums.push({ raw: left, node: inner });
  }
  let value = evalNode(sums[sums.length - 1]!.node.left as Node, ctx, depth + 1, via);
  for (let i = sums.length - 1; i >= 0; i--) {
    const right = evalNode(sums[i]!.node.right, ctx, depth + 1, via);
    // `a + b` with no text on either side is arithmetic as far as we can tell: one hole (unless a
    // parameter is in it: `base + path` in a wrapper).
    value = !value.some(informative) && !right.some(informative) ? [[hole(sums[i]!.raw, ctx, via)]] : product(value, right);
  }
  return value;
}

function evalMember(raw: Node, node: Node & { type: 'MemberExpression' | 'OptionalMemberExpression' }, ctx: EvalContext, depth: number, via: Via | undefined): Piece[][] {
  const name = propertyName(node.property as Node, node.computed);
  const object = node.object as Node;
  if (name && ctx.flow.isThis(object)) {
    const values = ctx.flow.thisValues(object, name);
    if (values.length > 0) return viaSources(raw, values, [], ctx, depth, via, raw);
    const inherited = ctx.inheritedField?.(object, name);
    if (inherited) {
      // Written where the subclass hands them to the base, and shared by every method of the resource: kept
      // as `this.<name>` when the URL is rebuilt, never edited for one call.
      let out: Piece[][] = [[]];
      for (const part of inherited) out = product(out, typeof part === 'string' ? [[text(part, null, 0)]] : evalNode(part, ctx, depth + 1, { binding: via?.binding ?? raw, root: part }).map((alt) => alt.map(markSeveral)));
      return out;
    }
    return [typed(raw, ctx) ?? [hole(raw, ctx, via)]];
  }
  // `u.href` of a `new URL(…)`: the URL itself.
  if (name === 'href' && isUrlObject(object, ctx)) return evalNode(object, ctx, depth + 1, via);
  // `config.base` where config is a name whose object we see, or a parameter (a path into what the caller passes).
  if (name) {
    const path: string[] = [name];
    let root = unwrap(object);
    while ((root.type === 'MemberExpression' || root.type === 'OptionalMemberExpression') && !ctx.flow.isThis(root.object as Node)) {
      const inner = propertyName(root.property as Node, root.computed);
      if (!inner) break;
      path.unshift(inner);
      root = unwrap(root.object as Node);
    }
    if (root.type === 'Identifier') {
      const bound = ctx.scopes.bindingOf(root);
      if (bound && !ctx.flow.isThisAlias(bound)) return viaSources(raw, ctx.flow.reaching(bound, root), path, ctx, depth, via, raw);
    }
    const looked = lookedUp(root, path, ctx);
    if (looked) return tableValues(raw, looked, ctx, depth, via);
  }
  const looked = node.computed ? lookedUp(node, [], ctx) : undefined;
  if (looked) return tableValues(raw, looked, ctx, depth, via);
  return [typed(raw, ctx) ?? [hole(raw, ctx, via)]];
}

/** A constant table read with a key the code does not show: the table's name, and each entry's value at `path`. */
interface Lookup {
  table: Node;
  values: Node[];
}

/**
 * `TABLE[key].path` where TABLE is a name that only ever holds an object (or array) literal and `key` is not
 * known: the value is one of the entries' (`routes[event.target_type].api` of `{ Issue: { api: 'issues' },
 * MergeRequest: { api: 'merge_request' } }`). Only for small tables: past MAX_ALTERNATIVES entries it stays
 * unknown.
 */
function lookedUp(member: Node, path: readonly string[], ctx: EvalContext): Lookup | undefined {
  if ((member.type !== 'MemberExpression' && member.type !== 'OptionalMemberExpression') || !member.computed) return undefined;
  if (propertyName(member.property as Node, true) !== undefined) return undefined;
  const table = unwrap(member.object as Node);
  if (table.type !== 'Identifier') return undefined;
  const b = ctx.scopes.bindingOf(table);
  const held = b && heldValue(b);
  if (!held) return undefined;
  const literal = unwrap(held);
  const entries: Node[] = [];
  if (literal.type === 'ObjectExpression') {
    for (const p of literal.properties) {
      if (p.type !== 'ObjectProperty') return undefined;
      entries.push(p.value as Node);
    }
  } else if (literal.type === 'ArrayExpression') {
    for (const e of literal.elements) {
      if (!e || e.type === 'SpreadElement') return undefined;
      entries.push(e as Node);
    }
  } else return undefined;
  if (entries.length === 0 || entries.length > MAX_ALTERNATIVES) return undefined;
  const values = entries.flatMap((entry) => {
    const value = path.length === 0 ? entry : propertyValue(entry, path, ctx);
    return value ? [value] : [];
  });
  return values.length > 0 ? { table, values } : undefined;
}

function tableValues(raw: Node, looked: Lookup, ctx: EvalContext, depth: number, via: Via | undefined): Piece[][] {
  // Each entry is one of several values of the lookup: never kept as the code of the lookup in a rebuilt URL,
  // where it would stand for the others too; the entry's own literal is where its word is written.
  const all = union(looked.values.map((value) => evalNode(value, ctx, depth + 1, { binding: via?.binding ?? value, root: value }))).map((alt) => alt.map(markSeveral));
  return all.some(informative) ? all.slice(0, MAX_ALTERNATIVES) : [typed(raw, ctx) ?? [hole(raw, ctx, via)]];
}

/** The alternatives of the values that reach a name (then the keys `path` into each); the name as a hole where none is text. */
function viaSources(raw: Node, sources: readonly Source[], path: readonly string[], ctx: EvalContext, depth: number, via: Via | undefined, name: Node): Piece[][] {
  const alternatives: Piece[][][] = [];
  for (const source of sources) alternatives.push(evalSource(raw, source, path, ctx, depth, via?.binding ?? name));
  // Several values (several sources, or one that is a choice: `kind ? 'merge_request' : 'issues'`): the name
  // stands for all of them, so none may be rewritten through it.
  const joined = union(alternatives);
  const all = joined.length > 1 ? joined.map((alt) => alt.map(markSeveral)) : joined;
  // Text, or a parameter a wrapper's caller fills: worth keeping apart from the name itself.
  const withText = all.filter(informative);
  // The name is kept as code (`API + '/jobs'`) when the URL is rebuilt; the outermost name reached counts.
  const outer = via ?? (name === raw ? undefined : { binding: name, root: name });
  if (withText.length === 0) {
    // A parameter keeps its identity: a wrapper's caller fills it.
    const param = sources.length === 1 && sources[0]!.kind === 'param' ? sources[0]!.binding : undefined;
    return [typed(raw, ctx) ?? [hole(raw, ctx, outer, param ? { binding: param, path: [...param.path, ...path] } : undefined)]];
  }
  // Values with no text (a parameter, an unknown) stay one alternative: the name as a hole.
  const opaque = all.length > withText.length;
  return opaque ? [...withText, [hole(raw, ctx, outer, paramOf(sources, path))]].slice(0, MAX_ALTERNATIVES) : withText;
}

/** Text read through a name that holds several values. */
function markSeveral(piece: Piece): Piece {
  return piece.kind === 'text' && piece.literal?.viaBinding ? { ...piece, literal: { ...piece.literal, oneOfSeveral: true } } : piece;
}

/** Text of a template whose placeholders are filled by a function: never written out in place of the code that fills it. */
function markFilled(piece: Piece): Piece {
  if (piece.kind === 'hole') return { ...piece, filled: true };
  return piece.literal ? { ...piece, literal: { ...piece.literal, filled: true } } : piece;
}

function paramOf(sources: readonly Source[], path: readonly string[]): HolePiece['param'] {
  const param = sources.find((s) => s.kind === 'param');
  return param?.kind === 'param' ? { binding: param.binding, path: [...param.binding.path, ...path] } : undefined;
}

/** One value of a name, evaluated where it is written (its pieces remember that expression). */
function evalSource(raw: Node, source: Source, path: readonly string[], ctx: EvalContext, depth: number, binding: Node): Piece[][] {
  // `x += …` in a loop appends to every earlier value of x, its own included: depth and budget bound it.
  if (depth > MAX_DEPTH || --budget < 0) return [[hole(raw, ctx)]];
  switch (source.kind) {
    case 'value': {
      const keys = [...source.path, ...path];
      // `const { API } = require('./config')`, `config.api` of `const config = require('./config')`.
      const required = requiredExport(source.node, keys);
      if (required) return ctx.importValue?.(required.module, required.name, required.keys, raw) ?? [[hole(raw, ctx)]];
      if (keys.length === 0) return evalNode(source.node, ctx, depth + 1, { binding, root: source.node });
      // A property of an object we see (`const CONFIG = { base: '…' }; CONFIG.base`).
      const value = propertyValue(source.node, keys, ctx);
      if (value) return evalNode(value, ctx, depth + 1, { binding, root: value });
      // Taken apart from a parameter (`const { method } = options`): what the caller passes under those keys.
      const from = unwrap(source.node);
      const param = from.type === 'Identifier' ? ctx.scopes.bindingOf(from) : undefined;
      const passed = param?.kind === 'param' && param.writes.length === 0 ? { binding: param, path: [...param.path, ...keys] } : undefined;
      return [[hole(raw, ctx, undefined, passed)]];
    }
    case 'append': {
      const base = union(source.base.map((s) => evalSource(raw, s, [], ctx, depth + 1, binding)));
      return product(base, evalNode(source.add, ctx, depth + 1, { binding, root: source.add }));
    }
    case 'import': {
      const imported = source.binding.imported!;
      const [name, ...rest] = imported === '*' ? (path.length > 0 ? path : ['default']) : [imported, ...path];
      // Kept as the outermost name that reached it (`this.base` set from `environment.apiUrl`).
      return ctx.importValue?.(source.binding.module!, name!, rest, binding) ?? [[hole(raw, ctx)]];
    }
    default:
      return [[hole(raw, ctx)]];
  }
}

/** The value at `keys` inside an object expression (through names holding objects). */
function propertyValue(node: Node, keys: readonly string[], ctx: EvalContext): Node | undefined {
  let current: Node | undefined = node;
  for (const key of keys) {
    // A TypeScript enum's member: `Endpoint.Builds` of `enum Endpoint { Builds = '/projects/:id/builds' }`.
    if (current.type === 'TSEnumDeclaration') {
      const member: Node | undefined = (current.members as Node[]).find((m) => m.type === 'TSEnumMember' && propertyName(m.id as Node, false) === key);
      current = member?.type === 'TSEnumMember' ? (member.initializer ?? undefined) : undefined;
      if (!current) return undefined;
      continue;
    }
    // `api.defaults.baseURL` of `const api = axios.create({ baseURL })`: the options it was made with.
    const settings: Node | undefined = ctx.settingsOf?.(current, key);
    if (settings) {
      current = settings;
      continue;
    }
    const shape: ObjectShape | undefined = current && ctx.flow.objectShape(current, current);
    const entry: Entry | undefined = shape?.entries.find((e) => e.name === key);
    if (!entry) return undefined;
    current = entry.value;
  }
  return current;
}

function isUrlObject(node: Node, ctx: EvalContext): boolean {
  const n = unwrap(node);
  if (n.type === 'NewExpression') return isNewUrl(n);
  if (n.type !== 'Identifier') return false;
  const b = ctx.scopes.bindingOf(n);
  return b?.init !== undefined && isUrlObject(b.init, ctx);
}

/** Text known only from the type checker: not editable here, kept as its name when a URL is rebuilt. */
function typed(node: Node, ctx: EvalContext): Piece[] | undefined {
  const value = ctx.typeValue?.(node);
  if (value === undefined || value === '') return undefined;
  return [text(value, { node, value, offsets: null, quote: "'", viaBinding: true, bindingRef: node }, 0)];
}

const PLACEHOLDER_TARGET = /^(:[A-Za-z_]\w*|\{[A-Za-z_]\w*\})$/;

/** Format, join and replace calls whose result is a string built from their arguments. */
function evalCall(node: Node & { type: 'CallExpression' }, ctx: EvalContext, depth: number, via: Via | undefined): Piece[][] | undefined {
  const callee = unwrap(node.callee as Node);
  const args = node.arguments as Node[];
  const sub = (n: Node) => evalNode(n, ctx, depth + 1, via);
  const join = joiningOf(node, ctx);
  if (join) return join(sub, via);
  // A template engine's output: the template's text, its placeholders (`<%= id %>`, `{{ id }}`) text the engine
  // fills by name. A template compiled into a table or a name is edited in place, as a builder's text is, and
  // its findings point where it is written.
  const template = renderedTemplate(callee, args, ctx);
  if (template) return evalNode(template, ctx, depth + 1, via ?? { binding: callee, root: template, inPlace: true });
  // encodeURIComponent('app/' + 'models/user.rb'): text known in full is encoded, as the code will send it (made
  // up here, never edited: what is written is the argument).
  if (callee.type === 'Identifier' && callee.name === 'encodeURIComponent' && args.length === 1 && !ctx.scopes.bindingOf(callee)) {
    const inner = sub(args[0]!);
    if (inner.length === 1 && inner[0]!.every((p) => p.kind === 'text')) return [[text(encodeURIComponent(inner[0]!.map((p) => (p as Piece & { kind: 'text' }).text).join('')), null, 0)]];
  }
  if ((callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') && !callee.computed) {
    const prop = propertyName(callee.property as Node, false);
    const object = unwrap(callee.object as Node);
    // url.toString(), id.toString(): the value itself as text (a URL object's href, a parameter's value)
    if (prop === 'toString' && args.length === 0) return sub(object);
    // method.toUpperCase() of a parameter: still what the caller passes (a wrapper's method, in any case).
    if ((prop === 'toUpperCase' || prop === 'toLowerCase' || prop === 'trim') && args.length === 0) {
      const inner = sub(object);
      if (inner.every((alt) => alt.length === 1 && alt[0]!.kind === 'hole' && alt[0]!.param)) return inner;
    }
    // path.replace(/^\//, ''): a slash trimmed off the ends (got's prefixUrl wants none) leaves the same route.
    if (prop === 'replace' && args.length === 2 && isSlashTrim(unwrap(args[0]!), unwrap(args[1]!))) return sub(callee.object as Node);
    // route.replace(/:(\w+)/g, fill), template.replace(/\{(\w+)\}/g, …): every placeholder filled by a function;
    // the template stands for the route (a `:name` or `{name}` segment is a value, url.ts).
    if (prop === 'replace' && args.length === 2 && fillsPlaceholders(unwrap(args[0]!))) return sub(callee.object as Node).map((alt) => alt.map(markFilled));
    // base.concat('/projects/', id, '/builds'): a string's `concat` is its `+` (a list's is no text).
    if (prop === 'concat' && args.length > 0 && object.type !== 'ArrayExpression' && args.every((a) => a.type !== 'SpreadElement' && unwrap(a).type !== 'ArrayExpression')) {
      const parts = [object, ...args].map(sub);
      const texty = (alts: Piece[][]) => alts.length > 0 && alts.every((alt) => alt.some((p) => p.kind === 'text'));
      if (texty(parts[0]!) || parts.slice(1).some(texty)) return parts.slice(1).reduce(product, parts[0]!);
    }
    // '/projects/:id/builds'.replace(':id', id): a route template filled in.
    if (prop === 'replace' && args.length === 2 && unwrap(args[0]!).type === 'StringLiteral') {
      const target = (unwrap(args[0]!) as Node & { value: string }).value;
      const base = sub(callee.object as Node);
      if (target && base.some((a) => a.some((p) => p.kind === 'text' && p.text.includes(target)))) return replaceFirst(base, target, sub(args[1]!));
      // A placeholder filled in a template not seen here (a builder's parameter, `route.replace(':id', id)`): the
      // template, whose `:id` is a value of the route as it stands.
      if (PLACEHOLDER_TARGET.test(target)) return base;
    }
  }
  // String(x): x as text
  if (callee.type === 'Identifier' && callee.name === 'String' && args.length === 1 && !ctx.scopes.bindingOf(callee)) return sub(args[0]!);
  // ROUTES.get('jobs') of a Map written as a list of pairs: the value kept under that key.
  const kept = mapEntries(node, ctx);
  if (kept) return kept.values.length === 1 ? evalNode(kept.values[0]!, ctx, depth + 1, { binding: via?.binding ?? kept.values[0]!, root: kept.values[0]! }) : tableValues(node, kept, ctx, depth, via);
  // getBranchUrl(id): a function of this module that builds the value.
  const builder = ctx.flow.functionCalled(callee) ?? keptFunction(callee, ctx);
  if (builder) return returnedBy(builder as Node & { params: Node[] }, node, ctx, depth, via);
  // jobsOf(id) of `import { jobsOf } from './paths'`: built in that module, with this call's arguments.
  const imported = callee.type === 'Identifier' ? ctx.importedFunction?.(node) : undefined;
  if (imported) return returnedBy(imported.fn, node, ctx, depth, via, imported.ctx);
  // ROUTES.get('jobs')(id): a function kept in such a Map (each one's, for a key not shown).
  const builders = mapEntries(callee, ctx)?.values.map(unwrap).filter(isFunction);
  if (builders?.length) return union(builders.map((fn) => returnedBy(fn as Node & { params: Node[] }, node, ctx, depth, via) ?? [[hole(node, ctx)]])).map((alt) => (builders.length > 1 ? alt.map(markSeveral) : alt));
  // paths[which](data), ROUTES[kind](id): a small constant table of builders or compiled templates, read with a
  // key the code does not show: each entry's.
  const looked = lookedUp(callee, [], ctx);
  const called = looked?.values.map((value) => calledEntry(value, node, ctx, depth, via));
  if (called?.every((alts) => alts !== undefined)) return union(called as Piece[][][]).map((alt) => alt.map(markSeveral)).slice(0, MAX_ALTERNATIVES);
  // getPagedApiUrl(page, 100) of a function handed in: what the caller's function returns (wrappers.ts).
  const handed = callee.type === 'Identifier' ? ctx.scopes.bindingOf(callee) : undefined;
  if (handed?.kind === 'param' && handed.writes.length === 0) return [[{ ...hole(node, ctx, via, { binding: handed, path: handed.path }), calledWith: node }]];
  return undefined;
}

/** What an entry of a table (a function, or a template compiled by a template engine) makes called as `call`. */
function calledEntry(value: Node, call: Node & { type: 'CallExpression' }, ctx: EvalContext, depth: number, via: Via | undefined): Piece[][] | undefined {
  const v = unwrap(value);
  if (isFunction(v)) return returnedBy(v as Node & { params: Node[] }, call, ctx, depth, via);
  const template = v.type === 'CallExpression' && COMPILES.has(calleeName(unwrap(v.callee as Node)) ?? '') ? v.arguments[0] : undefined;
  return template && template.type !== 'SpreadElement' ? evalNode(template as Node, ctx, depth + 1, { binding: value, root: template as Node, inPlace: true }) : undefined;
}

/** What a function of the module returns called as `call` is, `call`'s arguments evaluated where it is written. */
export function returnedFor(fn: Node & { params: Node[] }, call: Node & { type: 'CallExpression' }, ctx: EvalContext): Piece[][] | undefined {
  return returnedBy(fn, call, ctx, 0, undefined);
}

const MAP_CHANGES: ReadonlySet<string> = new Set(['set', 'delete', 'clear']);

/**
 * `TABLE.get(key)` where TABLE only ever holds `new Map([[k, v], …])` with written keys, and nothing is set on it
 * later: the value under `key`, or every value (at most MAX_ALTERNATIVES) for a key the code does not show.
 */
function mapEntries(call: Node, ctx: EvalContext): Lookup | undefined {
  if (call.type !== 'CallExpression' || call.arguments.length !== 1) return undefined;
  const callee = unwrap(call.callee as Node);
  if (callee.type !== 'MemberExpression' || callee.computed || propertyName(callee.property as Node, false) !== 'get') return undefined;
  const table = unwrap(callee.object as Node);
  const b = table.type === 'Identifier' ? ctx.scopes.bindingOf(table) : undefined;
  const made = b && heldValue(b);
  const map = made && unwrap(made);
  if (map?.type !== 'NewExpression' || map.callee.type !== 'Identifier' || map.callee.name !== 'Map' || ctx.scopes.bindingOf(map.callee)) return undefined;
  const pairs = map.arguments[0] && unwrap(map.arguments[0] as Node);
  if (pairs?.type !== 'ArrayExpression' || pairs.elements.length === 0 || pairs.elements.length > MAX_ALTERNATIVES) return undefined;
  // A Map the code adds to (`ROUTES.set(k, v)`) holds more than it was made with.
  if (changedThrough(b!, MAP_CHANGES, ctx.scopes)) return undefined;
  const entries: [string, Node][] = [];
  for (const pair of pairs.elements) {
    const kv = pair && unwrap(pair as Node);
    if (kv?.type !== 'ArrayExpression' || kv.elements.length !== 2) return undefined;
    const key = kv.elements[0] && unwrap(kv.elements[0] as Node);
    const name = key && (key.type === 'StringLiteral' ? key.value : key.type === 'TemplateLiteral' && key.expressions.length === 0 ? key.quasis[0]!.value.cooked : undefined);
    if (name === undefined || name === null || !kv.elements[1] || kv.elements[1].type === 'SpreadElement') return undefined;
    entries.push([name, kv.elements[1] as Node]);
  }
  const asked = unwrap(call.arguments[0] as Node);
  const key = asked.type === 'StringLiteral' ? asked.value : undefined;
  const values = key === undefined ? entries.map(([, v]) => v) : entries.filter(([k]) => k === key).map(([, v]) => v);
  return values.length > 0 ? { table, values } : undefined;
}

/** A global regular expression that finds `:name` or `{name}` placeholders (`/:(\w+)/g`, `/\{(\w+)\}/g`). */
function fillsPlaceholders(pattern: Node): boolean {
  return pattern.type === 'RegExpLiteral' && pattern.flags.includes('g') && /^(?::|\\\{)/.test(pattern.pattern) && pattern.pattern.includes('(');
}

/** How a joining call evaluates, given how to evaluate its arguments. */
type Joining = (sub: (n: Node) => Piece[][], via: Via | undefined) => Piece[][];

/**
 * A call (or `new URL`) that joins a URL from its arguments: a format string filled in, an array joined,
 * `url.resolve`, `path.join`, url-join, `new URL(path, base)`. Such an expression is one URL wherever it is
 * written, inside a request or not; undefined for any other node.
 */
export function joiningOf(node: Node, ctx: EvalContext): Joining | undefined {
  // Asked of every call evaluated: the closures are made in helpers, so that a call joining nothing (most)
  // allocates nothing here.
  const args = (node.type === 'CallExpression' || node.type === 'NewExpression' ? node.arguments : []) as Node[];
  if (node.type === 'NewExpression') {
    // new URL(path, base); `new URL(url)` joins nothing: it is its argument (evalNode).
    if (node.callee.type !== 'Identifier' || node.callee.name !== 'URL' || args.length !== 2) return undefined;
    return joined([args[1]!, args[0]!], '/');
  }
  if (node.type !== 'CallExpression') return undefined;
  const callee = unwrap(node.callee as Node);
  // The dotted name only where its last word is one of those below: most calls are none, and each name is a new string.
  const word = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed ? propertyName(callee.property as Node, false) : undefined;
  const name = word === 'format' || word === 'sprintf' || word === 'vsprintf' || word === 'join' ? calleeName(callee) : undefined;
  // util.format('%s/api/v3/projects/%s', host, id), sprintf(...)
  // The format may be kept in a name or a module's constant (`util.format(PATHS.MR_NOTES, root, id, iid)`), and
  // sprintf-js names its placeholders after an object's keys (`sprintf('%(root)s/projects/%(id)s', { root, id })`).
  if ((name === 'util.format' || name === 'format' || name === 'sprintf' || name === 'vsprintf') && args[0] && args[0].type !== 'SpreadElement' && isFormatSource(name, callee, ctx)) {
    return formatted(args[0], /%\((\w+)\)[sdifjo]|%[sdifjo]/g, args.slice(1), node, ctx);
  }
  if ((callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') && !callee.computed) {
    const prop = propertyName(callee.property as Node, false);
    // A list kept in a name joined only here (`const parts = ['projects', id]; parts.join('/')`) is the list written.
    const object = prop === 'join' ? withoutEmpty(soleValue(callee.object as Node, ctx)) : unwrap(callee.object as Node);
    // '{0}/api/v3/projects/{1}'.format(host, id), the .NET-flavoured .Format and Ember's .fmt, on text the code writes
    // (`(GL + '/projects/{0}?private_token={1}').fmt(id, key)`)
    if ((prop === 'format' || prop === 'Format' || prop === 'fmt') && isWrittenText(object)) return formatted(object, /\{(\d+)\}/g, args, node, ctx);
    // [base, 'projects', id].join('/'), ['page=0', `after=${d}`].join('&'): an array of pieces joined
    if (prop === 'join' && object.type === 'ArrayExpression' && (args.length === 0 || args[0]?.type === 'StringLiteral')) {
      const sep = args.length === 0 ? ',' : (args[0] as Node & { value: string }).value;
      const list = joinedList(object.elements as (Node | null)[], sep, ctx);
      if (list) return list;
    }
    // [base, '/api/v3', path].concat(params ? ['?', qs.stringify(params)] : []).join(''): each list the
    // concatenation may make, joined.
    const lists = prop === 'join' && object.type === 'CallExpression' && (args.length === 0 || args[0]?.type === 'StringLiteral') ? concatenated(object) : undefined;
    if (lists) {
      const sep = args.length === 0 ? ',' : (args[0] as Node & { value: string }).value;
      return (sub) => union(lists.map((items) => joinAll(items.map(sub), sep))).slice(0, MAX_ALTERNATIVES);
    }
    // ids.map((n) => 'iid[]=' + n).join('&'): items all built one way, so one of them shows what the list sends;
    // but the entries of an object so written out are that object's keys (a query: serializedBags reads it).
    const built = prop === 'join' && args.length <= 1 && !keysListed(object) ? builtItem(object) : undefined;
    if (built) return oneOf(built);
    // url.resolve(base, 'api/v3/user')
    if (prop === 'resolve' && args.length === 2 && calleeObjectIs(object, ctx, ['url'])) return joined(args, '/');
    // url.format({ protocol, host, pathname, query }): Node's legacy URL object written out.
    const described = prop === 'format' && args.length === 1 && calleeObjectIs(object, ctx, ['url']) ? unwrap(args[0]!) : undefined;
    if (described?.type === 'ObjectExpression') return urlObjectText(described);
    // path.join / path.posix.join
    if (prop === 'join' && args.length >= 2 && (calleeObjectIs(object, ctx, ['path', 'path/posix']) || name === 'path.posix.join')) return joinedList(args, '/', ctx);
  }
  // urljoin(...)
  if (callee.type === 'Identifier' && args.length >= 2 && !functionBoundTo(callee, ctx.scopes)) {
    const source = importSource(callee, ctx);
    if (source === 'url-join' || source === 'urljoin' || source === 'proper-url-join' || /^url-?join$/i.test(callee.name)) return joinedList(args, '/', ctx);
  }
  return undefined;
}

/**
 * The lists a chain of `concat` on a written list may make (`[a, b].concat(c ? [d] : [], e)`): a written list
 * or one of a choice of them per argument, a value appended as one item. Undefined for anything else.
 */
function concatenated(node: Node): Node[][] | undefined {
  const n = unwrap(node);
  if (n.type === 'ArrayExpression') return n.elements.every((e) => e && e.type !== 'SpreadElement') ? [n.elements as Node[]] : undefined;
  if (n.type === 'ConditionalExpression') {
    const [yes, no] = [concatenated(n.consequent as Node), concatenated(n.alternate as Node)];
    return yes && no ? [...yes, ...no] : undefined;
  }
  if (n.type !== 'CallExpression' || n.callee.type !== 'MemberExpression' || propertyName(n.callee.property as Node, n.callee.computed) !== 'concat') return undefined;
  let lists = concatenated(n.callee.object as Node);
  for (const arg of n.arguments as Node[]) {
    if (!lists || arg.type === 'SpreadElement') return undefined;
    const a = unwrap(arg);
    const added = a.type === 'ArrayExpression' || a.type === 'ConditionalExpression' ? concatenated(a) : [[a]];
    lists = added && lists.flatMap((list) => added.map((more) => [...list, ...more])).slice(0, MAX_ALTERNATIVES);
  }
  return lists;
}

/**
 * Items joined with `sep` (a list's, or a joining call's arguments); a spread of the function's rest parameter
 * (`[base, ...segments].join('/')`, `path.posix.join(root, ...segments)`) stands for its callers' arguments
 * from there on, joined. Undefined when another spread hides what is joined.
 */
function joinedList(items: readonly (Node | null)[], sep: string, ctx: EvalContext): Joining | undefined {
  if (items.every((e) => e && e.type !== 'SpreadElement')) return joined(items as Node[], sep);
  const rests = items.map((e) => (e?.type === 'SpreadElement' ? restParam(e.argument as Node, ctx) : undefined));
  if (!items.every((e, i) => e && (e.type !== 'SpreadElement' || rests[i]))) return undefined;
  return (sub) => joinAll(items.map((e, i) => (rests[i] ? [[{ kind: 'hole', node: e!, code: ctx.source.slice(e!.start!, e!.end!), param: { binding: rests[i]!, path: [] }, rest: sep } satisfies HolePiece]] : sub(e!))), sep);
}

// Template engines: calls that render a template given first, and calls that compile one into a function.
const RENDERS = new Set(['Mustache.render', 'mustache.render', 'ejs.render', 'nunjucks.renderString', 'Handlebars.render']);
const COMPILES = new Set(['_.template', 'lodash.template', 'underscore.template', 'Handlebars.compile', 'handlebars.compile', 'Hogan.compile', 'template']);

/**
 * The template a template engine renders here: `Mustache.render(T, view)`, or a compiled one called
 * (`_.template(T)(data)`, also compiled into a name or an object's key first: `const url = _.template(T)`,
 * `routes.estimate(data)`).
 */
function renderedTemplate(callee: Node, args: readonly Node[], ctx: EvalContext): Node | undefined {
  const word = callee.type === 'MemberExpression' && !callee.computed ? propertyName(callee.property as Node, false) : undefined;
  if ((word === 'render' || word === 'renderString') && args[0] && args[0].type !== 'SpreadElement' && RENDERS.has(calleeName(callee) ?? '')) return args[0];
  const n = unwrap(callee.type === 'Identifier' || callee.type === 'MemberExpression' ? (keptValue(callee, ctx) ?? callee) : callee);
  if (n.type !== 'CallExpression' || !COMPILES.has(calleeName(unwrap(n.callee as Node)) ?? '')) return undefined;
  const template = n.arguments[0];
  return template && template.type !== 'SpreadElement' ? (template as Node) : undefined;
}

/** `PATHS.star(id)`: a function kept in an object we see (not `this`'s: its methods are `functionCalled`'s). */
function keptFunction(callee: Node, ctx: EvalContext): Node | undefined {
  if (callee.type !== 'MemberExpression' || ctx.flow.isThis(callee.object as Node)) return undefined;
  const value = keptValue(callee, ctx);
  const fn = value && unwrap(value);
  return fn && isFunction(fn) ? fn : undefined;
}

/** The value a name or an object's member holds for good (`const url = _.template(T)`, `ROUTES.keys` of an object we see). */
function keptValue(node: Node, ctx: EvalContext): Node | undefined {
  if (node.type === 'Identifier') {
    const b = ctx.scopes.bindingOf(node);
    return b && heldValue(b);
  }
  if (node.type !== 'MemberExpression' || node.computed) return undefined;
  const name = propertyName(node.property as Node, false);
  return name ? ctx.flow.objectShape(node.object as Node, node)?.entries.find((e) => e.name === name)?.value : undefined;
}

/** The rest parameter a spread list is (`...segments`, also mapped or filtered: `...segments.map(encodeURIComponent)`). */
function restParam(node: Node, ctx: EvalContext): Binding | undefined {
  let n = unwrap(node);
  while (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && ['map', 'filter'].includes(propertyName(n.callee.property as Node, n.callee.computed) ?? '')) n = unwrap(n.callee.object as Node);
  const b = n.type === 'Identifier' ? ctx.scopes.bindingOf(n) : undefined;
  return b?.kind === 'param' && b.index !== undefined && b.path.length === 1 && b.path[0] === '…' ? b : undefined;
}

/** A list with its empty items dropped (`[API, 'projects', id].filter(Boolean)`) is the list, for a URL. */
function withoutEmpty(node: Node): Node {
  if (node.type !== 'CallExpression' || node.arguments.length !== 1) return node;
  const callee = unwrap(node.callee as Node);
  const test = unwrap(node.arguments[0] as Node);
  const drops = test.type === 'Identifier' && test.name === 'Boolean';
  return callee.type === 'MemberExpression' && !callee.computed && propertyName(callee.property as Node, false) === 'filter' && drops ? unwrap(callee.object as Node) : node;
}

/** The values of these nodes joined with `sep`. */
function joined(nodes: readonly Node[], sep: string): Joining {
  return (sub) => joinAll(nodes.map(sub), sep);
}

/**
 * The text `url.format` makes of a URL object written inline: `protocol//host` (or `hostname:port`), then
 * `pathname` (or `path`), then `?` and `search` or the `query` object (whose keys are the query's params:
 * see serializedBags). A key the object does not write plainly makes it no URL this reads.
 */
function urlObjectText(object: Node & { type: 'ObjectExpression' }): Joining | undefined {
  const value = new Map<string, Node>();
  for (const p of object.properties) {
    const key = p.type === 'ObjectProperty' ? propertyName(p.key as Node, p.computed) : undefined;
    if (p.type !== 'ObjectProperty' || key === undefined) return undefined;
    value.set(key, p.value as Node);
  }
  const host = value.get('host') ?? value.get('hostname');
  const path = value.get('pathname') ?? value.get('path');
  if (!host || !path) return undefined;
  const protocol = value.get('protocol');
  const port = value.has('host') ? undefined : value.get('port');
  const query = value.get('search') ?? value.get('query');
  return (sub) => {
    const text = (t: string): Piece[][] => [[{ kind: 'text', text: t, literal: null, offset: 0 }]];
    // `protocol: 'https'` and `'https:'` both give `https://`.
    const scheme = protocol ? sub(protocol).map((alt) => alt.map((p) => (p.kind === 'text' ? { ...p, text: p.text.replace(/:?$/, ':') } : p))) : text('');
    const parts = [scheme, text('//'), sub(host), ...(port ? [text(':'), sub(port)] : []), sub(path), ...(query ? [text('?'), sub(query)] : [])];
    return joinAll(parts, '');
  };
}

/** The values of one node standing for the whole (one item of a list built one way). */
function oneOf(item: Node): Joining {
  return (sub) => sub(item);
}

/** A format string filled with its arguments. */
function formatted(fmt: Node, placeholder: RegExp, args: Node[], at: Node, ctx: EvalContext): Joining {
  return (sub) => fillFormat(sub(fmt), placeholder, args, at, ctx, sub);
}

/** The one value an inline function given to `list.map(…)` returns for each item (its parameter a hole). */
function builtItem(node: Node): Node | undefined {
  if (node.type !== 'CallExpression' || node.arguments.length !== 1) return undefined;
  const callee = unwrap(node.callee as Node);
  if (callee.type !== 'MemberExpression' || callee.computed || propertyName(callee.property as Node, false) !== 'map') return undefined;
  const fn = unwrap(node.arguments[0] as Node);
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') return undefined;
  const returned = returnedValues(fn);
  return returned.length === 1 ? returned[0] : undefined;
}

/**
 * Where a value is written: for a name read only here, never reassigned and declared with a value, that value
 * (`const url = base + '/projects'; fetch(url)`: the URL is written, and edited, where the name is declared).
 */
export function soleValue(node: Node, ctx: EvalContext): Node {
  const n = unwrap(node);
  // Read as text (`url.toString()`, `url.href`, `${url}`), it is still the one read of the name.
  const read = unwrap(convertedToText(n, true));
  if (read.type !== 'Identifier') return n;
  const b = ctx.scopes.bindingOf(read);
  // A URL object's own query edits (`url.searchParams.set(…)`) build the same request: they are no other use.
  const followed = b && b.reads.every((r) => r === read || editsSearchParams(r, ctx)) && b.writes.length === 0 && b.init && b.path.length === 0 && b.kind !== 'param' && b.kind !== 'import' && b.kind !== 'loop' && !ctx.flow.isThisAlias(b);
  return followed ? unwrap(b.init!) : n;
}

/** `read.searchParams.set(…)` (`append`, `delete`): a read that edits the query of the URL object it names. */
function editsSearchParams(read: Node, ctx: EvalContext): boolean {
  const member = ctx.scopes.parentOf(read);
  const method = member && ctx.scopes.parentOf(member);
  const call = method && ctx.scopes.parentOf(method);
  return (
    member?.type === 'MemberExpression' && member.object === read && propertyName(member.property as Node, member.computed) === 'searchParams' &&
    method?.type === 'MemberExpression' && method.object === member && ['set', 'append', 'delete'].includes(propertyName(method.property as Node, method.computed) ?? '') &&
    call?.type === 'CallExpression' && call.callee === method
  );
}

/** `/^\//`, `/\/+$/`, `/^\/|\/$/g` replaced by '': only slashes at the ends of the text go. */
function isSlashTrim(pattern: Node, replacement: Node): boolean {
  if (pattern.type !== 'RegExpLiteral' || replacement.type !== 'StringLiteral' || replacement.value !== '') return false;
  return pattern.pattern.split('|').every((alt) => /^(?:\^\\\/[+*]?|\\\/[+*]?\$)$/.test(alt));
}

// Builders being evaluated: a builder that calls itself (a pager) is a hole there.
const building = new Set<Node>();
const MAX_RETURNS = 4;


/**
 * What a builder returns for this call: each returned expression, evaluated where it is written (its
 * literals are edited there), with the call's arguments in place of the builder's own parameters.
 */
function returnedBy(fn: Node & { params: Node[] }, call: Node & { arguments: Node[] }, ctx: EvalContext, depth: number, via: Via | undefined, fnCtx: EvalContext = ctx): Piece[][] | undefined {
  const returned = returnedValues(fn);
  if (returned.length === 0 || returned.length > MAX_RETURNS || building.has(fn)) return undefined;
  building.add(fn);
  try {
    const out: Piece[][] = [];
    for (const value of returned) {
      const inner: Via = via && !via.inPlace ? { binding: via.binding, root: value } : { binding: call, root: value, inPlace: true };
      for (const written of evalNode(value, fnCtx, depth + 1, inner)) {
        // Built in another module: its text is read there, never edited from here, and stands at the call.
        const alt = fnCtx === ctx ? written : written.map((piece) => (piece.kind === 'hole' && piece.param?.binding.fn === fn ? piece : foreignAt(piece, call, ctx)));
        let filled: Piece[][] = [[]];
        for (const piece of alt) {
          // (A call of a function parameter, `f(1)`, is not that parameter's value.)
          const index = piece.kind === 'hole' && piece.param?.binding.fn === fn && piece.param.path.length === 0 && !piece.calledWith ? piece.param.binding.index : undefined;
          if (piece.kind === 'hole' && piece.rest !== undefined && index !== undefined) {
            filled = product(filled, restArguments(call.arguments as Node[], index, piece.rest, call, (n) => evalNode(n, ctx, depth + 1, via)));
            continue;
          }
          const arg = index === undefined ? undefined : call.arguments[index];
          // A parameter written out inside the builder (`Object.entries(params)…join('&')`) is this call's
          // argument written out: the call stands there, so that what it is given is seen (serializedBags).
          const writer = piece.kind === 'hole' && index === undefined ? unwrap(piece.node) : undefined;
          const writtenOut = (writer?.type === 'CallExpression' || writer?.type === 'NewExpression') && fnCtx.flow.objectShape(writer, writer)?.param;
          const writesOut = writtenOut && writtenOut.binding.fn === fn && writtenOut.path.length === 0;
          const value = writesOut ? [[hole(call, ctx)]] : arg && arg.type !== 'SpreadElement' ? evalNode(arg, ctx, depth + 1, via) : [[piece]];
          filled = product(filled, piece.kind === 'hole' && piece.filled ? value.map((v) => v.map(markFilled)) : value);
        }
        out.push(...filled);
      }
    }
    return out.slice(0, MAX_ALTERNATIVES);
  } finally {
    building.delete(fn);
  }
}

/**
 * A piece of another module's value, as this file sees it: reached through `at` (the name or call that reaches
 * it, kept as code when the URL is rebuilt), never edited here.
 */
export function foreignAt(piece: Piece, at: Node, ctx: EvalContext): Piece {
  if (piece.kind === 'text') return { kind: 'text', text: piece.text, literal: { node: at, value: piece.text, offsets: null, quote: "'", viaBinding: true, bindingRef: at }, offset: 0 };
  return { kind: 'hole', node: at, code: ctx.source.slice(at.start!, at.end!), bindingRef: at, ...(piece.placeholder ? { placeholder: piece.placeholder } : {}) };
}

/**
 * A call's arguments from `index` on, joined with `sep` (what a rest parameter joined receives); a spread one
 * (or one not known: undefined) leaves them unknown.
 */
export function restArguments(args: readonly (Node | undefined)[], index: number, sep: string, at: Node, value: (n: Node) => Piece[][]): Piece[][] {
  const rest = args.slice(index);
  if (rest.some((a) => a === undefined || a.type === 'SpreadElement')) return [[{ kind: 'hole', node: at, code: '…', placeholder: '…' }]];
  return joinAll((rest as Node[]).map(value), sep);
}

function importSource(node: Node, ctx: EvalContext): string | undefined {
  if (node.type !== 'Identifier') return undefined;
  const b = ctx.scopes.bindingOf(node);
  if (!b) return undefined;
  if (b.kind === 'import') return b.module;
  const init = b.init && unwrap(b.init);
  return init ? requireSource(init) : undefined;
}

/**
 * What a value taken from `require('x')` (or `require('x').name`) with these keys reads of that module: the
 * export's name (`default` when none) and the keys into it.
 */
export function requiredExport(node: Node, keys: readonly string[]): { module: string; name: string; keys: readonly string[] } | undefined {
  const module = requireSource(unwrap(node));
  if (module === undefined) return undefined;
  const inner = unwrap(node);
  const member = inner.type === 'MemberExpression' ? propertyName(inner.property as Node, inner.computed) : undefined;
  const [name, ...rest] = member && member !== 'default' ? [member, ...keys] : keys.length > 0 ? keys : ['default'];
  return { module, name: name!, keys: rest };
}

/** `require('x')` (or `require('x').default`, `require('x').name`) → 'x'. */
export function requireSource(node: Node): string | undefined {
  return requiredModule(node.type === 'MemberExpression' ? unwrap(node.object as Node) : node);
}


function isFormatSource(name: string, callee: Node, ctx: EvalContext): boolean {
  if (name === 'util.format' || name === 'sprintf' || name === 'vsprintf') return true;
  const source = importSource(callee, ctx);
  return source === 'util' || source === 'node:util';
}

function calleeObjectIs(object: Node, ctx: EvalContext, modules: string[]): boolean {
  if (object.type !== 'Identifier') return false;
  const source = importSource(object, ctx);
  if (source) return modules.includes(source.replace(/^node:/, ''));
  return modules.includes(object.name);
}

function calleeName(callee: Node): string | undefined {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed) {
    const object = calleeName(unwrap(callee.object as Node));
    const prop = propertyName(callee.property as Node, false);
    return object && prop ? `${object}.${prop}` : undefined;
  }
  return undefined;
}

/**
 * A format's values with its placeholders filled: `%s` (and `{0}`) by the arguments in turn (or by number), a
 * named one (`%(id)s`) by that key of the object argument; an argument not given leaves the placeholder as a
 * hole. The format's own text keeps where it is written, wherever that is (a constant of another module too).
 */
function fillFormat(formats: Piece[][], placeholder: RegExp, args: Node[], at: Node, ctx: EvalContext, sub: (n: Node) => Piece[][]): Piece[][] {
  let named: ObjectShape | null | undefined;
  const argOf = (m: RegExpMatchArray, next: number): Node | undefined => {
    if (m[1] === undefined) return args[next];
    if (/^\d+$/.test(m[1])) return args[Number(m[1])];
    named ??= (args[0] && args[0].type !== 'SpreadElement' && ctx.flow.objectShape(args[0], at)) || null;
    return named?.entries.find((e) => e.name === m[1])?.value;
  };
  const out: Piece[][] = [];
  for (const format of formats) {
    let filled: Piece[][] = [[]];
    let next = 0;
    for (const piece of format) {
      if (piece.kind !== 'text') {
        filled = product(filled, [[piece]]);
        continue;
      }
      let last = 0;
      for (const m of piece.text.matchAll(placeholder)) {
        if (m.index > last) filled = product(filled, [[{ ...piece, text: piece.text.slice(last, m.index), offset: piece.offset + last }]]);
        const arg = argOf(m, next);
        if (m[1] === undefined) next++;
        filled = product(filled, arg ? sub(arg) : [[{ kind: 'hole', node: piece.literal?.node ?? at, code: m[0], placeholder: m[0] } satisfies HolePiece]]);
        last = m.index + m[0].length;
      }
      if (last < piece.text.length) filled = product(filled, [[last === 0 ? piece : { ...piece, text: piece.text.slice(last), offset: piece.offset + last }]]);
    }
    out.push(...filled);
  }
  return out.slice(0, MAX_ALTERNATIVES);
}

/** Replace the first occurrence of `target` inside a text piece with the replacement's pieces. */
function replaceFirst(base: Piece[][], target: string, replacement: Piece[][]): Piece[][] {
  const out: Piece[][] = [];
  for (const alt of base) {
    const i = alt.findIndex((p) => p.kind === 'text' && p.text.includes(target));
    if (i === -1) {
      out.push(alt);
      continue;
    }
    const piece = alt[i] as Piece & { kind: 'text' };
    const at = piece.text.indexOf(target);
    const before: Piece[] = at > 0 ? [{ ...piece, text: piece.text.slice(0, at) }] : [];
    const after: Piece[] = at + target.length < piece.text.length ? [{ ...piece, text: piece.text.slice(at + target.length), offset: piece.offset + at + target.length }] : [];
    for (const r of replacement) out.push([...alt.slice(0, i), ...before, ...r, ...after, ...alt.slice(i + 1)]);
  }
  return out.slice(0, MAX_ALTERNATIVES);
}

/** Join evaluated parts with `sep`, adding the separator only where neither side has it. */
function joinAll(parts: Piece[][][], sep: string): Piece[][] {
  let out: Piece[][] = [[]];
  for (const part of parts) {
    const next: Piece[][] = [];
    for (const left of out) {
      for (const right of part) {
        if (next.length >= MAX_ALTERNATIVES) break;
        next.push(joinTwo(left, right, sep));
      }
    }
    out = next;
  }
  return out;
}

/** Two pieces with a separator between them; a path's `/` is not doubled where one side has it already. */
function joinTwo(left: Piece[], right: Piece[], sep: string): Piece[] {
  if (right.length === 0) return left;
  if (left.length === 0) return right;
  if (sep !== '/') return [...left, { kind: 'text', text: sep, literal: null, offset: 0 }, ...right];
  const prev = left[left.length - 1]!;
  const first = right[0]!;
  const prevEnds = prev.kind === 'text' && prev.text.endsWith(sep);
  const nextStarts = first.kind === 'text' && first.text.startsWith(sep);
  return !prevEnds && !nextStarts ? [...left, { kind: 'text', text: sep, literal: null, offset: 0 }, ...right] : [...left, ...right];
}

/** Every combination of an alternative of `a` followed by one of `b` (capped). */
function product(a: Piece[][], b: Piece[][]): Piece[][] {
  if (b.length === 1) return a.map((x) => [...x, ...b[0]!]);
  const out: Piece[][] = [];
  for (const x of a) {
    for (const y of b) {
      if (out.length >= MAX_ALTERNATIVES) return out;
      out.push([...x, ...y]);
    }
  }
  return out;
}

/** The alternatives of several expressions together, without repeats (capped). */
function union(groups: Piece[][][]): Piece[][] {
  const out: Piece[][] = [];
  const seen = new Set<string>();
  for (const group of groups) {
    for (const alt of group) {
      const key = alt.map((p) => (p.kind === 'text' ? `t${p.text}` : `h${p.node?.start}`)).join('\u0000');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(alt);
      if (out.length >= MAX_ALTERNATIVES) return out;
    }
  }
  return out.length > 0 ? out : [[]];
}

/** Pieces with text, or with a parameter a wrapper's caller fills. */
function informative(alternative: readonly Piece[]): boolean {
  return alternative.some((p) => p.kind === 'text' || (p.kind === 'hole' && p.param !== undefined));
}

function text(value: string, literal: LiteralRef | null, offset: number): Piece {
  return { kind: 'text', text: value, literal, offset };
}

function hole(node: Node, ctx: EvalContext, via?: Via, param?: HolePiece['param']): HolePiece {
  const initial = initialNumber(node, ctx);
  const returns = returnedCode(node, ctx);
  const slashed = capturesPath(node, ctx.scopes);
  return { kind: 'hole', node, code: ctx.source.slice(node.start!, node.end!), bindingRef: via?.binding, ...(initial ? { initial } : {}), ...(returns ? { returns } : {}), ...(param ? { param } : {}), ...(slashed ? { slashed } : {}) };
}

/**
 * What a call of a function written in this module returns, as code, when it returns one value: rules that
 * judge a value by how it is made (`day(since)`, where `const day = (d) => d.toISOString()`) see through it.
 */
export function returnedCode(node: Node, ctx: Pick<EvalContext, 'scopes' | 'source'>): string | undefined {
  const n = unwrap(node);
  if (n.type !== 'CallExpression' || n.callee.type !== 'Identifier') return undefined;
  const fn = functionBoundTo(n.callee, ctx.scopes);
  const values = fn ? returnedValues(fn) : [];
  return values.length === 1 ? ctx.source.slice(values[0]!.start!, values[0]!.end!) : undefined;
}

/**
 * A counter's first value: the number a `let`/`var` is declared with, even if it changes later; or, for a
 * parameter of a function that calls itself with the next value (a pager: `const page = (n) => get(n).then(() =>
 * page(n + 1)); page(0)`), the number its one call from outside passes, or its default when no call here passes one.
 */
export function initialNumber(node: Node, ctx: Pick<EvalContext, 'scopes'>): NumberSite | undefined {
  // String(page), page.toString(), `${page}`: the counter as text is still the counter.
  let n = unwrap(convertedToText(node));
  // `page || 0`, `page ?? 0`: the value when none is given.
  if (n.type === 'LogicalExpression' && (n.operator === '||' || n.operator === '??')) return numberSite(unwrap(n.right));
  // `page=${page++}`: the counter's value before it steps.
  if (n.type === 'UpdateExpression' && !n.prefix) n = unwrap(n.argument as Node);
  if (n.type !== 'Identifier') return undefined;
  const b = ctx.scopes.bindingOf(n);
  if (!b || b.path.length > 0) return undefined;
  // A parameter: what a pager's first call passes, else its default (`function commits(id, page = 0)`).
  const init = b.kind === 'param' ? (firstCallArgument(b, ctx.scopes) ?? (b.fallback && unwrap(b.fallback))) : b.init && unwrap(b.init);
  return init && numberSite(init);
}

/** A number as written: a number literal, or a string of digits (`let next = '0'`, later set from a header): its digits. */
function numberSite(n: Node): NumberSite | undefined {
  if (n.type === 'NumericLiteral') return { value: n.value, start: n.start!, end: n.end! };
  return n.type === 'StringLiteral' && /^\d+$/.test(n.value) ? { value: Number(n.value), start: n.start! + 1, end: n.end! - 1 } : undefined;
}

/** What the one call from outside a recursive function passes for its parameter `b`; undefined unless the function also calls itself. */
function firstCallArgument(b: Binding, scopes: ScopeInfo): Node | undefined {
  const fn = b.fn;
  if (!fn || b.index === undefined || b.writes.length > 0) return undefined;
  const holder = scopes.parentOf(fn);
  const id = fn.type === 'FunctionDeclaration' ? fn.id : holder?.type === 'VariableDeclarator' && holder.init === fn ? holder.id : undefined;
  const name = id ? scopes.bindingOf(id) : undefined;
  if (!name || name.writes.length > 0) return undefined;
  const inside = (node: Node) => node.start! >= fn.start! && node.end! <= fn.end!;
  const calls = name.reads.flatMap((read) => {
    const call = scopes.parentOf(read);
    return call?.type === 'CallExpression' && call.callee === read ? [call] : [];
  });
  const outside = calls.filter((c) => !inside(c));
  if (outside.length > 1 || !calls.some(inside)) return undefined;
  // Called without it (or only from other modules), the parameter starts at its default (`function pager(page = 0)`).
  const arg = outside[0]?.arguments[b.index] as Node | undefined;
  return arg ? unwrap(arg) : b.fallback && unwrap(b.fallback);
}

function literalRef(node: Node, value: string, ctx: EvalContext, via: Via | undefined): LiteralRef {
  let offsets: number[] | null = null;
  let quote: LiteralRef['quote'] = '`';
  if (node.type === 'StringLiteral') {
    const raw = ctx.source.slice(node.start!, node.end!);
    quote = raw[0] === '"' ? '"' : "'";
    offsets = cookedOffsets(raw.slice(1, -1), node.start! + 1, value);
  } else if (node.type === 'TemplateElement') {
    offsets = cookedOffsets(node.value.raw, node.start!, value);
  }
  const viaBinding = via !== undefined && !via.inPlace;
  return { node, value, offsets, quote, viaBinding, bindingRef: viaBinding ? via.binding : undefined, ...(via ? { root: via.root } : {}) };
}

/**
 * Map each cooked character of a literal to its source offset, stepping over escape sequences, so an
 * edit inside `'a\u0041b'` touches only what changed. Null when the raw text does not cook to `value`.
 */
export function cookedOffsets(raw: string, start: number, value: string): number[] | null {
  const out: number[] = [];
  let i = 0;
  while (i < raw.length) {
    if (raw[i] !== '\\') {
      out.push(start + i);
      i++;
      continue;
    }
    const next = raw[i + 1];
    let len = 2;
    let units = 1;
    if (next === 'x') len = 4;
    else if (next === 'u' && raw[i + 2] === '{') {
      const close = raw.indexOf('}', i);
      if (close === -1) return null;
      len = close - i + 1;
      units = parseInt(raw.slice(i + 3, close), 16) > 0xffff ? 2 : 1;
    } else if (next === 'u') len = 6;
    else if (next === '\r' && raw[i + 2] === '\n') [len, units] = [3, 0];
    else if (next === '\n' || next === '\r' || next === '\u2028' || next === '\u2029') units = 0;
    else if (next !== undefined && /[0-7]/.test(next) && !(next === '0' && !/[0-9]/.test(raw[i + 2] ?? ''))) return null;
    for (let u = 0; u < units; u++) out.push(start + i);
    i += len;
  }
  out.push(start + raw.length);
  return out.length === value.length + 1 ? out : null;
}
