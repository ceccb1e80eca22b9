// The partial evaluator: turns a URL expression into pieces of known text and holes, following
// literals, templates, `+`, single-assignment bindings, printf/placeholder formats and URL joins.
import type { Node } from '@babel/types';
import type { FileBindings } from './bindings.js';
import type { HolePiece, LiteralRef, Piece } from './types.js';
import { propertyName, unwrap } from '../parse/walk.js';

export interface EvalContext {
  source: string;
  bindings: FileBindings;
  /** Type-aware mode: the string literal type of an expression the file alone cannot resolve. */
  typeValue?: (node: Node) => string | undefined;
}

const MAX_DEPTH = 12;

/** Evaluate `node` into pieces; anything unknown becomes one hole. */
export function evaluate(node: Node, ctx: EvalContext): Piece[] {
  return evalNode(node, ctx, 0, undefined);
}

function evalNode(raw: Node, ctx: EvalContext, depth: number, binding: Node | undefined): Piece[] {
  const node = unwrap(raw);
  if (depth > MAX_DEPTH) return [hole(raw, ctx, binding)];
  switch (node.type) {
    case 'StringLiteral':
      return [text(node.value, literalRef(node, node.value, ctx, binding), 0)];
    case 'TemplateLiteral': {
      const out: Piece[] = [];
      node.quasis.forEach((quasi, i) => {
        const cooked = quasi.value.cooked ?? quasi.value.raw;
        if (cooked) out.push(text(cooked, literalRef(quasi, cooked, ctx, binding), 0));
        const expr = node.expressions[i];
        if (expr) out.push(...evalNode(expr, ctx, depth + 1, binding));
      });
      return out;
    }
    case 'BinaryExpression':
      if (node.operator === '+' && node.left.type !== 'PrivateName') {
        const left = evalNode(node.left, ctx, depth + 1, binding);
        const right = evalNode(node.right, ctx, depth + 1, binding);
        // `a + b` with no text on either side is arithmetic as far as we can tell: one hole.
        if (!left.some(isText) && !right.some(isText)) return [hole(raw, ctx, binding)];
        return [...left, ...right];
      }
      return [hole(raw, ctx, binding)];
    case 'Identifier': {
      const bound = ctx.bindings.value(node.name);
      return viaBinding(raw, bound?.init, ctx, depth, binding ?? node);
    }
    case 'MemberExpression': {
      if (node.object.type === 'ThisExpression') {
        const name = propertyName(node.property, node.computed);
        const bound = name ? ctx.bindings.thisValue(name) : undefined;
        return viaBinding(raw, bound?.init, ctx, depth, binding ?? node);
      }
      return typed(raw, ctx) ?? [hole(raw, ctx, binding)];
    }
    case 'CallExpression':
      return evalCall(node, ctx, depth, binding) ?? [hole(raw, ctx, binding)];
    case 'NewExpression':
      // new URL(path, base)
      if (node.callee.type === 'Identifier' && node.callee.name === 'URL' && node.arguments.length === 2) {
        return join(
          [evalNode(node.arguments[1] as Node, ctx, depth + 1, binding), evalNode(node.arguments[0] as Node, ctx, depth + 1, binding)],
          '/',
        );
      }
      return [hole(raw, ctx, binding)];
    default:
      return [hole(raw, ctx, binding)];
  }
}

/** A name's value when it holds known text; its type's value in type-aware mode; else the name as a hole. */
function viaBinding(raw: Node, init: Node | undefined, ctx: EvalContext, depth: number, binding: Node): Piece[] {
  const pieces = init && isStringy(init) ? evalNode(init, ctx, depth + 1, binding) : [];
  if (pieces.some(isText)) return pieces;
  return typed(raw, ctx) ?? [hole(raw, ctx, binding === raw ? undefined : binding)];
}

/** Text known only from the type checker: not editable here, kept as its name when a URL is rebuilt. */
function typed(node: Node, ctx: EvalContext): Piece[] | undefined {
  const value = ctx.typeValue?.(node);
  if (value === undefined || value === '') return undefined;
  return [text(value, { node, value, offsets: null, quote: "'", viaBinding: true, bindingRef: node }, 0)];
}

/** Format and join calls whose result is a string built from their arguments. */
function evalCall(node: Node & { type: 'CallExpression' }, ctx: EvalContext, depth: number, binding: Node | undefined): Piece[] | undefined {
  const callee = unwrap(node.callee as Node);
  const args = node.arguments as Node[];
  const name = calleeName(callee);
  const sub = (n: Node) => evalNode(n, ctx, depth + 1, binding);

  // util.format('%s/api/v3/projects/%s', host, id), sprintf(...)
  if ((name === 'util.format' || name === 'format' || name === 'sprintf' || name === 'vsprintf') && args[0] && isFormatSource(name, ctx)) {
    const fmt = unwrap(args[0]);
    if (fmt.type === 'StringLiteral') return splitFormat(fmt, /%[sdifjo]/g, args.slice(1), ctx, binding, sub);
  }
  // '{0}/api/v3/projects/{1}'.format(host, id) and the .NET-flavoured .Format
  if (callee.type === 'MemberExpression' && !callee.computed) {
    const prop = propertyName(callee.property, false);
    const object = unwrap(callee.object);
    if ((prop === 'format' || prop === 'Format') && object.type === 'StringLiteral') {
      return splitFormat(object, /\{(\d+)\}/g, args, ctx, binding, sub);
    }
    // [base, 'projects', id].join('/')
    if (prop === 'join' && object.type === 'ArrayExpression' && args[0]?.type === 'StringLiteral' && args[0].value === '/') {
      if (object.elements.every((e) => e && e.type !== 'SpreadElement')) return join(object.elements.map((e) => sub(e as Node)), '/');
    }
    // url.resolve(base, 'api/v3/user')
    if (prop === 'resolve' && args.length === 2 && calleeObjectIs(callee, ctx, ['url'])) return join([sub(args[0]!), sub(args[1]!)], '/');
    // path.join / path.posix.join / urljoin(...)
    if (prop === 'join' && args.length >= 2 && (calleeObjectIs(callee, ctx, ['path', 'path/posix']) || name === 'path.posix.join')) {
      return join(args.map(sub), '/');
    }
  }
  if (callee.type === 'Identifier' && args.length >= 2) {
    const source = ctx.bindings.importSource(callee.name);
    if (source === 'url-join' || source === 'urljoin' || source === 'proper-url-join' || /^url-?join$/i.test(callee.name)) {
      return join(args.map(sub), '/');
    }
  }
  return undefined;
}

