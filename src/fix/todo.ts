// `--add-todo-comments`: a marker comment above each finding that needs a person,
//   // v4-migrate: R90-COMMIT-JOBS `GET …/commits/:sha/builds` is dropped in v4; …
// (`{/* v4-migrate: … */}` between JSX children, where `//` would be rendered as text). Markers follow
// the findings: a re-run adds none twice and refreshes their text, a marker whose finding is gone is
// removed, and `--fix` removes the markers of the findings it fixed.
import type { File } from '@babel/types';
import { CommentContext } from './comment-context.js';
import { parseSource } from '../parse/parse.js';
import { lineStarts, position, summarise } from '../lint.js';
import { applySorted, movedMessages } from './apply.js';
import type { Edit, LintMessage, LintResult } from '../results.js';

const TOKEN = '[A-Z0-9]+(?:-[A-Z0-9]+)*(?:,[A-Z0-9]+(?:-[A-Z0-9]+)*)*';
const LINE_MARKER = new RegExp(`^([ \\t]*)//[ \\t]*v4-migrate:[ \\t]+(${TOKEN})(?:[ \\t]+(.*?))?[ \\t]*$`);
const JSX_MARKER = new RegExp(`^([ \\t]*)\\{/\\*[ \\t]*v4-migrate:[ \\t]+(${TOKEN})(?:[ \\t]+(.*?))?[ \\t]*\\*/\\}[ \\t]*$`);

export interface MarkerOptions {
  /** Add missing markers and refresh their text (`--add-todo-comments`); otherwise only remove stale ones. */
  add: boolean;
  /** Unsafe fixes are applied in this run, so unsafe findings do not need a person. */
  unsafe: boolean;
}

/** Whether a finding is left for a person: no fix, or an unsafe one this run does not apply. */
export function needsPerson(m: LintMessage, unsafe: boolean): boolean {
  return m.changes.length > 0 && (m.fixClass === 'report' || (m.fixClass === 'unsafe' && !unsafe));
}

/**
 * Bring the markers of a result's text (its `output`, else its source) in step with its findings. The
 * findings are moved below the lines added, so positions in the result describe what is written; the
 * marked text must parse. Returns the edits made to that text too.
 */
export function withMarkers(result: LintResult, source: string, judged: ReadonlySet<string>, options: MarkerOptions): { result: LintResult; edits: readonly Edit[] } {
  const text = result.output ?? source;
  const edits = markerEdits(text, result.filePath, result.messages, judged, options).sort((a, b) => a.start - b.start || a.end - b.end);
  if (edits.length === 0) return { result, edits };
  const marked = applySorted(text, edits);
  if (!parseSource(marked, result.filePath).ok) {
    const message: LintMessage = {
      ruleId: 'fix-error', severity: 2, level: 'error', line: 1, column: 1, endLine: 1, endColumn: 1, changes: [], fixClass: 'report',
      message: `Todo comments were not added to this file: the marked text would not parse; please report it with the lines of the findings`,
    };
    return { result: { ...result, messages: [message, ...result.messages], errorCount: result.errorCount + 1 }, edits: [] };
  }
  const suppressed = result.suppressedMessages;
  const moved: LintResult = {
    ...result,
    ...summarise(result.filePath, movedMessages(result.messages, text, marked, edits)),
    ...(suppressed ? { suppressedMessages: movedMessages(suppressed, text, marked, edits) } : {}),
  };
  if (marked === source) delete moved.output;
  else moved.output = marked;
  return { result: moved, edits };
}

interface Marker {
  line: number;
  token: string;
  text: string;
}

