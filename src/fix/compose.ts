// One rewrite per call site: rewrites change a CallState (the marked URL, the method, parameter ops);
// `renderEdits` turns the final state into minimal text edits on the original source.
import type { Node, ObjectProperty } from '@babel/types';
import { Marked, holeId, type Hole, type Origin } from '../callsites/marked.js';
import { holeIds, splitUrl } from '../callsites/url.js';
import type { ApiCall, LiteralRef, Method, ParamRef, UrlParts } from '../callsites/types.js';
import type { ParamOp, Rewrite } from '../rule.js';
import type { SegmentMatch } from '../match/route-pattern.js';
import { renderPath } from '../match/route-pattern.js';
import type { Edit } from '../results.js';
import { CLIENTS } from '../callsites/clients.js';
import { memberForm } from '../callsites/requests.js';

/** The evolving state of one call while rewrites apply. Immutable: each rewrite makes a new one. */
export interface CallState {
  readonly call: ApiCall;
  /** The original marked URL with origins. */
  readonly original: Marked;
  readonly marked: string;
  readonly holes: readonly Hole[];
  readonly method: Method | undefined;
  /** Parameter ops on object properties, keyed by the property node. */
  readonly objectOps: ReadonlyMap<Node, PropertyOps>;
  /** Edits outside the call: status codes in its response handling. */
  readonly outside: readonly Edit[];
  /** Headers to add to the request (name → code). */
  readonly headers: Readonly<Record<string, string>>;
}

export interface PropertyOps {
  object: Node;
  rename?: string;
  value?: string | number | boolean;
  /** New code for the value. */
  code?: string;
  before?: string;
  after?: string;
  remove?: boolean;
}

export function initialState(call: ApiCall): CallState {
  const holes: Hole[] = [];
  const original = Marked.fromPieces(call.pieces, holes);
  return { call, original, marked: original.text, holes, method: call.method, objectOps: new Map(), outside: [], headers: {} };
}

/** The current name of an object parameter after renames, or undefined when removed. */
export function currentName(state: CallState, param: ParamRef): string | undefined {
  if (param.site.kind !== 'property') return param.name;
  const ops = state.objectOps.get(param.site.property);
  if (ops?.remove) return undefined;
  return ops?.rename ?? param.name;
}

