// The library entry point: every front end (CLI, language server, ESLint plugin) calls these.
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import picomatch from 'picomatch';
import { rules as catalogue } from '../rules/index.js';
import { UsageError } from './errors.js';
import { analyseFiles, withGenerated, type CachedAnalysis } from './files/analyse-files.js';
import { analyseInPackage, packageContextSync } from './files/package-facts.js';
import { analyseManifest, isManifest } from './files/manifest.js';
import { dependencyMajors, lockedVersion } from './files/package-deps.js';
import { packageRootSync } from './files/package-root.js';
import type { LintCache } from './cache.js';
import { insideRoots, writeAtomic, WriteRefused } from './fix/write.js';
import { fsPath, nameFromBytes } from './files/byte-names.js';
import { markGenerated } from './generated/mark.js';
import { analyse, check, crashed, distinct, perFile, suppressionsIn, columnLines, sortMessages, summarise, toMessage, type Analysed, type Checked, type ForeignFinding, type RuleOptions } from './lint.js';
import type { Directive } from './directives.js';
import type { BaseHold } from './match/groups.js';
import type { FileSuppressions } from './suppress/file.js';
import { findConfig, isIgnored, loadConfig, rulesFor, type Config } from './config.js';
import { packageFacts, type PackageFacts } from './match/evidence.js';
import { allowFor } from './suppress/allow.js';
import type { Category, Rule } from './rule.js';
import { rewritten, type Edit, type LintMessage, type LintResult } from './results.js';
import { planFixes } from './fix/plan.js';
import { fixChecked, movedOffset } from './fix/apply.js';
import { chosen } from './fix/select.js';
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
export { applySafeFixes } from './fix/apply.js';


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
  /**
   * Report and fix test doubles of the service (nock interceptors, msw handlers, fetch-mock routes). Unset, the
   * configuration's `testDoubles` decides (default true); `false` leaves them out of findings and fixes.
   */
  testDoubles?: boolean;
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
  for (const { root, facts, files, context, cached } of packages) {
    const done = lintPackage(files, context, facts, (a) => optionsOf(a.filePath), cached);
    files.forEach((a, i) => {
      linted.push(done[i]!);
      if (a.directives?.length) directivesOf.set(a.filePath, a.directives);
      findings += done[i]!.result.messages.length;
      options.onProgress?.({ stage: 'check', done: linted.length, total, findings });
    });
    // package.json is reported by a run that lints a call relying on one of its pins, not for files outside the run.
    const relied = packageFacts(files.map((a) => a.facts)).defaultV3;
    const manifest = relied ? lintManifest(root, { ...facts, defaultV3: relied }, optionsOf, configOf) : undefined;
    if (manifest) {
      linted.push(manifest);
      findings += manifest.result.messages.length;
    }
  }
  const results = placeForeign(linted, directivesOf, (file) => optionsOf(file).rules);
  results.sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
  return results;
}

/**
 * A package's package.json, when some call of the package relies on a client's default base whose version
 * its dependencies decide (gl-got before 8): its pins are findings of their own (manifest rules). Read for
 * this run only, never cached, never fixed; a result with nothing to show is left out.
 */
function lintManifest(root: string, pkg: PackageFacts, optionsOf: (file: string) => FileOptions, configOf: (file: string) => Config | undefined): Linted | undefined {
  const file = path.join(root, 'package.json');
  if (isIgnored(configOf(file), file)) return undefined;
  let text: string;
  try {
    text = readFileSync(fsPath(file), 'utf8');
  } catch {
    return undefined;
  }
  const linted = lintGuarded(analyseManifest(file, text, dependencyMajors(root), (module) => lockedVersion(root, module)), pkg, optionsOf(file));
  return linted.result.messages.length > 0 || linted.result.suppressedMessages?.length ? linted : undefined;
}

/**
 * The files of one package: from the cache when it holds every one's result for this evidence and these
 * options; else each checked once, then finished. The calls that go through the package's base URLs move
 * to v4 together, so when one of them cannot move (in any file), none of them does, nor do the bases.
 */
