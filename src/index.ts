// The library entry point: every front end (CLI, language server, ESLint plugin) calls these.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { rules as catalogue } from '../rules/index.js';
import { UsageError } from './errors.js';
import { analyseFiles, withGenerated, type CachedAnalysis } from './files/analyse-files.js';
import type { LintCache } from './cache.js';
import { writeAtomic } from './fix/write.js';
import { markGenerated } from './generated/mark.js';
import { analyse, applyEdits, check, distinct, lineStarts, position, sortMessages, summarise, toMessage, type Analysed, type ForeignFinding, type RuleOptions } from './lint.js';
import { silenced } from './directives.js';
import { findConfig, loadConfig, rulesFor, type Config } from './config.js';
import { packageFacts, type PackageFacts } from './match/evidence.js';
import type { Rule } from './rule.js';
import type { Edit, LintResult } from './results.js';

export { rules } from '../rules/index.js';
export { UsageError };
export type { Rule, RuleSpec, FixClass, Severity } from './rule.js';
export type { LintResult, LintMessage, Fix, Edit, RequestSummary, GeneratedOrigin } from './results.js';
export type { PackageFacts } from './match/evidence.js';
export { inventory } from './inventory.js';
export type { Inventory, InventoryCall, InventoryOptions, InventoryProblem, InventoryStatus } from './inventory.js';
export { LintCache, cacheFile } from './cache.js';


export interface LintOptions {
  /** Paths in results are absolute; the CLI shows them relative to this. */
  cwd?: string;
  /** Exactly these rules, ignoring configuration (library and test use). */
  rules?: readonly Rule[];
  /** A configuration file to use for every file, or `false` for none (default: the nearest one). */
  config?: string | false;
  /**
   * Narrow the configured rules: `only` (`--rule`, `--release`) and `skip` (`--ignore-rule`). A rule that
   * is off by default runs when `named` picks it by its id or change ID.
   */
  select?: { only?: (rule: Rule) => boolean; named?: (rule: Rule) => boolean; skip?: (rule: Rule) => boolean };
  /** Compute `output` (the fixed text) for files that change. */
  fix?: boolean;
  /** With `fix`: apply unsafe fixes too. */
  unsafeFixes?: boolean;
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
}

const MAX_PASSES = 10;

/** Lint files and directories. */
export async function lintFiles(paths: readonly string[], options: LintOptions = {}): Promise<LintResult[]> {
  const onFileRead = (done: number, total: number) => options.onProgress?.({ stage: 'read', done, total, findings: 0 });
  const { packages, configOf, cached } = await analyseFiles(paths, { ...options, onFileRead });
  const total = packages.reduce((n, p) => n + p.files.length, 0);
  const linted: Linted[] = [];
  let findings = 0;
  for (const { facts, files } of packages) {
    for (const a of files) {
      const done = lintCached(a, facts, fileOptions(options, configOf(a.filePath)), cached?.get(a));
      linted.push(done);
      findings += done.result.messages.length;
      options.onProgress?.({ stage: 'check', done: linted.length, total, findings });
    }
  }
  const results = placeForeign(linted, packages.flatMap((p) => p.files), (file) => fileOptions(options, configOf(file)).rules);
  results.sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
  return results;
}

/** `lintAnalysed`, answered from the cache when it holds this file's result for this evidence and these options. */
function lintCached(a: Analysed, pkg: PackageFacts, options: FileOptions, entry: CachedAnalysis | undefined): Linted {
  const hit = entry?.file.result(pkg, options);
  // Cached runs are never type-aware, so a file makes no findings elsewhere and none land in it.
  if (hit) return { result: { ...hit, source: a.text }, elsewhere: [], outputOffset: (offset) => offset };
  const linted = lintAnalysed(entry?.load?.() ?? a, pkg, options);
  entry?.file.rememberResult(pkg, options, linted.result);
  return linted;
}

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
function placeForeign(linted: readonly Linted[], analysed: readonly Analysed[], rulesOf: (file: string) => RuleOptions): LintResult[] {
  const byFile = new Map(linted.map((l) => [l.result.filePath, l]));
  const directivesOf = new Map(analysed.map((a) => [a.filePath, a.directives]));
  const grown = new Set<Linted>();
  for (const { elsewhere } of linted) {
    for (const { file, finding, via } of elsewhere) {
      const target = byFile.get(file);
      const source = target?.result.source;
      const options = rulesOf(file);
      if (!target || source === undefined || !options.rules.includes(finding.rule)) continue;
      if (silenced(directivesOf.get(file), position(lineStarts(source), finding.start)[0], finding.rule.id)) continue;
      const text = target.result.output ?? source;
      const placed = { ...finding, start: target.outputOffset(finding.start), end: target.outputOffset(finding.end) };
      target.result.messages.push(toMessage(placed, text, lineStarts(text), options, via));
      grown.add(target);
    }
  }
  return linted.map((l) => (grown.has(l) ? { ...l.result, ...summarise(l.result.filePath, sortMessages(distinct(l.result.messages))) } : l.result));
}

/** Lint one text (editors, stdin); the nearest configuration applies unless `config: false`. */
export function lintText(text: string, options: LintTextOptions): LintResult {
  const filePath = path.resolve(options.cwd ?? process.cwd(), options.filename);
  const a = withGenerated(analyse(filePath, text));
  const pkg = options.packageFacts ?? packageFacts([a.facts]);
  const config = options.rules || options.config === false ? undefined : typeof options.config === 'string' ? loadConfig(options.config, catalogue) : findConfig(filePath, catalogue);
  return lintAnalysed(a, pkg, fileOptions(options, config)).result;
}