/** Apply one rule's rewrite; undefined when it cannot be expressed as edits. */
export function applyRewrite(state: CallState, match: SegmentMatch | undefined, rewrite: Rewrite): CallState | undefined {
  let marked = state.marked;
  const holes = [...state.holes];
  const objectOps = new Map(state.objectOps);
  let method = state.method;

  // Parameter ops on the query string first: their positions index the current marked text.
  const queryOps = (rewrite.params ?? []).filter((op) => op.param.site.kind === 'query');
  // Right to left, so earlier positions stay valid (a value edit before its own key's rename).
  queryOps.sort((a, b) => opStart(b) - opStart(a));
  for (const op of queryOps) {
    const site = op.param.site;
    if (site.kind !== 'query') continue;
    switch (op.op) {
      case 'rename':
        marked = marked.slice(0, site.keyStart) + op.to + marked.slice(site.keyEnd);
        break;
      case 'value':
        marked = marked.slice(0, site.valueStart) + encodeURIComponent(String(op.literal)) + marked.slice(site.valueEnd);
        break;
      case 'wrap':
      case 'code': {
        const id = marked.length > site.valueStart ? holeId(marked[site.valueStart]!) : undefined;
        if (id === undefined || site.valueEnd - site.valueStart !== 1) return undefined;
        const hole = holes[id]!;
        holes[id] = op.op === 'code' ? { ...hole, replace: op.code } : { ...hole, before: op.before + (hole.before ?? ''), after: (hole.after ?? '') + op.after };
        break;
      }
      case 'remove': {
        let start = site.keyStart;
        let end = site.valueEnd;
        if (marked[start - 1] === '&') start--;
        else if (marked[end] === '&') end++;
        else if (marked[start - 1] === '?') start--;
        marked = marked.slice(0, start) + marked.slice(end);
        break;
      }
    }
  }
  for (const op of rewrite.params ?? []) {
    const site = op.param.site;
    // A parameter set on the object before the call (`params.file_path = p`) is not edited here.
    if (site.kind === 'written') return undefined;
    if (site.kind !== 'property') continue;
    if (!site.editable) return undefined;
    const ops: PropertyOps = { ...(objectOps.get(site.property) ?? { object: site.object }) };
    if (op.op === 'rename') ops.rename = op.to;
    else if (op.op === 'value') ops.value = op.literal;
    else if (op.op === 'code') ops.code = op.code;
    else if (op.op === 'wrap') {
      ops.before = op.before + (ops.before ?? '');
      ops.after = (ops.after ?? '') + op.after;
    } else ops.remove = true;
    objectOps.set(site.property, ops);
  }

  for (const [name, code] of Object.entries(rewrite.captureCode ?? {})) {
    const text = match?.captures.get(name)?.text;
    const id = text?.length === 1 ? holeId(text) : undefined;
    if (id === undefined) return undefined;
    holes[id] = { ...holes[id]!, replace: code };
  }

  // `:name` in the new path or a query value: a bound value, else the v3 capture of that name.
  const bound = new Map<string, string>();
  for (const [name, value] of Object.entries(rewrite.bind ?? {})) {
    if ('code' in value) {
      bound.set(name, String.fromCharCode(0xe000 + holes.length));
      holes.push({ code: value.code });
    } else bound.set(name, value.text);
  }
  const lookup = (name: string) => bound.get(name) ?? match?.captures.get(name)?.text;

  if (rewrite.path !== undefined) {
    if (!match) return undefined;
    const path = renderPath(rewrite.path, match, (name) => bound.get(name));
    if (path === undefined) return undefined;
    // Queries removed above shift nothing before the path, so the match positions still hold.
    marked = marked.slice(0, match.start) + path + marked.slice(match.end);
  }

  // A query option that replaces the URL's query (got's `searchParams`) would drop what is added to the URL.
  if (rewrite.query && state.call.queryReplacesUrl) return undefined;
  // A double that matches the path only (msw) ignores a query in its URL, and warns about one: the path is what moves.
  if (rewrite.query && state.call.testDouble?.matches !== 'path') {
    const url = splitUrl(marked);
    const hashAt = marked.indexOf('#', url.pathEnd);
    const end = hashAt === -1 ? marked.length : hashAt;
    const values = Object.entries(rewrite.query).map(([k, v]) => [k, v.startsWith(':') ? lookup(v.slice(1)) : v] as const);
    if (values.some(([, v]) => v === undefined)) return undefined;
    const added = values.map(([k, v]) => `${k}=${v}`).join('&');
    const hasQuery = marked[url.pathEnd] === '?';
    const sep = !hasQuery ? '?' : end > url.pathEnd + 1 ? '&' : '';
    marked = hasQuery ? marked.slice(0, end) + sep + added + marked.slice(end) : marked.slice(0, url.pathEnd) + '?' + added + marked.slice(url.pathEnd);
  }

  if (rewrite.version) {
    const url = urlOf(state, marked);
    if (url.version !== 'v3') return undefined;
    marked = marked.slice(0, url.versionAt + 1) + '4' + marked.slice(url.versionAt + 2);
  }

  if (rewrite.method && rewrite.method !== method) {
    if (state.call.methodSite.kind === 'none') return undefined;
    method = rewrite.method;
  }
  const outside = [...state.outside];
  for (const { check, code } of rewrite.statusCodes ?? []) {
    if (!outside.some((e) => e.start === check.start)) outside.push({ start: check.start, end: check.end, text: check.writeAs ? (check.writeAs(code) ?? String(code)) : String(code) });
  }
  for (const { initial, value } of rewrite.counterStarts ?? []) {
    if (!outside.some((e) => e.start === initial.start)) outside.push({ start: initial.start, end: initial.end, text: String(value) });
  }
  for (const { compare, value } of rewrite.compareValues ?? []) {
    if (!outside.some((e) => e.start === compare.start)) outside.push({ start: compare.start, end: compare.end, text: compare.quote + escapeFor(compare.quote, value) + compare.quote });
  }
  return { ...state, marked, holes, method, objectOps, outside, headers: { ...state.headers, ...rewrite.headers } };
}

