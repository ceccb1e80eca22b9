// Parameters of a request: the entries of its params, body and query objects, and the query string of its
// URL, each with its value and where it is written (so a rewrite can rename, change or remove it).
import type { Node } from '@babel/types';
import { nodesOf, propertyName, unwrap } from '../parse/walk.js';
import { returnedValues } from './scope.js';
import { initialNumber, returnedCode, type EvalContext } from './evaluate.js';
import { withWrites, type ObjectShape } from './flow.js';
import type { Hole } from './marked.js';
import { queryEntries, splitUrl } from './url.js';
import type { ParamRef, ParamValue, Piece } from './types.js';

function paramValue(node: Node, ctx: EvalContext): ParamValue {
  const n = unwrap(node);
  const code = ctx.source.slice(node.start!, node.end!);
  switch (n.type) {
    case 'Identifier':
    case 'CallExpression':
    case 'LogicalExpression':
      return counter(n, code, ctx);
    case 'StringLiteral':
      return { kind: 'string', literal: n.value, code };
    case 'TemplateLiteral':
      if (n.expressions.length === 0) return { kind: 'string', literal: n.quasis[0]!.value.cooked ?? '', code };
      return counter(n, code, ctx);
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

/** An expression, with the number it starts from when it is a counter (`page`, `String(page)`), and what it returns when it calls a function of the module. */
function counter(n: Node, code: string, ctx: EvalContext): ParamValue {
  const initial = initialNumber(n, ctx);
  const returns = returnedCode(n, ctx);
  return { kind: 'expression', code, ...(initial ? { initial } : {}), ...(returns ? { returns } : {}) };
}

/** The params of objects (a params, body or query object), each where it is written. */
export function objectParams(bags: readonly ObjectShape[], ctx: EvalContext): ParamRef[] {
  const out: ParamRef[] = [];
  for (const bag of bags) {
    for (const entry of bag.entries) {
      const site: ParamRef['site'] =
        entry.site.kind === 'property' ? { kind: 'property', property: entry.site.property, object: entry.site.object, editable: entry.site.editable && bag.editable } : { kind: 'written', node: entry.site.node };
      out.push({ name: entry.name, where: 'object', value: paramValue(entry.value, ctx), site });
    }
  }
  return out;
}

// A query value a route template fills in (`labels=:labels` of `$resource`, `labels={labels}`): not known here.
const TEMPLATE_VALUE = /^(?::[A-Za-z_$][\w$]*|\{[A-Za-z_$][\w$]*\})$/;

/** Query-string parameters written in the URL itself. */
export function queryParams(marked: string, holes: readonly Hole[]): ParamRef[] {
  const url = splitUrl(marked);
  return queryEntries(url).map((q) => {
    const single = q.value.length === 1 ? holes[q.value.charCodeAt(0) - 0xe000] : undefined;
    const value: ParamValue = single
      ? { kind: 'expression', code: single.code, ...(single.piece?.initial ? { initial: single.piece.initial } : {}), ...(single.piece?.returns ? { returns: single.piece.returns } : {}) }
      : /[\ue000-\uf8ff]/.test(q.value) || TEMPLATE_VALUE.test(q.value)
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

/**
 * `'?' + new URLSearchParams({...})`, `qs.stringify(query)` inside the URL (or a name holding one): their
 * objects are query params (a wrapper's parameter too, which its callers fill).
 */
export function serializedBags(pieces: readonly Piece[], at: Node, ctx: EvalContext): ObjectShape[] {
  return pieces.flatMap((p) => serializedBag(p, at, ctx) ?? []);
}

/** The object a piece of a URL writes out as its query, if it writes one (see serializedBags). */
export function serializedBag(p: Piece, at: Node, ctx: EvalContext): ObjectShape | undefined {
  let n = p.kind === 'hole' && !p.foreign ? unwrap(p.node) : undefined;
  // `'?' + query.toString()`: the query object itself.
  if (n?.type === 'CallExpression' && n.arguments.length === 0 && n.callee.type === 'MemberExpression' && propertyName(n.callee.property as Node, n.callee.computed) === 'toString') n = unwrap(n.callee.object as Node);
  let shape: ObjectShape | undefined;
  if (n?.type === 'Identifier') {
    // A name made by a serializer (`new URLSearchParams()`), with what is set on it before the call (`query.append('k', v)`).
    const b = ctx.scopes.bindingOf(n);
    const sources = b ? ctx.flow.reaching(b, n) : [];
    const source = sources.length === 1 && sources[0]!.kind === 'value' && sources[0]!.path.length === 0 ? unwrap(sources[0]!.node) : undefined;
    if (source && (source.type === 'NewExpression' || source.type === 'CallExpression')) shape = ctx.flow.objectShape(n, at);
  } else if (n && (n.type === 'NewExpression' || n.type === 'CallExpression')) shape = ctx.flow.objectShape(n, at);
  // A URL a function of the module writes with the object it is given serialized inside
  // (`apiUrl('/projects', { page: 1 })` returning `base + path + '?' + qs.stringify(params)`): that object, and
  // what the function writes into it first (`params.private_token = token`).
  if (n?.type === 'CallExpression' && !(shape && isBag(shape))) shape = writtenByBuilder(n, at, ctx);
  // An object written into a URL is its query (`url.format({ …, query: { ref_name } })`): nothing else
  // puts an object literal there.
  if (n?.type === 'ObjectExpression') shape = ctx.flow.objectShape(n, at);
  return shape && isBag(shape) ? shape : undefined;
}

/** A shape that says something of a query: an object seen, entries, or a parameter a caller fills. */
function isBag(shape: ObjectShape): boolean {
  return shape.node !== undefined || shape.entries.length > 0 || shape.param !== undefined;
}

/** The query a builder of the module serializes from one of its parameters, filled with the call's argument. */
function writtenByBuilder(call: Node & { type: 'CallExpression' }, at: Node, ctx: EvalContext): ObjectShape | undefined {
  const builder = ctx.flow.functionCalled(unwrap(call.callee as Node));
  const returned = builder ? returnedValues(builder) : [];
  if (returned.length !== 1) return undefined;
  for (const node of nodesOf(unwrap(returned[0]!))) {
    if (node.type !== 'CallExpression' && node.type !== 'NewExpression') continue;
    const inside = ctx.flow.objectShape(node, node);
    const param = inside?.param;
    if (!param || param.binding.fn !== builder || param.path.length > 0 || param.binding.index === undefined) continue;
    const arg = call.arguments[param.binding.index];
    return withWrites(arg && arg.type !== 'SpreadElement' ? ctx.flow.objectShape(arg as Node, at) : undefined, inside!, arg !== undefined);
  }
  return undefined;
}
