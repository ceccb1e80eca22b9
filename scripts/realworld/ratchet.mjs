// The ratchet: realworld/score.json records, per corpus and per source, how many must and report items
// were found and how many false positives there were. A run may improve them, never worsen them.
import { readFileSync } from 'node:fs';
import { tally, tallyByRole } from './scoring.mjs';

/** The figures of scored corpora: `{ corpus: { source: { role, must, report, falsePositives, error? } } }`. */
export function figuresOf(scoredCorpora) {
  return Object.fromEntries(scoredCorpora.map((corpus) => [corpus.name, Object.fromEntries(corpus.sources.map((s) => [s.name, {
    role: s.role,
    must: { ...s.must },
    report: { ...s.report },
    falsePositives: s.falsePositives.length,
    ...(s.error ? { error: s.error } : {}),
  }]))]));
}

/** The figures recorded in score.json (its `[found, total]` pairs as `{ found, total }`). */
export function readRecordedFigures(file) {
  const recorded = JSON.parse(readFileSync(file, 'utf8')).corpora;
  const pair = ([found, total]) => ({ found, total });
  return Object.fromEntries(Object.entries(recorded).map(([corpus, sources]) => [corpus, Object.fromEntries(
    Object.entries(sources).map(([name, f]) => [name, {
      role: f.role, must: pair(f.must), report: pair(f.report), falsePositives: f.falsePositives,
      ...(f.failed ? { error: 'failed when recorded' } : {}),
    }]),
  )]));
}

/** score.json's text: one source a line, so that a diff of it reads as a list of what changed. */
export function renderScoreFile(figures) {
  const pair = ({ found, total }) => `[${found}, ${total}]`;
  const line = (name, f) => `      ${JSON.stringify(name)}: { "role": ${JSON.stringify(f.role)}, "must": ${pair(f.must)}, "report": ${pair(f.report)}, `
    + `"falsePositives": ${f.falsePositives}${f.error ? ', "failed": true' : ''} }`;
  const corpora = Object.entries(figures).map(([corpus, sources]) => `    ${JSON.stringify(corpus)}: {\n`
    + `${Object.entries(sources).map(([name, f]) => line(name, f)).join(',\n')}\n    }`);
  return '{\n'
    + '  "about": "Real-world score recorded by `npm run realworld -- --update`; `--check` (CI) fails when a figure gets worse. Per corpus and source: must and report items [found, total], false positives.",\n'
    + `  "corpora": {\n${corpora.join(',\n')}\n  }\n}\n`;
}

/**
 * What differs between recorded and current figures, worded for a person: `drops` (worse: fewer must
 * or report items found, more false positives, a failed run, a recorded source or corpus no longer
 * scored), `gains` (better, or new), `changes` (item totals that moved: the annotations changed).
 */
export function compareFigures(recorded, current) {
  const drops = [];
  const gains = [];
  const changes = [];
  for (const [corpus, sources] of Object.entries(recorded)) {
    if (!current[corpus]) {
      drops.push(`${corpus}: recorded, but not scored (listed in realworld/corpora.json? its expectations file there?)`);
      continue;
    }
    for (const name of Object.keys(sources)) {
      if (!current[corpus][name]) drops.push(`${corpus} ${name}: recorded, but no longer in the corpus`);
    }
  }
  for (const [corpus, sources] of Object.entries(current)) {
    if (!recorded[corpus]) gains.push(`${corpus}: new corpus, not recorded yet`);
    for (const [name, now] of Object.entries(sources)) {
      const was = recorded[corpus]?.[name];
      const where = `${corpus} ${name}`;
      if (now.error) drops.push(`${where}: the run failed: ${now.error}`);
      if (!was) {
        if (recorded[corpus]) gains.push(`${where}: new source, not recorded yet`);
        continue;
      }
      if (was.error && !now.error) gains.push(`${where}: runs again (failed when recorded)`);
      compareFound('must', was.must, now.must, where, { drops, gains, changes });
      compareFound('report', was.report, now.report, where, { drops, gains, changes });
      const fp = `false positives ${now.falsePositives}, recorded ${was.falsePositives}`;
      if (now.falsePositives > was.falsePositives) drops.push(`${where}: ${fp}`);
      if (now.falsePositives < was.falsePositives) gains.push(`${where}: ${fp}`);
    }
  }
  return { drops, gains, changes };
}

function compareFound(kind, was, now, where, { drops, gains, changes }) {
  const text = `${kind} found ${now.found}/${now.total}, recorded ${was.found}/${was.total}`;
  if (now.found < was.found) drops.push(`${where}: ${text}`);
  else if (now.found > was.found) gains.push(`${where}: ${text}`);
  else if (now.total !== was.total) changes.push(`${where}: ${kind} items ${was.total} → ${now.total} (the annotations changed)`);
}

// ---- The README's table of the recorded figures ----

export const README_START = '<!-- realworld:start -->';
export const README_END = '<!-- realworld:end -->';

/** A share as the score tables show it: `47.3% (35/74)`, `n/a` when there is nothing to find. */
export function recall({ found, total }) {
  return total ? `${((100 * found) / total).toFixed(1)}% (${found}/${total})` : 'n/a';
}

/** The Markdown table of recorded figures: per corpus, one row per role and one for the whole corpus. */
export function renderReadmeTable(figures) {
  const rows = ['| corpus | role | sources | must recall | report recall | false positives |', '|---|---|---:|---:|---:|---:|'];
  const row = (corpus, role, t) => `| ${corpus} | ${role} | ${t.sources} | ${recall(t.must)} | ${recall(t.report)} | ${t.falsePositives} |`;
  for (const [corpus, sources] of Object.entries(figures)) {
    const list = Object.values(sources);
    for (const [role, t] of Object.entries(tallyByRole(list))) rows.push(row(corpus, role, t));
    const t = tally(list);
    rows.push(`| **${corpus}** | all | ${t.sources} | **${recall(t.must)}** | **${recall(t.report)}** | **${t.falsePositives}** |`);
  }
  return rows.join('\n');
}

/** The README with the table between its markers replaced; undefined when it has no markers. */
export function withReadmeTable(readme, table) {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) return undefined;
  return `${readme.slice(0, start + README_START.length)}\n${table}\n${readme.slice(end)}`;
}