function lintPackage(files: readonly Analysed[], context: readonly Analysed[], pkg: PackageFacts, optionsOf: (a: Analysed) => FileOptions, cached: ReadonlyMap<Analysed, CachedAnalysis>): Linted[] {
  const hits = files.map((a) => cached.get(a)?.file.result(pkg, optionsOf(a)));
  // Cached runs are never type-aware, so a file makes no findings elsewhere and none land in it.
  if (hits.every((hit) => hit !== undefined)) return files.map((a, i) => ({ result: { ...hits[i]!, source: a.text }, elsewhere: [], outputOffset: unmoved }));
  const loaded = files.map((a) => cached.get(a)?.load?.() ?? a);
  const checks = loaded.map((a) => perFile<Checked | undefined>(() => check(a, pkg, optionsOf(a).rules), () => undefined));
  const holds = checks.map((c, i) => ({ name: path.basename(loaded[i]!.filePath), bases: c?.groups.bases }));
  // The package's files outside the run are checked for what they would move with the run's calls, never written.
  for (const a of context) {
    const rest = cached.get(a)?.load?.() ?? a;
    const c = perFile<Checked | undefined>(() => check(rest, pkg, optionsOf(rest).rules), () => undefined);
    holds.push({ name: path.basename(rest.filePath), bases: c && unwritten(c) });
  }
  // `--fix-type` may leave out, in one file, calls that move with the package's bases: then they all wait.
  const basesWait = checks.some((c, i) => c !== undefined && leftOut(c, optionsOf(loaded[i]!)));
  return loaded.map((a, i) => {
    const options = optionsOf(a);
    const outside = heldElsewhere(holds, i);
    const held = checks[i] && (outside.safe || outside.all) ? checks[i]!.heldBy(outside) : checks[i];
    const checked = held && basesWait ? { ...held, basesWait } : held;
    const linted = checked ? lintGuarded(a, pkg, options, checked) : lintGuarded(a, pkg, options);
    cached.get(files[i]!)?.file.rememberResult(pkg, options, linted.result);
    return linted;
  });
}

/**
 * What a file the run does not lint means for the package's base URLs: if it holds some, or calls through
 * them, that a fix would change, they cannot move in this run, so neither can the run's calls through them.
 */
function unwritten(checked: Checked): BaseHold {
  const why = (groups: Checked['groups']['safe']) => {
    const group = groups.find((g) => g.throughBases);
    if (!group || (group.held === undefined && group.edits.length === 0)) return undefined;
    return group.held ?? 'it is outside the paths this run lints';
  };
  const safe = why(checked.groups.safe);
  const all = why(checked.groups.all);
  return { ...(checked.groups.bases.present ? { present: true } : {}), ...(safe ? { safe } : {}), ...(all ? { all } : {}) };
}

/** Whether a `--fix-type` run leaves out the group of a file's calls through the package's base URLs. */
function leftOut(checked: Checked, options: FileOptions): boolean {
  if (!options.fix && !options.plan) return false;
  const group = (options.unsafeFixes ? checked.groups.all : checked.groups.safe).find((g) => g.throughBases);
  return group !== undefined && group.held === undefined && group.edits.length > 0 && !chosen(group, { unsafe: options.unsafeFixes, categories: options.fixTypes });
}

/** Why another file of the package keeps its base URLs, and so this file's calls through them, from moving. */
function heldElsewhere(holds: readonly { name: string; bases: BaseHold | undefined }[], self: number): BaseHold {
  const own = holds[self]!.bases;
  if (!own?.present) return {};
  const reason = (kind: 'safe' | 'all') => {
    const other = holds.find((h, i) => i !== self && h.bases?.[kind] !== undefined);
    return other && `the package's calls through its base URL move to v4 together, and one in ${other.name} cannot yet (${other.bases![kind]})`;
  };
  return { safe: reason('safe'), all: reason('all') };
}

