// The library entry point: every front end (CLI, language server, ESLint plugin) calls these.
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { existsSync } from 'node:fs';
import picomatch from 'picomatch';
import { rules as catalogue } from '../rules/index.js';
import { UsageError } from './errors.js';
import { analyseFiles, withGenerated, type CachedAnalysis } from './files/analyse-files.js';
import { analyseInPackage, packageContextSync } from './files/package-facts.js';
import type { LintCache } from './cache.js';
import { insideRoots, writeAtomic, WriteRefused } from './fix/write.js';
import { fsPath, nameFromBytes } from './files/byte-names.js';
import { markGenerated } from './generated/mark.js';
import { analyse, applyEdits, check, crashed, distinct, perFile, suppressionsIn, columnLines, sortMessages, summarise, toMessage, type Analysed, type ForeignFinding, type RuleOptions } from './lint.js';
import type { Directive } from './directives.js';
import type { FileSuppressions } from './suppress/file.js';
import { findConfig, isIgnored, loadConfig, rulesFor, type Config } from './config.js';
import { packageFacts, type PackageFacts } from './match/evidence.js';
import { allowFor } from './suppress/allow.js';
import type { Category, Rule } from './rule.js';
import { rewritten, type Edit, type LintResult } from './results.js';
import type { CallFix } from './match/run.js';
import { fixSelection, selectedFixes, type FixSelection } from './fix/select.js';
import { planFixes } from './fix/plan.js';
import { fixedByRule } from './fix/tally.js';
import { withMarkers } from './fix/todo.js';

export { rules } from '../rules/index.js';
export { UsageError };
export { loadNamedConfig } from './config-module.js';
export type { Config } from './config.js';
export type { Rule, RuleSpec, FixClass, Severity, Category } from './rule.js';
export type { LintResult, LintMessage, Fix, Edit, RequestSummary, GeneratedOrigin, PlannedFix, Suppression, SuppressedMessage } from './results.js';
export type { PackageFacts } from './match/evidence.js';
export { inventory } from './inventory.js';
export type { Inventory, InventoryCall, InventoryOptions, InventoryProblem, InventoryStatus } from './inventory.js';
export { LintCache, cacheFile } from './cache.js';


export interface LintOptions {
  /** Paths in results are absolute; the CLI shows them relative to this. */
  cwd?: string;
  /** Exactly these rules, ignoring configuration (library and test use). */
  rules?: readonly Rule[];
  /**
   * A configuration file (JSON) to use for every file, a configuration already loaded (a JavaScript one:
   * `loadNamedConfig`), or `false` for none (default: the nearest JSON one).
   */
  config?: string | false | Config;
  /**
   * Narrow the configured rules: `only` (`--rule`, `--release`) and `skip` (`--ignore-rule`). A rule that
   * is off by default runs when `named` picks it by its id or change ID.
   */
  select?: { only?: (rule: Rule) => boolean; named?: (rule: Rule) => boolean; skip?: (rule: Rule) => boolean };
  /** Compute `output` (the fixed text) for files that change. */
  fix?: boolean;
  /** With `fix`: apply unsafe fixes too. */
  unsafeFixes?: boolean;
  /** Apply only the fixes of rules in these categories (`--fix-type`); every rule still reports. */
  fixTypes?: readonly Category[];
  /** Give each result its `fixPlan`: the call-site rewrites on its original text (`--interactive`, `--group-by`). */
  plan?: boolean;
  /** Add `// v4-migrate:` marker comments above findings that need a person, in `output` (`--add-todo-comments`). */
  todoComments?: boolean;
  /** Skip files that cannot contain a v3 call without parsing them (default true). */
  prefilter?: boolean;
  /** Type-aware mode: a tsconfig.json whose program resolves imported constants, enums, `as const`. */
  project?: string;
  /** Globs (relative to cwd) of files not to lint, beside .gitignore and the configuration's. */
  ignorePatterns?: readonly string[];
  /** Files larger than this many bytes are skipped with a warning (default 10 MiB). */
  maxFileSize?: number;
  /** With `fix`: rewrite generated code too (compiled output, bundles); by default its fixes are withheld. */
  fixGenerated?: boolean;
  /** Absolute paths never linted, even when named: the reports this run writes. */
  exclude?: readonly string[];
  /**
   * Report disable directives that silence nothing. Unset, the configuration decides, and reports them as
   * warnings unless it says `false` or 'off' (ESLint 9's default); 'warn' or 'error' report them at least at
   * that severity; 'off' never. With `rules` (no configuration), only this option reports them.
   */
  reportUnusedDisableDirectives?: 'off' | 'warn' | 'error';
  /** Reuse what an earlier run learnt of unchanged files (`--cache`); not used in type-aware mode. */
  cache?: LintCache;
  /** Called as files are read and parsed, then as they are checked: progress bars. */
  onProgress?: (progress: LintProgress) => void;
}

