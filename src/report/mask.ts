// Secrets found in code are never printed: every format that shows source text shows it through here.
import type { LintResult } from '../results.js';

/** The source with each secret span replaced by asterisks (same length, so positions hold). */
export function maskedSource(result: LintResult): string | undefined {
  const { source } = result;
  if (source === undefined) return undefined;
  let out = source;
  for (const m of result.messages) {
    if (!m.mask) continue;
    const [start, end] = m.mask;
    // Keep the quotes, hide what is between them.
    out = out.slice(0, start + 1) + '*'.repeat(Math.max(end - start - 2, 0)) + out.slice(end - 1);
  }
  return out;
}

/** Text taken from the source (a fix's replacement) with every secret of the file hidden. */
export function maskedText(result: LintResult, text: string): string {
  const { source } = result;
  if (source === undefined) return text;
  let out = text;
  for (const m of result.messages) {
    if (!m.mask) continue;
    const secret = source.slice(m.mask[0] + 1, m.mask[1] - 1);
    if (secret.length > 0) out = out.split(secret).join('*'.repeat(secret.length));
  }
  return out;
}
