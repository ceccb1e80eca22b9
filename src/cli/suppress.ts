// The command line's silencing steps over a run's results: the baseline (--suppress-all, automatic use,
// --prune-baseline) and --add-disable-comments. Messages go to stderr; files are written by the caller
// (disable comments) or here (the baseline).
import path from 'node:path';
import { existsSync } from 'node:fs';
import { UsageError } from '../errors.js';
import { addDisableComments } from '../suppress/add-comments.js';
import { applyBaseline, BASELINE_FILE, prune, readBaseline, recordAll, writeBaseline, type RunScope } from '../suppress/baseline.js';
import type { LintResult } from '../results.js';
import { shownPath } from '../report/paths.js';
import { visible } from '../report/visible.js';

export interface SuppressArgs {
  suppressAll?: boolean;
  /** A baseline file, or false (--no-baseline) for none. */
  baseline?: string | false;
  pruneBaseline?: boolean;
  addDisableComments?: boolean;
  reason?: string;
  diff?: boolean;
  fixDryRun?: boolean;
  stdin?: boolean;
}

/** Refuse combinations that cannot mean anything, before anything is linted. */
export function checkSuppressArgs(args: SuppressArgs): void {
  const dryRun = args.diff || args.fixDryRun;
  if (Array.isArray(args.baseline)) throw new UsageError('--baseline (or --no-baseline) was given more than once; give one');
  if (args.stdin && (args.suppressAll || args.pruneBaseline || args.addDisableComments)) throw new UsageError('--suppress-all, --prune-baseline and --add-disable-comments work on files, not on --stdin');
  if (dryRun && (args.suppressAll || args.pruneBaseline)) throw new UsageError('--suppress-all and --prune-baseline write the baseline; leave out --diff');
  if (args.baseline === false && (args.suppressAll || args.pruneBaseline)) throw new UsageError('--no-baseline cannot be combined with --suppress-all or --prune-baseline');
  if (args.suppressAll && args.pruneBaseline) throw new UsageError('--suppress-all already rewrites the baseline; leave out --prune-baseline');
  if (args.suppressAll && args.addDisableComments) throw new UsageError('choose one way to silence the existing findings: --suppress-all (a baseline file) or --add-disable-comments (comments in the code)');
  if (args.reason !== undefined && !args.addDisableComments) throw new UsageError('--reason is the reason written by --add-disable-comments; add that flag');
}

/** Apply the baseline and --add-disable-comments to a run's results. */
export async function suppressResults(results: LintResult[], args: SuppressArgs, cwd: string, scope: RunScope, stderr: (text: string) => void): Promise<LintResult[]> {
  if (args.baseline !== false) {
    const file = path.resolve(cwd, args.baseline ?? BASELINE_FILE);
    const shown = shownPath(cwd, file);
    const exists = existsSync(file);
    if (!exists && !args.suppressAll && (args.baseline !== undefined || args.pruneBaseline)) {
      throw new UsageError(`the baseline ${shown} does not exist; create it with --suppress-all`);
    }
    const dir = path.dirname(file);
    if (args.suppressAll) {
      const baseline = recordAll(results, readBaseline(file), dir, scope);
      await writeBaseline(file, baseline);
      const findings = baseline.entries.reduce((n, e) => n + e.count, 0);
      stderr(`v4-migrate: ${shown}: ${findings} ${plural(findings, 'finding')} recorded in ${baseline.entries.length} ${plural(baseline.entries.length, 'entry', 'entries')}; later runs report only new ones\n`);
      results = applyBaseline(results, baseline, dir, scope).results;
    } else if (exists) {
      const baseline = readBaseline(file);
      const applied = applyBaseline(results, baseline, dir, scope);
      results = applied.results;
      const n = applied.stale.length;
      if (args.pruneBaseline) {
        if (n > 0) await writeBaseline(file, prune(baseline, applied.stale));
        stderr(`v4-migrate: ${shown}: ${n} stale ${plural(n, 'entry', 'entries')} pruned\n`);
      } else if (n > 0) {
        stderr(`v4-migrate: ${n} baseline ${plural(n, 'entry', 'entries')} no longer ${n === 1 ? 'matches' : 'match'}: run with --prune-baseline to remove ${n === 1 ? 'it' : 'them'} from ${shown}\n`);
      }
    }
  }
  if (args.addDisableComments) {
    let added = 0;
    let files = 0;
    results = results.map((r) => {
      const a = addDisableComments(r, args.reason);
      if (a.failure) stderr(`v4-migrate: ${shownPath(cwd, r.filePath)}: no disable comments added: ${visible(a.failure)}\n`);
      added += a.added;
      files += a.added > 0 ? 1 : 0;
      return a.result;
    });
    const verb = args.diff || args.fixDryRun ? 'would add' : 'added';
    stderr(`v4-migrate: ${verb} ${added} disable ${plural(added, 'comment')} to ${files} ${plural(files, 'file')}\n`);
  }
  return results;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}
