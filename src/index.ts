// The library entry point: every front end (CLI, language server, ESLint plugin) calls these.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { rules as catalogue } from '../rules/index.js';
import { discover } from './files/discover.js';
import { UsageError } from './errors.js';
import { packageRootSync } from './files/package-root.js';
import { writeAtomic } from './fix/write.js';
import { analyse, applyEdits, check, notLinted, skipped, unreadable, type Analysed, type RuleOptions } from './lint.js';
import { findConfig, isIgnored, loadConfig, rulesFor, type Config } from './config.js';
import { packageFacts, type PackageFacts } from './match/evidence.js';
import { mayContainApiCall } from './prefilter.js';
import { loadProject } from './typeaware/project.js';
import type { Rule } from './rule.js';
import type { LintResult } from './results.js';
import type { CachedFile, LintCache } from './cache.js';

export { rules } from '../rules/index.js';
export { UsageError };
export type { Rule, RuleSpec, FixClass, Severity } from './rule.js';
export type { LintResult, LintMessage, Fix, Edit, RequestSummary } from './results.js';
export type { PackageFacts } from './match/evidence.js';
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
  const cwd = options.cwd ?? process.cwd();
  const explicit = typeof options.config === 'string' ? loadConfig(path.resolve(cwd, options.config), catalogue) : undefined;
  const configOf = (file: string) => (options.config === false ? undefined : (explicit ?? findConfig(file, catalogue)));
  const found = await discover(paths.length > 0 ? paths : ['.'], cwd, options.ignorePatterns);
  const files = found.filter((f) => !isIgnored(configOf(f), f));
  if (files.length === 0) throw new UsageError(`every file under ${paths.join(', ') || '.'} is excluded by the configuration's ignorePatterns (${configOf(found[0]!)?.file}); lint other paths, or narrow ignorePatterns`);
  const maxSize = options.maxFileSize ?? 10 * 1024 * 1024;
  // The prefilter looks for API words in the file itself; in type-aware mode they may live in another module.
  const types = options.project ? loadProject(path.resolve(cwd, options.project)) : undefined;
  const prefilter = (options.prefilter ?? true) && !types;
  // What other modules export can change a file's findings: type-aware runs are never cached.
  const cache = types ? undefined : options.cache;
  const cached = new Map<Analysed, { file: CachedFile; load?: () => Analysed }>();
  const progress = (stage: LintProgress['stage'], done: number, findings = 0) => options.onProgress?.({ stage, done, total: files.length, findings });
  const analysed: Analysed[] = [];
  for (const [done, file] of files.entries()) {
    progress('read', done);
    let bytes: Buffer;
    try {
      const { size } = await stat(file);
      if (size > maxSize) {
        analysed.push(notLinted(file, 'file-too-large', `Not linted: ${(size / 1024 / 1024).toFixed(1)} MiB is over the ${(maxSize / 1024 / 1024).toFixed(0)} MiB limit (generated code?); exclude it, or raise the limit with --max-file-size`));
        continue;
      }
      bytes = await readFile(file);
    } catch (error) {
      analysed.push(unreadable(file, (error as NodeJS.ErrnoException).code ?? (error as Error).message));
      continue;
    }
    if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
      analysed.push(notLinted(file, 'binary-file', 'Not linted: the file is UTF-16; save it as UTF-8 to have it checked'));
      continue;
    }
    // A NUL byte in the first 8 KiB: a binary file with a source name, never source code.
    if (bytes.subarray(0, 8192).includes(0)) {
      analysed.push(notLinted(file, 'binary-file', 'Not linted: the file holds binary data, not JavaScript or TypeScript; exclude it'));
      continue;
    }
    const text = bytes.toString('utf8');
    const load = (): Analysed => {
      const parse = !prefilter || mayContainApiCall(text);
      if (parse && cache) cache.stats.parsed++;
      const a = parse ? analyse(file, text, types) : skipped(file, text);
      // Invalid UTF-8 decodes lossily: report what is found, but never write such a file back.
      return Buffer.byteLength(text) === bytes.length && !text.includes('\uFFFD') ? a : { ...a, unfixable: 'it is not valid UTF-8 (writing it back would change other bytes)' };
    };
    const entry = cache?.open(file, bytes);
    if (entry?.facts) {
      // Known content: its facts count for the package now; it is parsed only if its results must be redone.
      const known: Analysed = { ...skipped(file, text), facts: entry.facts };
      cached.set(known, { file: entry, load });
      analysed.push(known);
      continue;
    }
    const a = load();
    if (entry) {
      entry.rememberFacts(a.facts);
      cached.set(a, { file: entry });
    }
    analysed.push(a);
  }

  // Evidence is gathered per package (the tree of the nearest package.json), not per file.
  const byPackage = new Map<string, Analysed[]>();
  for (const a of analysed) {
    const root = packageRootSync(a.filePath);
    byPackage.set(root, [...(byPackage.get(root) ?? []), a]);
  }
  const results: LintResult[] = [];
  let findings = 0;
  let checked = 0;
  for (const group of byPackage.values()) {
    const pkg = packageFacts(group.map((a) => a.facts));
    for (const a of group) {
      const perFile = fileOptions(options, configOf(a.filePath));
      const entry = cached.get(a);
      const hit = entry?.file.result(pkg, perFile);
      const result = hit ? { ...hit, source: a.text } : lintAnalysed(entry?.load?.() ?? a, pkg, perFile);
      if (entry && !hit) entry.file.rememberResult(pkg, perFile, result);
      results.push(result);
      findings += result.messages.length;
      progress('check', ++checked, findings);
    }
  }
  results.sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
  return results;
}

