// The lint cache (`--cache`): per file, what analysing its content gave (its package evidence, `FileFacts`)
// and its results, so a warm run on an unchanged tree reads and hashes every file but parses none.
//
// A file's findings depend on more than its text: on the evidence of its whole package, on the rules that
// run with their severities and base URLs (its configuration narrowed by `--rule`/`--ignore-rule`/
// `--release`), on the fix mode and on the tool itself. So an entry is two layers:
// - `facts`, valid while the hash matches: a digest of the names and bytes of every file of its package,
//   since what a file sends can depend on another file of its package (a wrapper there);
// - `results`, one per mode (lint, fix, fix with unsafe fixes), each valid while the hash matches
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
import type { LintMessage, LintResult } from './results.js';
import { fixesOnce } from './report/fix-once.js';
import { Redaction } from './report/redact.js';
import type { Rule, Severity } from './rule.js';

/** The default cache file, in the working directory (as ESLint's `.eslintcache`). */
export const DEFAULT_CACHE_FILE = '.v4-migrate-cache';
// The first key of every cache file: a file without it is not ours and is never overwritten.
const MAGIC = 'v4-migrate-cache';
// 2: entries keep the prefilter's evidence. 3: entries as `Entry` says, and the strings many entries share
// (their package's digest, the key of an empty result) once each in `strings`, so that a warm run over a big
// tree loads a small cache.
const FORMAT = 3;

/** A result as kept: the source is the file's text, read anyway; the path is the file's. */
export type StoredResult = Omit<LintResult, 'source'>;
type KeptResult = Omit<LintResult, 'source' | 'filePath'>;

// An entry as the file keeps it. Most files of a big tree have nothing in them (no evidence, nothing found),
// and a warm run reads every entry first: what such a file shares with every other is left out, so the cache
// of 100,000 files loads in a fraction of the time a cold run takes to lint them.
interface Entry {
  /** The digest of the file's package (the names and bytes of its files: see `open`); in the file, its index in `strings`. */
  hash: string | number;
  /** Absent: no evidence at all (`NO_FACTS`). */
  facts?: FileFacts;
  /** The file has calls, tokens or a parse error, so whether it is generated code matters to its results. */
  reportable?: true;
  /** What the prefilter found in the text (when it runs), as bits (`EVIDENCE_BITS`), so that a warm run need not look again. */
  evidence?: number;
  /**
   * By mode: the key (package facts + rule options) a result was computed under, and the result; for a
   * result with no finding, no fix and nothing silenced (that of every file without calls) the key alone
   * (in the file, its index in `strings`).
   */
  results?: Record<string, string | number | { key: string; result: KeptResult }>;
}

const NO_FACTS: FileFacts = { v3: false, v4: false, service: false };
// TextEvidence as bits: another field of it needs another bit, and another FORMAT.
const EVIDENCE_BITS = ['parse', 'version', 'needsVersion'] as const satisfies readonly (keyof TextEvidence)[];

