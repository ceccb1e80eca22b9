// The front half of every run over files: discover them, group them by package, and one package at a time
// read them (size, encoding and binary checks), parse and recognise their calls, and gather the package's
// evidence. Lint runs rules on each package; the inventory lists its calls.
import { readFileSync, statSync } from 'node:fs';
import { fsPath } from './byte-names.js';
import path from 'node:path';
import { rules as catalogue } from '../../rules/index.js';
import { findConfig, isIgnored, loadConfig, type Config } from '../config.js';
import { detectGenerated } from '../generated/detect.js';
import { analyseAdmitted, notLinted, skipped, unreadable, type Analysed } from '../lint.js';
import { createHash } from 'node:crypto';
import { packageFacts, type PackageFacts } from '../match/evidence.js';
import { PackagePrefilter, textEvidence } from '../prefilter.js';
import { loadProject, type TypeInfo } from '../typeaware/project.js';
import { UsageError } from '../errors.js';
import type { CachedFile, LintCache } from '../cache.js';
import type { TextEvidence } from '../prefilter.js';
import { discover, probeIn } from './discover.js';
import { isMarkedRoot, packageRootSync } from './package-root.js';
import { dependencyMajors, manifestFacts } from './package-deps.js';

export interface AnalyseOptions {
  cwd?: string;
  /** A configuration file (JSON) or a loaded configuration for every file, or `false` for none (default: the nearest one). */
  config?: string | false | Config;
  /** Skip files that cannot contain a call of the service without parsing them (default true). */
  prefilter?: boolean;
  /** Type-aware mode: a tsconfig.json. */
  project?: string;
  /** Globs (relative to cwd) of files to leave out. */
  ignorePatterns?: readonly string[];
  /** Absolute paths never analysed, even when named: the reports this run writes. */
  exclude?: readonly string[];
  /** Files larger than this many bytes are not analysed (default 10 MiB). */
  maxFileSize?: number;
  /** Reuse the facts of files whose content is unchanged, and defer their parsing (`--cache`; lint only). */
  cache?: LintCache;
  /** Called before each file is read: `done` files of `total` are (progress bars). */
  onFileRead?: (done: number, total: number) => void;
}

/** The analysed files of one package (the tree of the nearest package.json) and what they show together. */
export interface AnalysedPackage {
  /** Its root: the folder of its package.json (or what stands for one: see package-root.ts). */
  root: string;
  facts: PackageFacts;
  files: Analysed[];
  /**
   * The package's other files, outside the paths of the run: analysed for its evidence (and, in a lint run,
   * for the base URLs they would move), never reported or fixed. A file's findings so do not depend on which
   * of its package's files a run is given.
   */
  context: Analysed[];
  /**
   * With a cache: each file's entry. A file whose facts came from the cache is not parsed yet (no calls):
   * `load` parses it, for when its cached results cannot be used.
   */
  cached: ReadonlyMap<Analysed, CachedAnalysis>;
}

export interface AnalysedFiles {
  /**
   * The packages, each read and analysed when the iteration reaches it: the rules need a package's facts
   * before any of its files, and no syntax tree has to outlive its package (memory stays flat on big trees).
   */
  packages: Iterable<AnalysedPackage>;
  /** How many files (and unreadable or skipped paths) the packages hold in all. */
  total: number;
  /** The configuration that applies to a file. */
  configOf: (file: string) => Config | undefined;
}

export interface CachedAnalysis {
  file: CachedFile;
  load?: () => Analysed;
}

/** What reading one package needs, the same for every package of a run. */
interface ReadContext {
  maxSize: number;
  prefilter: boolean;
  types: TypeInfo | undefined;
  cache: LintCache | undefined;
  total: number;
  onFileRead: ((done: number, total: number) => void) | undefined;
}

