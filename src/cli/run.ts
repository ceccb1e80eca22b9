// The command line: a thin shell over the library. `run` returns the exit code, so tests and the
// bin share one path.
import path from 'node:path';
import yargs from 'yargs';
import { configFor, lintFiles, lintText, rules as catalogue, writeFixes, UsageError, type LintOptions } from '../index.js';
import { LintCache, cacheFile } from '../cache.js';
import { TOOL_VERSION } from '../version.js';
import { lspCommand } from './lsp-command.js';
import { progressDelay, progressLine, wantsProgress } from './progress.js';
import { checkValues, describeParseFailure } from './usage.js';
import { formatters, type FormatName } from '../report/index.js';
import { unifiedDiff } from '../report/diff.js';
import { Redaction } from '../report/redact.js';
import { renderExplain, ruleSummary } from '../docs/render.js';
import { rewritten, unwritten, type LintResult } from '../results.js';
import type { Rule } from '../rule.js';
import { findConfig, type Config } from '../config.js';
import { loadNamedConfig } from '../config-module.js';
import { uninterrupted } from './interrupt.js';
import { runInventory } from './inventory.js';
import { INVENTORY_FORMATS } from '../report/inventory.js';
import { checkFixFlags, filesToWrite, type FixModeArgs, fixTypes, interactive, printChangePatches, refuseDirty, showFixes, statsReport, todoSummary } from './fix-modes.js';
import { emitReport, planReports, writeReports } from './reports.js';
import { list } from './args.js';
import { distance } from '../distance.js';
import { checkSuppressArgs, suppressResults, type SuppressArgs } from './suppress.js';
import { relativePath, shownPath } from '../report/paths.js';
import { visible } from '../report/visible.js';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  /** Whether stdout is a terminal (colors by default). */
  isTTY?: boolean;
  /** Reads all of standard input (`--stdin`). */
  readStdin?: () => Promise<string>;
  /** Reads the next line of standard input, undefined at its end (`--interactive`). */
  readLine?: () => Promise<string | undefined>;
  /** Whether standard input is a terminal (piped answers of --interactive are echoed). */
  stdinIsTTY?: boolean;
  /** Whether stderr is a terminal (the progress line), and its width. */
  stderrIsTTY?: boolean;
  stderrColumns?: number;
}

/**
 * What a run prints through: every text, on stdout, on stderr or in a report file, passes through the
 * run's redaction, which learns the tokens of the files as soon as they are read.
 */
export interface Output extends Io {
  redaction: Redaction;
  /** A file's own text, printed as it is: `--stdin --fix` prints the fixed file, tokens and all. */
  content: (text: string) => void;
}

function redacted(io: Io): Output {
  const redaction = new Redaction();
  return { ...io, redaction, stdout: (text) => io.stdout(redaction.apply(text)), stderr: (text) => io.stderr(redaction.apply(text)), content: io.stdout };
}

const FORMATS = Object.keys(formatters) as FormatName[];
interface DeclaredOptions {
  key: Record<string, boolean>;
  alias: Record<string, string[]>;
  boolean: string[];
  hiddenOptions: string[];
}
// Flags that take one value (given twice, yargs would hand over an array), and those that take a number.
// Flags that take one value (`--format` and `-o` repeat in pairs: several reports from one run).
const SINGLE_VALUED = ['config', 'print-config', 'max-warnings', 'project', 'stdin-filename', 'max-file-size', 'cache-location', 'reason', 'group-by'];
const NUMBERS = ['max-warnings', 'max-file-size'];