export interface LintProgress {
  /** Files are first all read (and parsed), then checked once their package's evidence is known. */
  stage: 'read' | 'check';
  /** Files done in this stage, of `total`. */
  done: number;
  total: number;
  /** Findings so far (they are known from the check stage on). */
  findings: number;
}

export interface LintTextOptions extends LintOptions {
  filename: string;
  /** What the rest of the file's package shows (default: only this file's own evidence). */
  packageFacts?: PackageFacts;
  /**
   * Analyse the text as a file of its package on disk (the nearest package.json): its wrappers, exported
   * values and evidence count, as in a run over the tree. For editors and ESLint.
   */
  inPackage?: boolean;
}

const MAX_PASSES = 10;

/** Lint files and directories. */
export async function lintFiles(paths: readonly string[], options: LintOptions = {}): Promise<LintResult[]> {
  const onFileRead = (done: number, total: number) => options.onProgress?.({ stage: 'read', done, total, findings: 0 });
  const { packages, total, configOf } = await analyseFiles(paths, { ...options, onFileRead });
  // Worked out once per configuration, not per file: most runs have one configuration, or none, for thousands of files.
  const optionsByConfig = new Map<Config | undefined, FileOptions>();
  const optionsOf = (file: string) => {
    const config = configOf(file);
    let found = optionsByConfig.get(config);
    if (!found) optionsByConfig.set(config, (found = fileOptions(options, config)));
    return found;
  };
  const linted: Linted[] = [];
  // Kept for findings that other files' calls make in a file (type-aware mode): small, unlike the trees.
  const directivesOf = new Map<string, readonly Directive[]>();
  let findings = 0;
  for (const { facts, files, cached } of packages) {
    for (const a of files) {
      const done = lintCached(a, facts, optionsOf(a.filePath), cached.get(a));
      linted.push(done);
      if (a.directives?.length) directivesOf.set(a.filePath, a.directives);
      findings += done.result.messages.length;
      options.onProgress?.({ stage: 'check', done: linted.length, total, findings });
    }
  }
  const results = placeForeign(linted, directivesOf, (file) => optionsOf(file).rules);
  results.sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
  return results;
}

/** `lintAnalysed`, answered from the cache when it holds this file's result for this evidence and these options. */
function lintCached(a: Analysed, pkg: PackageFacts, options: FileOptions, entry: CachedAnalysis | undefined): Linted {
  const hit = entry?.file.result(pkg, options);
  // Cached runs are never type-aware, so a file makes no findings elsewhere and none land in it.
  if (hit) return { result: { ...hit, source: a.text }, elsewhere: [], outputOffset: unmoved };
  const linted = lintGuarded(entry?.load?.() ?? a, pkg, options);
  entry?.file.rememberResult(pkg, options, linted.result);
  return linted;
}

// Offset maps are module-level functions on purpose: a closure made inside lintOrFix would keep that call's
// scope, and with it the file's calls and syntax tree, alive as long as the result (hundreds of MB on big runs).
const unmoved = (offset: number): number => offset;
/** Where offsets of a text are after the passes of edits applied to it. */
const movedBy = (passes: readonly Edit[][]) => (offset: number): number => passes.reduce((at, edits) => shiftedBy(edits, at), offset);

/** A file's result, the findings it makes in other files, and where its original offsets are in its output. */
interface Linted {
  result: LintResult;
  elsewhere: ForeignFinding[];
  /** An offset of the original text, in the fixed output (identity when nothing was fixed). */
  outputOffset: (offset: number) => number;
}

/**
 * Type-aware mode: findings one file's calls make in another (a read of an `Issue` elsewhere) join that
 * file's result, under its directives and rules, when that file is linted in this run.
 */
