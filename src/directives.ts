// Inline directives, with ESLint's semantics (every form takes `-- reason`; no names = every rule; a name is
// a rule id or a change ID):
//   // v4-migrate-disable-next-line builds-endpoint, api-prefix -- reason   the line after the comment
//   foo(); // v4-migrate-disable-line builds-endpoint                       the comment's own line
//   /* v4-migrate-disable R90-JOBS */ … /* v4-migrate-enable R90-JOBS */    a region; without an enable, to
//                                                                           the end of the file, so one at
//                                                                           the top silences the whole file
// There is no separate file-level form: a disable before any code covers the whole file, as in ESLint.
// Unlike ESLint, disable/enable are also recognised in `//` comments (`// v4-migrate-disable`), as users
// write them either way. The language server's "disable for this line" writes a next-line directive.
import type { Comment, File, Node } from '@babel/types';
import { walk } from './parse/walk.js';

export type DirectiveKind = 'disable' | 'enable' | 'disable-line' | 'disable-next-line';

/** A rule id or change ID written in a directive, and where. */
export interface DirectiveName {
  text: string;
  start: number;
  end: number;
}

export interface Directive {
  kind: DirectiveKind;
  /** The rules named; empty for every rule. */
  names: readonly DirectiveName[];
  /** The text after ` -- ` ('' when none). */
  reason: string;
  /** The comment's offsets and its first and last line (1-based). */
  start: number;
  end: number;
  line: number;
  endLine: number;
  /** A JSX `{/* … *\/}` holding only this comment: removing the directive removes the braces too. */
  container?: [number, number];
  /** Why the directive is ignored (a `-line` directive in a comment over several lines). */
  invalid?: string;
}

const DIRECTIVE = /^(\s*)v4-migrate-(disable-next-line|disable-line|disable|enable)(?=\s|$)/;
const REASON = /\s--(?:\s|$)/;

/** Every directive comment of a parsed file, in source order. */
export function collectDirectives(ast: File, text: string): Directive[] {
  const out: Directive[] = [];
  for (const comment of ast.comments ?? []) {
    const d = parseDirective(comment, text);
    if (d) out.push(d);
  }
  // Braces around a lone comment are a JSX child container only if the AST says so ({} is also a block).
  if (out.some((d) => d.container)) {
    const containers = jsxCommentContainers(ast);
    for (const d of out) {
      if (!d.container) continue;
      const [s, e] = d.container;
      if (!containers.some(([cs, ce]) => cs === s && ce === e)) delete d.container;
    }
  }
  return out;
}

/** One comment as a directive, or undefined when it is not one. */
export function parseDirective(comment: Comment, text: string): Directive | undefined {
  const m = DIRECTIVE.exec(comment.value);
  if (!m || comment.start == null || comment.end == null || !comment.loc) return undefined;
  const kind = m[2] as DirectiveKind;
  const valueStart = comment.start + 2;
  const restStart = m[0].length;
  const rest = comment.value.slice(restStart);
  const split = REASON.exec(rest);
  const namesText = split ? rest.slice(0, split.index) : rest;
  const names: DirectiveName[] = [];
  for (const n of namesText.matchAll(/[^\s,]+/g)) {
    const start = valueStart + restStart + n.index;
    names.push({ text: n[0], start, end: start + n[0].length });
  }
  const reason = split ? rest.slice(split.index + split[0].length).replace(/\s+/g, ' ').trim() : '';
  const d: Directive = { kind, names, reason, start: comment.start, end: comment.end, line: comment.loc.start.line, endLine: comment.loc.end.line };
  if (kind === 'disable-line' && d.line !== d.endLine) d.invalid = 'a v4-migrate-disable-line comment must fit on its line; use v4-migrate-disable-next-line above the line';
  const before = /\{\s*$/.exec(text.slice(Math.max(0, comment.start - 200), comment.start));
  const after = /^\s*\}/.exec(text.slice(comment.end, comment.end + 200));
  if (before && after) d.container = [comment.start - before[0].length, comment.end + after[0].length];
  return d;
}

function jsxCommentContainers(ast: File): [number, number][] {
  const out: [number, number][] = [];
  walk(ast as unknown as Node, (node) => {
    if (node.type === 'JSXExpressionContainer' && node.expression.type === 'JSXEmptyExpression') out.push([node.start!, node.end!]);
  });
  return out;
}

/** What a directive name can stand for: a rule's id or one of its change IDs. */
export interface NamedRule {
  id: string;
  changes: readonly string[];
}

export function names(name: string, rule: NamedRule): boolean {
  return name === rule.id || rule.changes.includes(name);
}

/** The directive (and the name in it, none for a blanket one) that silences a finding. */
export interface Silencer {
  directive: Directive;
  name?: DirectiveName;
}

/**
 * The directives that silence `rule` at `offset` (on `line`): line directives aimed at the line, and the
 * region directive in force there (the last disable or enable before it that concerns the rule wins).
 */