/** Discover files and directories, and group them by package; the packages are analysed as they are iterated. */
export async function analyseFiles(paths: readonly string[], options: AnalyseOptions = {}): Promise<AnalysedFiles> {
  const cwd = options.cwd ?? process.cwd();
  const explicit = typeof options.config === 'string' ? loadConfig(path.resolve(cwd, options.config), catalogue) : options.config || undefined;
  const configOf = (file: string) => (options.config === false ? undefined : (explicit ?? findConfig(file, catalogue)));
  const discovered = await discover(paths.length > 0 ? paths : ['.'], cwd, options.ignorePatterns, options.exclude);
  const files = discovered.files.filter((f) => !isIgnored(configOf(f), f));
  if (files.length === 0 && discovered.unreadable.length === 0 && discovered.skipped.length === 0) throw new UsageError(`every file under ${paths.join(', ') || '.'} is excluded by the configuration's ignorePatterns (${configOf(discovered.files[0]!)?.file}); lint other paths, or narrow ignorePatterns`);
  // The prefilter looks for API words in the file itself; in type-aware mode they may live in another module.
  const types = options.project ? await loadProject(path.resolve(cwd, options.project)) : undefined;
  // Directories that could not be listed are reported too, unless they are ignored.
  const unlisted = discovered.unreadable.filter((u) => !isIgnored(configOf(probeIn(u.path)), probeIn(u.path)));

  // Evidence is gathered per package (the tree of the nearest package.json), not per file.
  const byPackage = new Map<string, Group>();
  const groupOf = (file: string) => {
    const root = packageRootSync(file);
    let group = byPackage.get(root);
    if (!group) byPackage.set(root, (group = { root, files: [], notRead: [], context: [] }));
    return group;
  };
  for (const u of unlisted) groupOf(u.path).notRead.push(unreadable(u.path, u.reason, u.kind));
  for (const s of discovered.skipped) groupOf(s.path).notRead.push(notLinted(s.path, 'ignored-file', `Not linted: ${s.why}`));
  for (const file of files) groupOf(file).files.push(file);
  const walked = (paths.length > 0 ? paths : ['.']).map((p) => path.resolve(cwd, p));
  for (const group of byPackage.values()) {
    if (group.files.length > 0) group.context = await restOfPackage(group, walked, cwd, options, configOf);
  }
  const context: ReadContext = {
    maxSize: options.maxFileSize ?? 10 * 1024 * 1024,
    prefilter: (options.prefilter ?? true) && !types,
    types,
    // What other modules export can change a file's findings: type-aware runs are never cached.
    cache: types ? undefined : options.cache,
    total: files.length,
    onFileRead: options.onFileRead,
  };
  return { packages: analysePackages([...byPackage.values()], context), total: files.length + unlisted.length + discovered.skipped.length, configOf };
}

/** The files of a run in one package, what could not be read of it, and the rest of the package (`context`). */
interface Group {
  root: string;
  files: string[];
  notRead: Analysed[];
  context: string[];
}

/**
 * The package's source files that the run was not given: found as a walk of its root would find them
 * (.gitignore, `ignorePatterns`, the configuration's), without those of packages inside it. A root that is only
 * the folder of files without a package of their own holds the files of that folder alone. Nothing when a
 * path of the run holds the whole root (a run over the tree finds them all already).
 */
async function restOfPackage(group: Group, walked: readonly string[], cwd: string, options: AnalyseOptions, configOf: (file: string) => Config | undefined): Promise<string[]> {
  const root = group.root;
  if (walked.some((dir) => root === dir || root.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep))) return [];
  let found: string[];
  try {
    found = (await discover([root], cwd, options.ignorePatterns, options.exclude, isMarkedRoot(root) ? undefined : 1)).files;
  } catch (error) {
    if (error instanceof UsageError) return [];
    throw error;
  }
  const given = new Set(group.files);
  return found.filter((f) => !given.has(f) && packageRootSync(f) === root && !ignoredOrUnconfigurable(configOf, f));
}

/**
 * A file of the package outside the run that its configuration leaves out, or whose configuration cannot be
 * read: a broken configuration elsewhere in the package is that folder's run's error, never this one's.
 */
function ignoredOrUnconfigurable(configOf: (file: string) => Config | undefined, file: string): boolean {
  try {
    return isIgnored(configOf(file), file);
  } catch (error) {
    if (error instanceof UsageError) return true;
    throw error;
  }
}

function* analysePackages(groups: readonly Group[], context: ReadContext): Generator<AnalysedPackage> {
  let done = 0;
  for (const group of groups) {
    const filter = context.prefilter ? new PackagePrefilter() : undefined;
    const reads: FileRead[] = [];
    for (const file of group.files) {
      context.onFileRead?.(done++, context.total);
      reads.push(readFile(file, context.maxSize));
    }
    // The rest of the package is read as the run's files are (a file too large or unreadable there says nothing).
    const contextFiles = new Set(group.context);
    for (const file of group.context) reads.push(readFile(file, context.maxSize));
    // What one file sends can depend on another of its package (a wrapper there): a file's cached facts are
    // valid only while no file of its package changed. The package's digest covers each file's bytes, so it
    // is each file's key in the cache too.
    const digest = context.cache ? packageDigest(group.root, reads, contextFiles) : '';
    for (const r of reads) {
      if (!('text' in r)) continue;
      r.entry = context.cache?.open(r.file, r.text, digest);
      // The prefilter's regular-expression pass is the costly part of reading: unchanged files reuse its evidence.
      r.evidence = filter ? (r.entry?.evidence ?? textEvidence(r.text)) : undefined;
      // A file with a directive is parsed even without API words: its directives may be unused or misspelt.
      r.admitted = !filter || filter.admitEvidence(r.file, r.evidence!) || r.text.includes('v4-migrate-');
    }
    const late = new Set(filter?.late());
    const parsedHere = (r: TextRead) => r.admitted || late.has(r.file);
    const texts = reads.filter((r): r is TextRead => 'text' in r);
    // The package's files are parsed and recognised together, once, when the first of them is needed.
    let memo: Map<string, Analysed> | undefined;
    const parseAll = (): Map<string, Analysed> => {
      if (!memo) {
        memo = analyseAdmitted(texts.map((r) => ({ filePath: r.file, text: r.text, admitted: parsedHere(r) })), context.types, dependencyMajors(group.root));
        if (context.cache) context.cache.stats.parsed += memo.size;
        for (const [file, a] of memo) memo.set(file, withGenerated(a));
      }
      return memo;
    };
    const load = (r: TextRead): Analysed => {
      const a = parseAll().get(r.file) ?? skipped(r.file, r.text);
      return r.valid ? a : { ...a, unfixable: 'it is not valid UTF-8 (writing it back would change other bytes)' };
    };
    const cached = new Map<Analysed, CachedAnalysis>();
    // Known content: its facts count for the package now; it is parsed only if its results must be redone.
    const allKnown = texts.every((r) => r.entry?.facts !== undefined);
    const analysed = [...group.notRead];
    const rest: Analysed[] = [];
    for (const r of reads) {
      const into = contextFiles.has(r.file) ? rest : analysed;
      if (!('text' in r)) {
        if (into === analysed) analysed.push(r.done);
        continue;
      }
      if (allKnown && r.entry) {
        const known: Analysed = { ...skipped(r.file, r.text), facts: r.entry.facts! };
        cached.set(known, { file: r.entry, load: () => load(r) });
        into.push(known);
        continue;
      }
      const a = load(r);
      if (r.entry) {
        r.entry.rememberFacts(a.facts, reportable(a), r.evidence);
        cached.set(a, { file: r.entry });
      }
      into.push(a);
    }
    yield { root: group.root, facts: packageFacts([...analysed.map((a) => a.facts), ...rest.map((a) => a.facts), manifestFacts(group.root)]), files: analysed, context: rest, cached };
  }
}