function placeForeign(linted: readonly Linted[], directivesOf: ReadonlyMap<string, readonly Directive[]>, rulesOf: (file: string) => RuleOptions): LintResult[] {
  const byFile = new Map(linted.map((l) => [l.result.filePath, l]));
  const silencing = new Map<string, FileSuppressions>();
  const grown = new Set<Linted>();
  for (const { elsewhere } of linted) {
    for (const { file, finding, via } of elsewhere) {
      const target = byFile.get(file);
      const source = target?.result.source;
      const options = rulesOf(file);
      if (!target || source === undefined || !options.rules.includes(finding.rule)) continue;
      const text = target.result.output ?? source;
      const placed = { ...finding, start: target.outputOffset(finding.start), end: target.outputOffset(finding.end) };
      const message = toMessage(placed, text, columnLines(text), options, via);
      // The target's own comments and allow list decide, on the text they were written in.
      let suppress = silencing.get(file);
      if (!suppress) silencing.set(file, (suppress = suppressionsIn(file, source, columnLines(source), directivesOf.get(file) ?? [], options)));
      if (suppress.take(finding)) target.result.suppressedMessages = sortMessages([...(target.result.suppressedMessages ?? []), { ...message, suppressions: suppress.suppressed.at(-1)!.suppressions }]);
      else target.result.messages.push(message);
      grown.add(target);
    }
  }
  return linted.map((l) => (grown.has(l) ? { ...l.result, ...summarise(l.result.filePath, sortMessages(distinct(l.result.messages))) } : l.result));
}

/** Lint one text (editors, stdin); the nearest configuration applies unless `config: false`. */
export function lintText(text: string, options: LintTextOptions): LintResult {
  const filePath = path.resolve(options.cwd ?? process.cwd(), options.filename);
  // A text that is no file of a package on disk (a rule tester's snippet) is analysed alone.
  const context = options.inPackage && existsSync(filePath) ? perFile(() => packageContextSync(filePath), () => undefined) : undefined;
  const a = withGenerated(perFile(() => (context ? analyseInPackage(context, filePath, text) : analyse(filePath, text)), (error) => crashed(filePath, text, error)));
  const pkg = options.packageFacts ?? context?.facts ?? packageFacts([a.facts]);
  const config = options.rules || options.config === false ? undefined : typeof options.config === 'string' ? loadConfig(options.config, catalogue) : (options.config ?? findConfig(filePath, catalogue));
  return lintGuarded(a, pkg, fileOptions(options, config)).result;
}

/** What applies to one file: where it was configured, and every setting in effect (`--print-config`). */
export interface ResolvedConfig {
  /** The configuration file (or package.json with a "v4-migrate" key); null when none applies. */
  configFile: string | null;
  /** Whether the configuration's `ignorePatterns` (or the options') leave the file out of walks. */
  ignored: boolean;
  /** Every rule of the catalogue, with the severity it reports at, or off. */
  rules: Record<string, 'off' | 'info' | 'warn' | 'error'>;
  apiBase: readonly string[];
  ignorePatterns: readonly string[];
  unsafeFixes: boolean;
  format: NonNullable<Config['format']>;
  allow: NonNullable<Config['allow']>;
  reportUnusedDisableDirectives: 'off' | 'warn' | 'error';
}

/** The configuration in effect for one file, with the options (rule selection, flags) applied. */
export function configFor(file: string, options: LintOptions = {}): ResolvedConfig {
  const filePath = path.resolve(options.cwd ?? process.cwd(), file);
  const config = options.config === false ? undefined : typeof options.config === 'string' ? loadConfig(path.resolve(options.cwd ?? process.cwd(), options.config), catalogue) : (options.config ?? findConfig(filePath, catalogue));
  const { unsafeFixes, rules } = fileOptions(options, config);
  const severity = rules.severity ?? ((r: Rule) => r.severity ?? 'error');
  const SETTING = { error: 'error', warning: 'warn', info: 'info' } as const;
  const unused = rules.suppress?.unusedDirectives;
  return {
    configFile: config?.file ?? null,
    ignored: isIgnored(config, filePath) || ignoredByFlag(options, filePath),
    rules: Object.fromEntries([...catalogue].sort((a, b) => a.id.localeCompare(b.id)).map((r) => [r.id, rules.rules.includes(r) ? SETTING[severity(r)] : 'off'])),
    apiBase: config?.apiBase ?? [],
    ignorePatterns: config?.ignorePatterns ?? [],
    unsafeFixes,
    format: config?.format ?? 'stylish',
    allow: config?.allow ?? [],
    reportUnusedDisableDirectives: unused === 'error' ? 'error' : unused ? 'warn' : 'off',
  };
}

