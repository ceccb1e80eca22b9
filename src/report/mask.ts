// Secrets found in code are never printed: every format that shows source text shows it through here.
import type { LintResult } from '../results.js';
import { redact, secretValues } from './redact.js';

/** The source with each secret span replaced by asterisks (same length, so positions hold). */
export function maskedSource(result: LintResult): string | undefined {
  const { source } = result;
  if (source === undefined) return undefined;
  let out = source;
  // Silenced findings are still secrets.
  for (const m of [...result.messages, ...(result.suppressedMessages ?? [])]) {
    if (!m.mask) continue;
    const [start, end] = m.mask;
    // Keep the quotes, hide what is between them.
    out = out.slice(0, start + 1) + '*'.repeat(Math.max(end - start - 2, 0)) + out.slice(end - 1);
  }
  return out;
}

/** Text taken from the source (a fix's replacement) with every secret of the file hidden. */
export function maskedText(result: LintResult, text: string): string {
  return redact(text, secretValues([result]));
}
