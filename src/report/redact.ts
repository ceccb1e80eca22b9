// Tokens found in code never reach a report, whatever its format: every report's text passes through
// here, and each token value found in the linted sources is replaced by asterisks wherever it appears
// (in a message, a fix's replacement text, a fixed output, a diff line).
import type { LintResult } from '../results.js';
import type { Formatter } from './types.js';

// A token in a URL's query: the masked span is the whole URL literal, but a fix copies only the token.
const QUERY_TOKEN = /[?&](?:private_token|access_token|token)=([^&#\s'"`]+)/gi;

/** The token values found in these results' sources, longest first. */
export function secretValues(results: readonly LintResult[]): string[] {
  const values = new Set<string>();
  for (const r of results) {
    // After --fix the messages (and their masks) are those of the fixed text.
    const text = r.output ?? r.source;
    if (text === undefined) continue;
    // Silenced findings are still secrets.
    for (const m of [...r.messages, ...(r.suppressedMessages ?? [])]) {
      if (!m.mask) continue;
      const inner = text.slice(m.mask[0] + 1, m.mask[1] - 1);
      values.add(inner);
      // A token inside a URL: the URL is rewritten by fixes, the token itself is not.
      for (const q of inner.matchAll(QUERY_TOKEN)) values.add(q[1]!);
    }
  }
  // Longest first, so a URL holding a token is hidden whole before the token alone is looked for.
  return [...values].filter((v) => v.length >= 8).sort((a, b) => b.length - a.length);
}

/** `text` with every secret value replaced by asterisks of the same length. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('*'.repeat(s.length));
  return out;
}

/** The same formatter, its output redacted. */
export function redacting(format: Formatter): Formatter {
  return (results, ctx) => redact(format(results, ctx), secretValues(results));
}
