// A base URL and the calls that move to v4 with it are one rewrite, and every finding of them carries it
// (match/groups.ts): that is what applying any one of them must do. Written out whole for each, a file of
// n such calls grows as n × its size (1,000 calls in one file: 128 MB of JSON, and 8,000 past what a
// string can hold). File reports write a shared rewrite once, on the first finding that carries it; the
// others name that finding (`fixedWith`).
import type { LintMessage } from '../results.js';

/** For each message, the index of the first earlier message carrying the same rewrite, if there is one. */
export function firstWithSameFix(messages: readonly LintMessage[]): (number | undefined)[] {
  const first = new Map<object, number>();
  return messages.map((m, i) => {
    if (!m.edits || !(m.fix || m.suggestions)) return undefined;
    const at = first.get(m.edits);
    if (at === undefined) first.set(m.edits, i);
    return at;
  });
}

/** The messages with each shared rewrite on its first carrier only: the others lose `fix`, the suggestions' fixes and `edits`, and name it in `fixedWith`. */
export function fixesOnce<M extends LintMessage>(messages: readonly M[]): (M & { fixedWith?: number })[] {
  const shared = firstWithSameFix(messages);
  return messages.map((m, i) => {
    const at = shared[i];
    if (at === undefined) return m;
    const { edits: _edits, fix: _fix, suggestions, ...rest } = m;
    return { ...rest, ...(suggestions ? { suggestions: suggestions.map(({ desc }) => ({ desc })) } : {}), fixedWith: at } as M & { fixedWith?: number };
  });
}