interface FileOptions {
  fix?: boolean;
  unsafeFixes: boolean;
  rules: RuleOptions;
  /** Messages name source files relative to this. */
  cwd: string;
  fixGenerated?: boolean;
}

/** What applies to one file: its configuration's rules and severities, narrowed by the selection. */
function fileOptions(options: LintOptions, config: Config | undefined): FileOptions {
  const unsafeFixes = options.unsafeFixes ?? config?.unsafeFixes ?? false;
  const shared = { fix: options.fix, unsafeFixes, cwd: options.cwd ?? process.cwd(), fixGenerated: options.fixGenerated };
  if (options.rules) return { ...shared, rules: { rules: options.rules } };
  const configured = rulesFor(config, catalogue);
  const { only, named, skip } = options.select ?? {};
  const runs = (r: Rule) => configured.rules.includes(r) || named?.(r) === true;
  const rules = (only ? catalogue.filter((r) => only(r) && runs(r)) : configured.rules).filter((r) => !skip?.(r));
  return { ...shared, rules: { rules, severity: configured.severity, apiBase: config?.apiBase } };
}

function lintAnalysed(a: Analysed, pkg: PackageFacts, options: FileOptions): Linted {
  // Generated code is reported where it is, pointing at its source; it is rewritten only when asked.
  if (a.generated) {
    const linted = lintAnalysed({ ...a, generated: undefined }, pkg, { ...options, fix: options.fix && options.fixGenerated });
    return { ...linted, result: markGenerated(linted.result, a.generated, { cwd: options.cwd, withholdFixes: !options.fixGenerated }) };
  }
  const ruleOptions = options.rules;
  const original = check(a, pkg, ruleOptions);
  // Findings in other files come from the text on disk, the one type information describes.
  const { elsewhere } = original;
  const unchanged = (result: LintResult): Linted => ({ result: { ...result, source: a.text }, elsewhere, outputOffset: (offset) => offset });
  if (!options.fix || a.fileError || a.calls.length === 0) return unchanged(original.result);
  const fixed = a.unfixable ? { error: a.unfixable } : fixText(a, pkg, ruleOptions, options.unsafeFixes);
  if ('error' in fixed) {
    const { result } = original;
    result.messages.unshift({
      ruleId: 'fix-error',
      severity: 2,
      level: 'error',
      message: `Fixes were not applied to this file: ${fixed.error}`,
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
  // What is left after fixing, on the fixed text (already parsed by fixText).
  const { result } = check(fixed.output, pkg, ruleOptions);
  if (fixed.output.text === a.text) return unchanged(result);
  const fixedCount = Math.max(original.result.messages.length - result.messages.length, 0);
  const outputOffset = (offset: number) => fixed.passes.reduce((at, edits) => shiftedBy(edits, at), offset);
  return { result: { ...result, source: a.text, output: fixed.output.text, fixedCount }, elsewhere, outputOffset };
}

/** Where an offset of a text is after edits that do not touch it. */
function shiftedBy(edits: readonly Edit[], offset: number): number {
  let delta = 0;
  for (const e of edits) if (e.end <= offset) delta += e.text.length - (e.end - e.start);
  return offset + delta;
}

/**
 * Apply fixes; another pass only for calls whose edits overlapped an applied one. Rules never run on
 * what a previous pass wrote (a v4 `GET /projects` from `/projects/all` is not a v3 plain list).
 * Output that does not parse, or fixes that do not settle, are refused.
 */
function fixText(a: Analysed, pkg: PackageFacts, ruleOptions: RuleOptions, unsafe: boolean): { output: Analysed; passes: Edit[][] } | { error: string } {
  const report = 'please report it with the v3 calls of this file';
  const passes: Edit[][] = [];
  let current = a;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { fixes } = check(current, pkg, ruleOptions);
    const groups = fixes.map((f) => (unsafe ? f.all ?? f.safe : f.safe)).filter((g): g is NonNullable<typeof g> => g !== undefined && g.length > 0);
    if (groups.length === 0) return { output: current, passes };
    const { text, applied, edits } = applyEdits(current.text, groups);
    if (text === current.text) return { output: current, passes };
    passes.push(edits);
    // Parsed once: to refuse output that does not parse, and for what comes next. Type information
    // describes the file on disk, so the changed text is analysed without it.
    const next = analyse(a.filePath, text);
    if (next.fileError) return { error: `the fixed text would not parse (${next.fileError.message.split('. ')[0]}); ${report}` };
    if (applied === groups.length) return { output: next, passes };
    current = next;
  }
  return { error: `fixes did not settle after ${MAX_PASSES} passes; ${report}` };
}

/** A file --fix did not write, and why. */
export interface WriteProblem {
  filePath: string;
  reason: string;
}

/**
 * Write every result's `output` atomically (temp file + rename in the same directory). A file that changed
 * on disk since it was read, or that is read-only, is left alone and returned as a problem.
 */
export async function writeFixes(results: readonly LintResult[]): Promise<WriteProblem[]> {
  const problems: WriteProblem[] = [];
  for (const r of results) {
    if (r.output === undefined || r.output === r.source) continue;
    try {
      const { mode } = await stat(r.filePath);
      if ((mode & 0o222) === 0) {
        problems.push({ filePath: r.filePath, reason: 'the file is read-only; make it writable to fix it' });
        continue;
      }
      if ((await readFile(r.filePath, 'utf8')) !== r.source) {
        problems.push({ filePath: r.filePath, reason: 'the file changed on disk while it was being checked; run again' });
        continue;
      }
      await writeAtomic(r.filePath, r.output);
    } catch (error) {
      problems.push({ filePath: r.filePath, reason: `it could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` });
    }
  }
  return problems;
}