/** The split URL of a marked text: the recogniser's own split while nothing changed (it knows `version: 'v3'` sites). */
export function urlOf(state: CallState, marked = state.marked): UrlParts {
  return marked === state.original.text ? state.call.url : splitUrl(marked);
}

function opStart(op: ParamOp): number {
  const site = op.param.site;
  if (site.kind !== 'query') return -1;
  return op.op === 'rename' || op.op === 'remove' ? site.keyStart : site.valueStart;
}

// ---------------------------------------------------------------------------------------------
// Rendering a final state as edits.

/** Edits that turn the original call into `state`; undefined when no faithful edit exists. */
export function renderEdits(state: CallState, source: string): Edit[] | undefined {
  const edits: Edit[] = [];
  if (state.marked !== state.original.text || state.holes.some((h) => h.before || h.after || h.replace !== undefined)) {
    const urlEdits = inPlaceEdits(state) ?? rebuildEdits(state, source);
    if (!urlEdits) return undefined;
    edits.push(...urlEdits);
  }
  if (state.method !== state.call.method) {
    const edit = methodEdits(state, source);
    if (!edit) return undefined;
    edits.push(...edit);
  }
  for (const [property, ops] of state.objectOps) {
    const edit = propertyEdit(property as ObjectProperty, ops, source);
    if (!edit) return undefined;
    edits.push(edit);
  }
  edits.push(...state.outside);
  if (Object.keys(state.headers).length > 0) {
    const edit = headerEdit(state, source);
    if (!edit) return undefined;
    edits.push(edit);
  }
  return edits.sort((a, b) => a.start - b.start);
}

/** Edit literal text between holes where it changed; holes must keep their order. */
function inPlaceEdits(state: CallState): Edit[] | undefined {
  const old = state.original;
  const next = state.marked;
  const oldHoles = holeIds(old.text);
  const newHoles = holeIds(next);
  if (oldHoles.length !== newHoles.length || oldHoles.some((id, i) => newHoles[i] !== id)) return undefined;

  const perLiteral = new Map<LiteralRef, { a: number; b: number; text: string }[]>();
  const gapsOld = gapBounds(old.text);
  const gapsNew = gapBounds(next);
  for (let g = 0; g < gapsOld.length; g++) {
    const [os, oe] = gapsOld[g]!;
    const [ns, ne] = gapsNew[g]!;
    const a = old.text.slice(os, oe);
    const b = next.slice(ns, ne);
    if (a === b) continue;
    // One change between the common head and tail; when it spans literals (the prefix in a base and the
    // path at the call, changed in one rewrite), the smaller changes that each stay in one literal.
    // (The smaller changes are worked out only when the one change does not stay in one literal.)
    const place = (candidate: readonly Hunk[]) => {
      const targets = candidate.map((h) => ({ h, target: editTarget(old.origins, os + h.from, os + h.to, os, oe) }));
      return targets.every((t) => t.target) ? targets.map(({ h, target }) => ({ ...target!, text: h.text })) : undefined;
    };
    let placed = place([oneHunk(a, b)]);
    if (!placed) {
      const hunks = changeHunks(a, b);
      if (hunks.length > 0) placed = place(hunks);
    }
    if (!placed) return undefined;
    for (const { literal, a: from, b: to, text } of placed) {
      const list = perLiteral.get(literal) ?? [];
      list.push({ a: from, b: to, text });
      perLiteral.set(literal, list);
    }
  }

  const edits: Edit[] = [];
  for (const [literal, changes] of perLiteral) {
    if (literal.viaBinding) return undefined;
    // A string emptied inside a concatenation would leave `+ ''` behind: rebuild the URL instead.
    if (literal.node.type === 'StringLiteral' && state.call.urlNode.type === 'BinaryExpression' && newValue(literal, changes) === '') return undefined;
    if (literal.offsets !== null) {
      const at = literal.offsets;
      for (const c of changes) edits.push({ start: at[c.a]!, end: at[c.b]!, text: escapeFor(literal.quote, c.text) });
    } else {
      // Escapes in the raw text: re-emit the whole literal in its own quote.
      const value = newValue(literal, changes);
      const node = literal.node;
      const isQuasi = node.type === 'TemplateElement';
      edits.push({
        start: node.start!,
        end: node.end!,
        text: isQuasi ? escapeFor('`', value) : literal.quote + escapeFor(literal.quote, value) + literal.quote,
      });
    }
  }
  for (const id of newHoles) {
    const wrapped = wrapEdits(state.holes[id]!);
    if (!wrapped) return undefined;
    edits.push(...wrapped);
  }
  return edits;
}