/** Whether `ignorePatterns` given as options (globs relative to cwd, `--ignore-pattern`) leave a file out. */
function ignoredByFlag(options: LintOptions, filePath: string): boolean {
  if (!options.ignorePatterns?.length) return false;
  return picomatch([...options.ignorePatterns], { dot: true })(path.relative(options.cwd ?? process.cwd(), filePath).split(path.sep).join('/'));
}

/** Rules and fixes for one file; a failure in them is reported on the file, which is then not fixed. */
function lintGuarded(a: Analysed, pkg: PackageFacts, options: FileOptions): Linted {
  return perFile(
    () => lintAnalysed(a, pkg, options),
    (error) => ({ result: { ...check(crashed(a.filePath, a.text, error), pkg, options.rules).result, source: a.text }, elsewhere: [], outputOffset: unmoved }),
  );
}

interface FileOptions {
  fix?: boolean;
  unsafeFixes: boolean;
  rules: RuleOptions;
  /** Messages name source files relative to this. */
  cwd: string;
  fixGenerated?: boolean;
  selection?: FixSelection;
  plan?: boolean;
  todoComments?: boolean;
  /** For the cache: the options besides the rules that decide a file's result (fix types, markers, suppressions). */
  variant: string;
}

/** What applies to one file: its configuration's rules and severities, narrowed by the selection. */
function fileOptions(options: LintOptions, config: Config | undefined): FileOptions {
  const unsafeFixes = options.unsafeFixes ?? config?.unsafeFixes ?? false;
  const shared = {
    fix: options.fix,
    unsafeFixes,
    cwd: options.cwd ?? process.cwd(),
    fixGenerated: options.fixGenerated,
    selection: fixSelection(options.fixTypes),
    plan: options.plan,
    todoComments: options.todoComments,
  };
  // Exactly the rules given: no configuration, so no default either.
  const unusedDirectives = unusedLevel(options.reportUnusedDisableDirectives, options.rules ? 'off' : config?.reportUnusedDisableDirectives);
  // Beside the rules (which the cache keys itself), what else decides a file's result.
  const variant = (configuredIds: readonly string[] | undefined) => JSON.stringify([options.fixTypes ?? null, Boolean(options.todoComments), unusedDirectives ?? null, config?.allow ?? null, configuredIds ?? null]);
  if (options.rules) return { ...shared, variant: variant(undefined), rules: { rules: options.rules, suppress: { unusedDirectives } } };
  const configured = rulesFor(config, catalogue);
  const { only, named, skip } = options.select ?? {};
  const runs = (r: Rule) => configured.rules.includes(r) || named?.(r) === true;
  const rules = (only ? catalogue.filter((r) => only(r) && runs(r)) : configured.rules).filter((r) => !skip?.(r));
  // A directive for a rule the command line left out may well be needed: only the configuration's own
  // choices (a rule it turned off) make a directive unused.
  const accountable = (r: Rule) => rules.includes(r) || !configured.rules.includes(r);
  const suppress = { allow: allowFor(config), unusedDirectives, accountable };
  return { ...shared, variant: variant(configured.rules.map((r) => r.id)), rules: { rules, severity: configured.severity, apiBase: config?.apiBase, suppress } };
}

/**
 * The severity of unused-directive reports: none when the option says 'off'; else the stronger of the option
 * and the configuration, whose default (unset) is a warning, as in ESLint 9.
 */
function unusedLevel(option: LintOptions['reportUnusedDisableDirectives'], configured: Config['reportUnusedDisableDirectives']): 'warning' | 'error' | undefined {
  if (option === 'off') return undefined;
  if (option === 'error' || configured === 'error') return 'error';
  const configuredOff = configured === false || configured === 'off';
  return option === 'warn' || !configuredOff ? 'warning' : undefined;
}

function lintAnalysed(a: Analysed, pkg: PackageFacts, options: FileOptions): Linted {
  // Generated code is reported where it is, pointing at its source; it is rewritten only when asked.
  if (a.generated) {
    const linted = lintAnalysed({ ...a, generated: undefined }, pkg, { ...options, fix: options.fix && options.fixGenerated });
    return { ...linted, result: markGenerated(linted.result, a.generated, { cwd: options.cwd, withholdFixes: !options.fixGenerated }) };
  }
  const linted = lintOrFix(a, pkg, options);
  let { result } = linted;
  // Markers follow the findings: added with --add-todo-comments, and those of fixed findings dropped by --fix.
  if (options.todoComments || (options.fix && result.output !== undefined)) result = withMarkers(result, a, pkg, options.rules, { add: Boolean(options.todoComments), unsafe: options.unsafeFixes });
  if (options.plan) result.fixPlan = planFixes(a, pkg, options.rules, options.unsafeFixes, options.selection);
  return { ...linted, result };
}

