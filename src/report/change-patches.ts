// `--diff --group-by change`: one patch per change ID, so a reviewer reads one kind of change at a time.
// Each call site's rewrite is filed under one change (`primaryChange`) and appears in exactly one patch;
// every patch is made against the original files, so each applies on its own with `git apply`.
import { CHANGE_IDS, CHANGES, type ChangeId } from '../changes.js';
import { applyPlanned } from '../fix/plan.js';
import type { LintResult, PlannedFix } from '../results.js';
import { unifiedDiff } from './diff.js';
import { relativePath } from './paths.js';

export interface ChangePatch {
  change: ChangeId;
  sites: number;
  /** `# CHANGE: v3 → v4 (N sites)` and the unified diff. */
  text: string;
}

/** One patch per change ID, in the catalogue's order; `left` counts rewrites that overlap another (for a second run). */
export function changePatches(results: readonly LintResult[], cwd: string): { patches: ChangePatch[]; left: number } {
  const byChange = new Map<ChangeId, { result: LintResult; fixes: PlannedFix[] }[]>();
  for (const r of results) {
    if (r.source === undefined) continue;
    const own = new Map<ChangeId, PlannedFix[]>();
    for (const fix of r.fixPlan ?? []) own.set(fix.change, [...(own.get(fix.change) ?? []), fix]);
    for (const [change, fixes] of own) byChange.set(change, [...(byChange.get(change) ?? []), { result: r, fixes }]);
  }
  const patches: ChangePatch[] = [];
  let left = 0;
  for (const change of CHANGE_IDS.filter((c) => byChange.has(c))) {
    let sites = 0;
    let diff = '';
    for (const { result, fixes } of byChange.get(change)!) {
      const applied = applyPlanned(result.source!, fixes);
      sites += applied.applied.length;
      left += applied.left.length;
      const rel = relativePath(cwd, result.filePath);
      diff += unifiedDiff(result.source!, applied.text, `a/${rel}`, `b/${rel}`);
    }
    if (!diff) continue;
    const info = CHANGES[change];
    patches.push({ change, sites, text: `# ${change}: ${info.v3} → ${info.v4} (${sites} site${sites === 1 ? '' : 's'})\n${diff}` });
  }
  return { patches, left };
}
