// Secrets found in code are never printed: every format that shows source text shows it through here.
import type { LintResult } from '../results.js';

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
  let out = text;
  for (const secret of secretValues(result)) out = out.split(secret).join('*'.repeat(secret.length));
  return out;
}

// A token in a URL's query: the masked span is the whole URL literal, but a fix copies only the token.
const QUERY_TOKEN = /[?&](?:private_token|access_token|token)=([^&#\s'"`]+)/gi;

/** The secret values of a file, longest first: each masked literal's text, and a token in its query. */
function secretValues(result: LintResult): string[] {
  const { source } = result;
  if (source === undefined) return [];
  const values = new Set<string>();
  for (const m of result.messages) {
    if (!m.mask) continue;
    const inner = source.slice(m.mask[0] + 1, m.mask[1] - 1);
    if (inner) values.add(inner);
    for (const match of inner.matchAll(QUERY_TOKEN)) values.add(match[1]!);
  }
  return [...values].sort((a, b) => b.length - a.length);
}
