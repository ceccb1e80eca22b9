// The lint cache (`--cache`): per file, what analysing its content gave (its package evidence, `FileFacts`)
// and its results, so a warm run on an unchanged tree reads and hashes every file but parses none.
//
// A file's findings depend on more than its text: on the evidence of its whole package, on the rules that
// run with their severities and base URLs (its configuration narrowed by `--rule`/`--ignore-rule`/
// `--release`), on the fix mode and on the tool itself. So an entry is two layers:
// - `facts`, valid while the content hash matches (they depend on the text alone);
// - `results`, one per mode (lint, fix, fix with unsafe fixes), each valid while the content hash matches
//   *and* its key — package facts + effective rule options, and for a file with findings whether (and how)
//   it is generated code, which sibling files and source maps decide — is the one this run computes.
// The tool version, its build (dist/build-id) and the prefilter setting guard the whole file: a cache of
// another version or build is dropped.
// Paths are kept relative to the working directory, so a cache restored in CI at another checkout path
// still applies.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { writeAtomic } from './fix/write.js';
import path from 'node:path';
import { BUILD_ID, TOOL_VERSION } from './version.js';
import { detectGenerated } from './generated/detect.js';
import type { FileFacts, PackageFacts } from './match/evidence.js';
import type { TextEvidence } from './prefilter.js';
import type { LintResult } from './results.js';
import { Redaction } from './report/redact.js';
import type { Rule, Severity } from './rule.js';

/** The default cache file, in the working directory (as ESLint's `.eslintcache`). */
export const DEFAULT_CACHE_FILE = '.v4-migrate-cache';
// The first key of every cache file: a file without it is not ours and is never overwritten.
const MAGIC = 'v4-migrate-cache';
// 2: entries keep the prefilter's evidence.
const FORMAT = 2;

/** A result as kept: the source is the file's text, read anyway. */
export type StoredResult = Omit<LintResult, 'source'>;

interface Entry {
  /** sha256 of the file's bytes. */
  hash: string;
  facts: FileFacts;
  /** The file has calls, tokens or a parse error, so whether it is generated code matters to its results. */
  reportable?: boolean;
  /** What the prefilter found in the text (when it runs), so that a warm run need not look again. */
  evidence?: TextEvidence;
  /** By mode: the result and the key (package facts + rule options) it was computed under. */
  results?: Record<string, { key: string; result: StoredResult }>;
}

interface CacheFile {
  [MAGIC]: typeof FORMAT;
  version: string;
  prefilter: boolean;
  files: Record<string, Entry>;
}

/** What one run did with the cache (for `--debug`). */
export interface CacheStats {
  /** Files whose results came from the cache. */
  reused: number;
  /** Files parsed in this run. */
  parsed: number;
}

/** The rule options that decide a file's results (the same shape `lintFiles` computes per file). */
export interface ResultOptions {
  fix?: boolean;
  unsafeFixes: boolean;
  fixGenerated?: boolean;
  rules: { rules: readonly Rule[]; severity?: (rule: Rule) => Severity; apiBase?: readonly string[] };
  /** Everything else that decides a result (fix types, todo markers, suppressions), as one string. */
  variant: string;
}

/** One file's view of the cache, for the content read in this run. */
export interface CachedFile {
  /** The facts stored for this content, when there are any (then the file need not be parsed yet). */
  readonly facts: FileFacts | undefined;
  /** The prefilter's evidence stored for this content, when there is any. */
  readonly evidence: TextEvidence | undefined;
  /** The stored result (without `source`) for this package evidence and these options, if still valid. */
  result(pkg: PackageFacts, options: ResultOptions): StoredResult | undefined;
  /** Keep the facts of this content (after analysing it), whether it has anything to report, and the prefilter's evidence. */
  rememberFacts(facts: FileFacts, reportable: boolean, evidence?: TextEvidence): void;
  /** Keep a result computed for this content under this package evidence and these options. */
  rememberResult(pkg: PackageFacts, options: ResultOptions, result: LintResult): void;
}

export interface LintCacheOptions {
  /** The cache file. */
  file: string;
  /** Relative paths in the cache are relative to this. */
  cwd: string;
  /** Whether the text prefilter runs (files it rules out have no facts, so it is part of the identity). */
  prefilter: boolean;
  /** Where a cache that cannot be used is reported (one line each). */
  warn: (message: string) => void;
  /** For tests of invalidation; defaults to this package's version. */
  version?: string;
}