/** Run the CLI with `argv` (without node and the script); resolves to the exit code. */
export async function run(argv: readonly string[], terminal: Io): Promise<number> {
  const io = redacted(terminal);
  let failure: string | undefined;
  const parser = yargs([...argv])
    .scriptName('v4-migrate')
    .usage('Usage: $0 [paths..] [options]\n\nReport every use of the REST API v3 and rewrite what can be rewritten to v4.')
    .command('$0 [paths..]', 'Lint files and directories (default: the current directory)', (y) =>
      y.positional('paths', { type: 'string', array: true, describe: 'Files or directories' }),
    )
    .command('inventory [paths..]', 'List every recognised API call, v3 or not (--format table|json|csv)', (y) =>
      y.positional('paths', { type: 'string', array: true, describe: 'Files or directories' })
        .option('all', { type: 'boolean', describe: 'Also list calls that are not this service\'s (other hosts and APIs)' })
        .option('explain-evidence', { type: 'boolean', describe: 'Table: under each call, the evidence that decided its service and version (JSON and CSV always carry it)' }),
    )
    .command('rules', 'List the rule catalogue')
    .command('explain <rule>', "Print one rule's documentation", (y) => y.positional('rule', { type: 'string', demandOption: true }))
    // Started before this parser sees it (main.ts, lsp-command.ts): listed here for --help.
    .command('lsp', 'Start the language server, as an editor does: lsp --stdio (lsp --help)')
    .option('fix', { type: 'boolean', describe: 'Apply safe fixes to the files' })
    .option('unsafe-fixes', { type: 'boolean', describe: 'With --fix, --diff, --fix-dry-run or --interactive: also apply (offer) unsafe fixes' })
    .option('fix-generated', { type: 'boolean', describe: 'With --fix or --diff: also rewrite generated code (compiled output, bundles)' })
    .option('test-doubles', { type: 'boolean', describe: 'Report and fix test doubles of the service (nock interceptors, msw handlers, fetch-mock routes) with the client (the default, unless the configuration turns it off); --no-test-doubles: leave them out' })
    .option('diff', { type: 'boolean', describe: 'Print what --fix would change as a unified diff; write nothing' })
    .option('fix-dry-run', { type: 'boolean', describe: 'Fix without writing: the report (JSON unless --format) carries each changed file\'s fixed text as `output`' })
    .option('fix-type', { type: 'string', requiresArg: true, describe: 'Apply only the rewrites whose changes are all in this category, the prefix riding along (prefix, endpoint, method, param, status, response, auth, events); repeatable' })
    .option('interactive', { type: 'boolean', describe: 'Review the fixes one call at a time, grouped by change ID, and write the accepted ones' })
    .option('group-by', { type: 'string', requiresArg: true, choices: ['change'], describe: 'With --diff: print one patch per change ID' })
    .option('add-todo-comments', { type: 'boolean', describe: 'Write a `// v4-migrate: <change> …` comment above each finding that needs a person' })
    .option('allow-dirty', { type: 'boolean', describe: 'Let --fix, --interactive, --add-todo-comments and --add-disable-comments write files with uncommitted git changes' })
    .option('show-fixes', { type: 'boolean', describe: 'With --fix or --fix-dry-run: list the fixes applied, per file and rule' })
    .option('stats', { type: 'boolean', describe: 'Print counts by rule and change ID (and what --fix fixed) instead of the findings' })
    .option('format', { alias: 'f', type: 'string', describe: `Report format: ${FORMATS.join(', ')} (default: the configuration's, else stylish); repeat it with -o for several reports; for inventory: ${INVENTORY_FORMATS.join(', ')} (default table)` })
    // Each command has its own formats, so they are checked here rather than as yargs choices.
    .check((argv) => {
      const allowed: readonly string[] = argv._[0] === 'inventory' ? INVENTORY_FORMATS : FORMATS;
      const bad = list(argv.format as string | string[] | undefined).find((format) => !allowed.includes(format));
      if (bad !== undefined) throw new Error(`--format ${bad}: use one of ${allowed.join(', ')}`);
      return true;
    })
    .option('config', { alias: 'c', type: 'string', describe: 'Use this configuration file for every file: JSON, or JavaScript (.js/.mjs/.cjs, run only when named here) (--no-config: none)' })
    // One value per flag (repeat the flag for more), so a following path is not taken as a rule.
    .option('rule', { type: 'string', requiresArg: true, describe: 'Run only this rule: a rule id, a change ID (R90-JOBS) or a release (8.17); repeatable' })
    .option('ignore-rule', { type: 'string', requiresArg: true, describe: 'Do not run this rule (rule id, change ID or release); repeatable' })
    .option('release', { type: 'string', requiresArg: true, choices: ['8.17', '9.0'], describe: 'Run only the rules of this release; repeatable' })
    .option('output-file', { alias: 'o', type: 'string', describe: 'Write the report to a file instead of stdout; the n-th -o takes the n-th --format' })
    .option('max-warnings', { type: 'number', describe: 'Exit 1 when there are more warnings than this' })
    .option('quiet', { type: 'boolean', describe: 'Report errors only' })
    .option('exit-zero', { type: 'boolean', describe: 'Exit 0 even when there are findings (usage errors still exit 2)' })
    .option('color', { type: 'boolean', describe: 'Force or disable colors (default: on a terminal, unless NO_COLOR is set)' })
    .option('stdin', { type: 'boolean', describe: 'Lint the text on standard input (with --fix: print the fixed text)' })
    .option('stdin-filename', { type: 'string', requiresArg: true, describe: 'The file name the standard input stands for (default stdin.js)' })
    .option('project', { alias: 'p', type: 'string', describe: 'Type-aware mode: resolve imported constants, enums and `as const` values with this tsconfig.json' })
    .option('ignore-pattern', { type: 'string', requiresArg: true, describe: 'Do not lint files matching this glob (relative to the current directory); repeatable' })
    .option('print-config', { type: 'string', requiresArg: true, describe: 'Print the configuration in effect for this file (JSON), with the other flags applied; lint nothing' })
    .option('max-file-size', { type: 'number', requiresArg: true, describe: 'Skip (with a warning) files larger than this many MiB (default 10)' })
    .option('report-unused-disable-directives', { type: 'boolean', describe: 'Report v4-migrate-disable comments that silence nothing (the default, unless the configuration turns it off; --fix removes them); --no-report-unused-disable-directives: never' })
    .option('add-disable-comments', { type: 'boolean', describe: 'Write a v4-migrate-disable-next-line comment above every line with findings' })
    .option('reason', { type: 'string', requiresArg: true, describe: 'With --add-disable-comments: the reason written after -- in each comment' })
    .option('suppress-all', { type: 'boolean', describe: 'Record every finding in the baseline (v4-migrate-baseline.json); later runs report only new ones' })
    .option('baseline', { type: 'string', requiresArg: true, describe: 'The baseline file (default v4-migrate-baseline.json in the current directory, used when it exists; --no-baseline: none)' })
    .option('prune-baseline', { type: 'boolean', describe: 'Remove baseline entries whose findings are gone' })
    .option('cache', { type: 'boolean', describe: 'Skip unchanged files: keep each file\'s results in a cache (default .v4-migrate-cache)' })
    .option('cache-location', { type: 'string', requiresArg: true, describe: 'The cache file, or a directory to keep it in (implies --cache)' })
    .option('prefilter', { type: 'boolean', default: true, hidden: true })
    .option('debug', { type: 'boolean', hidden: true })
    .strict()
    .help()
    .alias('h', 'help')
    // Named, or yargs would print the version of the package.json nearest the working directory.
    .version(TOOL_VERSION)
    .exitProcess(false)
    .wrap(Math.min(100, process.stdout.columns ?? 100))
    .fail((msg, err) => {
      failure = msg ?? err?.message ?? 'invalid arguments';
    });

  let args: Awaited<ReturnType<typeof parser.parse>>;
  let helpText = '';
  try {
    args = await parser.parse([...argv], {}, (_err, _argv, output) => {
      helpText = output;
    });
  } catch (error) {
    failure ??= (error as Error).message;
    args = {} as never;
  }
  if (failure) {
    // yargs's own table of declared options (a public method its typings leave out).
    const o = (parser as unknown as { getOptions(): DeclaredOptions }).getOptions();
    const names = [...new Set([...Object.keys(o.key), ...Object.entries(o.alias).flat(2)])];
    io.stderr(`v4-migrate: ${visible(describeParseFailure(failure, argv, { names, booleans: o.boolean, hidden: o.hiddenOptions }))}\n`);
    return 2;
  }
  if (args.help || args.version) {
    io.stdout(helpText.endsWith('\n') ? helpText : helpText + '\n');
    return 0;
  }
  const mistake = checkValues(args, SINGLE_VALUED, NUMBERS);
  if (mistake) {
    io.stderr(`v4-migrate: ${visible(mistake)}. Run v4-migrate --help for usage.\n`);
    return 2;
  }

  try {
    const command = String(args._[0] ?? '');
    if (command === 'rules') return listRules((list(args.format)[0] ?? 'stylish') as FormatName, io);
    if (command === 'explain') return explain(String(args.rule), io);
    if (command === 'inventory') return await runInventory(args, io);
    if (command === 'lsp') {
      // Only the bin starts the server (it owns stdin and stdout); here, say how.
      const lsp = lspCommand([]);
      if (!lsp.start) io.stderr(lsp.stderr ?? '');
      return 2;
    }
    return await lint(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      // Messages name paths and values from the command line and the tree: one line, escaped.
      io.stderr(`v4-migrate: ${visible(error.message)}\n${args.debug ? `${error.stack}\n` : ''}`);
      return 2;
    }
    io.stderr(`v4-migrate: internal error: ${visible((error as Error).message)}${args.debug ? '\n' + (error as Error).stack : ''}\n`);
    return 2;
  }
}