/** The edits that add, refresh and remove marker lines of `text`, given the findings on it. */
export function markerEdits(text: string, filePath: string, messages: readonly LintMessage[], judged: ReadonlySet<string>, options: MarkerOptions): Edit[] {
  const wanted = messages.filter((m) => needsPerson(m, options.unsafe));
  if (!text.includes('v4-migrate:') && (!options.add || wanted.length === 0)) return [];
  const parsed = parseSource(text, filePath);
  if (!parsed.ok) return [];
  const lines = new Lines(text);
  const context = new CommentContext(parsed.ast);
  const markers = existingMarkers(parsed.ast, lines);
  const markerLines = new Set(markers.map((m) => m.line));
  const anchorOf = (line: number) => {
    let next = line + 1;
    while (markerLines.has(next)) next++;
    return next;
  };
  // Where a finding's marker goes: above its line, or above the line where a string, template or
  // comment spanning that line starts (a comment line inside it would change it).
  const placeFor = (line: number) => {
    for (;;) {
      const inside = context.tokenAround(lines.start(line));
      if (inside === undefined) return line;
      line = lines.lineOf(inside[0]);
    }
  };
  const key = (line: number, token: string) => `${line}|${token}`;

  const desired = new Map<string, { line: number; token: string; text: string; jsx: boolean }>();
  if (options.add) {
    for (const m of wanted) {
      const line = placeFor(m.line - 1);
      const token = m.changes.join(',');
      if (!desired.has(key(line, token))) desired.set(key(line, token), { line, token, text: m.message.replace(/\s+/g, ' ').trim(), jsx: context.jsxAt(lines.start(line)) });
    }
  }
  // A marker stays while a finding of its change is on its line; without `add`, any finding keeps it.
  const keep = options.add ? new Set(desired.keys()) : new Set(messages.filter((m) => m.changes.length > 0).map((m) => key(placeFor(m.line - 1), m.changes.join(','))));

  const edits: Edit[] = [];
  const present = new Set<string>();
  for (const marker of markers) {
    // A marker of a change no rule of this run checks (`--rule`, configuration) is not ours to judge.
    if (!marker.token.split(',').every((c) => judged.has(c))) continue;
    const k = key(anchorOf(marker.line), marker.token);
    if (keep.has(k) && !present.has(k)) {
      present.add(k);
      const want = desired.get(k);
      const line = want && render(want.token, want.text, want.jsx, lines.indent(want.line));
      if (line !== undefined && line !== lines.content(marker.line)) edits.push({ start: lines.start(marker.line), end: lines.contentEnd(marker.line), text: line });
      continue;
    }
    edits.push(lines.removal(marker.line));
  }
  const inserts = new Map<number, string>();
  for (const [k, want] of desired) {
    if (present.has(k)) continue;
    inserts.set(want.line, (inserts.get(want.line) ?? '') + render(want.token, want.text, want.jsx, lines.indent(want.line)) + lines.eol(want.line));
  }
  for (const [line, inserted] of inserts) {
    // Never in front of a byte order mark.
    const at = line === 0 && text.startsWith('\uFEFF') ? 1 : lines.start(line);
    edits.push({ start: at, end: at, text: inserted });
  }
  return edits;
}

/** The marker comment lines of a text (for counting what a run added and removed). */
export function markerLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/).filter((l) => LINE_MARKER.test(l) || JSX_MARKER.test(l)).map((l) => l.trim());
}

function render(token: string, message: string, jsx: boolean, indent: string): string {
  return jsx ? `${indent}{/* v4-migrate: ${token} ${message.replaceAll('*/', '*\\/')} */}` : `${indent}// v4-migrate: ${token} ${message}`;
}

/** Marker comments: a whole line holding a `// v4-migrate:` comment (or its JSX form) and nothing else. */
function existingMarkers(ast: File, lines: Lines): Marker[] {
  const out: Marker[] = [];
  for (const c of ast.comments ?? []) {
    const line = lines.lineOf(c.start!);
    const content = lines.content(line);
    const m = (c.type === 'CommentLine' ? LINE_MARKER : JSX_MARKER).exec(content);
    if (!m || c.start !== lines.start(line) + m[1]!.length + (c.type === 'CommentLine' ? 0 : 1)) continue;
    out.push({ line, token: m[2]!, text: m[3] ?? '' });
  }
  return out;
}

/** Lines of a text: where each starts, where its content ends, its terminator. */
class Lines {
  private readonly starts: number[];
  constructor(private readonly text: string) {
    this.starts = lineStarts(text);
  }
  start(line: number): number {
    return this.starts[line] ?? this.text.length;
  }
  lineOf(offset: number): number {
    return position(this.starts, offset)[0] - 1;
  }
  contentEnd(line: number): number {
    const next = this.starts[line + 1];
    if (next === undefined) return this.text.length;
    return this.text[next - 1] === '\n' && this.text[next - 2] === '\r' ? next - 2 : next - 1;
  }
  content(line: number): string {
    return this.text.slice(this.start(line), this.contentEnd(line));
  }
  indent(line: number): string {
    return /^[ \t]*/.exec(this.content(line))![0];
  }
  /** The line's terminator, or the file's first one for a last line without one. */
  eol(line: number): string {
    const own = this.text.slice(this.contentEnd(line), this.start(line + 1));
    return own || (/\r\n|\n|\r/.exec(this.text)?.[0] ?? '\n');
  }
  /** An edit removing a whole line with its terminator (the one before it, for a last line). */
  removal(line: number): Edit {
    if (this.starts[line + 1] !== undefined || line === 0) return { start: this.start(line), end: this.start(line + 1), text: '' };
    return { start: this.contentEnd(line - 1), end: this.text.length, text: '' };
  }
}
