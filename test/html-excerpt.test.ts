// The code excerpts of the HTML report: lines counted as the parser counts them, spans marked exactly,
// markup in code escaped, fixes shown in place.
import { describe, expect, it } from 'vitest';
import { excerpt, fixDiff, Lines } from '../src/report/excerpt.js';

const unescape = (t: string) => t.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** The text of each shown line, with its sign, and what is wrapped in each tag. */
function read(html: string) {
  const lines = [...html.matchAll(/<span class="ln"(?: data-sign="(.)")?><span class="no" aria-hidden="true">([^<]+)<\/span><span class="tx">([\s\S]*?)<\/span><\/span>/g)].map((m) => ({
    sign: m[1] ?? ' ',
    no: m[2],
    text: unescape(m[3]!),
  }));
  const tagged = (tag: string) => [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => unescape(m[1]!)).join('|');
  return { lines: lines.map((l) => `${l.sign}${l.no} ${l.text}`), mark: tagged('mark'), del: tagged('del'), ins: tagged('ins') };
}

describe('Lines', () => {
  it('breaks lines at CRLF, LF, CR, U+2028 and U+2029, as the parser does', () => {
    const lines = new Lines('a\r\nb\rc\u2028d\u2029e\nf');
    expect(lines.count).toBe(6);
    expect([1, 2, 3, 4, 5, 6].map((n) => lines.line(n))).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(lines.offset(2, 1)).toBe(3);
    expect(lines.lineOf(3)).toBe(2);
    expect(lines.lineOf(2)).toBe(1);
  });
});

describe('excerpt', () => {
  const source = '\uFEFFconst a = 1;\r\nconst b = fetch("/api/v3/x");\r\nif (a < b && b > 0) {}\r\nlast();\r\n';

  it('marks the span on CRLF text, escapes markup and drops the byte order mark', () => {
    const { html, fixShown } = excerpt(source, 2, 17, 2, 28);
    expect(fixShown).toBe(false);
    const shown = read(html);
    expect(shown.mark).toBe('"/api/v3/x"');
    expect(shown.lines).toEqual([' 1 const a = 1;', ' 2 const b = fetch("/api/v3/x");', ' 3 if (a < b && b > 0) {}', ' 4 last();']);
    expect(html).toContain('if (a &lt; b &amp;&amp; b &gt; 0)');
    expect(html).not.toContain('\uFEFF');
  });

  it('shows a point (a parse error) as an empty mark where it is', () => {
    const { html } = excerpt(source, 3, 4, 3, 4);
    expect(html).toContain('<span class="tx">if <mark></mark>(a');
  });

  it('shows a fix near the finding in place: removed lines, then added lines', () => {
    const start = source.indexOf('v3');
    const { html, fixShown } = excerpt(source, 2, 17, 2, 28, { start, end: start + 2, text: 'v4' });
    expect(fixShown).toBe(true);
    const shown = read(html);
    expect(shown.lines).toEqual([' 1 const a = 1;', '-2 const b = fetch("/api/v3/x");', '+2 const b = fetch("/api/v4/x");', ' 3 if (a < b && b > 0) {}', ' 4 last();']);
    expect(shown.mark).toBe('"/api/|v3|/x"');
    expect(shown.del).toBe('v3');
    expect(shown.ins).toBe('v4');
  });

  it('shows a far fix on its own, over several lines', () => {
    const far = 'a();\n'.repeat(20) + 'fetch(x);\n';
    const { fixShown } = excerpt(far, 21, 1, 21, 9, { start: 0, end: 4, text: 'b(\n1)' });
    expect(fixShown).toBe(false);
    expect(read(fixDiff(far, { start: 0, end: 4, text: 'b(\n1)' })).lines).toEqual(['-1 a();', '+1 b(', '+2 1)']);
  });
});