/** The lint cache of one run: read once at the start, written once at the end. */
export class LintCache {
  readonly file: string;
  readonly stats: CacheStats = { reused: 0, parsed: 0 };
  private readonly cwd: string;
  private readonly identity: Omit<CacheFile, 'files'>;
  private readonly warn: (message: string) => void;
  private files: Record<string, Entry> = {};
  private readonly seen = new Set<string>();
  private dirty = false;
  /** False when the file is not a cache of ours: it is then never overwritten. */
  private writable = true;

  constructor(options: LintCacheOptions) {
    this.file = options.file;
    this.cwd = options.cwd;
    this.warn = options.warn;
    this.identity = { [MAGIC]: FORMAT, version: options.version ?? `${TOOL_VERSION}+${BUILD_ID}`, prefilter: options.prefilter };
    this.load();
  }

  private load(): void {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      this.writable = false;
      this.warn(`cannot read the cache ${this.shown()} (${code ?? (error as Error).message}); running without it`);
      return;
    }
    if (text.trim() === '') return;
    if (!text.startsWith(`{"${MAGIC}":`)) {
      this.writable = false;
      this.warn(`${this.shown()} is not a v4-migrate cache; it is left alone and not used: delete it or choose another --cache-location`);
      return;
    }
    let stored: CacheFile;
    try {
      stored = JSON.parse(text) as CacheFile;
      if (typeof stored.files !== 'object' || stored.files === null || Array.isArray(stored.files)) throw new Error('no file table');
    } catch {
      this.dirty = true;
      this.warn(`the cache ${this.shown()} is damaged; it is ignored and will be rebuilt`);
      return;
    }
    // Another format, tool version or prefilter setting: nothing in it can be trusted, silently start over.
    if (stored[MAGIC] !== FORMAT || stored.version !== this.identity.version || stored.prefilter !== this.identity.prefilter) {
      this.dirty = true;
      return;
    }
    this.files = stored.files;
  }

  /** The cache's view of one file whose bytes (and their text) were just read. */
  open(filePath: string, bytes: Uint8Array, text: string, context = ''): CachedFile {
    const name = this.nameOf(filePath);
    // `context`: what else the file's analysis depends on (its package's other files), as a digest.
    const hash = createHash('sha256').update(bytes).update(context).digest('base64');
    this.seen.add(name);
    const old = this.files[name];
    const valid = old !== undefined && old.hash === hash && isFacts(old.facts) ? old : undefined;
    const entry = (): Entry => {
      let e = this.files[name];
      if (e?.hash !== hash) {
        e = { hash, facts: { v3: false, v4: false, service: false } };
        this.files[name] = e;
      }
      return e;
    };
    return {
      facts: valid?.facts,
      evidence: valid?.evidence,
      result: (pkg, options) => {
        const stored = valid?.results?.[modeOf(options)];
        if (!stored || stored.key !== keyOf(pkg, options, generatedKey(valid!, filePath, text)) || !Array.isArray(stored.result?.messages)) return undefined;
        this.stats.reused++;
        return { ...stored.result, filePath };
      },
      rememberFacts: (facts, reportable, evidence) => {
        const e = entry();
        e.facts = facts;
        e.reportable = reportable;
        if (evidence) e.evidence = evidence;
        delete e.results;
        this.dirty = true;
      },
      rememberResult: (pkg, options, result) => {
        const { source: _source, ...kept } = result;
        // The cache file holds no token: a result that carries one (in a fix, a fixed text, a message) is
        // not kept, and that file is checked afresh next time.
        if (new Redaction().addResults([{ ...result, source: text }]).holds(JSON.stringify(kept))) return;
        const e = entry();
        e.results = { ...e.results, [modeOf(options)]: { key: keyOf(pkg, options, generatedKey(e, filePath, text)), result: kept } };
        this.dirty = true;
      },
    };
  }

  /** Forget files whose content this run changed (written by `--fix`): they are analysed afresh next time. */
  forget(filePaths: readonly string[]): void {
    for (const f of filePaths) {
      const name = this.nameOf(f);
      if (this.files[name]) {
        delete this.files[name];
        this.dirty = true;
      }
    }
  }

  /**
   * Write the cache atomically (temp file + rename). Entries of files this run did not see are kept while
   * the file exists (another run may lint other paths). A failure is one warning, never an error.
   */
  async save(): Promise<void> {
    if (!this.writable) return;
    for (const name of Object.keys(this.files)) {
      if (!this.seen.has(name) && !existsSync(path.resolve(this.cwd, name))) {
        delete this.files[name];
        this.dirty = true;
      }
    }
    if (!this.dirty) return;
    const data: CacheFile = { ...this.identity, files: this.files };
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeAtomic(this.file, JSON.stringify(data));
      this.dirty = false;
    } catch (error) {
      this.warn(`cannot write the cache ${this.shown()} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check --cache-location`);
    }
  }

  private nameOf(filePath: string): string {
    return path.relative(this.cwd, filePath).split(path.sep).join('/');
  }

  private shown(): string {
    const relative = path.relative(this.cwd, this.file);
    return relative && !relative.startsWith('..') ? relative : this.file;
  }
}

