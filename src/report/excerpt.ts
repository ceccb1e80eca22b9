// Source text for the HTML report: a few lines around a finding with its span marked, and a fix shown
// as removed and added lines. Everything returned is escaped HTML.
import { lineStarts, position } from '../lint.js';

// A byte of a file name that is not UTF-8, as the tool holds it (files/byte-names.ts).
const NAME_BYTE = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/g;
// Characters that act rather than show, less the tab (code is indented with it).
const ACTING = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/**
 * HTML-escape text (element content and attribute values). Line breaks become references and other
 * control characters visible escapes, so a file name cannot start a line of its own when the report is
 * printed to a CI log, nor act on a terminal.
 */
export function esc(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(ACTING, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)
    .replace(NAME_BYTE, (c) => `\\x${(c.charCodeAt(0) - 0xdc00).toString(16).toUpperCase()}`);
}

/** A text split into lines the way the parser counts them (CRLF, LF, CR, U+2028, U+2029). */
export class Lines {
  /** Offset of the first character of each line. */
  readonly starts: number[];
  constructor(readonly text: string) {
    this.starts = lineStarts(text);
  }
  get count(): number {
    return this.starts.length;
  }
  /** Line `n` (1-based) without its line break. */
  line(n: number): string {
    const start = this.starts[n - 1] ?? this.text.length;
    const next = this.starts[n] ?? this.text.length;
    return this.text.slice(start, next).replace(/(\r\n|[\n\r\u2028\u2029])$/, '');
  }
  /** The offset of a 1-based line and column, clamped to the text. */
  offset(line: number, column: number): number {
    const n = Math.min(Math.max(line, 1), this.count);
    return Math.min(this.starts[n - 1]! + Math.max(column - 1, 0), this.starts[n - 1]! + this.line(n).length);
  }
  /** The 1-based line of an offset. */
  lineOf(offset: number): number {
    return position(this.starts, offset)[0];
  }
}

const CONTEXT = 2;
const MAX_SPAN_LINES = 8;
/** How far from the finding a fix may start or end and still be shown in place, in lines. */
const NEAR = 6;

type Tag = 'mark' | 'del' | 'ins';
/** A range of offsets to wrap in a tag; the first ranges wrap outermost. */
interface Range {
  from: number;
  to: number;
  tag: Tag;
}

/** A fix as one replacement of the original text. */
export interface Replacement {
  start: number;
  end: number;
  text: string;
}

/** One code line: its number, then its text with each range that touches it wrapped in its tag. */
function codeLine(lines: Lines, n: number, ranges: readonly Range[], sign = ''): string {
  const text = lines.line(n);
  const start = lines.starts[n - 1]!;
  const end = start + text.length;
  const at = (offset: number) => Math.min(Math.max(offset - start, 0), text.length);
  // A zero-width range (a parse error's point) is marked where it is; a real one only where it shows.
  const points = ranges.filter((r) => r.from === r.to && r.from >= start && r.from <= end);
  const spans = ranges.filter((r) => r.from < r.to && Math.max(r.from, start) < Math.min(r.to, end));
  const cuts = [...new Set([0, text.length, ...points.map((r) => at(r.from)), ...spans.flatMap((r) => [at(r.from), at(r.to)])])].sort((a, b) => a - b);
  let body = '';
  for (let i = 0; i < cuts.length; i++) {
    const a = cuts[i]!;
    for (const p of points) if (at(p.from) === a) body += `<${p.tag}></${p.tag}>`;
    const b = cuts[i + 1];
    if (b === undefined) break;
    // A byte order mark is not part of the code a person reads.
    let segment = esc(start === 0 && a === 0 ? text.slice(a, b).replace(/^\uFEFF/, '') : text.slice(a, b));
    for (const r of [...spans].reverse()) if (at(r.from) <= a && at(r.to) >= b) segment = `<${r.tag}>${segment}</${r.tag}>`;
    body += segment;
  }
  return `<span class="ln"${sign ? ` data-sign="${sign}"` : ''}><span class="no" aria-hidden="true">${n}</span><span class="tx">${body || ' '}</span></span>`;
}

/** The removed lines of a replacement, then the added ones; `marked` is also marked on the removed lines. */
function replacedLines(before: Lines, fix: Replacement, marked?: Range): string[] {
  const first = before.lineOf(fix.start);
  const last = before.lineOf(fix.end);
  const after = new Lines(before.text.slice(0, fix.start) + fix.text + before.text.slice(fix.end));
  const out: string[] = [];
  const removed: Range[] = [...(marked ? [marked] : []), { from: fix.start, to: fix.end, tag: 'del' }];
  for (let n = first; n <= last; n++) out.push(codeLine(before, n, removed, '-'));
  const added: Range[] = [{ from: fix.start, to: fix.start + fix.text.length, tag: 'ins' }];
  for (let n = first; n <= after.lineOf(fix.start + fix.text.length); n++) out.push(codeLine(after, n, added, '+'));
  return out;
}

/**
 * The lines around a finding with its span marked. A fix near it is shown in place: the lines it
 * replaces as removed (−), then the new ones as added (+). `fixShown` says whether it was.
 */
export function excerpt(source: string, line: number, column: number, endLine: number, endColumn: number, fix?: Replacement): { html: string; fixShown: boolean } {
  const lines = new Lines(source);
  const from = lines.offset(line, column);
  const marked: Range = { from, to: Math.max(lines.offset(endLine, endColumn), from), tag: 'mark' };
  const long = endLine - line > MAX_SPAN_LINES;
  const fixLines = fix && [lines.lineOf(fix.start), lines.lineOf(fix.end)];
  const inPlace = fixLines !== undefined && !long && fixLines[0]! >= line - NEAR && fixLines[1]! <= endLine + NEAR;
  let first = Math.max(line - CONTEXT, 1);
  // The empty "line" after a final line break is not shown as context.
  const lastLine = lines.count > 1 && lines.line(lines.count) === '' ? lines.count - 1 : lines.count;
  let last = Math.min(Math.max(endLine, line) + CONTEXT, Math.max(lastLine, endLine));
  if (inPlace) {
    first = Math.min(first, fixLines[0]!);
    last = Math.max(last, fixLines[1]!);
  }
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    if (inPlace && n === fixLines[0]) {
      out.push(...replacedLines(lines, fix!, marked));
      n = fixLines[1]!;
      continue;
    }
    if (long && n === line + MAX_SPAN_LINES / 2) {
      out.push(`<span class="ln gap"><span class="no" aria-hidden="true">⋮</span><span class="tx">${endLine - line - MAX_SPAN_LINES} more lines</span></span>`);
      n = endLine - MAX_SPAN_LINES / 2;
    }
    out.push(codeLine(lines, n, [marked]));
  }
  return { html: `<pre class="code${inPlace ? ' diff' : ''}"><code>${out.join('')}</code></pre>`, fixShown: inPlace };
}

/** A fix on `source` on its own: the removed lines, then the added lines. */
export function fixDiff(source: string, fix: Replacement): string {
  return `<pre class="code diff"><code>${replacedLines(new Lines(source), fix).join('')}</code></pre>`;
}

/** A message's `code` spans as <code> elements (the rest escaped). */
export function inlineCode(message: string): string {
  return esc(message).replace(/`([^`]+)`/g, '<code>$1</code>');
}