// Offset maps are module-level functions on purpose: a closure made inside lintOrFix would keep that call's
// scope, and with it the file's calls and syntax tree, alive as long as the result (hundreds of MB on big runs).
const unmoved = (offset: number): number => offset;
/** Where offsets of a text are after the edits applied to it. */
const movedBy = (edits: readonly Edit[]) => (offset: number): number => movedOffset(edits, offset);
/** And after marker lines were added to the result. */
const markedBy = (before: (offset: number) => number, edits: readonly Edit[]) => (offset: number): number => movedOffset(edits, before(offset));

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
  // A package.json is read for its dependencies (manifest rules), never parsed as code.
  // Alone, a file's clients still take their default base from the version its package.json pins (gl-got).
  const alone = () => analyse(filePath, text, undefined, existsSync(path.join(packageRootSync(filePath), 'package.json')) ? dependencyMajors(packageRootSync(filePath)) : undefined);
  // A package.json as typed (an editor's), with what its lock file installed.
  const root = path.dirname(filePath);
  const a = isManifest(filePath) ? analyseManifest(filePath, text, undefined, (module) => lockedVersion(root, module)) : withGenerated(perFile(() => (context ? analyseInPackage(context, filePath, text) : alone()), (error) => crashed(filePath, text, error)));
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
  testDoubles: boolean;
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
    testDoubles: rules.testDoubles !== false,
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
function lintGuarded(a: Analysed, pkg: PackageFacts, options: FileOptions, checked?: Checked): Linted {
  return perFile(
    () => lintAnalysed(a, pkg, options, checked),
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
  /** `--fix-type`: the categories whose rewrites are written. */
  fixTypes?: readonly Category[];
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
    fixTypes: options.fixTypes,
    plan: options.plan,
    todoComments: options.todoComments,
  };
  // Exactly the rules given: no configuration, so no default either.
  const unusedDirectives = unusedLevel(options.reportUnusedDisableDirectives, options.rules ? 'off' : config?.reportUnusedDisableDirectives);
  const testDoubles = options.testDoubles ?? (options.rules ? undefined : config?.testDoubles) ?? true;
  // Beside the rules (which the cache keys itself), what else decides a file's result.
  const variant = (configuredIds: readonly string[] | undefined) => JSON.stringify([options.fixTypes ?? null, Boolean(options.todoComments), unusedDirectives ?? null, config?.allow ?? null, configuredIds ?? null, testDoubles]);
  if (options.rules) return { ...shared, variant: variant(undefined), rules: { rules: options.rules, suppress: { unusedDirectives }, testDoubles } };
  const configured = rulesFor(config, catalogue);
  const { only, named, skip } = options.select ?? {};
  const runs = (r: Rule) => configured.rules.includes(r) || named?.(r) === true;
  const rules = (only ? catalogue.filter((r) => only(r) && runs(r)) : configured.rules).filter((r) => !skip?.(r));
  // A directive for a rule the command line left out may well be needed: only the configuration's own
  // choices (a rule it turned off) make a directive unused.
  const accountable = (r: Rule) => rules.includes(r) || !configured.rules.includes(r);
  const suppress = { allow: allowFor(config), unusedDirectives, accountable };
  return { ...shared, variant: variant(configured.rules.map((r) => r.id)), rules: { rules, severity: configured.severity, apiBase: config?.apiBase, suppress, testDoubles } };
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

/** A file's result in the run's mode; `checked` is its check when it was made already (the package's files). */
function lintAnalysed(a: Analysed, pkg: PackageFacts, options: FileOptions, checked = check(a, pkg, options.rules)): Linted {
  // Generated code is reported where it is, pointing at its source; it is rewritten only when asked.
  if (a.generated) {
    const linted = lintAnalysed({ ...a, generated: undefined }, pkg, { ...options, fix: options.fix && options.fixGenerated }, checked);
    return { ...linted, result: markGenerated(linted.result, a.generated, { cwd: options.cwd, withholdFixes: !options.fixGenerated }) };
  }
  // The one run of the rules over this file (above): every mode below takes what it needs from it.
  const linted = lintOrFix(a, checked, options);
  let { result, outputOffset } = linted;
  // Markers follow the findings: added with --add-todo-comments, and those of fixed findings dropped by --fix.
  if (!a.fileError && !a.unfixable && (options.todoComments || (options.fix && result.output !== undefined))) {
    const judged = new Set<string>(options.rules.rules.flatMap((r) => r.changes));
    const marked = withMarkers(result, a.text, judged, { add: Boolean(options.todoComments), unsafe: options.unsafeFixes });
    result = marked.result;
    if (marked.edits.length > 0) outputOffset = markedBy(outputOffset, marked.edits);
  }
  if (options.plan) result.fixPlan = a.fileError || a.unfixable ? [] : planFixes(a.text, checked, { unsafe: options.unsafeFixes, categories: options.fixTypes, basesWait: checked.basesWait });
  return { ...linted, result, outputOffset };
}

function lintOrFix(a: Analysed, checked: Checked, options: FileOptions): Linted {
  // Findings in other files come from the text on disk, the one type information describes.
  const { elsewhere } = checked;
  const unchanged = (result: LintResult): Linted => ({ result: { ...result, source: a.text }, elsewhere, outputOffset: unmoved });
  const dropUnusedDirectives = Boolean(options.rules.suppress?.unusedDirectives && a.directives?.length);
  if (!options.fix || a.fileError || (a.calls.length === 0 && !dropUnusedDirectives)) return unchanged(checked.result);
  const fixed = a.unfixable ? { error: a.unfixable } : fixChecked(a.filePath, a.text, checked, { unsafe: options.unsafeFixes, categories: options.fixTypes, basesWait: checked.basesWait, dropUnusedDirectives });
  if ('error' in fixed) return unchanged(withFixError(checked.result, fixed.error));
  if (fixed.text === a.text) return unchanged(checked.result);
  const unfixed = { messages: checked.result.messages, ...(checked.result.suppressedMessages ? { suppressedMessages: checked.result.suppressedMessages } : {}) };
  return { result: { ...fixed.result, source: a.text, output: fixed.text, unfixed, ...(fixed.movesBases ? { writeLast: true as const } : {}) }, elsewhere, outputOffset: movedBy(fixed.edits) };
}

/** The result of a file whose fixes are not written, and why. */
function withFixError(result: LintResult, error: string): LintResult {
  const message: LintMessage = {
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
  };
  return { ...result, messages: [message, ...result.messages], errorCount: result.errorCount + 1 };
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
  // Files that move base URLs go last: stopped in between, the calls through a base are already v4 calls
  // under a v3 base, which the next run moves; the other way round they would be v3 calls under a v4 base.
  for (const r of [...results.filter((x) => !x.writeLast), ...results.filter((x) => x.writeLast)]) {
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
