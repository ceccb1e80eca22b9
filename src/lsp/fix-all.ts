// The text fix-all (fix-on-save) leaves: the safe fixes a check's findings carry, applied to the text that
// was checked. Shared by the server and its worker, which does it for large documents.
import { applySafeFixes, rules } from '../index.js';
import type { LintResult } from '../results.js';

// Fix-all judges the todo markers of every change of the catalogue.
const JUDGED: ReadonlySet<string> = new Set(rules.flatMap((r) => r.changes));

/** The fixed text; undefined when nothing changes or the fixed text would not parse. */
export function fixAllText(text: string, result: LintResult): string | undefined {
  return applySafeFixes({ ...result, source: text }, JUDGED)?.output;
}
