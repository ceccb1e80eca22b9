// The fix model on a corpus: what `--fix` says is left must be what a plain run of the fixed code finds.
//
// The sources of a corpus (each folder once, whole, whatever roots score it) are copied into a temporary
// folder; the CLI fixes the copy (`--fix`, one process for the corpus) and lints it again; each finding is
// `file:line:column rule fixClass`, and the two lists must be the same. The same again on a second copy
// with `--unsafe-fixes` on both runs. A finding reported as left that the next run no longer makes is a
// finding --fix hid; one the next run makes that was not reported, or with another fix class, is a report
// that did not say what the fixed code holds. Either is a difference, and the run fails on it: the model
// is no figure to ratchet, it must hold.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from './processes.mjs';

export const FIX_MODES = [[], ['--unsafe-fixes']];

/** Check a corpus in every mode (the modes side by side, each on its own copy). */
export async function checkFixModel(corpus, cliPath) {
  const dirs = [...new Set(corpus.sources.map((s) => s.dir))].filter((dir) => existsSync(path.join(corpus.dataDir, dir)));
  const modes = await Promise.all(FIX_MODES.map((flags) => checkMode(corpus.dataDir, dirs, cliPath, flags)));
  return { differences: modes.flatMap((m) => m.differences), errors: modes.flatMap((m) => m.errors) };
}

async function checkMode(dataDir, dirs, cliPath, flags) {
  const mode = ['--fix', ...flags].join(' ');
  const copy = mkdtempSync(path.join(os.tmpdir(), 'v4m-fix-model-'));
  try {
    for (const dir of dirs) cpSync(path.join(dataDir, dir), path.join(copy, dir), { recursive: true });
    // The copy is no git work tree of ours: --allow-dirty only says so, were the temporary folder in one.
    const left = await findings(cliPath, copy, ['--fix', '--allow-dirty', ...flags]);
    if (left.error) return { differences: [], errors: [`${mode}: ${left.error}`] };
    const found = await findings(cliPath, copy, flags);
    if (found.error) return { differences: [], errors: [`the run after ${mode}: ${found.error}`] };
    return { differences: compare(left.list, found.list).map((d) => ({ mode, ...d })), errors: [] };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The findings of a run over the whole copy, as `file:line:column rule fixClass` (paths relative to it). */
async function findings(cliPath, dir, args) {
  const run = await runProcess(process.execPath, [cliPath, '--format', 'json', '--exit-zero', ...args, '.'], { cwd: dir });
  let results;
  try {
    results = JSON.parse(run.stdout);
    if (!Array.isArray(results)) throw new Error('not an array');
  } catch {
    const why = run.error ? run.error.message : `exit ${run.status}`;
    return { error: `the CLI's output is not ESLint JSON (${why}): ${(run.stderr || run.stdout).replace(/\s+/g, ' ').trim().slice(0, 300)}` };
  }
  const list = results.flatMap((r) => {
    const file = path.relative(dir, path.resolve(dir, r.filePath)).split(path.sep).join('/');
    return (r.messages ?? []).map((m) => `${file}:${m.line}:${m.column} ${m.ruleId} ${m.fixClass}`);
  });
  return { list };
}

/** What --fix said is left and the next run no longer finds (`gone`), and what it finds that was not said (`new`). */
export function compare(left, found) {
  const count = (list) => list.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map());
  const minus = (a, b) => {
    const rest = count(b);
    return a.filter((x) => {
      const n = rest.get(x) ?? 0;
      if (n > 0) rest.set(x, n - 1);
      return n === 0;
    });
  };
  return [...minus(left, found).map((at) => ({ kind: 'gone', at })), ...minus(found, left).map((at) => ({ kind: 'new', at }))].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** A difference on a line: `styles: --fix left but gone v3/x/a.js:3:7 rule report`. */
export function differenceLine(corpus, { mode, kind, at }) {
  return `${corpus}: ${mode} ${kind === 'gone' ? 'said left, gone after' : 'not said left, found after'}: ${at}`;
}