interface Hunk {
  /** [from, to) of the old text, replaced by `text`. */
  from: number;
  to: number;
  text: string;
}

/** The old text's change into the new one as one hunk: between their common head and tail. */
function oneHunk(a: string, b: string): Hunk {
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  return { from: p, to: a.length - s, text: b.slice(p, b.length - s) };
}

/** The old text's change into the new one as the hunks of a longest common subsequence (URLs are short). */
function changeHunks(a: string, b: string): Hunk[] {
  if (a.length * b.length > 250_000) return [];
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const hunks: Hunk[] = [];
  let i = 0;
  let j = 0;
  let open: Hunk | undefined;
  const close = () => {
    if (open) hunks.push(open);
    open = undefined;
  };
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      close();
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      open ??= { from: i, to: i, text: '' };
      open.text += b[j++];
    } else {
      open ??= { from: i, to: i, text: '' };
      open.to = ++i;
    }
  }
  close();
  return hunks;
}

function newValue(literal: LiteralRef, changes: readonly { a: number; b: number; text: string }[]): string {
  let value = literal.value;
  for (const c of [...changes].sort((x, y) => y.a - x.a)) value = value.slice(0, c.a) + c.text + value.slice(c.b);
  return value;
}

/** Edits that wrap or replace a hole's expression; undefined when it is not written here (a wrapper's body). */
function wrapEdits(hole: Hole): Edit[] | undefined {
  const node = hole.piece?.node;
  if (!node || (!hole.before && !hole.after && hole.replace === undefined)) return [];
  if (hole.piece?.foreign) return undefined;
  const out: Edit[] = [];
  if (hole.replace !== undefined) out.push({ start: node.start!, end: node.end!, text: hole.replace });
  if (hole.before) out.push({ start: node.start!, end: node.start!, text: hole.before });
  if (hole.after) out.push({ start: node.end!, end: node.end!, text: hole.after });
  return out;
}

/** [start, end) of each run of text between holes (n holes → n+1 gaps). */
function gapBounds(marked: string): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  for (let i = 0; i < marked.length; i++) {
    if (holeId(marked[i]!) !== undefined) {
      out.push([start, i]);
      start = i + 1;
    }
  }
  out.push([start, marked.length]);
  return out;
}

/** Which literal an edit of old range [from, to) lands in, and where inside its cooked value. */
function editTarget(origins: readonly Origin[], from: number, to: number, gapStart: number, gapEnd: number): { literal: LiteralRef; a: number; b: number } | undefined {
  const litAt = (i: number) => {
    const o = origins[i];
    return o?.kind === 'lit' && o.piece.literal ? { piece: o.piece, literal: o.piece.literal, index: o.piece.offset + o.index } : undefined;
  };
  if (from < to) {
    const first = litAt(from);
    const last = litAt(to - 1);
    if (!first || !last || first.literal !== last.literal) return undefined;
    for (let i = from; i < to; i++) if (litAt(i)?.literal !== first.literal) return undefined;
    return { literal: first.literal, a: first.index, b: last.index + 1 };
  }
  // Pure insertion: attach to the character before, else the one after; never beside the text of a name
  // that holds other values too (`seg + '/'` where seg is 'merge_request' or 'issues'): what is inserted
  // there would change every value.
  const before = from > gapStart ? litAt(from - 1) : undefined;
  if (before?.literal.oneOfSeveral) return undefined;
  if (before && !before.literal.viaBinding) return { literal: before.literal, a: before.index + 1, b: before.index + 1 };
  const after = from < gapEnd ? litAt(from) : undefined;
  if (after?.literal.oneOfSeveral) return undefined;
  if (after && !after.literal.viaBinding) return { literal: after.literal, a: after.index, b: after.index };
  return undefined;
}

