// `--stats` (Ruff's `--statistics`): findings counted by rule and by change ID, with what --fix can do
// and, after fixing, what it did; and `--show-fixes`: the fixes applied, per file and rule.
import { CHANGES, isChangeId, type ChangeId } from '../changes.js';
import { rules as catalogue } from '../../rules/index.js';
import { rewritten, type LintResult } from '../results.js';
import { shownPath } from './paths.js';

export interface StatsRow {
  /** Findings reported (after fixing, those left). */
  count: number;
  /** Of those, with a fix `--fix` applies. */
  fixable: number;
  /** Of those, with a fix only `--unsafe-fixes` applies. */
  unsafeFixable: number;
  /** Findings the fixes removed (fix modes only). */
  fixed?: number;
}

export interface Stats {
  rules: (StatsRow & { ruleId: string; changes: readonly string[] })[];
  changes: (StatsRow & { change: ChangeId; title: string })[];
  totals: StatsRow & { files: number; filesWithFindings: number; filesTouched?: number };
}

/** Count the findings of a run; `fixing` adds what the fixes removed and the files they touched. */
export function statistics(results: readonly LintResult[], fixing: boolean): Stats {
  const byRule = new Map<string, StatsRow & { ruleId: string; changes: readonly string[] }>();
  const byChange = new Map<ChangeId, StatsRow & { change: ChangeId; title: string }>();
  const blank = (): StatsRow => ({ count: 0, fixable: 0, unsafeFixable: 0, ...(fixing ? { fixed: 0 } : {}) });
  const ruleRow = (ruleId: string, changes: readonly string[]) => {
    let row = byRule.get(ruleId);
    if (!row) byRule.set(ruleId, (row = { ruleId, changes, ...blank() }));
    return row;
  };
  const changeRows = (changes: readonly string[]) =>
    changes.filter(isChangeId).map((change) => {
      let row = byChange.get(change);
      if (!row) byChange.set(change, (row = { change, title: CHANGES[change].title, ...blank() }));
      return row;
    });
  const totals = { ...blank(), files: results.length, filesWithFindings: 0, ...(fixing ? { filesTouched: 0 } : {}) };
  for (const r of results) {
    if (r.messages.length > 0) totals.filesWithFindings++;
    if (fixing && rewritten(r)) totals.filesTouched!++;
    for (const m of r.messages) {
      const safe = m.fixClass === 'safe' && m.fix !== undefined ? 1 : 0;
      const unsafe = m.fixClass === 'unsafe' && m.suggestions !== undefined ? 1 : 0;
      for (const row of [ruleRow(m.ruleId, m.changes), ...changeRows(m.changes), totals]) {
        row.count++;
        row.fixable += safe;
        row.unsafeFixable += unsafe;
      }
    }
    for (const [ruleId, n] of Object.entries(fixing ? (r.fixedByRule ?? {}) : {})) {
      const changes = catalogue.find((x) => x.id === ruleId)?.changes ?? [];
      for (const row of [ruleRow(ruleId, changes), ...changeRows(changes), totals]) row.fixed! += n;
    }
  }
  const order = <T extends StatsRow>(rows: Iterable<T>, name: (row: T) => string) =>
    [...rows].sort((a, b) => b.count + (b.fixed ?? 0) - (a.count + (a.fixed ?? 0)) || name(a).localeCompare(name(b)));
  return { rules: order(byRule.values(), (r) => r.ruleId), changes: order(byChange.values(), (r) => r.change), totals };
}

/** The statistics as aligned text tables and a closing line. */
export function statsText(stats: Stats, fixing: boolean, dryRun: boolean): string {
  // After fixing, `count` is what is left: the fixed column comes first.
  const head = fixing ? [dryRun ? 'would fix' : 'fixed', 'left', 'fixable', 'unsafe'] : ['count', 'fixable', 'unsafe'];
  const cells = (row: StatsRow) => [...(fixing ? [row.fixed ?? 0] : []), row.count, row.fixable, row.unsafeFixable].map(String);
  const table = (title: string, names: string[], rows: { cells: string[]; names: string[] }[]) => {
    const all = [[...head, ...names], ...rows.map((r) => [...r.cells, ...r.names])];
    const widths = all[0]!.map((_, i) => Math.max(...all.map((line) => line[i]!.length)));
    const numeric = head.length;
    const lines = all.map((line) => line.map((cell, i) => (i < numeric ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd());
    return `${title}\n${lines.map((l) => `  ${l}`).join('\n')}\n`;
  };
  let out = '';
  if (stats.rules.length > 0) {
    out += table('Findings by rule', ['rule', 'changes'], stats.rules.map((r) => ({ cells: cells(r), names: [r.ruleId, r.changes.join(',')] })));
  }
  if (stats.changes.length > 0) {
    out += '\n' + table('Findings by change', ['change', 'title'], stats.changes.map((c) => ({ cells: cells(c), names: [c.change, c.title] })));
  }
  const t = stats.totals;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (out) out += '\n';
  if (fixing) out += `${plural(t.fixed ?? 0, 'finding')} ${dryRun ? 'would be fixed' : 'fixed'}, ${plural(t.filesTouched ?? 0, 'file')} ${dryRun ? 'would be touched' : 'touched'}\n`;
  out += `${plural(t.count, 'finding')} ${fixing ? 'left ' : ''}in ${t.filesWithFindings} of ${plural(t.files, 'file')}: ${t.fixable} fixable with \`--fix\`, ${t.unsafeFixable} more with \`--unsafe-fixes\`\n`;
  return out;
}

/** `--show-fixes`: per file, each rule's fixed findings (or, in a dry run, the ones that would be). */
export function showFixesText(results: readonly LintResult[], cwd: string, dryRun: boolean): string {
  const files = results.filter((r) => r.fixedByRule && Object.keys(r.fixedByRule).length > 0);
  const total = files.reduce((n, r) => n + Object.values(r.fixedByRule!).reduce((a, b) => a + b, 0), 0);
  if (total === 0) return dryRun ? 'No fixes would be applied.\n' : 'No fixes applied.\n';
  let out = `${dryRun ? 'Would fix' : 'Fixed'} ${total} finding${total === 1 ? '' : 's'} in ${files.length} file${files.length === 1 ? '' : 's'}:\n`;
  for (const r of files) {
    out += `  ${shownPath(cwd, r.filePath)}\n`;
    const rows = Object.entries(r.fixedByRule!).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
    const width = Math.max(...rows.map(([, n]) => String(n).length));
    for (const [ruleId, n] of rows) {
      const changes = catalogue.find((x) => x.id === ruleId)?.changes ?? [];
      out += `    ${String(n).padStart(width)} × ${ruleId}${changes.length ? ` (${changes.join(', ')})` : ''}\n`;
    }
  }
  return out;
}
