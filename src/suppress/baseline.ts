// The baseline (ESLint's bulk suppressions, keyed finer): `--suppress-all` records every finding of an
// existing codebase in v4-migrate-baseline.json; later runs report only findings that are not in it.
// An entry is keyed by a fingerprint of rule + method + route template + file (for findings without a
// call, such as tokens: rule + file + the masked text of the line), so it survives unrelated edits and
// line moves, and counts how many such findings the file had: two identical findings with one recorded
// report one. Entries whose findings are gone are stale; --prune-baseline drops them.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { writeAtomic } from '../fix/write.js';
import path from 'node:path';
import { rules as catalogue } from '../../rules/index.js';
import { UsageError } from '../errors.js';
import { lineStarts, summarise } from '../lint.js';
import { Redaction } from '../report/redact.js';
import type { LintMessage, LintResult, SuppressedMessage } from '../results.js';

export const BASELINE_FILE = 'v4-migrate-baseline.json';

export interface BaselineEntry {
  fingerprint: string;
  rule: string;
  /** The call's method and route template (null for findings that are not about a call, or an unknown method). */
  method: string | null;
  path: string | null;
  /** Relative to the baseline's directory, with forward slashes. */
  file: string;
  count: number;
}

export interface Baseline {
  version: 1;
  entries: BaselineEntry[];
}

/** Which findings a run could have seen: the files it linted and the rules it ran. */
export interface RunScope {
  files: ReadonlySet<string>;
  rule: (ruleId: string) => boolean;
}

/** Read a baseline file; a missing file is an empty baseline, a broken one a one-line UsageError. */
export function readBaseline(file: string): Baseline {
  if (!existsSync(file)) return { version: 1, entries: [] };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file} is not valid JSON (${(error as Error).message}); recreate it with --suppress-all`);
  }
  const entries = (json as { entries?: unknown })?.entries;
  const valid = (e: unknown): e is BaselineEntry => {
    const x = e as BaselineEntry;
    return typeof x?.fingerprint === 'string' && typeof x.rule === 'string' && typeof x.file === 'string' && Number.isInteger(x.count) && x.count > 0;
  };
  if ((json as { version?: unknown })?.version !== 1 || !Array.isArray(entries) || !entries.every(valid)) {
    throw new UsageError(`${file} is not a v4-migrate baseline (expected { "version": 1, "entries": [{ fingerprint, rule, method, path, file, count }] }); recreate it with --suppress-all`);
  }
  return { version: 1, entries };
}

/** Write a baseline atomically, entries in a stable order so that its diffs stay small. */
export async function writeBaseline(file: string, baseline: Baseline): Promise<void> {
  const entries = [...baseline.entries].sort((a, b) => cmp(a.file, b.file) || cmp(a.rule, b.rule) || cmp(a.path ?? '', b.path ?? '') || cmp(a.method ?? '', b.method ?? '') || cmp(a.fingerprint, b.fingerprint));
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeAtomic(file, JSON.stringify({ version: 1, entries }, null, 2) + '\n');
  } catch (error) {
    throw new UsageError(`cannot write the baseline ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** The entry key of a reported finding, or undefined for what is no finding about the code (parse errors, directive problems). */
export function entryOf(m: LintMessage, result: LintResult, dir: string, text = new FinalText(result)): Omit<BaselineEntry, 'count'> | undefined {
  if (!catalogue.some((r) => r.id === m.ruleId)) return undefined;
  const file = relativeTo(dir, result.filePath);
  const method = m.request?.method ?? null;
  const route = m.request?.path ?? null;
  const key = m.request ? `${m.ruleId}\0${method ?? ''}\0${route}\0${file}` : `${m.ruleId}\0\0line:${text.line(m.line)}\0${file}`;
  return { fingerprint: createHash('sha256').update(key).digest('hex').slice(0, 32), rule: m.ruleId, method, path: route === null ? null : text.hide(route), file };
}

/**
 * Move findings recorded in the baseline to `suppressedMessages`. Per fingerprint, the first `count`
 * findings in the file are recorded ones and any beyond are new. Returns what is left of each entry
 * (stale: no longer found) among the files and rules the run covered.
 */
export function applyBaseline(results: readonly LintResult[], baseline: Baseline, dir: string, scope: RunScope): { results: LintResult[]; stale: BaselineEntry[] } {
  const left = new Map(baseline.entries.map((e) => [e.fingerprint, { ...e }]));
  const out = results.map((result) => {
    const text = new FinalText(result);
    const kept: LintMessage[] = [];
    const suppressed: SuppressedMessage[] = [...(result.suppressedMessages ?? [])];
    for (const m of result.messages) {
      const entry = entryOf(m, result, dir, text);
      const recorded = entry && left.get(entry.fingerprint);
      if (recorded && recorded.count > 0) {
        recorded.count--;
        suppressed.push({ ...m, suppressions: [{ kind: 'baseline', justification: '' }] });
      } else kept.push(m);
    }
    if (kept.length === result.messages.length) return result;
    return { ...result, ...summarise(result.filePath, kept), suppressedMessages: suppressed };
  });
  const stale = [...left.values()].filter((e) => e.count > 0 && covers(scope, e, dir));
  return { results: out, stale };
}

/**
 * The baseline after `--suppress-all`: the findings of this run replace the entries of the files and
 * rules it covered; entries outside it (other files, rules left out on the command line) are kept.
 */
export function recordAll(results: readonly LintResult[], previous: Baseline, dir: string, scope: RunScope): Baseline {
  const entries = new Map<string, BaselineEntry>();
  for (const e of previous.entries) if (!covers(scope, e, dir)) entries.set(e.fingerprint, e);
  for (const result of results) {
    const text = new FinalText(result);
    for (const m of result.messages) {
      const entry = entryOf(m, result, dir, text);
      if (!entry) continue;
      entries.set(entry.fingerprint, { ...entry, count: (entries.get(entry.fingerprint)?.count ?? 0) + 1 });
    }
  }
  return { version: 1, entries: [...entries.values()] };
}

/** The baseline without what is stale: counts lowered, entries found no more dropped. */
export function prune(baseline: Baseline, stale: readonly BaselineEntry[]): Baseline {
  const gone = new Map(stale.map((e) => [e.fingerprint, e.count]));
  const entries = baseline.entries.map((e) => ({ ...e, count: e.count - (gone.get(e.fingerprint) ?? 0) })).filter((e) => e.count > 0);
  return { version: 1, entries };
}

/** Whether the run could have found an entry's findings: its file was linted (or is gone) and its rule ran. */
function covers(scope: RunScope, e: BaselineEntry, dir: string): boolean {
  const file = path.resolve(dir, e.file);
  return scope.rule(e.rule) && (scope.files.has(file) || !existsSync(file));
}

/** A result's final text as the baseline sees it, read once it is needed: its tokens hidden, whichever rules ran. */
class FinalText {
  private redaction: Redaction | undefined;
  private text: string | undefined;
  private starts: number[] | undefined;

  constructor(private readonly result: LintResult) {}

  /** The trimmed text of a line. */
  line(n: number): string {
    this.text ??= this.hide(this.result.output ?? this.result.source ?? '');
    this.starts ??= lineStarts(this.text);
    return this.text.slice(this.starts[n - 1] ?? this.text.length, this.starts[n] ?? this.text.length).trim();
  }

  /** A text of the file (a route) with the file's tokens hidden. */
  hide(text: string): string {
    this.redaction ??= new Redaction().addResults([this.result]);
    return this.redaction.apply(text);
  }
}

function relativeTo(dir: string, file: string): string {
  return path.relative(dir, file).split(path.sep).join('/');
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
