// A self-contained HTML migration dashboard: totals, findings per change, release and file, a chart
// drawn as inline SVG, and every finding with its code and proposed fix. One file, no network: styles,
// script and chart are inline, and its content security policy forbids every fetch.
import path from 'node:path';
import { CHANGES, isChangeId } from '../changes.js';
import { ruleDocsUrl } from '../docs/render.js';
import { lineStarts } from '../lint.js';
import type { Edit, LintMessage, LintResult } from '../results.js';
import { dashboard, fixKind, type ChangeRow, type Dashboard, type FixKind, type Tally } from './dashboard.js';
import { esc, excerpt, fixDiff, inlineCode } from './excerpt.js';
import { CSS, SCRIPT } from './html-assets.js';
import { relativePath } from './paths.js';
import { Redaction } from './redact.js';
import type { Formatter } from './types.js';

const KIND_LABEL: Record<FixKind, string> = { safe: 'Safe fix', unsafe: 'Unsafe fix', person: 'Needs a person' };
const KIND_HOW: Record<FixKind, string> = {
  safe: 'applied by <code>--fix</code>',
  unsafe: 'applied by <code>--fix --unsafe-fixes</code>; review it',
  person: 'nothing mechanical to do',
};
const NONE = 'not checked';

export const html: Formatter = (results, ctx) => {
  const d = dashboard(results, ctx.cwd);
  const project = path.basename(ctx.cwd) || ctx.cwd;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="generator" content="v4-migrate">
<title>API v3 → v4 migration report · ${esc(project)}</title>
<style>${CSS}</style>
</head>
<body>
<a class="skip" href="#findings">Skip to the findings</a>
<header class="top"><div class="wrap">
<p class="eyebrow">v4-migrate · REST API v3 → v4</p>
<h1>Migration report for ${esc(project)}</h1>
<p class="lede">${d.totals.checked} ${plural(d.totals.checked, 'file')} checked · ${d.totals.files} with findings · ${d.totals.checked - d.totals.files} already clean</p>
</div></header>
<main class="wrap">
${summary(d)}
${d.totals.findings > 0 ? `${perChange(d)}\n${perFile(d, firstFindings(results, ctx.cwd))}\n${findings(results, ctx.cwd, d)}` : ''}
</main>
<footer class="wrap">Made by v4-migrate. Each rule is documented in <a href="${esc(ruleDocsUrl('').replace(/#$/, ''))}">docs/RULES.md</a>; <code>npx v4-migrate explain &lt;rule&gt;</code> prints it in a terminal.</footer>
<script>${SCRIPT}</script>
</body>
</html>
`;
};

function summary(d: Dashboard): string {
  const t = d.totals;
  if (t.findings === 0) {
    return `<section class="panel" aria-labelledby="summary-h"><h2 id="summary-h">Summary</h2>
<p class="clean">No v3 API use found: nothing to migrate in these ${t.checked} ${plural(t.checked, 'file')}.</p></section>`;
  }
  const card = (label: string, value: number, kind?: FixKind, of?: string) =>
    `<div class="card${kind ? ` k-${kind}` : ''}"><dt>${kind ? `<span class="swatch k-${kind}" aria-hidden="true"></span>` : ''}${label}</dt><dd><span class="num">${value}</span>${of ? ` <span class="of">${of}</span>` : ''}</dd></div>`;
  const pct = (n: number) => Math.round((100 * n) / t.findings);
  const segs = (['safe', 'unsafe', 'person'] as const)
    .filter((k) => t[k] > 0)
    .map((k) => `<div class="seg k-${k}" style="width:${((100 * t[k]) / t.findings).toFixed(2)}%">${pct(t[k]) >= 8 ? `<span>${pct(t[k])}% ${KIND_LABEL[k].toLowerCase()}</span>` : ''}</div>`)
    .join('');
  const steps = [
    t.safe > 0 ? `<li><code>npx v4-migrate --fix</code> rewrites ${t.safe} ${plural(t.safe, 'finding')} safely.</li>` : '',
    t.unsafe > 0 ? `<li><code>npx v4-migrate --fix --unsafe-fixes</code> rewrites ${t.unsafe} more; read the diff before you commit it.</li>` : '',
    t.person > 0 ? `<li>${t.person} ${plural(t.person, 'finding')} ${t.person === 1 ? 'needs' : 'need'} a person: the message says what to do (<a href="#findings" data-filter="fix" data-value="person">show them</a>).</li>` : '',
  ].join('');
  return `<section class="panel" aria-labelledby="summary-h"><h2 id="summary-h">Summary</h2>
<dl class="totals" id="totals">
${card('Findings', t.findings)}
${card('Files with findings', t.files, undefined, `of ${t.checked}`)}
${card('Safe fixes', t.safe, 'safe')}
${card('Unsafe fixes', t.unsafe, 'unsafe')}
${card('Need a person', t.person, 'person')}
</dl>
<div class="share" role="img" aria-label="${t.safe} safe fixes, ${t.unsafe} unsafe fixes, ${t.person} need a person">${segs}</div>
<ol class="steps">${steps}</ol>
${perRelease(d)}
</section>`;
}

function perRelease(d: Dashboard): string {
  const rows = d.byRelease.map((r) => `<tr><th scope="row">${r.release ? `Release ${esc(r.release)}` : 'Not checked'}</th>${counts(r.tally)}</tr>`).join('\n');
  return `<div class="scroll"><table id="by-release" class="compact"><caption>Per release</caption>
<thead><tr><th scope="col">Release</th>${countHeads()}</tr></thead>
<tbody>
${rows}
</tbody></table></div>`;
}

const LEGEND = `<ul class="legend">${(['safe', 'unsafe', 'person'] as const).map((k) => `<li class="k-${k}"><span class="swatch" aria-hidden="true"></span>${KIND_LABEL[k]} <span class="how">(${KIND_HOW[k]})</span></li>`).join('')}</ul>`;

function perChange(d: Dashboard): string {
  const rows = d.byChange
    .map((c) => {
      const id = c.change || NONE;
      return `<tr><th scope="row"><a class="mono" href="#findings" data-filter="change" data-value="${esc(c.change || NONE)}">${esc(id)}</a></th><td>${esc(c.title)}</td><td>${esc(c.release || '—')}</td>${counts(c.tally)}</tr>`;
    })
    .join('\n');
  return `<section class="panel" aria-labelledby="changes-h"><h2 id="changes-h">Findings per change</h2>
<p class="note">Each bar is one change of the v3 → v4 catalogue, split by what fixing it takes. Select a bar to list its findings.</p>
${LEGEND}
<figure>${chart(d.byChange)}<figcaption class="note">${d.byChange.length} ${plural(d.byChange.length, 'change')}; a finding that cites several changes counts under each.</figcaption></figure>
<div class="scroll"><table id="by-change"><caption class="sr">Per change</caption>
<thead><tr><th scope="col">Change</th><th scope="col">What changed</th><th scope="col">Release</th>${countHeads()}</tr></thead>
<tbody>
${rows}
</tbody></table></div>
</section>`;
}

function perFile(d: Dashboard, first: Map<string, string>): string {
  const most = Math.max(...d.byFile.map((f) => f.tally.findings), 1);
  const rows = d.byFile
    .map((f) => {
      const bar = (['safe', 'unsafe', 'person'] as const)
        .filter((k) => f.tally[k] > 0)
        .map((k) => `<span class="seg k-${k}" style="width:${((100 * f.tally[k]) / most).toFixed(2)}%"></span>`)
        .join('');
      return `<tr><th scope="row"><a class="mono" href="#${first.get(f.file)}" data-filter="file" data-value="${esc(f.file)}">${esc(f.file)}</a></th><td class="bar" aria-hidden="true"><div class="minibar">${bar}</div></td>${counts(f.tally)}</tr>`;
    })
    .join('\n');
  return `<section class="panel" aria-labelledby="files-h"><h2 id="files-h">Findings per file</h2>
<p class="note">${d.totals.files} of ${d.totals.checked} checked ${plural(d.totals.checked, 'file')} have findings; the ones with the most work come first. Select a file to list its findings.</p>
<div class="scroll"><table id="by-file">
<thead><tr><th scope="col">File</th><th scope="col" class="bar"><span class="sr">Share</span></th>${countHeads()}</tr></thead>
<tbody>
${rows}
</tbody></table></div>
</section>`;
}

function countHeads(): string {
  return '<th scope="col" class="n">Findings</th><th scope="col" class="n">Safe</th><th scope="col" class="n">Unsafe</th><th scope="col" class="n">Need a person</th>';
}

function counts(t: Tally): string {
  return `<td class="n">${t.findings}</td><td class="n">${t.safe}</td><td class="n">${t.unsafe}</td><td class="n">${t.person}</td>`;
}

/** Stacked horizontal bars, one per change, drawn by hand; each bar links to its findings. */
function chart(rows: readonly ChangeRow[]): string {
  const label = 200;
  const bars = 560;
  const rowHeight = 24;
  const top = 22;
  const width = label + bars + 50;
  const height = top + rows.length * rowHeight + 4;
  const max = Math.max(...rows.map((r) => r.tally.findings), 1);
  const step = niceStep(max);
  const x = (n: number) => label + (bars * n) / (Math.ceil(max / step) * step);
  const ticks: string[] = [];
  for (let v = 0; v <= Math.ceil(max / step) * step; v += step) {
    ticks.push(`<line class="grid" x1="${x(v)}" x2="${x(v)}" y1="${top - 4}" y2="${height}"/><text class="tick" x="${x(v)}" y="${top - 8}" text-anchor="middle">${v}</text>`);
  }
  const body = rows
    .map((r, i) => {
      const y = top + i * rowHeight + 4;
      let at = 0;
      const segs = (['safe', 'unsafe', 'person'] as const)
        .filter((k) => r.tally[k] > 0)
        .map((k) => {
          const seg = `<rect class="s-${k}" x="${x(at)}" y="${y}" width="${x(at + r.tally[k]) - x(at)}" height="${rowHeight - 8}" rx="2"><title>${esc(r.change || NONE)}: ${r.tally[k]} ${KIND_LABEL[k].toLowerCase()}</title></rect>`;
          at += r.tally[k];
          return seg;
        })
        .join('');
      const name = r.change || NONE;
      return `<a href="#findings" data-filter="change" data-value="${esc(name)}" aria-label="${esc(name)}: ${r.tally.findings} ${plural(r.tally.findings, 'finding')}"><text class="id" x="${label - 10}" y="${y + rowHeight / 2 - 1}" text-anchor="end">${esc(name)}</text>${segs}<text class="count" x="${x(r.tally.findings) + 6}" y="${y + rowHeight / 2 - 1}">${r.tally.findings}</text></a>`;
    })
    .join('\n');
  return `<svg class="chart" viewBox="0 0 ${width} ${height}" width="${width}" role="img" aria-labelledby="chart-t chart-d" xmlns="http://www.w3.org/2000/svg">
<title id="chart-t">Findings per change, split by fix kind</title>
<desc id="chart-d">${rows.map((r) => `${r.change || NONE}: ${r.tally.safe} safe, ${r.tally.unsafe} unsafe, ${r.tally.person} need a person`).join('; ')}</desc>
<defs>
<pattern id="p-unsafe" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect class="p-unsafe-bg" width="5" height="5"/><rect width="2" height="5" fill="#fff" fill-opacity=".35"/></pattern>
<pattern id="p-person" width="5" height="5" patternUnits="userSpaceOnUse"><rect class="p-person-bg" width="5" height="5"/><circle cx="2.5" cy="2.5" r="1.1" fill="#fff" fill-opacity=".45"/></pattern>
</defs>
${ticks.join('')}
${body}
</svg>`;
}

/** A round step (1, 2, 5 × 10^n) that gives at most about six grid lines. */
function niceStep(max: number): number {
  const raw = max / 6;
  const pow = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  return [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
}

function findings(results: readonly LintResult[], cwd: string, d: Dashboard): string {
  const articles: string[] = [];
  for (const result of results) {
    // After --fix, what is left is found in the fixed text.
    const r = result.output !== undefined ? { ...result, source: result.output } : result;
    const file = relativePath(cwd, r.filePath);
    // The report as a whole is redacted where it is written, but marks and fix lines can cut a token into
    // pieces of markup that no longer read as the token: its code is redacted before it is marked up.
    const redaction = new Redaction().addResults([result]);
    const source = r.source === undefined ? undefined : redaction.apply(r.source);
    for (const m of r.messages) articles.push(finding(m, file, source, articles.length, redaction));
  }
  const option = (value: string, text: string) => `<option value="${esc(value)}">${esc(text)}</option>`;
  return `<section class="panel" aria-labelledby="findings-h" id="findings"><h2 id="findings-h">Findings</h2>
<p class="note">Every finding with its code (the span it is about is highlighted) and, when there is one, the rewrite it proposes.</p>
<form class="filters" id="filters" hidden>
<label>Change<select name="change">${option('', 'All changes')}${d.byChange.map((c) => option(c.change || NONE, `${c.change || NONE} (${c.tally.findings})`)).join('')}</select></label>
<label>File<select name="file">${option('', 'All files')}${d.byFile.map((f) => option(f.file, `${f.file} (${f.tally.findings})`)).join('')}</select></label>
<label>Fix<select name="fix">${option('', 'Any')}${(['safe', 'unsafe', 'person'] as const).map((k) => option(k, KIND_LABEL[k])).join('')}</select></label>
<label>Sort by<select name="sort">${option('file', 'File and line')}${option('change', 'Change')}${option('fix', 'Fix (needs a person first)')}${option('rule', 'Rule')}</select></label>
<button type="reset">Show all</button>
</form>
<p id="shown" role="status">${d.totals.findings} ${plural(d.totals.findings, 'finding')}</p>
<div id="finding-list">
${articles.join('\n')}
</div>
<p class="empty" id="no-match" hidden>No finding matches these filters.</p>
</section>`;
}

function finding(m: LintMessage, file: string, source: string | undefined, index: number, redaction: Redaction): string {
  const kind = fixKind(m);
  const id = `f${index + 1}`;
  const changes = m.changes.map((c) => `<span class="chg" title="${esc(isChangeId(c) ? CHANGES[c].title : c)}">${esc(c)}</span>`).join(' ');
  const rule = m.fatal ? esc(m.ruleId) : `<a href="${esc(ruleDocsUrl(m.ruleId))}">${esc(m.ruleId)}</a>`;
  return `<article class="finding k-${kind}" id="${id}" data-file="${esc(file)}" data-changes="${esc(m.changes.join(' ') || NONE)}" data-fix="${kind}" data-rule="${esc(m.ruleId)}" data-order="${index}">
<header><h3><a href="#${id}">${esc(file)}:${m.line}:${m.column}</a></h3><span class="badge k-${kind}"><span class="swatch" aria-hidden="true"></span>${KIND_LABEL[kind]}</span><span class="sev sev-${m.level}">${m.level}</span></header>
<p class="msg">${inlineCode(m.message)}</p>
<p class="meta"><span>Rule ${rule}</span>${changes ? `<span>${m.changes.length === 1 ? 'Change' : 'Changes'} ${changes}</span>` : ''}${callOf(m)}</p>
${code(m, source, redaction)}
</article>`;
}

/** The API call a finding is about, when it is more than a bare base URL. */
function callOf(m: LintMessage): string {
  const req = m.request;
  if (!req || (req.path === '/' && !req.method)) return '';
  const method = req.method ? `${req.method} ` : '';
  return `<span>Call <code>${esc(method + req.path)}</code> (${req.method ? '' : 'method unknown, '}${esc(req.client)})</span>`;
}

/** The finding's code, with its proposed fix in place when the fix is near (else after it). */
function code(m: LintMessage, source: string | undefined, redaction: Redaction): string {
  // A file that was not read (binary, too large) has no text to show.
  if (!source) return '';
  const suggestion = m.suggestions?.[0];
  const near = m.fix || suggestion ? nearFix(source, m) : undefined;
  const fix = near && { start: near.start, end: near.end, text: redaction.apply(near.text) };
  const shown = excerpt(source, m.line, m.column, m.endLine, m.endColumn, fix);
  if (!fix) return shown.html;
  const others = near.more > 0 ? ` It moves to v4 with the calls that share its base URL: ${near.more} more ${plural(near.more, 'edit')} in this file.` : '';
  const what = (m.fix ? 'Proposed fix, applied by <code>--fix</code>' : `Proposed fix: ${inlineCode(suggestion!.desc)} (unsafe: applied by <code>--fix --unsafe-fixes</code>; review it)`) + others;
  return shown.fixShown ? `<p class="fix-title">${what}</p>\n${shown.html}` : `${shown.html}\n<p class="fix-title">${what}</p>\n${fixDiff(source, fix)}`;
}

/**
 * The part of a finding's fix on and around its own lines, as one replacement. A fix is its call's whole
 * rewrite, with every call that moves to v4 with it (a shared base URL): the rest is only counted.
 */
function nearFix(source: string, m: LintMessage): { start: number; end: number; text: string; more: number } {
  const whole = (m.fix ?? m.suggestions![0]!.fix)!;
  // The edits (sorted, apart) from the start of the line 3 above the finding to the end of the line 3 below:
  // found by offset, since a fix shared by thousands of calls is looked at from each of them.
  const starts = lineStartsOf(source);
  const from = starts[m.line - 4] ?? 0;
  const to = starts[m.endLine + 3] ?? Infinity;
  const edits = m.edits ?? [];
  let lo = 0;
  for (let hi = edits.length; lo < hi; ) {
    const mid = (lo + hi) >> 1;
    if (edits[mid]!.start < from) lo = mid + 1;
    else hi = mid;
  }
  const near: Edit[] = [];
  for (let i = lo; i < edits.length && edits[i]!.start < to; i++) if (edits[i]!.end < to) near.push(edits[i]!);
  if (!m.edits || near.length === 0 || near.length === m.edits.length) return { start: whole.range[0], end: whole.range[1], text: whole.text, more: 0 };
  let text = '';
  let at = near[0]!.start;
  for (const e of near) {
    text += source.slice(at, e.start) + e.text;
    at = e.end;
  }
  return { start: near[0]!.start, end: at, text, more: m.edits.length - near.length };
}

let lastLines: { source: string; starts: number[] } | undefined;

/** A source's line starts, for the findings of one file in turn. */
function lineStartsOf(source: string): number[] {
  if (lastLines?.source !== source) lastLines = { source, starts: lineStarts(source) };
  return lastLines.starts;
}

/** The id of each file's first finding: where its row in the per-file table leads without scripts. */
function firstFindings(results: readonly LintResult[], cwd: string): Map<string, string> {
  const first = new Map<string, string>();
  let index = 0;
  for (const r of results) {
    if (r.messages.length > 0) first.set(relativePath(cwd, r.filePath), `f${index + 1}`);
    index += r.messages.length;
  }
  return first;
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
