// The fixes of one file as reviewable units: one per call site (its composed rewrite and the findings
// it resolves), each filed under one change ID. `--interactive` asks about them one by one and
// `--diff --group-by change` prints one patch per change ID.
import { CHANGE_IDS, type ChangeId } from '../changes.js';
import { applyEdits, lineStarts, position, type Analysed, type RuleOptions } from '../lint.js';
import type { PackageFacts } from '../match/evidence.js';
import type { Edit, PlannedFix } from '../results.js';
import { selectedFixes, type FixSelection } from './select.js';

/** The call-site rewrites of a file, on its original text, in source order. */
export function planFixes(a: Analysed, pkg: PackageFacts, ruleOptions: RuleOptions, unsafe: boolean, selection: FixSelection | undefined): PlannedFix[] {
  if (a.fileError || a.unfixable || a.calls.length === 0) return [];
  const lines = lineStarts(a.text);
  const planned: PlannedFix[] = [];
  for (const fix of selectedFixes(a, pkg, ruleOptions, unsafe, selection)) {
    const withUnsafe = unsafe && fix.all !== undefined && fix.findings.some((f) => f.fixClass === 'unsafe');
    const edits = withUnsafe ? fix.all : fix.safe;
    if (!edits || edits.length === 0) continue;
    const resolved = fix.findings.filter((f) => f.fixClass === 'safe' || (withUnsafe && f.fixClass === 'unsafe'));
    if (resolved.length === 0) continue;
    const first = Math.min(...resolved.map((f) => f.start));
    const [line, column] = position(lines, first);
    planned.push({
      line,
      column,
      edits,
      fixClass: withUnsafe ? 'unsafe' : 'safe',
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
