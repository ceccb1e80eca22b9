// The numbers of the migration dashboard: findings by fix kind, per change, per release and per file.
import { CHANGES, isChangeId } from '../changes.js';
import type { LintMessage, LintResult } from '../results.js';
import { relativePath } from './paths.js';

/** What a finding needs: `--fix` does it, `--fix --unsafe-fixes` does it (review it), or a person. */
export type FixKind = 'safe' | 'unsafe' | 'person';
export const FIX_KINDS: readonly FixKind[] = ['safe', 'unsafe', 'person'];

export function fixKind(m: LintMessage): FixKind {
  return m.fix ? 'safe' : m.suggestions?.length ? 'unsafe' : 'person';
}

export interface Tally {
  findings: number;
  safe: number;
  unsafe: number;
  person: number;
}

export interface ChangeRow {
  /** A change ID, or '' for findings that cite none (files that could not be checked). */
  change: string;
  title: string;
  release: string;
  tally: Tally;
}

export interface FileRow {
  file: string;
  tally: Tally;
}

export interface Dashboard {
  totals: Tally & { files: number; checked: number };
  byChange: ChangeRow[];
  byRelease: { release: string; tally: Tally }[];
  byFile: FileRow[];
}

const empty = (): Tally => ({ findings: 0, safe: 0, unsafe: 0, person: 0 });
const add = (t: Tally, kind: FixKind) => {
  t.findings++;
  t[kind]++;
};
/** Largest first, then by name: what needs most work comes first. */
const byWork = <T>(name: (x: T) => string, tally: (x: T) => Tally) => (a: T, b: T) => tally(b).findings - tally(a).findings || name(a).localeCompare(name(b));

/** Count the results. A finding that cites several changes counts once under each of them. */
export function dashboard(results: readonly LintResult[], cwd: string): Dashboard {
  const totals = { ...empty(), files: 0, checked: results.length };
  const changes = new Map<string, Tally>();
  const releases = new Map<string, Tally>();
  const byFile: FileRow[] = [];
  for (const r of results) {
    if (r.messages.length === 0) continue;
    totals.files++;
    const file = { file: relativePath(cwd, r.filePath), tally: empty() };
    byFile.push(file);
    for (const m of r.messages) {
      const kind = fixKind(m);
      add(totals, kind);
      add(file.tally, kind);
      const ids = m.changes.length ? [...m.changes] : [''];
      for (const id of ids) add(changes.get(id) ?? changes.set(id, empty()).get(id)!, kind);
      for (const release of new Set(ids.map(releaseOf))) add(releases.get(release) ?? releases.set(release, empty()).get(release)!, kind);
    }
  }
  const byChange = [...changes].map(([change, tally]) => ({
    change,
    title: isChangeId(change) ? CHANGES[change].title : 'Not checked: the file could not be read or parsed',
    release: releaseOf(change),
    tally,
  }));
  byChange.sort(byWork((x) => x.change || '~', (x) => x.tally));
  byFile.sort(byWork((x) => x.file, (x) => x.tally));
  // Releases in order, then the findings of no release (files that could not be checked).
  const byRelease = [...releases].map(([release, tally]) => ({ release, tally })).sort((a, b) => (!a.release ? 1 : !b.release ? -1 : a.release.localeCompare(b.release, 'en', { numeric: true })));
  return { totals, byChange, byRelease, byFile };
}

/** The release a change belongs to ('' for none). */
export function releaseOf(change: string): string {
  return isChangeId(change) ? CHANGES[change].release : '';
}
