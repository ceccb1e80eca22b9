// The library entry point: every front end (CLI, language server, ESLint plugin) calls these.
import { readFileSync, statSync } from 'node:fs';
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
import { PackagePrefilter } from './prefilter.js';
import { loadProject, type TypeInfo } from './typeaware/project.js';
import type { Rule } from './rule.js';
import type { LintResult } from './results.js';

export { rules } from '../rules/index.js';
export { UsageError };
export type { Rule, RuleSpec, FixClass, Severity } from './rule.js';
export type { LintResult, LintMessage, Fix, Edit, RequestSummary } from './results.js';
export type { PackageFacts } from './match/evidence.js';


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
  const files = (await discover(paths.length > 0 ? paths : ['.'], cwd, options.ignorePatterns)).filter((f) => !isIgnored(configOf(f), f));
  const maxSize = options.maxFileSize ?? 10 * 1024 * 1024;
  // The prefilter looks for API words in the file itself; in type-aware mode they may live in another module.
  const types = options.project ? await loadProject(path.resolve(cwd, options.project)) : undefined;
  const prefilter = (options.prefilter ?? true) && !types;

  // Evidence is gathered per package (the tree of the nearest package.json), not per file. One package
  // at a time: the rules need its files' facts, and no file's syntax tree outlives its package.
  const byPackage = new Map<string, string[]>();
  for (const file of files) {
    const root = packageRootSync(file);
    const group = byPackage.get(root);
    if (group) group.push(file);
    else byPackage.set(root, [file]);
  }
  const results: LintResult[] = [];
  for (const group of byPackage.values()) {
    const filter = prefilter ? new PackagePrefilter() : undefined;
    const analysed = group.map((file) => load(file, maxSize, filter, types));
    // Files the prefilter held back until the package's evidence was known.
    const late = new Set(filter?.late());
    for (let i = 0; late.size > 0 && i < analysed.length; i++) {
      const a = analysed[i]!;
      if (late.has(a.filePath)) analysed[i] = { ...analyse(a.filePath, a.text, types), ...(a.unfixable ? { unfixable: a.unfixable } : {}) };
    }
    const pkg = packageFacts(analysed.map((a) => a.facts));
    for (const a of analysed) results.push(lintAnalysed(a, pkg, fileOptions(options, configOf(a.filePath))));
  }
  results.sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
  return results;
}

/** Read one file and parse it, unless it is too large, binary, or ruled out by the prefilter. */
function load(file: string, maxSize: number, prefilter: PackagePrefilter | undefined, types: TypeInfo | undefined): Analysed {
  let bytes: Buffer;
  // Synchronous: one file at a time either way, and the promise API costs more than the read itself.
  try {
    const { size } = statSync(file);
    if (size > maxSize) {
      return notLinted(file, 'file-too-large', `Not linted: ${(size / 1024 / 1024).toFixed(1)} MiB is over the ${(maxSize / 1024 / 1024).toFixed(0)} MiB limit (generated code?); exclude it, or raise the limit with --max-file-size`);
    }
    bytes = readFileSync(file);
  } catch (error) {
    return unreadable(file, (error as NodeJS.ErrnoException).code ?? (error as Error).message);
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return notLinted(file, 'binary-file', 'Not linted: the file is UTF-16; save it as UTF-8 to have it checked');
  }
  // A NUL byte in the first 8 KiB: a binary file with a source name, never source code.
  if (bytes.subarray(0, 8192).includes(0)) {
    return notLinted(file, 'binary-file', 'Not linted: the file holds binary data, not JavaScript or TypeScript; exclude it');
  }
  const text = bytes.toString('utf8');
  const a = prefilter && !prefilter.admit(file, text) ? skipped(file, text) : analyse(file, text, types);
  // Invalid UTF-8 decodes lossily: report what is found, but never write such a file back.
  return Buffer.byteLength(text) === bytes.length && !text.includes('\uFFFD') ? a : { ...a, unfixable: 'it is not valid UTF-8 (writing it back would change other bytes)' };
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
  return { ...result, source: a.text, output: fixed.output.text, fixedCount: Math.max(fixed.before - result.messages.length, 0) };
}

/**
 * Apply fixes; another pass only for calls whose edits overlapped an applied one. Rules never run on
 * what a previous pass wrote (a v4 `GET /projects` from `/projects/all` is not a v3 plain list).
 * Output that does not parse, or fixes that do not settle, are refused.
 */
function fixText(a: Analysed, pkg: PackageFacts, ruleOptions: RuleOptions, unsafe: boolean): { output: Analysed; before: number } | { error: string } {
  const report = 'please report it with the v3 calls of this file';
  let current = a;
  // How many findings the original text has: the first pass's check tells, no need for another.
  let before = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { result, fixes } = check(current, pkg, ruleOptions);
    if (pass === 0) before = result.messages.length;
    const groups = fixes.map((f) => (unsafe ? f.all ?? f.safe : f.safe)).filter((g): g is NonNullable<typeof g> => g !== undefined && g.length > 0);
    if (groups.length === 0) return { output: current, before };
    const { text, applied } = applyEdits(current.text, groups);
    if (text === current.text) return { output: current, before };
    // Parsed once: to refuse output that does not parse, and for what comes next. Type information
    // describes the file on disk, so the changed text is analysed without it.
    const next = analyse(a.filePath, text);
    if (next.fileError) return { error: `the fixed text would not parse (${next.fileError.message.split('. ')[0]}); ${report}` };
    if (applied === groups.length) return { output: next, before };
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
