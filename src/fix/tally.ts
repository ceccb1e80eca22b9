// What fixing removed, per rule: the findings of each rule before the fixes minus those after.
import type { LintMessage } from '../results.js';

/** Findings per rule id that the fixes removed (rules whose count did not drop are left out). */
export function fixedByRule(before: readonly LintMessage[], after: readonly LintMessage[]): Record<string, number> {
  const count = new Map<string, number>();
  for (const m of before) count.set(m.ruleId, (count.get(m.ruleId) ?? 0) + 1);
  for (const m of after) count.set(m.ruleId, (count.get(m.ruleId) ?? 0) - 1);
  const fixed: Record<string, number> = {};
  for (const [ruleId, n] of [...count].sort(([a], [b]) => a.localeCompare(b))) if (n > 0) fixed[ruleId] = n;
  return fixed;
}