/** Lint one text (editors, stdin); the nearest configuration applies unless `config: false`. */
export function lintText(text: string, options: LintTextOptions): LintResult {
  const filePath = path.resolve(options.cwd ?? process.cwd(), options.filename);
  const a = analyse(filePath, text);
  const pkg = options.packageFacts ?? packageFacts([a.facts]);
  const config = options.rules || options.config === false ? undefined : typeof options.config === 'string' ? loadConfig(options.config, catalogue) : findConfig(filePath, catalogue);
  return lintAnalysed(a, pkg, fileOptions(options, config));
}

interface FileOptions {
  fix?: boolean;
  unsafeFixes: boolean;
  rules: RuleOptions;
}

/** What applies to one file: its configuration's rules and severities, narrowed by the selection. */
function fileOptions(options: LintOptions, config: Config | undefined): FileOptions {
  const unsafeFixes = options.unsafeFixes ?? config?.unsafeFixes ?? false;
  if (options.rules) return { fix: options.fix, unsafeFixes, rules: { rules: options.rules } };
  const configured = rulesFor(config, catalogue);
  const { only, named, skip } = options.select ?? {};
  const runs = (r: Rule) => configured.rules.includes(r) || named?.(r) === true;
  const rules = (only ? catalogue.filter((r) => only(r) && runs(r)) : configured.rules).filter((r) => !skip?.(r));
  return { fix: options.fix, unsafeFixes, rules: { rules, severity: configured.severity, apiBase: config?.apiBase } };
}

function lintAnalysed(a: Analysed, pkg: PackageFacts, options: FileOptions): LintResult {
  const ruleOptions = options.rules;
  if (!options.fix || a.fileError || a.calls.length === 0) {
    return { ...check(a, pkg, ruleOptions).result, source: a.text };
  }
  const fixed = a.unfixable ? { error: a.unfixable } : fixText(a, pkg, ruleOptions, options.unsafeFixes);
  if ('error' in fixed) {
    const { result } = check(a, pkg, ruleOptions);
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
    return { ...result, source: a.text };
  }
  // What is left after fixing, on the fixed text (already parsed by fixText).
  const { result } = check(fixed.output, pkg, ruleOptions);
  if (fixed.output.text === a.text) return { ...result, source: a.text };
  const before = check(a, pkg, ruleOptions).result.messages.length;
  return { ...result, source: a.text, output: fixed.output.text, fixedCount: Math.max(before - result.messages.length, 0) };
}

/**
 * Apply fixes; another pass only for calls whose edits overlapped an applied one. Rules never run on
 * what a previous pass wrote (a v4 `GET /projects` from `/projects/all` is not a v3 plain list).
 * Output that does not parse, or fixes that do not settle, are refused.
 */
function fixText(a: Analysed, pkg: PackageFacts, ruleOptions: RuleOptions, unsafe: boolean): { output: Analysed } | { error: string } {
  const report = 'please report it with the v3 calls of this file';
  let current = a;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { fixes } = check(current, pkg, ruleOptions);
    const groups = fixes.map((f) => (unsafe ? f.all ?? f.safe : f.safe)).filter((g): g is NonNullable<typeof g> => g !== undefined && g.length > 0);
    if (groups.length === 0) return { output: current };
    const { text, applied } = applyEdits(current.text, groups);
    if (text === current.text) return { output: current };
    // Parsed once: to refuse output that does not parse, and for what comes next. Type information
    // describes the file on disk, so the changed text is analysed without it.
    const next = analyse(a.filePath, text);
    if (next.fileError) return { error: `the fixed text would not parse (${next.fileError.message.split('. ')[0]}); ${report}` };
    if (applied === groups.length) return { output: next };
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