export function escapeFor(quote: "'" | '"' | '`', text: string): string {
  let out = text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
  if (quote === '`') out = out.replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  else out = out.split(quote).join('\\' + quote);
  return out;
}

/** Rebuild the whole URL expression in its own style (template stays template, `+` stays `+`). */
function rebuildEdits(state: CallState, source: string): Edit[] | undefined {
  const root = state.call.urlNode;
  if (root.type !== 'StringLiteral' && root.type !== 'TemplateLiteral' && !(root.type === 'BinaryExpression' && root.operator === '+')) return undefined;
  const inside = (n: Node | undefined) => n !== undefined && n.start! >= root.start! && n.end! <= root.end!;
  // A wrapper's body may write text before and after what this call passes (its base URL, a query): it
  // must come out unchanged, and only the call's own part is rebuilt.
  const origins = state.original.origins;
  const isForeign = (o: Origin) => (o.kind === 'lit' && o.piece.foreign === true) || (o.kind === 'hole' && state.holes[o.hole]!.piece?.foreign === true);
  let pre = 0;
  while (pre < origins.length && isForeign(origins[pre]!)) pre++;
  let suf = 0;
  while (suf < origins.length - pre && isForeign(origins[origins.length - 1 - suf]!)) suf++;
  const head = state.original.text.slice(0, pre);
  const tail = state.original.text.slice(origins.length - suf);
  if (!state.marked.startsWith(head) || !state.marked.endsWith(tail) || state.marked.length < head.length + tail.length) return undefined;
  const middle = state.marked.slice(head.length, state.marked.length - tail.length);
  // Every piece must come from inside the URL expression or from a binding kept as its name.
  const bindingText = new Map<Node, string>();
  const several = new Set<Node>();
  // Where each name's text comes from: one literal (`const path = '/projects/owned'`), or more (`HOST + …`).
  const sourcesOf = new Map<Node, Set<Node | undefined>>();
  // Where each name's text sits in the original middle (first and last character).
  const spanOf = new Map<Node, [number, number]>();
  for (let i = pre; i < origins.length - suf; i++) {
    const o = origins[i]!;
    if (isForeign(o)) return undefined;
    const ref = o.kind === 'lit' ? o.piece.literal?.bindingRef : o.kind === 'hole' ? state.holes[o.hole]!.piece?.bindingRef : undefined;
    if (ref) {
      if (!inside(ref)) return undefined;
      if (o.kind === 'lit' && (o.piece.literal?.oneOfSeveral || o.piece.literal?.filled)) several.add(ref);
      bindingText.set(ref, (bindingText.get(ref) ?? '') + state.original.text[i]);
      spanOf.set(ref, [spanOf.get(ref)?.[0] ?? i - pre, i - pre]);
      const sources = sourcesOf.get(ref) ?? new Set();
      sources.add(o.kind === 'lit' ? o.piece.literal?.node : undefined);
      sourcesOf.set(ref, sources);
      continue;
    }
    if (o.kind === 'lit' && o.piece.literal && !inside(o.piece.literal.node)) return undefined;
    if (o.kind === 'lit' && !o.piece.literal) return undefined; // text the evaluator made up (a join)
    if (o.kind === 'hole' && !inside(state.holes[o.hole]!.piece?.node)) return undefined;
  }

  // `stringy`: code known to hold a string (a binding's text), so `a + b` still concatenates.
  type Token = { kind: 'text'; text: string } | { kind: 'code'; code: string; simple: boolean; stringy?: boolean };
  const tokens: Token[] = [];
  let rest = middle;
  const pushText = (t: string) => {
    const last = tokens[tokens.length - 1];
    if (last?.kind === 'text') last.text += t;
    else tokens.push({ kind: 'text', text: t });
  };
  const kept = new Set<Node>();
  const originalMiddle = state.original.text.slice(pre, origins.length - suf);
  // A name that holds other values too keeps its place only between the text it had around it: text
  // added right beside it (`seg + 's/'` for `'merge_request'`) would change its other values as well.
  const sameNeighbours = (ref: Node, text: string) => {
    if (!several.has(ref)) return true;
    const [first, last] = spanOf.get(ref)!;
    const done = middle.length - rest.length;
    return (middle[done - 1] ?? '') === (originalMiddle[first - 1] ?? '') && (rest[text.length] ?? '') === (originalMiddle[last + 1] ?? '');
  };
  outer: while (rest.length > 0) {
    for (const [ref, text] of bindingText) {
      if (text && rest.startsWith(text) && sameNeighbours(ref, text)) {
        kept.add(ref);
        tokens.push({ kind: 'code', code: source.slice(ref.start!, ref.end!), simple: true, stringy: true });
        rest = rest.slice(text.length);
        continue outer;
      }
    }
    const id = holeId(rest[0]!);
    if (id !== undefined) {
      const hole = state.holes[id]!;
      // Parentheses around the expression are not part of the node: keep them as written.
      const parenthesized = (hole.piece?.node.extra as { parenthesized?: boolean } | undefined)?.parenthesized;
      const inner = hole.replace ?? hole.code;
      const code = (hole.before ?? '') + (parenthesized ? `(${inner})` : inner) + (hole.after ?? '');
      tokens.push({ kind: 'code', code, simple: isSimpleExpression(hole) });
    } else pushText(rest[0]!);
    rest = rest.slice(1);
  }

  // A name whose value the rewrite changed cannot stay a name. Its new value is written in its place,
  // unless the name holds other values too (`path` set in each branch of an `if`): they would be lost; or
  // unless that value is built from other names and literals (`api = HOST + '/api/v3/projects/' + PROJECT`):
  // written out, it would copy them and lose them, and another fix of the package (its base URL) edits them
  // where they are written, not in the copy.
  const composite = (ref: Node) => sourcesOf.get(ref)!.size !== 1 || sourcesOf.get(ref)!.has(undefined);
  if ([...bindingText.keys()].some((ref) => !kept.has(ref) && (several.has(ref) || composite(ref)))) return undefined;

  let text: string;
  if (root.type === 'TemplateLiteral') {
    text = '`' + tokens.map((t) => (t.kind === 'text' ? escapeFor('`', t.text) : '${' + t.code + '}')).join('') + '`';
  } else {
    const quote = firstQuote(state) ?? "'";
    const parts = tokens.map((t) => (t.kind === 'text' ? quote + escapeFor(quote, t.text) + quote : t.simple ? t.code : `(${t.code})`));
    const isString = (t: Token | undefined) => t?.kind === 'text' || (t?.kind === 'code' && t.stringy === true);
    if (!isString(tokens[0]) && !isString(tokens[1])) parts.unshift(quote + quote);
    text = parts.join(' + ');
  }
  return [{ start: root.start!, end: root.end!, text }];
}