function lintOrFix(a: Analysed, pkg: PackageFacts, options: FileOptions): Linted {
  const ruleOptions = options.rules;
  const original = check(a, pkg, ruleOptions);
  // Findings in other files come from the text on disk, the one type information describes.
  const { elsewhere } = original;
  const unchanged = (result: LintResult): Linted => ({ result: { ...result, source: a.text }, elsewhere, outputOffset: unmoved });
  const directivesToDrop = Boolean(ruleOptions.suppress?.unusedDirectives && a.directives?.length);
  if (!options.fix || a.fileError || (a.calls.length === 0 && !directivesToDrop)) return unchanged(original.result);
  const { unsafeFixes, selection } = options;
  const fixed = a.unfixable ? { error: a.unfixable } : fixText(a, pkg, ruleOptions, unsafeFixes, selection, original.fixes);
  // What is left after fixing, on the fixed text (already parsed by fixText).
  const after = 'output' in fixed ? check(fixed.output, pkg, ruleOptions) : undefined;
  const error = 'error' in fixed ? fixed.error : unsettled(fixed.output.text, selectedFixes(fixed.output, pkg, ruleOptions, unsafeFixes, selection, after!.fixes), unsafeFixes);
  if (error !== undefined) {
    const { result } = original;
    result.messages.unshift({
      ruleId: 'fix-error',
      severity: 2,
      level: 'error',
      message: `Fixes were not applied to this file: ${error}`,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 1,
      changes: [],
      fixClass: 'report',
    });
    result.errorCount++;
    return unchanged(result);
  }
  const { output, passes } = fixed as { output: Analysed; passes: Edit[][] };
  const { result } = after!;
  if (output.text === a.text) return unchanged(result);
  const before = original.result.messages;
  const fixedCount = Math.max(before.length - result.messages.length, 0);
  return { result: { ...result, source: a.text, output: output.text, fixedCount, fixedByRule: fixedByRule(before, result.messages) }, elsewhere, outputOffset: movedBy(passes) };
}

/** Why fixed text must not be written although it parses: the fixes a second run (the same fixes) would still make. */
function unsettled(text: string, fixesLeft: readonly CallFix[], unsafe: boolean): string | undefined {
  if (applyEdits(text, fixGroups(fixesLeft, unsafe)).text === text) return undefined;
  return 'a second run would change the fixed text again; please report it with the v3 calls of this file';
}

/** Where an offset of a text is after edits that do not touch it. */
function shiftedBy(edits: readonly Edit[], offset: number): number {
  let delta = 0;
  for (const e of edits) if (e.end <= offset) delta += e.text.length - (e.end - e.start);
  return offset + delta;
}

/** Apply the fixes of the calls, then remove the directives left silencing nothing. */
function fixText(a: Analysed, pkg: PackageFacts, ruleOptions: RuleOptions, unsafe: boolean, selection: FixSelection | undefined, checked: readonly CallFix[]): { output: Analysed; passes: Edit[][] } | { error: string } {
  const fixed = fixCalls(a, pkg, ruleOptions, unsafe, selection, checked);
  if ('error' in fixed) return fixed;
  const dropped = dropUnusedDirectives(fixed.output, pkg, ruleOptions);
  return 'error' in dropped ? dropped : { output: dropped.output, passes: [...fixed.passes, ...dropped.passes] };
}

/** Unused directives (or names in them) removed: removing what silences nothing changes no finding. */
function dropUnusedDirectives(a: Analysed, pkg: PackageFacts, ruleOptions: RuleOptions): { output: Analysed; passes: Edit[][] } | { error: string } {
  if (!ruleOptions.suppress?.unusedDirectives || !a.directives?.length) return { output: a, passes: [] };
  const removals = check(a, pkg, ruleOptions).result.messages.filter((m) => m.ruleId === 'unused-disable-directive' && m.edits).map((m) => m.edits!);
  if (removals.length === 0) return { output: a, passes: [] };
  const { text, edits } = applyEdits(a.text, removals);
  const next = a.reanalyse?.(text) ?? analyse(a.filePath, text);
  if (next.fileError) return { error: `the text without its unused directives would not parse (${next.fileError.message.split('. ')[0]}); please report it` };
  return { output: next, passes: [edits] };
}

