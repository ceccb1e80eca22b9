// Scoring one source: run the CLI on its roots, then match its findings to the annotated items.
//
// The rules (those of ../shared/realworld/score.mjs, so that figures compare):
// - a must/report item [file, line, changeId] is found when a finding in the same file, at most
//   LINE_SLACK lines away, carries that change ID;
// - a finding is a false positive when no must, report or maybe item of its file within LINE_SLACK
//   lines accepts it: the item names one of the finding's change IDs, or "*" (any ID). A "*" only
//   accepts findings: a must or report item "*" is never found;
// - parse errors (rule `parse-error`, or a message ESLint calls fatal) are listed apart, never scored.
import { existsSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mapLimited, runProcess } from './processes.mjs';

export const LINE_SLACK = 2;
// Each run is one CLI process; more than one per core only makes them fight.
const PARALLEL_RUNS = Math.max(1, Math.min(4, os.availableParallelism?.() ?? os.cpus().length));

const isNear = (finding, [file, line]) => finding.file === file && Math.abs(finding.line - line) <= LINE_SLACK;
const accepts = (item, finding) => item[2] === '*' || finding.changes.includes(item[2]);
const isParseError = (message) => message.ruleId === 'parse-error' || message.fatal;

/** Match a source's messages (`{ file, line, ruleId, changes, fatal, message }`) to its items. */
export function matchSource(source, messages) {
  const parseErrors = messages.filter(isParseError);
  const findings = messages.filter((m) => !isParseError(m));
  const isFound = (item) => findings.some((f) => isNear(f, item) && f.changes.includes(item[2]));
  const items = [...source.must, ...source.report, ...source.maybe];
  return {
    must: { found: source.must.filter(isFound).length, total: source.must.length },
    report: { found: source.report.filter(isFound).length, total: source.report.length },
    findings: findings.length,
    missedMust: source.must.filter((item) => !isFound(item)),
    missedReport: source.report.filter((item) => !isFound(item)),
    falsePositives: findings.filter((f) => !items.some((item) => isNear(f, item) && accepts(item, f))),
    parseErrors,
  };
}

/** Score every source of a corpus with the CLI at `cliPath`. */
export async function scoreCorpus(corpus, cliPath) {
  const changesOfRule = ruleChangeLookup(cliPath);
  const sources = await mapLimited(corpus.sources, PARALLEL_RUNS, async (source) => {
    const { messages, error } = await lintSource(cliPath, path.join(corpus.dataDir, source.dir), source.roots, changesOfRule);
    const identity = { name: source.name, dir: source.dir, roots: source.roots, role: source.role };
    // A failed run found nothing: its misses are listed, its failure is what the ratchet reports.
    return { ...identity, error, ...matchSource(source, messages ?? []) };
  });
  return { name: corpus.name, expectationsFile: corpus.expectationsFile, sources, roles: tallyByRole(sources), total: tally(sources) };
}

/** The CLI's messages on a source's roots, with paths relative to the source's folder; or why not. */
async function lintSource(cliPath, sourceDir, roots, changesOfRule) {
  if (!existsSync(sourceDir)) return { error: `missing folder ${sourceDir}` };
  const run = await runProcess(process.execPath, [cliPath, '--format', 'json', ...roots], { cwd: sourceDir });
  let results;
  try {
    results = JSON.parse(run.stdout);
    if (!Array.isArray(results)) throw new Error('not an array');
  } catch {
    const why = run.error ? run.error.message : `exit ${run.status}`;
    const said = (run.stderr || run.stdout).replace(/\s+/g, ' ').trim().slice(0, 300);
    return { error: `the CLI's output is not ESLint JSON (${why}): ${said}` };
  }
  const base = realPath(sourceDir);
  const messages = [];
  for (const result of results) {
    const file = toPosix(path.relative(base, realPath(path.resolve(sourceDir, result.filePath))));
    for (const m of result.messages ?? []) {
      messages.push({
        file, line: m.line, ruleId: m.ruleId, message: m.message ?? '', fatal: m.fatal === true,
        changes: Array.isArray(m.changes) ? m.changes : await changesOfRule(m.ruleId),
      });
    }
  }
  return { messages };
}

function realPath(p) {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

const toPosix = (p) => p.split(path.sep).join('/');

// A message without `changes` (an older CLI, an ESLint-made message) takes its rule's change IDs from
// `rules --format json`, asked once and only if needed.
function ruleChangeLookup(cliPath) {
  let table;
  return async (ruleId) => {
    table ??= runProcess(process.execPath, [cliPath, 'rules', '--format', 'json']).then((run) => {
      const changes = new Map();
      try {
        const listed = JSON.parse(run.stdout);
        for (const rule of Array.isArray(listed) ? listed : listed.rules ?? []) changes.set(rule.id ?? rule.ruleId ?? rule.name, rule.changes ?? []);
      } catch { /* no rule list: such messages carry no change ID, and count as false positives */ }
      return changes;
    });
    return (await table).get(ruleId) ?? [];
  };
}

/** Sums over scored sources: must and report found/total, false positives, parse errors, failed runs. */
export function tally(sources) {
  const sum = (of) => sources.reduce((n, s) => n + of(s), 0);
  return {
    sources: sources.length,
    must: { found: sum((s) => s.must.found), total: sum((s) => s.must.total) },
    report: { found: sum((s) => s.report.found), total: sum((s) => s.report.total) },
    falsePositives: sum((s) => (typeof s.falsePositives === 'number' ? s.falsePositives : s.falsePositives.length)),
    parseErrors: sum((s) => s.parseErrors?.length ?? 0),
    failedRuns: sum((s) => (s.error ? 1 : 0)),
  };
}

/** `tally` per role, the roles in the order they first appear. */
export function tallyByRole(sources) {
  const roles = [...new Set(sources.map((s) => s.role))];
  return Object.fromEntries(roles.map((role) => [role, tally(sources.filter((s) => s.role === role))]));
}