function firstQuote(state: CallState): "'" | '"' | undefined {
  for (const o of state.original.origins) {
    if (o.kind === 'lit' && o.piece.literal && o.piece.literal.quote !== '`') return o.piece.literal.quote;
  }
  return undefined;
}

function isSimpleExpression(hole: Hole): boolean {
  const node = hole.piece?.node;
  if (!node) return /^[\w$.]+(\(.*\))?$/.test(hole.code);
  return ['Identifier', 'MemberExpression', 'CallExpression', 'StringLiteral', 'NumericLiteral', 'TemplateLiteral', 'OptionalMemberExpression', 'OptionalCallExpression', 'ThisExpression'].includes(node.type);
}

/** Rewrite the method where it is written, keeping its case; axios gains a data slot when needed. */
function methodEdits(state: CallState, source: string): Edit[] | undefined {
  const site = state.call.methodSite;
  const method = state.method!;
  if (site.kind === 'none') return undefined;
  const node = site.node;
  const edits: Edit[] = [];
  if (site.kind === 'member' && site.style === 'identifier') {
    const old = source.slice(node.start!, node.end!);
    edits.push({ start: node.start!, end: node.end!, text: matchCase(old, method) });
  } else if (node.type === 'StringLiteral') {
    const raw = source.slice(node.start!, node.end!);
    edits.push({ start: node.start! + 1, end: node.end! - 1, text: matchCase(raw.slice(1, -1), method) });
  } else return undefined;

  // The verb's arguments move with it, as the client's row lays them out: `axios.delete(url, config)` →
  // `axios.post(url, undefined, config)`, Angular's `http.delete(url)` → `http.post(url, null)` (its emptyBody).
  const call = state.call.node;
  const row = site.kind === 'member' ? CLIENTS.find((r) => r.client === state.call.client) : undefined;
  if (row?.verbs?.bodyArgs && call.type === 'CallExpression' && state.call.method) {
    const before = memberForm(row, state.call.method.toLowerCase())?.args;
    const after = memberForm(row, method.toLowerCase())?.args;
    if (!before || !after) return undefined;
    const was = before.indexOf('body');
    const slot = after.indexOf('body');
    if (was >= 0 && slot < 0 && call.arguments.length > was) return undefined;
    if (was < 0 && slot >= 0) {
      const next = call.arguments[slot] as Node | undefined;
      if (next) edits.push({ start: next.start!, end: next.start!, text: `${row.verbs.emptyBody ?? 'undefined'}, ` });
      else if (row.verbs.emptyBody && call.arguments.length === slot) {
        const last = call.arguments[slot - 1] as Node;
        edits.push({ start: last.end!, end: last.end!, text: `, ${row.verbs.emptyBody}` });
      }
    }
  }
  return edits;
}