function listRules(format: FormatName, io: Io): number {
  if (format === 'json') {
    io.stdout(JSON.stringify(catalogue.map((r) => ({ id: r.id, changes: r.changes, release: r.release, fix: r.fix, summary: ruleSummary(r) })), null, 2) + '\n');
    return 0;
  }
  const width = Math.max(...catalogue.map((r) => r.id.length));
  for (const r of [...catalogue].sort((a, b) => a.id.localeCompare(b.id))) {
    io.stdout(`${r.id.padEnd(width)}  ${r.fix.padEnd(6)}  ${r.release.padEnd(4)}  ${r.changes.join(',')}\n`);
  }
  return 0;
}

function explain(id: string, io: Io): number {
  const rule = catalogue.find((r) => r.id === id || (r.changes as readonly string[]).includes(id));
  if (rule) {
    io.stdout(renderExplain(rule));
    return 0;
  }
  const close = catalogue.map((r) => r.id).filter((r) => distance(r, id) <= Math.max(2, Math.floor(id.length / 4)) || r.includes(id));
  throw new UsageError(`unknown rule "${id}"${close.length ? `; did you mean ${close.map((c) => `"${c}"`).join(', ')}?` : '; run v4-migrate rules for the list'}`);
}

/** The lint command's flags; those of the fix modes and of silencing are declared with their modules. */
interface LintArgs extends FixModeArgs, SuppressArgs {
  paths?: string[];
  config?: string | false;
  rule?: string | string[];
  ignoreRule?: string | string[];
  release?: string | string[];
  unsafeFixes?: boolean;
  fixGenerated?: boolean;
  testDoubles?: boolean;
  outputFile?: string | string[];
  maxWarnings?: number;
  quiet?: boolean;
  exitZero?: boolean;
  color?: boolean;
  prefilter: boolean;
  project?: string;
  stdinFilename?: string;
  ignorePattern?: string | string[];
  maxFileSize?: number;
  reportUnusedDisableDirectives?: boolean;
  printConfig?: string;
  cache?: boolean;
  cacheLocation?: string;
  debug?: boolean;
}

