// The CLI's fix and review modes beyond plain --fix/--diff: flag checks, the git guard before writing,
// --interactive, --diff --group-by change, --stats and --show-fixes. run.ts calls in here.
import path from 'node:path';
import { writeFixes, UsageError, type Category, type LintResult } from '../index.js';
import { CATEGORIES } from '../fix/select.js';
import { dirtyMessage, uncommittedFiles } from '../fix/git.js';
import { acceptedOutputs, offers, review } from '../fix/interactive.js';
import { markerLines } from '../fix/todo.js';
import { changePatches } from '../report/change-patches.js';
import { showFixesText, statistics, statsText } from '../report/stats.js';
import type { Io } from './run.js';
import { visible } from '../report/visible.js';
import { list } from './args.js';
import { rewritten } from '../results.js';

/** The flags of this module, as yargs hands them over. */
export interface FixModeArgs {
  fix?: boolean;
  diff?: boolean;
  fixDryRun?: boolean;
  fixType?: string | string[];
  showFixes?: boolean;
  stats?: boolean;
  allowDirty?: boolean;
  interactive?: boolean;
  groupBy?: string;
  addTodoComments?: boolean;
  stdin?: boolean;
  format?: string | string[];
}


/** `--fix-type` values (repeatable, or comma-separated as in ESLint), checked against the rule categories. */
export function fixTypes(args: FixModeArgs): Category[] | undefined {
  const values = list(args.fixType).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  for (const v of values) {
    if (!(CATEGORIES as readonly string[]).includes(v)) throw new UsageError(`--fix-type ${v}: not a rule category; use one of ${CATEGORIES.join(', ')}`);
  }
  return values.length > 0 ? (values as Category[]) : undefined;
}