function matchCase(old: string, method: Method): string {
  if (old === old.toUpperCase()) return method;
  if (old[0] === old[0]!.toUpperCase()) return method[0] + method.slice(1).toLowerCase();
  return method.toLowerCase();
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

function propertyEdit(property: ObjectProperty, ops: PropertyOps, source: string): Edit | undefined {
  const start = property.start!;
  const end = property.end!;
  if (ops.remove) return removalEdit(property, ops.object);
  const key = property.key;
  const value = property.value as Node;
  const keyText = ops.rename !== undefined ? renderKey(ops.rename, key, source) : source.slice(key.start!, key.end!);
  const valueCode = ops.code ?? (ops.value !== undefined ? renderValue(ops.value, value, source) : source.slice(value.start!, value.end!));
  const wrapped = (ops.before ?? '') + valueCode + (ops.after ?? '');
  if (property.shorthand) return { start, end, text: `${keyText}: ${wrapped}` };
  // Replace from the key's start to the value's end, keeping what sits between (`: ` and comments).
  const between = source.slice(key.end! + (property.computed ? 1 : 0), value.start!);
  const keyPart = property.computed ? `[${keyText}]` : keyText;
  return { start, end: value.end!, text: keyPart + (property.computed ? between.replace(/^\]/, '') : between) + wrapped };
}

function renderKey(name: string, key: Node, source: string): string {
  if (key.type === 'StringLiteral') {
    const quote = source[key.start!] as "'" | '"';
    return quote + escapeFor(quote, name) + quote;
  }
  return IDENT.test(name) ? name : `'${escapeFor("'", name)}'`;
}

function renderValue(value: string | number | boolean, old: Node, source: string): string {
  if (typeof value !== 'string') return String(value);
  const quote = old.type === 'StringLiteral' ? (source[old.start!] as "'" | '"') : "'";
  return quote + escapeFor(quote, value) + quote;
}

/** Remove a property with one of its commas, so the object stays well formed. */
function removalEdit(property: ObjectProperty, object: Node): Edit | undefined {
  if (object.type !== 'ObjectExpression') return undefined;
  const props = object.properties;
  const i = props.indexOf(property);
  if (i === -1) return undefined;
  if (props.length === 1) return { start: object.start! + 1, end: object.end! - 1, text: '' };
  if (i < props.length - 1) return { start: property.start!, end: props[i + 1]!.start!, text: '' };
  return { start: props[i - 1]!.end!, end: property.end!, text: '' };
}

