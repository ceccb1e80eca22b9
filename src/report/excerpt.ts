// Source text for the HTML report: a few lines around a finding with its span marked, and a fix shown
// as removed and added lines. Everything returned is escaped HTML.

/** HTML-escape text (element content and attribute values). */
export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A text split into lines the way the parser counts them (CRLF, LF, CR, U+2028, U+2029). */
export class Lines {
  /** Offset of the first character of each line. */
  readonly starts: number[] = [0];
  constructor(readonly text: string) {
    const breaks = /\r\n|[\n\r\u2028\u2029]/g;
    for (let m = breaks.exec(text); m; m = breaks.exec(text)) this.starts.push(m.index + m[0].length);
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
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }
}

const CONTEXT = 2;
const MAX_SPAN_LINES = 8;

/** One code line: its number, then its text with the part in [from, to) (offsets in `lines`) wrapped in `tag`. */
function codeLine(lines: Lines, n: number, from: number, to: number, tag: string, sign = ''): string {
  const text = lines.line(n);
  const start = lines.starts[n - 1]!;
  const a = Math.min(Math.max(from - start, 0), text.length);
  const b = Math.min(Math.max(to - start, 0), text.length);
  // A zero-width span (a parse error's point) is marked where it is; a real span only where it shows.
  const inside = to === from ? from >= start && from <= start + text.length : a < b;
  const parts = inside ? [text.slice(0, a), text.slice(a, b), text.slice(b)] : [text, '', ''];
  // A byte order mark is not part of the code a person reads.
  if (start === 0) parts[parts[0] ? 0 : 1] = parts[parts[0] ? 0 : 1]!.replace(/^\uFEFF/, '');
  const body = inside ? `${esc(parts[0]!)}<${tag}>${esc(parts[1]!)}</${tag}>${esc(parts[2]!)}` : esc(parts[0]!);
  return `<span class="ln"${sign ? ` data-sign="${sign}"` : ''}><span class="no" aria-hidden="true">${n}</span><span class="tx">${body || ' '}</span></span>`;
}

/** The lines around a finding, its span marked; a long span is cut in the middle. */
export function excerpt(source: string, line: number, column: number, endLine: number, endColumn: number): string {
  const lines = new Lines(source);
  const from = lines.offset(line, column);
  const to = Math.max(lines.offset(endLine, endColumn), from);
  const first = Math.max(line - CONTEXT, 1);
  // The empty "line" after a final line break is not shown as context.
  const lastLine = lines.count > 1 && lines.line(lines.count) === '' ? lines.count - 1 : lines.count;
  const last = Math.min(Math.max(endLine, line) + CONTEXT, Math.max(lastLine, endLine));
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    if (endLine - line > MAX_SPAN_LINES && n === line + MAX_SPAN_LINES / 2) {
      out.push(`<span class="ln gap"><span class="no" aria-hidden="true">⋮</span><span class="tx">${endLine - line - MAX_SPAN_LINES} more lines</span></span>`);
      n = endLine - MAX_SPAN_LINES / 2;
    }
    out.push(codeLine(lines, n, from, to, 'mark'));
  }
  return `<pre class="code"><code>${out.join('')}</code></pre>`;
}

/** A fix on `source` (replace [start, end) by `text`) as the removed lines, then the added lines. */
export function fixDiff(source: string, start: number, end: number, text: string): string {
  const before = new Lines(source);
  const firstLine = before.lineOf(start);
  const lastLine = before.lineOf(end);
  const after = new Lines(source.slice(0, start) + text + source.slice(end));
  const addedLast = after.lineOf(start + text.length);
  const out: string[] = [];
  for (let n = firstLine; n <= lastLine; n++) out.push(codeLine(before, n, start, end, 'del', '-'));
  for (let n = firstLine; n <= addedLast; n++) out.push(codeLine(after, n, start, start + text.length, 'ins', '+'));
  return `<pre class="code diff"><code>${out.join('')}</code></pre>`;
}

/** A message's `code` spans as <code> elements (the rest escaped). */
export function inlineCode(message: string): string {
  return esc(message).replace(/`([^`]+)`/g, '<code>$1</code>');
}