interface CacheFile {
  [MAGIC]: typeof FORMAT;
  version: string;
  prefilter: boolean;
  /** The strings entries refer to by their index. */
  strings: string[];
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
  private readonly identity: Omit<CacheFile, 'files' | 'strings'>;
  private readonly warn: (message: string) => void;
  private files: Record<string, Entry> = {};
  /** The loaded file's shared strings (entries of this run hold their strings themselves). */
  private strings: readonly string[] = [];
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
      if (!Array.isArray(stored.strings)) throw new Error('no string table');
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
    this.strings = stored.strings;
  }

  /** A string of an entry: itself, or its index in the loaded file's table. */
  private text(value: string | number | undefined): string | undefined {
    return typeof value === 'number' ? this.strings[value] : value;
  }

  /**
   * The cache's view of one file whose text was just read. `hash` is a digest of its bytes and of all that
   * its analysis depends on besides (the names and bytes of its package's files: see `packageDigest`), so
   * the files of one package share it; a file's own digest would add nothing to it but the time to compute.
   */
  open(filePath: string, text: string, hash: string): CachedFile {
    const name = this.nameOf(filePath);
    this.seen.add(name);
    const old = this.files[name];
    const valid = old !== undefined && this.text(old.hash) === hash && (old.facts === undefined || isFacts(old.facts)) ? old : undefined;
    const entry = (): Entry => {
      let e = this.files[name];
      if (e === undefined || this.text(e.hash) !== hash) {
        e = { hash };
        this.files[name] = e;
      }
      return e;
    };
    return {
      facts: valid && (valid.facts ?? NO_FACTS),
      evidence: typeof valid?.evidence === 'number' ? fromBits(valid.evidence) : undefined,
      result: (pkg, options) => {
        const stored = valid?.results?.[modeOf(options)];
        if (stored === undefined) return undefined;
        const [key, kept] = typeof stored === 'object' ? [stored?.key, stored?.result] : [this.text(stored), undefined];
        // A kept result that is not one (a damaged entry) is redone.
        if (typeof stored === 'object' && !Array.isArray(kept?.messages)) return undefined;
        if (key !== keyOf(pkg, options, generatedKey(valid!, filePath, text))) return undefined;
        this.stats.reused++;
        return kept === undefined ? emptyResult(filePath) : { filePath, ...kept, messages: unpacked(kept.messages), ...(kept.suppressedMessages ? { suppressedMessages: unpacked(kept.suppressedMessages) } : {}) };
      },
      rememberFacts: (facts, reportable, evidence) => {
        const e = entry();
        // Left out when they say nothing, as most files' do: the cache stays small.
        if (isFacts(facts) && Object.keys(facts).length === 3 && !facts.v3 && !facts.v4 && !facts.service) delete e.facts;
        else e.facts = facts;
        if (reportable) e.reportable = true;
        else delete e.reportable;
        if (evidence) e.evidence = toBits(evidence);
        delete e.results;
        this.dirty = true;
      },
      rememberResult: (pkg, options, result) => {
        const { source: _source, filePath: _path, ...kept } = result;
        const empty = isEmpty(kept);
        // The cache file holds no token: a result that carries one (in a fix, a fixed text, a message) is
        // not kept, and that file is checked afresh next time. An empty result carries nothing.
        if (!empty && new Redaction().addResults([{ ...result, source: text }]).holds(JSON.stringify(kept))) return;
        const e = entry();
        const key = keyOf(pkg, options, generatedKey(e, filePath, text));
        const packedResult = empty ? kept : { ...kept, messages: fixesOnce(kept.messages), ...(kept.suppressedMessages ? { suppressedMessages: fixesOnce(kept.suppressedMessages) } : {}) };
        e.results = { ...e.results, [modeOf(options)]: empty ? key : { key, result: packedResult } };
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
    // The strings many entries share are written once each, and named by their index.
    const strings: string[] = [];
    const indexOf = new Map<string, number>();
    const shared = (value: string | number): number => {
      const text = this.text(value)!;
      let i = indexOf.get(text);
      if (i === undefined) indexOf.set(text, (i = strings.push(text) - 1));
      return i;
    };
    for (const e of Object.values(this.files)) {
      e.hash = shared(e.hash);
      for (const [mode, r] of Object.entries(e.results ?? {})) if (typeof r !== 'object') e.results![mode] = shared(r);
    }
    this.strings = strings;
    const data: CacheFile = { ...this.identity, strings, files: this.files };
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeAtomic(this.file, JSON.stringify(data));
      this.dirty = false;
    } catch (error) {
      this.warn(`cannot write the cache ${this.shown()} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check --cache-location`);
    }
  }

  private nameOf(filePath: string): string {
    // Most files are under the working directory: their name is what follows it (path.relative, once per
    // file of a big tree, costs more than the rest of a cached file's lookup).
    const under = filePath.startsWith(this.cwd) && filePath[this.cwd.length] === path.sep && !this.cwd.endsWith(path.sep) ? filePath.slice(this.cwd.length + 1) : path.relative(this.cwd, filePath);
    return path.sep === '/' ? under : under.split(path.sep).join('/');
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
  // The files of a package share its facts and, unless they are reportable, their generated part (empty):
  // the digest is worked out once for them, not once per file (a warm run over 100,000 files computes
  // every file's key).
  let known = keys.get(options);
  if (!known) keys.set(options, (known = new Map()));
  const memo = generated === '' || generated === 'hand-written' ? `${facts}\n${generated}` : undefined;
  let key = memo === undefined ? undefined : known.get(memo);
  if (key === undefined) {
    key = createHash('sha256').update([facts, optionsKey(options), generated].join('\n')).digest('base64');
    if (memo !== undefined) known.set(memo, key);
  }
  return key;
}

// By options (one object per configuration in a run): the keys already computed, by package facts.
const keys = new WeakMap<ResultOptions, Map<string, string>>();

/** The result of a file with nothing to report, as lint makes it. */
// A rewrite several findings share is kept once too (report/fix-once.ts): a warm run gives the others the
// first one's very edits and fix again (`fixedWith`), as a cold run does.
function unpacked<M extends LintMessage>(messages: readonly M[]): M[] {
  const out: M[] = [];
  for (const message of messages) {
    const { fixedWith, ...m } = message as M & { fixedWith?: number };
    const first = fixedWith === undefined ? undefined : out[fixedWith];
    if (!first?.edits) {
      out.push(m as M);
      continue;
    }
    const fix = first.fix ?? first.suggestions?.[0]?.fix;
    out.push((m.suggestions ? { ...m, edits: first.edits, suggestions: m.suggestions.map(({ desc }) => ({ desc, fix: fix! })) } : { ...m, edits: first.edits, fix }) as M);
  }
  return out;
}

function emptyResult(filePath: string): StoredResult {
  return { filePath, messages: [], errorCount: 0, fatalErrorCount: 0, warningCount: 0, fixableErrorCount: 0, fixableWarningCount: 0 };
}

const EMPTY_KEYS = new Set(Object.keys(emptyResult('')).filter((k) => k !== 'filePath'));

/** Whether a result (without source and path) is exactly the empty result: nothing else to keep. */
function isEmpty(kept: KeptResult): boolean {
  for (const [k, v] of Object.entries(kept)) {
    if (!EMPTY_KEYS.has(k)) return false;
    if (k === 'messages' ? (v as unknown[]).length !== 0 : v !== 0) return false;
  }
  return Object.keys(kept).length === EMPTY_KEYS.size;
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

function toBits(evidence: TextEvidence): number {
  return EVIDENCE_BITS.reduce((bits, field, i) => (evidence[field] ? bits | (1 << i) : bits), 0);
}

function fromBits(bits: number): TextEvidence {
  return { parse: (bits & 1) !== 0, version: (bits & 2) !== 0, needsVersion: (bits & 4) !== 0 };
}

function isFacts(value: unknown): value is FileFacts {
  const f = value as FileFacts | undefined;
  return typeof f === 'object' && f !== null && typeof f.v3 === 'boolean' && typeof f.v4 === 'boolean' && typeof f.service === 'boolean';
}
