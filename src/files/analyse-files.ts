// The front half of every run over files: discover them, read them (size, encoding and binary checks),
// parse and recognise their calls, and group them by package with the package's evidence. Lint runs
// rules on the result; the inventory lists its calls.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { rules as catalogue } from '../../rules/index.js';
import { findConfig, isIgnored, loadConfig, type Config } from '../config.js';
import { detectGenerated } from '../generated/detect.js';
import { analyse, crashed, notLinted, perFile, skipped, unreadable, type Analysed } from '../lint.js';
import { packageFacts, type PackageFacts } from '../match/evidence.js';
import { mayContainApiCall } from '../prefilter.js';
import { loadProject } from '../typeaware/project.js';
import { UsageError } from '../errors.js';
import type { CachedFile, LintCache } from '../cache.js';
import { discover, probeIn } from './discover.js';
import { packageRootSync } from './package-root.js';

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
  facts: PackageFacts;
  files: Analysed[];
}

export interface AnalysedFiles {
  packages: AnalysedPackage[];
  /** The configuration that applies to a file. */
  configOf: (file: string) => Config | undefined;
  /**
   * With a cache: each file's entry. A file whose facts came from the cache is not parsed yet (no calls):
   * `load` parses it, for when its cached results cannot be used.
   */
  cached?: ReadonlyMap<Analysed, CachedAnalysis>;
}

export interface CachedAnalysis {
  file: CachedFile;
  load?: () => Analysed;
}

/** Discover, read and analyse files and directories, grouped by package. */
export async function analyseFiles(paths: readonly string[], options: AnalyseOptions = {}): Promise<AnalysedFiles> {
  const cwd = options.cwd ?? process.cwd();
  const explicit = typeof options.config === 'string' ? loadConfig(path.resolve(cwd, options.config), catalogue) : options.config || undefined;
  const configOf = (file: string) => (options.config === false ? undefined : (explicit ?? findConfig(file, catalogue)));
  const discovered = await discover(paths.length > 0 ? paths : ['.'], cwd, options.ignorePatterns, options.exclude);
  const files = discovered.files.filter((f) => !isIgnored(configOf(f), f));
  if (files.length === 0 && discovered.unreadable.length === 0) throw new UsageError(`every file under ${paths.join(', ') || '.'} is excluded by the configuration's ignorePatterns (${configOf(discovered.files[0]!)?.file}); lint other paths, or narrow ignorePatterns`);
  const maxSize = options.maxFileSize ?? 10 * 1024 * 1024;
  // The prefilter looks for API words in the file itself; in type-aware mode they may live in another module.
  const types = options.project ? loadProject(path.resolve(cwd, options.project)) : undefined;
  const prefilter = (options.prefilter ?? true) && !types;
  // What other modules export can change a file's findings: type-aware runs are never cached.
  const cache = types ? undefined : options.cache;
  const cached = new Map<Analysed, CachedAnalysis>();
  // Directories that could not be listed are reported too, unless they are ignored.
  const analysed: Analysed[] = discovered.unreadable.filter((u) => !isIgnored(configOf(probeIn(u.path)), probeIn(u.path))).map((u) => unreadable(u.path, u.reason, u.kind));
  for (const [done, file] of files.entries()) {
    options.onFileRead?.(done, files.length);
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
      // A file with a directive is parsed even without API words: its directives may be unused or misspelt.
      const parse = !prefilter || mayContainApiCall(text) || text.includes('v4-migrate-');
      if (parse && cache) cache.stats.parsed++;
      const a = withGenerated(parse ? perFile(() => analyse(file, text, types), (error) => crashed(file, text, error)) : skipped(file, text));
      // Invalid UTF-8 decodes lossily: report what is found, but never write such a file back.
      return Buffer.byteLength(text) === bytes.length && !text.includes('\uFFFD') ? a : { ...a, unfixable: 'it is not valid UTF-8 (writing it back would change other bytes)' };
    };
    const entry = cache?.open(file, bytes, text);
    if (entry?.facts) {
      // Known content: its facts count for the package now; it is parsed only if its results must be redone.
      const known: Analysed = { ...skipped(file, text), facts: entry.facts };
      cached.set(known, { file: entry, load });
      analysed.push(known);
      continue;
    }
    const a = load();
    if (entry) {
      entry.rememberFacts(a.facts, reportable(a));
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
  const packages = [...byPackage.values()].map((group) => ({ facts: packageFacts(group.map((a) => a.facts)), files: group }));
  return { packages, configOf, ...(cache ? { cached } : {}) };
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
