// `--fix` on one checked file: the chosen rewrites are applied to the original text in one go, the fixed
// text must parse, and the report is what is left: every finding of the original text whose fix was not
// applied, moved to its place in the fixed text. The rules do not run again; `fixedByRule` counts only
// the findings whose rewrite was written.
import { parseFile } from '../parse/component.js';
import { columnLines, position, sortMessages, summarise, withFix, type Checked } from '../lint.js';
import type { RawFinding } from '../match/run.js';
import type { Edit, LintMessage, LintResult } from '../results.js';
import { chosen, type FixChoice } from './select.js';
import { withMarkers } from './todo.js';

export interface FixedFile {
  /** The fixed text (the original when nothing was applied). */
  text: string;
  /** The edits applied, sorted: where the original's offsets are in `text`. */
  edits: readonly Edit[];
  /** What is left, on `text`, with what was fixed counted. */
  result: LintResult;
  /** It rewrites base URLs that calls go through (`const API = '…/api/v3'`, a client's `baseURL`). */
  movesBases: boolean;
}

/** Apply a checked file's chosen rewrites (and, when asked, the removal of unused disable directives). */
export function fixChecked(filePath: string, source: string, checked: Checked, choice: FixChoice & { dropUnusedDirectives?: boolean }): FixedFile | { error: string } {
  const groups = (choice.unsafe ? checked.groups.all : checked.groups.safe).filter((g) => chosen(g, choice));
  const resolved = new Set<RawFinding>(groups.flatMap((g) => g.resolves));
  const edits: Edit[] = groups.flatMap((g) => g.edits);
  const done = new Set<LintMessage>(checked.placed.filter((p) => resolved.has(p.finding)).map((p) => p.message));
  // Removing what silences nothing changes no finding; a removal that touches a rewrite waits for the next run.
  if (choice.dropUnusedDirectives) {
    for (const m of checked.result.messages) {
      if (m.ruleId !== 'unused-disable-directive' || !m.edits || m.edits.some((e) => edits.some((x) => touches(e, x)))) continue;
      edits.push(...m.edits);
      done.add(m);
    }
  }
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  const text = applySorted(source, edits);
  if (text !== source) {
    const parsed = parseFile(text, filePath);
    if (!parsed.ok) return { error: `the fixed text would not parse (Parsing error: ${parsed.message}); please report it with the v3 calls of this file` };
  }
  const left = checked.result.messages.filter((m) => !done.has(m));
  const fixedByRule: Record<string, number> = {};
  for (const m of [...done].sort((a, b) => a.ruleId.localeCompare(b.ruleId))) fixedByRule[m.ruleId] = (fixedByRule[m.ruleId] ?? 0) + 1;
  const suppressed = checked.result.suppressedMessages;
  // Fixed to v4 routes on a base the code does not show: the person running --fix is told to move that base.
  const outside = new Set(groups.flatMap((g) => g.calls.filter((c) => c.baseUnseen).map((c) => c.call)));
  const onOutsideBase = checked.placed.filter((p) => p.call && outside.has(p.call) && resolved.has(p.finding)).length;
  const result: LintResult = {
    ...summarise(filePath, sortMessages(movedMessages(left, source, text, edits))),
    ...(suppressed ? { suppressedMessages: movedMessages(suppressed, source, text, edits) } : {}),
    fixedCount: done.size,
    fixedByRule,
    ...(onOutsideBase > 0 ? { fixedOnOutsideBase: onOutsideBase } : {}),
  };
  const movesBases = groups.some((g) => g.edits.length > 0 && g.calls.some((c) => c.isBase));
  return { text, edits, result, movesBases };
}

/**
 * The safe fixes a result's findings carry, applied to its source (an editor's fix-all): each rewrite once
 * (the findings it resolves carry the same edits), the findings it does not resolve moved to the new text,
 * and the todo markers of the resolved ones removed. The rules do not run again; undefined when nothing
 * changes or the fixed text would not parse.
 */
export function applySafeFixes(result: LintResult, judged: ReadonlySet<string>): LintResult | undefined {
  const source = result.source;
  if (source === undefined) return undefined;
  const rewrites = new Map<string, readonly Edit[]>();
  const done = new Set<LintMessage>();
  for (const m of result.messages) {
    if (m.fixClass !== 'safe' || !m.edits || m.ruleId === 'unused-disable-directive') continue;
    rewrites.set(JSON.stringify(m.edits), m.edits);
    done.add(m);
  }
  const edits = [...rewrites.values()].flat().sort((a, b) => a.start - b.start || a.end - b.end);
  const text = applySorted(source, edits);
  if (text === source || !parseFile(text, result.filePath).ok) return undefined;
  const left = movedMessages(result.messages.filter((m) => !done.has(m)), source, text, edits);
  const fixed: LintResult = { ...summarise(result.filePath, sortMessages(left)), source, output: text, fixedCount: done.size };
  return withMarkers(fixed, source, judged, { add: false, unsafe: false }).result;
}