/**
 * Apply fixes; another pass only for calls whose edits overlapped an applied one. Rules never run on
 * what a previous pass wrote (a v4 `GET /projects` from `/projects/all` is not a v3 plain list).
 * Output that does not parse, or fixes that do not settle, are refused.
 */
function fixCalls(a: Analysed, pkg: PackageFacts, ruleOptions: RuleOptions, unsafe: boolean, selection: FixSelection | undefined, checked: readonly CallFix[]): { output: Analysed; passes: Edit[][] } | { error: string } {
  const report = 'please report it with the v3 calls of this file';
  const passes: Edit[][] = [];
  let current = a;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    // The original text has been checked already; each later text is checked once here.
    const groups = fixGroups(selectedFixes(current, pkg, ruleOptions, unsafe, selection, pass === 0 ? checked : undefined), unsafe);
    if (groups.length === 0) return { output: current, passes };
    const { text, applied, edits } = applyEdits(current.text, groups);
    if (text === current.text) return { output: current, passes };
    passes.push(edits);
    // Parsed once: to refuse output that does not parse, and for what comes next; with the package the
    // file was analysed in, so that the next pass judges it on the same facts.
    const next = a.reanalyse?.(text) ?? analyse(a.filePath, text);
    if (next.fileError) return { error: `the fixed text would not parse (${next.fileError.message.split('. ')[0]}); ${report}` };
    if (applied === groups.length) return { output: next, passes };
    current = next;
  }
  return { error: `fixes did not settle after ${MAX_PASSES} passes; ${report}` };
}

/** The edits --fix applies: each call's safe fixes, or all of them with --unsafe-fixes. */
function fixGroups(fixes: readonly CallFix[], unsafe: boolean): (readonly Edit[])[] {
  return fixes.map((f) => (unsafe ? f.all ?? f.safe : f.safe)).filter((g): g is NonNullable<typeof g> => g !== undefined && g.length > 0);
}

/** A file --fix did not write, and why. */
export interface WriteProblem {
  filePath: string;
  reason: string;
  /** Not attempted: the run was asked to stop first (the file is unchanged). */
  interrupted?: boolean;
}

export interface WriteOptions {
  /**
   * The paths the user gave: a file is written only when its real path (symbolic links resolved) lies in
   * one of theirs. Without it, every result is written.
   */
  roots?: readonly string[];
  /** Stop before the next file once aborted; the file being written is finished first. */
  signal?: AbortSignal;
}

/**
 * Write every result's `output` atomically (temp file + rename in the same directory), to the file's real
 * path, so a symbolic link stays a link. A file that changed on disk since it was read, that is read-only,
 * or whose real path lies outside the roots is left alone and returned as a problem.
 */
export async function writeFixes(results: readonly LintResult[], options: WriteOptions = {}): Promise<WriteProblem[]> {
  const problems: WriteProblem[] = [];
  const roots = options.roots && (await Promise.all(options.roots.map((r) => realpath(r).catch(() => path.resolve(r)))));
  for (const r of results) {
    if (!rewritten(r)) continue;
    if (options.signal?.aborted) {
      problems.push({ filePath: r.filePath, reason: 'the run was interrupted before this file', interrupted: true });
      continue;
    }
    try {
      const real = nameFromBytes(await realpath(fsPath(r.filePath), { encoding: 'buffer' }));
      if (roots && !insideRoots(real, roots)) {
        problems.push({ filePath: r.filePath, reason: `it leads (through a symbolic link) to ${real}, outside the paths given; name that path to fix it` });
        continue;
      }
      const { mode } = await stat(fsPath(real));
      if ((mode & 0o222) === 0) {
        problems.push({ filePath: r.filePath, reason: 'the file is read-only; make it writable to fix it' });
        continue;
      }
      if ((await readFile(fsPath(real), 'utf8')) !== r.source) {
        problems.push({ filePath: r.filePath, reason: 'the file changed on disk while it was being checked; run again' });
        continue;
      }
      await writeAtomic(real, r.output);
    } catch (error) {
      const reason = error instanceof WriteRefused ? error.message : `it could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
      problems.push({ filePath: r.filePath, reason });
    }
  }
  return problems;
}
