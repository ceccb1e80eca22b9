// The fixes of one file as reviewable units: one per rewrite (the calls written together and the findings
// they resolve), each filed under one change ID. `--interactive` asks about them one by one and
// `--diff --group-by change` prints one patch per change ID.
import { CHANGE_IDS, type ChangeId } from '../changes.js';
import { applyEdits, lineStarts, position, type Checked } from '../lint.js';
import type { RawFinding } from '../match/run.js';
import type { Edit, PlannedFix } from '../results.js';
import { chosen, type FixChoice } from './select.js';

/** The rewrites a run would write to a file, on its original text, in source order. */
export function planFixes(text: string, checked: Checked, choice: FixChoice): PlannedFix[] {
  const lines = lineStarts(text);
  const reported = new Set<RawFinding>(checked.placed.map((p) => p.finding));
  const planned: PlannedFix[] = [];
  for (const group of choice.unsafe ? checked.groups.all : checked.groups.safe) {
    if (!chosen(group, choice)) continue;
    const resolved = group.resolves.filter((f) => reported.has(f)).sort((a, b) => a.start - b.start);
    if (resolved.length === 0) continue;
    const [line, column] = position(lines, Math.min(...resolved.map((f) => f.start)));
    planned.push({
      line,
      column,
      edits: group.edits,
      fixClass: group.applicability,
      resolves: resolved.map((f) => ({ ruleId: f.rule.id, changes: f.rule.changes, fixClass: f.fixClass as 'safe' | 'unsafe' })),
      change: primaryChange(resolved.flatMap((f) => f.rule.changes)),
    });
  }
  return planned.sort((x, y) => x.line - y.line || x.column - y.column);
}

/**
 * The change a call's rewrite is filed under: the first of its changes in the catalogue's order, the
 * prefix (V-PREFIX, which nearly every rewrite carries) only when it is the rewrite's only change.
 */
export function primaryChange(changes: readonly ChangeId[]): ChangeId {
  const order = (c: ChangeId) => (c === 'V-PREFIX' ? CHANGE_IDS.length : CHANGE_IDS.indexOf(c));
  return [...changes].sort((x, y) => order(x) - order(y))[0]!;
}

/**
 * Apply planned fixes to the text they were planned on. A fix whose edits overlap one applied before it
 * (two rewrites reaching the same code) is left out and returned, for a second run.
 */
export function applyPlanned(text: string, fixes: readonly PlannedFix[]): { text: string; applied: PlannedFix[]; left: PlannedFix[] } {
  const groups: (readonly Edit[])[] = [];
  const applied: PlannedFix[] = [];
  const left: PlannedFix[] = [];
  for (const fix of fixes) {
    // applyEdits keeps a group only when it overlaps none kept before it: try it with the ones kept so far.
    if (applyEdits(text, [...groups, fix.edits]).applied === groups.length + 1) {
      groups.push(fix.edits);
      applied.push(fix);
    } else left.push(fix);
  }
  return { text: applyEdits(text, groups).text, applied, left };
}
