// What a run prints: every miss, false positive, parse error and failed run on a line of its own, then a
// table per corpus (per source, per role, total) and a summary line per corpus; or all of it as JSON.
import { recall } from './ratchet.mjs';
import { differenceLine } from './fix-model.mjs';

/** The text report of scored corpora. */
export function renderText(scoredCorpora) {
  const lines = [];
  for (const corpus of scoredCorpora) lines.push(...problemLines(corpus));
  for (const corpus of scoredCorpora) lines.push('', ...table(corpus));
  lines.push('');
  for (const corpus of scoredCorpora) lines.push(summary(corpus));
  return lines.join('\n');
}

function problemLines(scored) {
  const { name: corpus, sources } = scored;
  const lines = [];
  const at = (s, file, line) => `${s.dir}/${file}:${line}`;
  for (const s of sources) if (s.error) lines.push(`${corpus}: run failed for ${s.name}: ${s.error}`);
  for (const s of sources) for (const [file, line, id] of s.missedMust) lines.push(`${corpus}: missed must   ${id} at ${at(s, file, line)}`);
  for (const s of sources) for (const [file, line, id] of s.missedReport) lines.push(`${corpus}: missed report ${id} at ${at(s, file, line)}`);
  for (const s of sources) {
    for (const m of s.falsePositives) lines.push(`${corpus}: false positive ${m.ruleId} [${m.changes.join(',')}] at ${at(s, m.file, m.line)}: ${m.message}`);
  }
  for (const s of sources) for (const m of s.parseErrors) lines.push(`${corpus}: parse error (not scored) at ${at(s, m.file, m.line)}: ${m.message}`);
  return [...lines, ...fixModelLines(scored)];
}

function fixModelLines({ name, fixModel }) {
  if (!fixModel) return [];
  return [...fixModel.errors.map((e) => `${name}: fix model not checked: ${e}`), ...fixModel.differences.map((d) => differenceLine(name, d))];
}

function table(corpus) {
  const cells = (label, t) => [label, recall(t.must), recall(t.report), String(t.falsePositives), String(t.parseErrors)];
  const rows = [[`corpus ${corpus.name}`, 'must', 'report', 'FP', 'parse']];
  for (const [role, roleTally] of Object.entries(corpus.roles)) {
    for (const s of corpus.sources.filter((x) => x.role === role)) {
      rows.push(cells(`  ${s.name}${s.error ? ' (run failed)' : ''}`, { ...s, falsePositives: s.falsePositives.length, parseErrors: s.parseErrors.length }));
    }
    rows.push(cells(`role ${role}`, roleTally));
  }
  rows.push(cells('total', corpus.total));
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd());
}

function summary({ name, roles, total, fixModel }) {
  const perRole = Object.entries(roles).map(([role, t]) => `${role} ${t.falsePositives}`).join(', ');
  const model = !fixModel ? '' : fixModel.errors.length > 0 ? ', fix model not checked' : fixModel.differences.length > 0 ? `, fix model: ${fixModel.differences.length} difference(s)` : ', fix model holds';
  return `${name}: must recall ${recall(total.must)}, report recall ${recall(total.report)}, `
    + `false positives ${total.falsePositives} (${perRole}), parse errors ${total.parseErrors}, failed runs ${total.failedRuns}${model}`;
}

/** The JSON report: everything of the text report, items as `{ file, line, id }`. */
export function renderJson(scoredCorpora, ratchet) {
  const item = ([file, line, id]) => ({ file, line, id });
  const message = (m) => ({ file: m.file, line: m.line, ruleId: m.ruleId, changes: m.changes, message: m.message });
  const corpora = scoredCorpora.map((c) => ({
    name: c.name,
    expectations: c.expectationsFile,
    sources: c.sources.map((s) => ({
      name: s.name, dir: s.dir, roots: s.roots, role: s.role, error: s.error, must: s.must, report: s.report,
      missedMust: s.missedMust.map(item), missedReport: s.missedReport.map(item),
      falsePositives: s.falsePositives.map(message), parseErrors: s.parseErrors.map(message),
    })),
    roles: c.roles,
    total: c.total,
    ...(c.fixModel ? { fixModel: c.fixModel } : {}),
    summary: summary(c),
  }));
  return JSON.stringify({ corpora, ...(ratchet ? { ratchet } : {}) }, null, 2);
}