/** Add headers to the request: into its `headers` object, as a `headers` option, or as a new options argument. */
function headerEdit(state: CallState, source: string): Edit | undefined {
  const entries = Object.entries(state.headers).map(([name, code]) => `${IDENT.test(name) ? name : `'${escapeFor("'", name)}'`}: ${code}`);
  const { options, node, client, method } = state.call;
  if (options) {
    if (!options.editable) return undefined;
    // Headers are never dropped (the token they carry with them): the fix is withheld when adding ours
    // could replace the request's own, or when the value would land where its names mean something else.
    const target = options.headers ?? options.node;
    if (!headersCanGo(target, node, Object.values(state.headers))) return undefined;
    if (options.headers) return insertProperties(options.headers, entries, source);
    if (!optionsHoldNoHeaders(options.node)) return undefined;
    return insertProperties(options.node, [`headers: { ${entries.join(', ')} }`], source);
  }
  // No options object yet: append one where the client takes it next.
  if (node.type !== 'CallExpression') return undefined;
  const args = node.arguments.length;
  const takesBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  const fits =
    ((client === 'fetch' || client === 'got' || client === 'ky') && args === 1) ||
    (client === 'axios' && state.call.methodSite.kind === 'member' && args === (takesBody ? 2 : 1));
  if (!fits) return undefined;
  const last = node.arguments[args - 1] as Node;
  return { start: last.end!, end: last.end!, text: `, { headers: { ${entries.join(', ')} } }` };
}

/**
 * Whether header values may be written into `target`: inside the call itself, or, for an object written
 * elsewhere (`const opts = {…}` above the function), only literal values, since the call's own names
 * (`T` in `'?private_token=' + T`) may not exist there.
 */
function headersCanGo(target: Node, call: Node, codes: readonly string[]): boolean {
  const inCall = target.start! >= call.start! && target.end! <= call.end!;
  return inCall || codes.every((code) => /^'(?:[^'\\\n]|\\.)*'$/.test(code));
}

/**
 * Whether an options object surely has no headers already: a `headers` property that is not an object
 * literal (`headers: hdrs`, `new Headers(…)`), a spread (`...opts`) or a computed key may hold them, and
 * a second `headers` key would replace them.
 */
function optionsHoldNoHeaders(options: Node): boolean {
  if (options.type !== 'ObjectExpression') return false;
  // A computed key may be `headers` too.
  return options.properties.every((p) => p.type !== 'SpreadElement' && !p.computed && keyName(p.key) !== 'headers');
}

function keyName(key: Node): string | undefined {
  return key.type === 'Identifier' ? key.name : key.type === 'StringLiteral' ? key.value : undefined;
}

/** Insert properties after an object's last one, in its layout (one line, or one per line with its indent). */
function insertProperties(object: Node, texts: readonly string[], source: string): Edit | undefined {
  if (object.type !== 'ObjectExpression') return undefined;
  const props = object.properties;
  if (props.length === 0) return { start: object.start! + 1, end: object.end! - 1, text: ` ${texts.join(', ')} ` };
  const last = props[props.length - 1]!;
  const tail = source.slice(last.end!, object.end! - 1);
  const trailingComma = /^\s*,/.test(tail);
  if (!source.slice(object.start!, object.end!).includes('\n')) return { start: last.end!, end: last.end!, text: ', ' + texts.join(', ') };
  const lineStart = source.lastIndexOf('\n', last.start! - 1) + 1;
  const indent = /^[ \t]*/.exec(source.slice(lineStart, last.start!))![0];
  const lines = texts.map((t) => `\n${indent}${t}`).join(',');
  if (trailingComma) {
    const at = last.end! + tail.indexOf(',') + 1;
    return { start: at, end: at, text: lines + ',' };
  }
  return { start: last.end!, end: last.end!, text: ',' + lines };
}