/**
 * Where the cache lives: `--cache-location` as a file, or inside it when it is a directory (or ends with a
 * separator), named after the working directory so several projects can share one directory.
 */
export function cacheFile(location: string | undefined, cwd: string): string {
  if (location === undefined) return path.join(cwd, DEFAULT_CACHE_FILE);
  const resolved = path.resolve(cwd, location);
  let isDirectory = /[\\/]$/.test(location);
  try {
    isDirectory ||= statSync(resolved).isDirectory();
  } catch {
    // Not there yet: a file, created on save.
  }
  if (!isDirectory) return resolved;
  return path.join(resolved, `${DEFAULT_CACHE_FILE}-${createHash('sha256').update(cwd).digest('hex').slice(0, 12)}`);
}

function modeOf(options: ResultOptions): string {
  if (!options.fix) return 'lint';
  return `fix${options.unsafeFixes ? '-unsafe' : ''}${options.fixGenerated ? '-generated' : ''}`;
}

/**
 * For a file with findings: how it is recognised as generated code, if it is. That depends on files beside
 * it (its source, its source map, .gitignore), which its own hash does not cover; the map's content and the
 * absolute paths are part of it because findings name source positions and files.
 */
function generatedKey(entry: Entry, filePath: string, text: string): string {
  if (!entry.reportable) return '';
  const generated = detectGenerated(filePath, text);
  if (!generated) return 'hand-written';
  let map = '';
  if (generated.mapFile && generated.mapFile !== filePath) {
    try {
      map = createHash('sha256').update(readFileSync(generated.mapFile)).digest('base64');
    } catch {
      map = 'unreadable';
    }
  }
  return JSON.stringify([filePath, generated.by, generated.why, generated.sibling ?? '', generated.mapFile ?? '', map]);
}

/**
 * Everything besides the text that a file's results depend on: the package's evidence, and the rules that
 * run with their severities and the configured base URLs (the configuration as it applies, narrowed by the
 * command line's selection). Hashing what applies rather than the configuration's text means an edit
 * that changes nothing for a file (its `format`, another rule's severity elsewhere) keeps its results.
 */
function keyOf(pkg: PackageFacts, options: ResultOptions, generated: string): string {
  // Every fact of the package decides findings (its version, the service, its routes' version, what it serves).
  const facts = [pkg.version ?? '-', pkg.service, pkg.routesVersion ?? '-', (pkg.serves ?? []).join(',')].join(':');
  const parts = [facts, optionsKey(options), generated];
  return createHash('sha256').update(parts.join('\n')).digest('base64');
}

// A run hands every file of a configuration the same options object: its part of the key is written once,
// not once per file (60 rules and their severities, for each of thousands of files).
const optionsKeys = new WeakMap<ResultOptions, string>();

function optionsKey(options: ResultOptions): string {
  let key = optionsKeys.get(options);
  if (key === undefined) {
    const { rules, severity, apiBase } = options.rules;
    key = [rules.map((r) => `${r.id}=${severity?.(r) ?? r.severity ?? 'error'}`).join(','), JSON.stringify(apiBase ?? []), options.variant].join('\n');
    optionsKeys.set(options, key);
  }
  return key;
}

function isFacts(value: unknown): value is FileFacts {
  const f = value as FileFacts | undefined;
  return typeof f === 'object' && f !== null && typeof f.v3 === 'boolean' && typeof f.v4 === 'boolean' && typeof f.service === 'boolean';
}
