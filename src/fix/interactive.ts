// `--interactive`: walk the call-site rewrites grouped by change ID, show each as a small diff and ask
// `[y]es / [n]o / [a]ll of this change / [q]uit` on stderr, reading one answer per line (a terminal or
// piped answers alike). Quitting, or the end of the input, stops the questions and keeps what was
// accepted: the accepted rewrites are then written per file through the same checks as --fix.
import path from 'node:path';
import { CHANGE_IDS, CHANGES, type ChangeId } from '../changes.js';
import { analyse } from '../lint.js';
import type { LintResult, PlannedFix } from '../results.js';
import { unifiedDiff } from '../report/diff.js';
import { applyPlanned } from './plan.js';
import { visible } from '../report/visible.js';

export interface Prompter {
  /** Write to the user (stderr). */
  say: (text: string) => void;
  /** The next line of input, or undefined at its end. */
  ask: () => Promise<string | undefined>;
  color: boolean;
  cwd: string;
  /** Repeat each answer after its question (piped answers, which no terminal shows). */
  echo: boolean;
}

export interface Offer {
  result: LintResult;
  fix: PlannedFix;
}

/** The offers of a run, grouped by change ID in the catalogue's order, then by file and position. */
export function offers(results: readonly LintResult[]): Offer[] {
  const all = results.flatMap((result) => (result.fixPlan ?? []).map((fix) => ({ result, fix })));
  const order = (c: ChangeId) => CHANGE_IDS.indexOf(c);
  return all.sort((x, y) => order(x.fix.change) - order(y.fix.change) || (x.result.filePath < y.result.filePath ? -1 : x.result.filePath > y.result.filePath ? 1 : 0) || x.fix.line - y.fix.line || x.fix.column - y.fix.column);
}

/** Ask about each offer; resolves to the accepted ones. */
export async function review(all: readonly Offer[], p: Prompter): Promise<{ accepted: Offer[]; quit: boolean }> {
  const paint = (code: string) => (text: string) => (p.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const c = { bold: paint('1'), dim: paint('2'), red: paint('31'), green: paint('32'), cyan: paint('36'), yellow: paint('33') };
  const accepted: Offer[] = [];
  let acceptChange: ChangeId | undefined;
  let shownChange: ChangeId | undefined;
  for (let i = 0; i < all.length; i++) {
    const offer = all[i]!;
    const { fix, result } = offer;
    if (acceptChange === fix.change) {
      accepted.push(offer);
      continue;
    }
    if (shownChange !== fix.change) {
      shownChange = fix.change;
      const sites = all.filter((o) => o.fix.change === fix.change).length;
      const info = CHANGES[fix.change];
      p.say(`\n${c.bold(`${fix.change}: ${info.v3} → ${info.v4}`)} ${c.dim(`(${sites} site${sites === 1 ? '' : 's'})`)}\n`);
    }
    const file = visible(path.relative(p.cwd, result.filePath) || result.filePath);
    const what = fix.resolves.map((r) => `${r.ruleId} ${r.changes.join(',')}`).join(', ');
    p.say(`\n${c.bold(`${file}:${fix.line}`)}  ${what}${fix.fixClass === 'unsafe' ? c.yellow('  [unsafe fix]') : ''}  ${c.dim(`[${i + 1}/${all.length}]`)}\n`);
    const after = applyPlanned(result.source!, [fix]).text;
    const hunks = unifiedDiff(result.source!, after, 'a', 'b', 1).split('\n').slice(2, -1);
    p.say(hunks.map((l) => (l.startsWith('@@') ? c.cyan(l) : l.startsWith('-') ? c.red(l) : l.startsWith('+') ? c.green(l) : l)).join('\n') + '\n');
    for (;;) {
      p.say('Apply this fix? [y]es / [n]o / [a]ll of this change / [q]uit: ');
      const answer = await p.ask();
      if (answer === undefined) {
        p.say('\n');
        return { accepted, quit: true };
      }
      if (p.echo) p.say(answer + '\n');
      const a = answer.trim().toLowerCase();
      if (a === 'y' || a === 'yes') accepted.push(offer);
      else if (a === 'a' || a === 'all') {
        accepted.push(offer);
        acceptChange = fix.change;
      } else if (a === 'q' || a === 'quit') return { accepted, quit: true };
      else if (a !== 'n' && a !== 'no') {
        p.say(`Please answer y, n, a or q.\n`);
        continue;
      }
      break;
    }
  }
  return { accepted, quit: false };
}

/** The new text of each file with accepted offers; a rewrite that overlaps an accepted one is left for another run. */
export function acceptedOutputs(accepted: readonly Offer[]): { files: { result: LintResult; applied: number }[]; left: number; unparsable: LintResult[] } {
  const byFile = new Map<LintResult, PlannedFix[]>();
  for (const { result, fix } of accepted) byFile.set(result, [...(byFile.get(result) ?? []), fix]);
  const files: { result: LintResult; applied: number }[] = [];
  const unparsable: LintResult[] = [];
  let left = 0;
  for (const [result, fixes] of byFile) {
    const out = applyPlanned(result.source!, fixes.sort((x, y) => x.line - y.line || x.column - y.column));
    left += out.left.length;
    // The same guard as --fix: never write text that no longer parses.
    if (analyse(result.filePath, out.text).fileError) unparsable.push(result);
    else files.push({ result: { ...result, output: out.text }, applied: out.applied.length });
  }
  return { files, left, unparsable };
}