/** A file read: finished (too large, binary, unreadable), or its text, waiting for its package. */
type FileRead = { file: string; done: Analysed } | TextRead;
interface TextRead {
  file: string;
  bytes: Buffer;
  text: string;
  /** Valid UTF-8 (invalid text decodes lossily: findings are reported, but the file is never written back). */
  valid: boolean;
  entry?: CachedFile;
  evidence?: TextEvidence;
  admitted?: boolean;
}

/**
 * A digest of every file of a package (names and contents): what a file's analysis may depend on; and of which
 * of them the run leaves out (a base URL there cannot move with the run's calls).
 */
function packageDigest(root: string, reads: readonly FileRead[], context: ReadonlySet<string>): string {
  const hash = createHash('sha256');
  // Names within the package: the same tree checked out elsewhere (a cache restored in CI) has the same digest.
  for (const r of reads) if ('text' in r) hash.update(context.has(r.file) ? 'context\0' : '').update(path.relative(root, r.file)).update('\0').update(r.bytes).update('\0');
  return hash.digest('base64');
}

/** Read one file: too large, binary or unreadable (finished here), or its text. */
function readFile(file: string, maxSize: number): FileRead {
  let bytes: Buffer;
  // Synchronous: one file at a time either way, and the promise API costs more than the read itself.
  try {
    const { size } = statSync(fsPath(file));
    if (size > maxSize) {
      return { file, done: notLinted(file, 'file-too-large', `Not linted: ${(size / 1024 / 1024).toFixed(1)} MiB is over the ${(maxSize / 1024 / 1024).toFixed(0)} MiB limit (generated code?); exclude it, or raise the limit with --max-file-size`) };
    }
    bytes = readFileSync(fsPath(file));
  } catch (error) {
    return { file, done: unreadable(file, (error as NodeJS.ErrnoException).code ?? (error as Error).message) };
  }
  // UTF-32's byte order marks first: the little-endian one begins as UTF-16's does.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) || (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff)) {
    return { file, done: notLinted(file, 'binary-file', 'Not linted: the file is UTF-32; save it as UTF-8 to have it checked') };
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { file, done: notLinted(file, 'binary-file', 'Not linted: the file is UTF-16; save it as UTF-8 to have it checked') };
  }
  // A NUL byte in the first 8 KiB: a binary file with a source name, never source code.
  if (bytes.subarray(0, 8192).includes(0)) {
    return { file, done: notLinted(file, 'binary-file', 'Not linted: the file holds binary data, not JavaScript or TypeScript; exclude it') };
  }
  const text = bytes.toString('utf8');
  return { file, bytes, text, valid: Buffer.byteLength(text) === bytes.length && !text.includes('\uFFFD') };
}

/** Note whether an analysed file is generated code; only files with something to report are looked at. */
export function withGenerated(a: Analysed): Analysed {
  const generated = reportable(a) ? detectGenerated(a.filePath, a.text) : undefined;
  return generated ? { ...a, generated } : a;
}

/** Whether a file has anything to report (calls, tokens, a parse error): only then can it be generated code. */
export function reportable(a: Analysed): boolean {
  return a.calls.length > 0 || a.secrets.length > 0 || a.fileError?.ruleId === 'parse-error';
}