/** `--report-unused-disable-directives` turns the report on (whatever the configuration says), `--no-…` off. */
function unusedDirectivesFlag(args: LintArgs): 'warn' | 'off' | undefined {
  return args.reportUnusedDisableDirectives === undefined ? undefined : args.reportUnusedDisableDirectives ? 'warn' : 'off';
}

/** `--stdin`: one text in; the report out, or with --fix the fixed text (as formatters for editors do). */
async function lintStdin(args: LintArgs, io: Output, config: Config | false | undefined): Promise<number> {
  if (!io.readStdin) throw new UsageError('--stdin needs standard input');
  const text = await io.readStdin();
  const filename = path.resolve(io.cwd, args.stdinFilename ?? 'stdin.js');
  const result = lintText(text, { filename, fix: Boolean(args.fix || args.fixDryRun), unsafeFixes: args.unsafeFixes || undefined, fixGenerated: args.fixGenerated, testDoubles: args.testDoubles, config, fixTypes: fixTypes(args), todoComments: args.addTodoComments, reportUnusedDisableDirectives: unusedDirectivesFlag(args) });
  io.redaction.addResults([result]);
  if ((args.fix || args.addTodoComments) && !args.fixDryRun) {
    io.content(result.output ?? text);
    return result.errorCount > 0 && !args.exitZero ? 1 : 0;
  }
  const targets = planReports(list(args.format) as FormatName[], list(args.outputFile), io.cwd);
  const color = args.color ?? (Boolean(io.isTTY) && !process.env.NO_COLOR);
  // --fix-dry-run is ESLint's: the JSON results, with `output` when the text would change.
  await writeReports(targets, [result], { cwd: io.cwd, color, explicitColor: args.color, defaultFormat: args.fixDryRun ? 'json' : 'stylish' }, io);
  return exitCode([result], args, io);
}