/** Refuse combinations that cannot mean anything, before any work is done. */
export function checkFixFlags(args: FixModeArgs): void {
  const fixing = args.fix || args.fixDryRun || args.diff || args.interactive;
  if (args.fix && args.fixDryRun) throw new UsageError('--fix and --fix-dry-run cannot be used together; --fix-dry-run is --fix without writing');
  if (args.fixType !== undefined && !fixing) throw new UsageError('--fix-type chooses which fixes apply; add --fix, --fix-dry-run, --diff or --interactive');
  if (args.groupBy !== undefined && !args.diff) throw new UsageError('--group-by change arranges the patch of --diff; add --diff');
  if (args.groupBy !== undefined && args.addTodoComments) throw new UsageError('--group-by change prints the fixes only; run --diff --add-todo-comments to see the todo comments');
  if (args.interactive) {
    const clash = (['diff', 'fixDryRun', 'stdin', 'addTodoComments', 'stats', 'showFixes'] as const).find((k) => args[k]);
    if (clash) throw new UsageError(`--interactive cannot be combined with --${kebab(clash)}; it reads its answers from standard input and writes the accepted fixes`);
  }
  if (args.showFixes && !(args.fix || args.fixDryRun)) throw new UsageError('--show-fixes lists the fixes applied; add --fix or --fix-dry-run');
  if (args.stats && args.diff) throw new UsageError('--stats replaces the report, and --diff prints only the patch; use --fix-dry-run --stats to count pending fixes');
  const formats = list(args.format);
  if (args.stats && formats.length > 1) throw new UsageError('--stats prints one report; give at most one --format');
  if (args.stats && formats[0] !== undefined && formats[0] !== 'stylish' && formats[0] !== 'json') throw new UsageError(`--stats prints a text table or, with --format json, a JSON object; not ${formats[0]}`);
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

/**
 * Before writing: refuse when a file to be written has uncommitted changes or is not tracked by git
 * (unless --allow-dirty). Resolves to the exit code when refusing.
 */
export async function refuseDirty(files: readonly string[], args: FixModeArgs, io: Io): Promise<number | undefined> {
  if (args.allowDirty || files.length === 0) return undefined;
  const dirty = await uncommittedFiles(files);
  if (dirty.length === 0) return undefined;
  io.stderr(`v4-migrate: ${dirtyMessage(dirty, io.cwd)}\n`);
  return 2;
}

/** The files a run's results would write. */
export function filesToWrite(results: readonly LintResult[]): string[] {
  return results.filter(rewritten).map((r) => r.filePath);
}

/** `--interactive` on results linted with `plan`: ask, then write the accepted rewrites. Resolves to the exit code. */
export async function interactive(results: readonly LintResult[], args: FixModeArgs, io: Io, color: boolean): Promise<number> {
  if (!io.readLine) throw new UsageError('--interactive needs standard input to read the answers from');
  const all = offers(results);
  if (all.length === 0) {
    io.stderr('v4-migrate: no fixes to review\n');
    return 0;
  }
  const refused = await refuseDirty([...new Set(all.map((o) => o.result.filePath))], args, io);
  if (refused !== undefined) return refused;
  const { accepted } = await review(all, { say: io.stderr, ask: io.readLine, color, cwd: io.cwd, echo: !io.stdinIsTTY });
  const { files, left, unparsable } = acceptedOutputs(accepted);
  for (const r of unparsable) io.stderr(`v4-migrate: ${rel(io, r.filePath)} not fixed: the fixed text would not parse; please report it with the v3 calls of this file\n`);
  const problems = await writeFixes(files.map((f) => f.result));
  for (const p of problems) io.stderr(`v4-migrate: ${rel(io, p.filePath)} not fixed: ${p.reason}\n`);
  const written = files.filter((f) => !problems.some((p) => p.filePath === f.result.filePath));
  const applied = written.reduce((n, f) => n + f.applied, 0);
  io.stderr(
    `\nApplied ${applied} of ${all.length} fix${all.length === 1 ? '' : 'es'} in ${written.length} file${written.length === 1 ? '' : 's'}` +
      (left > 0 ? `; ${left} overlapped another accepted fix: run --interactive again for ${left === 1 ? 'it' : 'them'}` : '') +
      '.\n',
  );
  return problems.length > 0 || unparsable.length > 0 ? 1 : 0;
}

/** `--diff --group-by change`: one patch per change ID. Resolves to the exit code. */
export function printChangePatches(results: readonly LintResult[], exitZero: boolean | undefined, io: Io): number {
  const { patches, left } = changePatches(results, io.cwd);
  io.stdout(patches.map((p) => p.text).join(''));
  if (left > 0) io.stderr(`v4-migrate: ${left} rewrite${left === 1 ? '' : 's'} overlap${left === 1 ? 's' : ''} another in the same patch and ${left === 1 ? 'is' : 'are'} left out; run again after applying\n`);
  return patches.length > 0 && !exitZero ? 1 : 0;
}

/** `--stats`: the counts instead of the findings, as text or (with --format json) JSON. */
export function statsReport(results: readonly LintResult[], args: FixModeArgs): string {
  const fixing = Boolean(args.fix || args.fixDryRun);
  const stats = statistics(results, fixing);
  return args.format === 'json' ? JSON.stringify(stats, null, 2) + '\n' : statsText(stats, fixing, Boolean(args.fixDryRun));
}

/** `--show-fixes`: what the fixes did (or would do), per file and rule. */
export function showFixes(results: readonly LintResult[], args: FixModeArgs, io: Io): string {
  return showFixesText(results, io.cwd, Boolean(args.fixDryRun));
}

/** `--add-todo-comments`: one line on stderr saying how many markers were added and removed. */
export function todoSummary(results: readonly LintResult[]): string {
  let added = 0;
  let removed = 0;
  let files = 0;
  for (const r of results) {
    if (r.output === undefined || r.output === r.source) continue;
    const before = markerLines(r.source ?? '');
    const after = markerLines(r.output);
    const remaining = [...before];
    let a = 0;
    for (const line of after) {
      const i = remaining.indexOf(line);
      if (i >= 0) remaining.splice(i, 1);
      else a++;
    }
    if (a > 0 || remaining.length > 0) files++;
    added += a;
    removed += remaining.length;
  }
  return `v4-migrate: todo comments: ${added} added, ${removed} removed, in ${files} file${files === 1 ? '' : 's'}\n`;
}

function rel(io: Io, file: string): string {
  return visible(path.relative(io.cwd, file) || file);
}
