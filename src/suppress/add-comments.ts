// --add-disable-comments (Ruff's --add-noqa): a `// v4-migrate-disable-next-line <rules> -- <reason>` above
// every line with findings, indented like it, so an existing codebase starts clean and only new v3 uses
// are reported. Names join an existing next-line directive there instead of adding a second one. Where a
// `//` comment would be text (JSX children) the comment is `{/* … */}`; where the line starts inside a
// string, template literal or comment, a `/* v4-migrate-disable … */ … /* v4-migrate-enable … */` pair
// goes around that literal's lines. The new text must parse and its directives must silence every
// finding they were written for, or the file is left as it was.
import { rules as catalogue } from '../../rules/index.js';
import { collectDirectives, silencers, type Directive } from '../directives.js';
import { columnLines, position, summarise } from '../lint.js';
import { parseSource } from '../parse/parse.js';
import { CommentContext } from '../fix/comment-context.js';
import type { Edit, LintMessage, LintResult, SuppressedMessage } from '../results.js';

export interface Added {
  result: LintResult;
  /** Directive comments written (a name added to an existing directive counts as one). */
  added: number;
  /** Why the file was left alone, when it was. */
  failure?: string;
}

/** Add disable comments for the findings of catalogue rules in one result (its `output`, else its `source`). */
export function addDisableComments(result: LintResult, reason?: string): Added {
  const text = result.output ?? result.source;
  const targets = result.messages.filter((m) => catalogue.some((r) => r.id === m.ruleId));
  if (text === undefined || targets.length === 0) return { result, added: 0 };
  const parsed = parseSource(text, result.filePath);
  if (!parsed.ok) return { result, added: 0, failure: 'it does not parse' };
  const lines = columnLines(text);
  const eol = /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
  const context = new CommentContext(parsed.ast);
  const directives = collectDirectives(parsed.ast, text);
  const note = reason ? ` -- ${reason.replace(/\s+/g, ' ').replace(/\*\//g, '* /').trim()}` : '';

  const edits: Edit[] = [];
  let added = 0;
  const lineCount = lines.length;
  const textOf = (line: number) => text.slice(lines[line - 1]!, line < lineCount ? lines[line]! : text.length);
  const inLiteral = (offset: number) => context.tokenAround(offset);
  const comment = (body: string, offset: number) => (context.jsxAt(offset) ? `{/* ${body} */}` : body.startsWith('v4-migrate-disable-next-line') ? `// ${body}` : `/* ${body} */`);
  /** A comment on its own line before `line`, indented like `indentLine`; false when that line starts inside a literal. */
  const insertLine = (line: number, body: string, indentLine = line): boolean => {
    const at = line <= lineCount ? lines[line - 1]! : text.length;
    if (inLiteral(at)) return false;
    // After the last line of a file without a final line break, the comment starts one.
    const lead = at === text.length && !/[\r\n]$/.test(text) ? eol : '';
    edits.push({ start: at, end: at, text: `${lead}${/^[ \t]*/.exec(textOf(indentLine))![0]}${comment(body, at)}${lead ? '' : eol}` });
    return true;
  };

  // Rule ids per line, in the order found. A line that starts inside a literal, or that another tool's
  // next-line comment (`// @ts-ignore`) must stay right above, gets a disable/enable pair around its lines.
  const byLine = new Map<number, string[]>();
  const byRegion = new Map<string, string[]>();
  for (const m of targets) {
    const literal = inLiteral(lines[m.line - 1]!);
    const pragma = !literal && m.line > 1 && PRAGMA.test(textOf(m.line - 1));
    const key = literal ? `${position(lines, literal[0])[0]}-${position(lines, literal[1])[0]}` : pragma ? `${m.line - 1}-${m.line}` : undefined;
    const list = (key ? byRegion.get(key) : byLine.get(m.line)) ?? [];
    if (!list.includes(m.ruleId)) list.push(m.ruleId);
    if (key) byRegion.set(key, list);
    else byLine.set(m.line, list);
  }
  // Regions first: at one offset, a region's comment goes above a next-line directive, never between it and its line.
  for (const [key, ids] of byRegion) {
    const [first, last] = key.split('-').map(Number) as [number, number];
    if (!insertLine(first, `v4-migrate-disable ${ids.join(', ')}${note}`) || !insertLine(last + 1, `v4-migrate-enable ${ids.join(', ')}`, first)) {
      return { result, added: 0, failure: `line ${first} starts inside a string or comment; add a v4-migrate-disable comment there by hand` };
    }
    added++;
  }
  for (const [line, ids] of byLine) {
    const existing = directives.find((d) => d.kind === 'disable-next-line' && !d.invalid && d.names.length > 0 && d.endLine + 1 === line);
    if (existing) {
      const missing = ids.filter((id) => !existing.names.some((n) => n.text === id));
      const end = existing.names[existing.names.length - 1]!.end;
      if (missing.length > 0) edits.push({ start: end, end, text: `, ${missing.join(', ')}` });
      added += missing.length > 0 ? 1 : 0;
    } else if (insertLine(line, `v4-migrate-disable-next-line ${ids.join(', ')}${note}`)) added++;
    else return { result, added: 0, failure: `line ${line} starts inside a string or comment; add a v4-migrate-disable comment there by hand` };
  }
  if (edits.length === 0) return { result, added: 0 };

  edits.sort((a, b) => a.start - b.start);
  let output = '';
  let at = 0;
  for (const e of edits) {
    output += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  output += text.slice(at);
  const shift = (offset: number) => offset + edits.reduce((n, e) => n + (e.start <= offset ? e.text.length : 0), 0);

  // The written text must parse, and its directives must silence every finding they were written for.
  const reparsed = parseSource(output, result.filePath);
  if (!reparsed.ok) return { result, added: 0, failure: `the text with comments would not parse (${reparsed.message}); please report it` };
  const newLines = columnLines(output);
  const newDirectives = collectDirectives(reparsed.ast, output);
  const offsetOf = (m: LintMessage) => lines[m.line - 1]! + m.column - 1;
  const silenced = (m: LintMessage, ds: readonly Directive[]) => {
    const offset = shift(offsetOf(m));
    return silencers(ds, offset, position(newLines, offset)[0], { id: m.ruleId, changes: m.changes }).length > 0;
  };
  const missed = targets.find((m) => !silenced(m, newDirectives));
  if (missed) return { result, added: 0, failure: `a comment for line ${missed.line} would not silence ${missed.ruleId}; please report it` };

  const move = (m: LintMessage): LintMessage => moved(m, shift, lines, newLines);
  const suppressedMessages: SuppressedMessage[] = [
    ...(result.suppressedMessages ?? []).map((m) => ({ ...move(m), suppressions: m.suppressions })),
    ...targets.map((m) => ({ ...move(m), suppressions: [{ kind: 'directive' as const, justification: reason?.trim() ?? '' }] })),
  ];
  const messages = result.messages.filter((m) => !targets.includes(m)).map(move);
  return { result: { ...result, ...summarise(result.filePath, messages), suppressedMessages, output }, added };
}

// Comments of other tools that act on the next line: a directive must not come between them and it.
const PRAGMA = /^\s*(?:\/\/|\/\*)\s*(?:@ts-ignore|@ts-expect-error|eslint-disable-next-line|prettier-ignore|biome-ignore|oxlint-disable-next-line|deno-lint-ignore|istanbul\s+ignore|c8\s+ignore|v8\s+ignore|\$FlowFixMe|\$FlowIgnore|\$FlowExpectedError|noinspection)\b.*?(?:\*\/)?\s*$/;

/** A message placed in the text with comments added: its offsets shifted, its line and column recomputed. */
function moved(m: LintMessage, shift: (offset: number) => number, before: readonly number[], after: readonly number[]): LintMessage {
  const out = { ...m };
  if (m.fix) out.fix = { range: [shift(m.fix.range[0]), shift(m.fix.range[1])], text: m.fix.text };
  if (m.suggestions) out.suggestions = m.suggestions.map((s) => ({ ...s, fix: { range: [shift(s.fix.range[0]), shift(s.fix.range[1])], text: s.fix.text } }));
  if (m.edits) out.edits = m.edits.map((e) => ({ ...e, start: shift(e.start), end: shift(e.end) }));
  if (m.mask) out.mask = [shift(m.mask[0]), shift(m.mask[1])];
  const [line, column] = position(after, shift(before[m.line - 1]! + m.column - 1));
  const [endLine, endColumn] = position(after, shift(before[m.endLine - 1]! + m.endColumn - 1));
  return { ...out, line, column, endLine, endColumn };
}