async function lint(args: LintArgs, io: Output): Promise<number> {
  checkFixFlags(args);
  checkSuppressArgs(args);
  // A configuration the user names may be JavaScript (it runs); the ones found beside the files are JSON.
  const config = typeof args.config === 'string' ? await loadNamedConfig(path.resolve(io.cwd, args.config), catalogue) : args.config;
  if (args.printConfig !== undefined) {
    if (args.paths?.length) throw new UsageError(`--print-config shows one file's configuration and lints nothing; name the file after it and no other paths (${args.paths.join(' ')})`);
    const resolved = configFor(args.printConfig, { cwd: io.cwd, config, select: selection(args), unsafeFixes: args.unsafeFixes || undefined, testDoubles: args.testDoubles, ignorePatterns: list(args.ignorePattern), reportUnusedDisableDirectives: unusedDirectivesFlag(args) });
    io.stdout(JSON.stringify(resolved, null, 2) + '\n');
    return 0;
  }
  if (args.stdin) return lintStdin(args, io, config);
  let failedWrites = 0;
  const dryRun = Boolean(args.diff || args.fixDryRun);
  const color = args.color ?? (Boolean(io.isTTY) && !process.env.NO_COLOR);
  // Checked before linting: a report without a destination is a usage error, not wasted work.
  const targets = planReports(list(args.format) as FormatName[], list(args.outputFile), io.cwd);
  const select = selection(args);
  // Type-aware findings depend on other modules, which the cache does not track; a review (--interactive,
  // --group-by) needs each file's fix plan, which is not kept.
  const cache =
    (args.cache ?? args.cacheLocation !== undefined) && !args.project && !args.interactive && !args.groupBy
      ? new LintCache({ file: cacheFile(args.cacheLocation, io.cwd), cwd: io.cwd, prefilter: args.prefilter, warn: (m) => io.stderr(`v4-migrate: ${m}\n`) })
      : undefined;
  const progress = wantsProgress(io.stderrIsTTY, process.env) ? progressLine({ write: io.stderr, columns: io.stderrColumns, delayMs: progressDelay(process.env) }) : undefined;
  let results = await lintFiles(args.paths ?? [], {
    cwd: io.cwd,
    config,
    select,
    // --diff shows what the other flags would write: --add-disable-comments alone adds comments, no fixes.
    fix: (Boolean(args.fix) || (dryRun && !args.addDisableComments)) && !args.interactive && !args.groupBy,
    // Unset unless given, so a configuration's `unsafeFixes` can apply.
    unsafeFixes: args.unsafeFixes || undefined,
    fixGenerated: args.fixGenerated,
    // Unset unless given, so a configuration's `testDoubles` can apply.
    testDoubles: args.testDoubles,
    prefilter: args.prefilter,
    project: args.project,
    ignorePatterns: list(args.ignorePattern),
    maxFileSize: args.maxFileSize === undefined ? undefined : args.maxFileSize * 1024 * 1024,
    fixTypes: fixTypes(args),
    plan: Boolean(args.interactive || args.groupBy),
    todoComments: args.addTodoComments,
    // A report this run writes is never linted, even when a shell glob names it.
    exclude: targets.flatMap((t) => (t.file ? [t.file] : [])),
    reportUnusedDisableDirectives: unusedDirectivesFlag(args),
    cache,
    onProgress: progress?.update,
  }).finally(() => progress?.clear());
  io.redaction.addResults(results);
  const ran = (ruleId: string) => catalogue.some((r) => r.id === ruleId && (!select.only || select.only(r)) && !select.skip?.(r));
  results = await suppressResults(results, args, io.cwd, { files: new Set(results.map((r) => r.filePath)), rule: ran }, io.stderr);
  const saveCache = async (written: readonly string[] = []) => {
    if (!cache) return;
    // Written files are analysed afresh next time (their new text changes their package's evidence too).
    cache.forget(written);
    await cache.save();
    if (args.debug) io.stderr(`v4-migrate: cache ${shownPath(io.cwd, cache.file)}: ${results.length} files, ${cache.stats.reused} from the cache, ${cache.stats.parsed} parsed\n`);
  };

  if (args.interactive) return interactive(results, args, io, color);
  if (args.diff && args.groupBy) return printChangePatches(results, args.exitZero, io);
  if (args.diff) {
    const diffs = results
      .filter(rewritten)
      .map((r) => {
        const rel = relativePath(io.cwd, r.filePath);
        return unifiedDiff(r.source, r.output, `a/${rel}`, `b/${rel}`);
      });
    // A diff is a report too: tokens found in code are hidden in it (a hunk touching one will not apply).
    io.stdout(diffs.join(''));
    await saveCache();
    return diffs.length > 0 && !args.exitZero ? 1 : 0;
  }
  if ((args.fix || args.addTodoComments || args.addDisableComments) && !dryRun) {
    const refused = await refuseDirty(filesToWrite(results), args, io);
    if (refused !== undefined) return refused;
    // Files are written only inside the paths given (symbolic links resolved); the report may go anywhere.
    const roots = (args.paths?.length ? args.paths : ['.']).map((p) => path.resolve(io.cwd, p));
    const { value: problems, exitCode } = await uninterrupted((signal) => writeFixes(results, { roots, signal }));
    for (const p of problems) if (!p.interrupted) io.stderr(`v4-migrate: ${shownPath(io.cwd, p.filePath)} not fixed: ${visible(p.reason)}\n`);
    if (exitCode !== undefined) {
      const left = problems.filter((p) => p.interrupted).length;
      io.stderr(`v4-migrate: interrupted; ${left} ${left === 1 ? 'file was' : 'files were'} left unchanged (every file is either as it was or fully fixed); run again to finish\n`);
      return exitCode;
    }
    if (problems.length > 0) failedWrites = problems.length;
    // A file not written keeps its findings: none of them counts as fixed (a full disk, a read-only file).
    const unwrittenFiles = new Set(problems.filter((p) => !p.interrupted).map((p) => p.filePath));
    if (unwrittenFiles.size > 0) {
      const reverted = await suppressResults(results.filter((r) => unwrittenFiles.has(r.filePath)).map(unwritten), { baseline: args.baseline }, io.cwd, { files: unwrittenFiles, rule: ran }, io.stderr);
      results = results.map((r) => reverted.find((x) => x.filePath === r.filePath) ?? r);
    }
    if (args.addTodoComments) io.stderr(todoSummary(results));
    await saveCache(filesToWrite(results).filter((file) => !problems.some((p) => p.filePath === file)));
  } else await saveCache();

  const shown: LintResult[] = args.quiet ? results.map((r) => ({ ...r, messages: r.messages.filter((m) => m.severity === 2), warningCount: 0 })) : results;
  const configured = config === false ? undefined : (config ?? findConfig(path.join(io.cwd, 'package.json'), catalogue)); // any file in cwd: its nearest config
  // --fix-dry-run is ESLint's: the JSON results, with `output` for the files that would change.
  const defaultFormat = (args.fixDryRun ? 'json' : configured?.format ?? 'stylish') as FormatName;
  if (args.stats) {
    // Counts instead of the findings, where the (one) report would go.
    const [target] = targets;
    await emitReport(target?.file, statsReport(shown, { ...args, format: target?.format ?? defaultFormat }), io);
  } else await writeReports(targets, shown, { cwd: io.cwd, color, explicitColor: args.color, defaultFormat }, io);
  // The list of fixes follows a text report; beside a machine-readable one on stdout it goes to stderr.
  const onStdout = targets.find((t) => !t.file);
  if (args.showFixes) (!onStdout || (onStdout.format ?? defaultFormat) === 'stylish' ? io.stdout : io.stderr)(showFixes(results, args, io));

  return exitCode(results, args, io, failedWrites);
}