/** Apply sorted edits that do not overlap. */
export function applySorted(text: string, edits: readonly Edit[]): string {
  let out = '';
  let at = 0;
  for (const e of edits) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}

/**
 * Where an offset of a text is after sorted edits: moved by every edit before it; inside an edit, at that
 * edit's start (for the start of a span) or at the end of its new text (for the end of one).
 */
export function movedOffset(edits: readonly Edit[], offset: number, side: 'start' | 'end' = 'start'): number {
  let delta = 0;
  for (const e of edits) {
    if (e.end <= offset && !(e.start === e.end && e.start === offset && side === 'end')) delta += e.text.length - (e.end - e.start);
    else if (e.start < offset) return e.start + delta + (side === 'end' ? e.text.length : 0);
    else break;
  }
  return offset + delta;
}

/** Messages of a text moved into that text after edits: their positions, and the fixes they still carry. */
export function movedMessages<T extends LintMessage>(messages: readonly T[], before: string, after: string, edits: readonly Edit[]): T[] {
  if (edits.length === 0) return [...messages];
  const from = columnLines(before);
  const to = columnLines(after);
  const offsetOf = (line: number, column: number) => (from[line - 1] ?? before.length) + column - 1;
  return messages.map((m) => {
    const mask = m.mask && movedSecret(m.mask, before, after, edits);
    const span = mask ?? movedSpan([offsetOf(m.line, m.column), offsetOf(m.endLine, m.endColumn)], before, after, edits);
    const [line, column] = position(to, span[0]);
    const [endLine, endColumn] = position(to, span[1]);
    const moved: T = { ...m, line, column, endLine, endColumn, ...(mask ? { mask } : {}) };
    if (!m.edits) return moved;
    // A fix not applied is kept, on the new text (no edit applied touches it: groups that touch are one).
    delete moved.fix;
    delete moved.suggestions;
    const shifted = m.edits.map((e) => ({ start: movedOffset(edits, e.start, 'start'), end: movedOffset(edits, e.end, 'end'), text: e.text }));
    return withFix(moved, shifted, m.suggestions?.[0]?.desc ?? '', after) as T;
  });
}

/**
 * Where a span is after the edits. A span inside text an edit wrote again (a URL rebuilt whole) is found in
 * the new text by its own text when that is there once; otherwise it starts where the edit starts.
 */
function movedSpan(span: readonly [number, number], before: string, after: string, edits: readonly Edit[]): [number, number] {
  const moved: [number, number] = [movedOffset(edits, span[0], 'start'), movedOffset(edits, span[1], 'end')];
  const edit = edits.find((e) => e.start <= span[0] && span[1] <= e.end && e.start < e.end);
  const text = before.slice(span[0], span[1]);
  if (!edit || text.length < 2) return moved;
  const at = movedOffset(edits, edit.start, 'end');
  const written = after.slice(at, at + edit.text.length);
  const i = written.indexOf(text);
  return i >= 0 && written.indexOf(text, i + 1) < 0 ? [at + i, at + i + text.length] : moved;
}

// A token in a URL's query: a fix moves the token (into a header), not the URL around it.
const QUERY_TOKEN = /[?&](?:private_token|access_token|token)=([^&#\s'"`]+)/i;

/**
 * Where a token literal (its span, quotes included) is after the edits. A fix that rewrites the literal
 * around it may move the token elsewhere (`?private_token=…` into a header): it is found in the new text
 * the edits wrote, so reports keep hiding it.
 */
function movedSecret(mask: readonly [number, number], before: string, after: string, edits: readonly Edit[]): [number, number] {
  const moved: [number, number] = [movedOffset(edits, mask[0], 'start'), movedOffset(edits, mask[1], 'end')];
  if (!edits.some((e) => e.start < mask[1] && mask[0] < e.end)) return moved;
  const inner = before.slice(mask[0] + 1, mask[1] - 1);
  for (const value of [inner, QUERY_TOKEN.exec(inner)?.[1]]) {
    if (!value) continue;
    for (const e of edits) {
      // Where the edit's new text begins: after what earlier edits wrote, before what it inserts itself.
      const at = movedOffset(edits, e.start, 'end');
      const i = after.slice(at, at + e.text.length).indexOf(value);
      if (i >= 0) return [at + i - 1, at + i + value.length + 1];
    }
  }
  return moved;
}

function touches(a: Edit, b: Edit): boolean {
  return (a.start < b.end && b.start < a.end) || a.start === b.start;
}
