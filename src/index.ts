// The library entry point: every front end (CLI, language server, ESLint plugin) calls these.
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { rules as catalogue } from '../rules/index.js';
import { discover, probeIn } from './files/discover.js';
import { UsageError } from './errors.js';
import { packageRootSync } from './files/package-root.js';
import { insideRoots, writeAtomic } from './fix/write.js';
import { analyse, applyEdits, check, crashed, notLinted, skipped, unreadable, type Analysed, type RuleOptions } from './lint.js';
import { findConfig, isIgnored, loadConfig, rulesFor, type Config } from './config.js';
import { packageFacts, type PackageFacts } from './match/evidence.js';
import { mayContainApiCall } from './prefilter.js';
import { loadProject } from './typeaware/project.js';
import type { Rule } from './rule.js';
import type { Edit, LintResult } from './results.js';
import type { CallFix } from './match/run.js';

export { rules } from '../rules/index.js';
export { UsageError };
export { loadNamedConfig } from './config-module.js';
export type { Config } from './config.js';
export type { Rule, RuleSpec, FixClass, Severity } from './rule.js';
export type { LintResult, LintMessage, Fix, Edit, RequestSummary } from './results.js';
export type { PackageFacts } from './match/evidence.js';


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
  const explicit = typeof options.config === 'string' ? loadConfig(path.resolve(cwd, options.config), catalogue) : options.config || undefined;
  const configOf = (file: string) => (options.config === false ? undefined : (explicit ?? findConfig(file, catalogue)));
  const discovered = await discover(paths.length > 0 ? paths : ['.'], cwd, options.ignorePatterns);
  const files = discovered.files.filter((f) => !isIgnored(configOf(f), f));
  const maxSize = options.maxFileSize ?? 10 * 1024 * 1024;
  // The prefilter looks for API words in the file itself; in type-aware mode they may live in another module.
  const types = options.project ? loadProject(path.resolve(cwd, options.project)) : undefined;
  const prefilter = (options.prefilter ?? true) && !types;
  const analysed: Analysed[] = discovered.unreadable.filter((u) => !isIgnored(configOf(probeIn(u.path)), probeIn(u.path))).map((u) => unreadable(u.path, u.reason, u.kind));
  for (const file of files) {
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
    const a = prefilter && !mayContainApiCall(text) ? skipped(file, text) : perFile(() => analyse(file, text, types), (error) => crashed(file, text, error));
    // Invalid UTF-8 decodes lossily: report what is found, but never write such a file back.
    analysed.push(Buffer.byteLength(text) === bytes.length && !text.includes('\uFFFD') ? a : { ...a, unfixable: 'it is not valid UTF-8 (writing it back would change other bytes)' });
  }

  // Evidence is gathered per package (the tree of the nearest package.json), not per file.
  const byPackage = new Map<string, Analysed[]>();
  for (const a of analysed) {
    const root = packageRootSync(a.filePath);
    byPackage.set(root, [...(byPackage.get(root) ?? []), a]);
  }
  const results: LintResult[] = [];
  for (const group of byPackage.values()) {
    const pkg = packageFacts(group.map((a) => a.facts));
    for (const a of group) results.push(lintGuarded(a, pkg, fileOptions(options, configOf(a.filePath))));
  }
  results.sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
  return results;
}

/** Lint one text (editors, stdin); the nearest configuration applies unless `config: false`. */
export function lintText(text: string, options: LintTextOptions): LintResult {
  const filePath = path.resolve(options.cwd ?? process.cwd(), options.filename);
  const a = perFile(() => analyse(filePath, text), (error) => crashed(filePath, text, error));
  const pkg = options.packageFacts ?? packageFacts([a.facts]);
  const config = options.rules || options.config === false ? undefined : typeof options.config === 'string' ? loadConfig(options.config, catalogue) : (options.config ?? findConfig(filePath, catalogue));
  return lintGuarded(a, pkg, fileOptions(options, config));
}

/** One file's step; whatever it throws becomes a finding on that file, and the run goes on. */
function perFile<T>(step: () => T, failed: (error: unknown) => T): T {
  try {
    return step();
  } catch (error) {
    return failed(error);
  }
}

/** Rules and fixes for one file; a failure in them is reported on the file, which is then not fixed. */
function lintGuarded(a: Analysed, pkg: PackageFacts, options: FileOptions): LintResult {
  return perFile(
    () => lintAnalysed(a, pkg, options),
    (error) => ({ ...check(crashed(a.filePath, a.text, error), pkg, options.rules).result, source: a.text }),
  );
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
  // What is left after fixing, on the fixed text (already parsed by fixText).
  const after = 'output' in fixed ? check(fixed.output, pkg, ruleOptions) : undefined;
  const error = 'error' in fixed ? fixed.error : unsettled(fixed.output.text, after!.fixes, options.unsafeFixes);
  if (error !== undefined) {
    const { result } = check(a, pkg, ruleOptions);
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
    return { ...result, source: a.text };
  }
  const { output } = fixed as { output: Analysed };
  const { result } = after!;
  if (output.text === a.text) return { ...result, source: a.text };
  const before = check(a, pkg, ruleOptions).result.messages.length;
  return { ...result, source: a.text, output: output.text, fixedCount: Math.max(before - result.messages.length, 0) };
}

/** Why fixed text must not be written although it parses: the fixes a second run would still make. */
function unsettled(text: string, fixesLeft: readonly CallFix[], unsafe: boolean): string | undefined {
  if (applyEdits(text, fixGroups(fixesLeft, unsafe)).text === text) return undefined;
  return 'a second run would change the fixed text again; please report it with the v3 calls of this file';
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
    const groups = fixGroups(check(current, pkg, ruleOptions).fixes, unsafe);
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
    if (r.output === undefined || r.output === r.source) continue;
    if (options.signal?.aborted) {
      problems.push({ filePath: r.filePath, reason: 'the run was interrupted before this file', interrupted: true });
      continue;
    }
    try {
      const real = await realpath(r.filePath);
      if (roots && !insideRoots(real, roots)) {
        problems.push({ filePath: r.filePath, reason: `it leads (through a symbolic link) to ${real}, outside the paths given; name that path to fix it` });
        continue;
      }
      const { mode } = await stat(real);
      if ((mode & 0o222) === 0) {
        problems.push({ filePath: r.filePath, reason: 'the file is read-only; make it writable to fix it' });
        continue;
      }
      if ((await readFile(real, 'utf8')) !== r.source) {
        problems.push({ filePath: r.filePath, reason: 'the file changed on disk while it was being checked; run again' });
        continue;
      }
      await writeAtomic(real, r.output);
    } catch (error) {
      problems.push({ filePath: r.filePath, reason: `it could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` });
    }
  }
  return problems;
}