function isFormatSource(name: string, ctx: EvalContext): boolean {
  if (name === 'util.format' || name === 'sprintf' || name === 'vsprintf') return true;
  const source = ctx.bindings.importSource('format');
  return source === 'util' || source === 'node:util';
}

function calleeObjectIs(callee: Node & { type: 'MemberExpression' }, ctx: EvalContext, modules: string[]): boolean {
  const object = unwrap(callee.object);
  if (object.type !== 'Identifier') return false;
  const source = ctx.bindings.importSource(object.name);
  if (source) return modules.includes(source.replace(/^node:/, ''));
  return modules.includes(object.name);
}

function calleeName(callee: Node): string | undefined {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed) {
    const object = calleeName(unwrap(callee.object));
    const prop = propertyName(callee.property, false);
    return object && prop ? `${object}.${prop}` : undefined;
  }
  return undefined;
}

/** Split a format string at its placeholders, filling each with the evaluated argument. */
function splitFormat(
  fmt: Node & { type: 'StringLiteral' },
  placeholder: RegExp,
  args: Node[],
  ctx: EvalContext,
  binding: Node | undefined,
  sub: (n: Node) => Piece[],
): Piece[] {
  const ref = literalRef(fmt, fmt.value, ctx, binding);
  const out: Piece[] = [];
  let last = 0;
  let next = 0;
  for (const m of fmt.value.matchAll(placeholder)) {
    const index = m[1] !== undefined ? Number(m[1]) : next++;
    if (m.index > last) out.push(text(fmt.value.slice(last, m.index), ref, last));
    const arg = args[index];
    out.push(...(arg ? sub(arg) : [{ kind: 'hole', node: fmt, code: m[0], placeholder: m[0] } satisfies HolePiece]));
    last = m.index + m[0].length;
  }
  if (last < fmt.value.length) out.push(text(fmt.value.slice(last), ref, last));
  return out;
}

/** Join evaluated parts with `sep`, adding the separator only where neither side has it. */
function join(parts: Piece[][], sep: string): Piece[] {
  const out: Piece[] = [];
  for (const part of parts) {
    if (part.length === 0) continue;
    const prev = out[out.length - 1];
    const first = part[0]!;
    const prevEnds = prev?.kind === 'text' && prev.text.endsWith(sep);
    const nextStarts = first.kind === 'text' && first.text.startsWith(sep);
    if (prev && !prevEnds && !nextStarts) out.push({ kind: 'text', text: sep, literal: null, offset: 0 });
    out.push(...part);
  }
  return out;
}

function isStringy(node: Node): boolean {
  const n = unwrap(node);
  return (
    n.type === 'StringLiteral' ||
    n.type === 'TemplateLiteral' ||
    (n.type === 'BinaryExpression' && n.operator === '+') ||
    n.type === 'CallExpression' ||
    n.type === 'NewExpression' ||
    n.type === 'Identifier' ||
    n.type === 'MemberExpression'
  );
}

function isText(p: Piece): boolean {
  return p.kind === 'text';
}

function text(value: string, literal: LiteralRef | null, offset: number): Piece {
  return { kind: 'text', text: value, literal, offset };
}

function hole(node: Node, ctx: EvalContext, binding?: Node): HolePiece {
  const n = unwrap(node);
  const initial = n.type === 'Identifier' ? ctx.bindings.initialNumber(n.name) : undefined;
  return { kind: 'hole', node, code: ctx.source.slice(node.start!, node.end!), bindingRef: binding, ...(initial ? { initial } : {}) };
}

function literalRef(node: Node, value: string, ctx: EvalContext, binding: Node | undefined): LiteralRef {
  let offsets: number[] | null = null;
  let quote: LiteralRef['quote'] = '`';
  if (node.type === 'StringLiteral') {
    const raw = ctx.source.slice(node.start!, node.end!);
    quote = raw[0] === '"' ? '"' : "'";
    offsets = cookedOffsets(raw.slice(1, -1), node.start! + 1, value);
  } else if (node.type === 'TemplateElement') {
    offsets = cookedOffsets(node.value.raw, node.start!, value);
  }
  return { node, value, offsets, quote, viaBinding: binding !== undefined, bindingRef: binding };
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