/**
 * 1 when errors remain or the warnings exceed --max-warnings (which is said on stderr, as a report may be
 * on stdout, so that exit 1 with nothing but warnings is explained), else 0; always 0 with --exit-zero.
 */
function exitCode(results: readonly LintResult[], args: LintArgs, io: Io, failedWrites = 0): number {
  if (args.exitZero) return 0;
  const errors = results.reduce((n, r) => n + r.errorCount, 0) + failedWrites;
  const warnings = results.reduce((n, r) => n + r.warningCount, 0);
  const limit = args.maxWarnings;
  const tooMany = limit !== undefined && limit >= 0 && warnings > limit;
  if (tooMany) io.stderr(`v4-migrate: ${warnings} ${warnings === 1 ? 'warning exceeds' : 'warnings exceed'} the limit of ${limit} (--max-warnings)\n`);
  return errors > 0 || tooMany ? 1 : 0;
}

/** The rules `--rule`, `--release` and `--ignore-rule` select, beside the configuration's. */
function selection(args: LintArgs): NonNullable<LintOptions['select']> {
  const only = [...list(args.rule), ...list(args.release)];
  const ignored = list(args.ignoreRule);
  return {
    only: only.length ? selector(only, '--rule') : undefined,
    named: list(args.rule).length ? selector(list(args.rule), '--rule') : undefined,
    skip: ignored.length ? selector(ignored, '--ignore-rule') : undefined,
  };
}

/** A rule filter from `--rule`-style keys: a rule id, a change ID or a release. Unknown keys are an error. */
function selector(keys: readonly string[], flag: string): (rule: Rule) => boolean {
  const matches = (rule: Rule, key: string) => rule.id === key || (rule.changes as readonly string[]).includes(key) || rule.release === key;
  for (const key of keys) {
    if (!catalogue.some((r) => matches(r, key))) {
      const close = catalogue.map((r) => r.id).filter((id) => distance(id, key) <= 3);
      throw new UsageError(`${flag} ${key}: no rule, change ID or release by that name${close.length ? `; did you mean ${close.join(', ')}?` : '; run v4-migrate rules for the list'}`);
    }
  }
  return (rule) => keys.some((key) => matches(rule, key));
}