export function silencers(directives: readonly Directive[], offset: number, line: number, rule: NamedRule): Silencer[] {
  const out: Silencer[] = [];
  let region: Silencer | undefined;
  for (const d of directives) {
    if (d.invalid) continue;
    if (d.kind === 'disable' || d.kind === 'enable') {
      if (d.start > offset) continue;
      const name = d.names.find((n) => names(n.text, rule));
      if (d.names.length > 0 && !name) continue;
      region = d.kind === 'disable' ? { directive: d, name } : undefined;
      continue;
    }
    const target = d.kind === 'disable-line' ? d.line : d.endLine + 1;
    if (target !== line) continue;
    if (d.names.length === 0) out.push({ directive: d });
    else {
      const name = d.names.find((n) => names(n.text, rule));
      if (name) out.push({ directive: d, name });
    }
  }
  if (region) out.push(region);
  return out;
}

/** A directive, or some names in it, that silenced nothing. */
export interface Unused {
  directive: Directive;
  /** The unused names; empty when the whole directive is unused. */
  names: readonly DirectiveName[];
}

/**
 * Directives (or names in them) that silenced nothing. `used` holds the silencers that were used (a
 * directive for a blanket one, a name otherwise). `accountable(name)` says whether the run could have seen
 * what a name silences (undefined: a blanket directive): a rule left out on the command line could not. An
 * enable is unused when every disable it ends is unused.
 */
export function unusedDirectives(directives: readonly Directive[], used: ReadonlySet<Directive | DirectiveName>, accountable: (name?: string) => boolean): Unused[] {
  const out: Unused[] = [];
  const isUsed = (d: Directive, n?: DirectiveName) => used.has(n ?? d);
  // Open disables: the blanket ones under '*', the named ones under their name.
  const open = new Map<string, Silencer[]>();
  for (const d of directives) {
    if (d.invalid) continue;
    if (d.kind !== 'enable') {
      if (d.kind === 'disable') {
        if (d.names.length === 0) open.set('*', [...(open.get('*') ?? []), { directive: d }]);
        for (const n of d.names) open.set(n.text, [...(open.get(n.text) ?? []), { directive: d, name: n }]);
      }
      if (d.names.length === 0) {
        if (!isUsed(d) && accountable()) out.push({ directive: d, names: [] });
        continue;
      }
      const unused = d.names.filter((n) => !isUsed(d, n) && accountable(n.text));
      if (unused.length > 0) out.push({ directive: d, names: unused.length === d.names.length ? [] : unused });
      continue;
    }
    // An enable: what it ends, and whether any of that silenced something.
    const ended = (key: string) => open.get(key) ?? [];
    if (d.names.length === 0) {
      const all = [...open.values()].flat();
      open.clear();
      if (all.every((s) => !isUsed(s.directive, s.name) && accountable(s.name?.text))) out.push({ directive: d, names: [] });
      continue;
    }
    const unused = d.names.filter((n) => {
      const ends = [...ended(n.text), ...ended('*')];
      open.delete(n.text);
      return ends.every((s) => !isUsed(s.directive, s.name) && accountable(s.name?.text));
    });
    if (unused.length > 0) out.push({ directive: d, names: unused.length === d.names.length ? [] : unused });
  }
  return out;
}

/** The edits that remove an unused directive (the whole comment, its line when alone on it) or unused names. */
export function removal(text: string, unused: Unused): { start: number; end: number; text: string }[] {
  const d = unused.directive;
  if (unused.names.length > 0) {
    const kept = d.names.filter((n) => !unused.names.includes(n));
    const first = d.names[0]!;
    const last = d.names[d.names.length - 1]!;
    const separator = d.names.length > 1 ? text.slice(first.end, d.names[1]!.start) : ', ';
    return [{ start: first.start, end: last.end, text: kept.map((n) => n.text).join(separator) }];
  }
  const [start, end] = d.container ?? [d.start, d.end];
  const lineStart = start === 0 ? 0 : Math.max(text.lastIndexOf('\n', start - 1), text.lastIndexOf('\r', start - 1)) + 1;
  const eol = /\r\n|\r|\n|$/.exec(text.slice(end))!;
  const lineEnd = end + eol.index;
  const before = text.slice(lineStart, start);
  const after = text.slice(end, lineEnd);
  // Alone on its line: the line goes, with its line break.
  if (/^[ \t]*$/.test(before) && /^[ \t]*$/.test(after)) return [{ start: lineStart, end: lineEnd + eol[0].length, text: '' }];
  // After code: the spaces before it go too; before code: the spaces after it.
  if (/^[ \t]*$/.test(after)) return [{ start: start - /[ \t]*$/.exec(before)![0].length, end, text: '' }];
  return [{ start, end: end + /^[ \t]*/.exec(after)![0].length, text: '' }];
}

/** The directive comment that silences `ruleId` on the line below, indented like that line. */
export function directiveFor(ruleId: string, indent: string, eol: string): string {
  return `${indent}// v4-migrate-disable-next-line ${ruleId}${eol}`;
}
