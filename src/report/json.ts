// ESLint's JSON formatter shape, each message also carrying `changes` and `fixClass`; silenced findings
// are under `suppressedMessages` with their `suppressions` (kind and justification), as in ESLint. A rewrite
// several findings share is written on the first of them; the others name it (`fixedWith`: fix-once.ts).
import type { LintMessage } from '../results.js';
import { fixesOnce } from './fix-once.js';
import type { Formatter } from './types.js';
import { inertJson } from './visible.js';

function messagesOf(messages: readonly LintMessage[]) {
  return fixesOnce(messages).map(({ edits: _edits, mask: _mask, ...m }) => m);
}

// As ESLint does, `source` is kept only for files with problems whose text was not fixed.
export const json: Formatter = (results) =>
  inertJson(JSON.stringify(
    results.map(({ output, source, unfixed: _unfixed, writeLast: _writeLast, ...r }) => ({
      ...r,
      messages: messagesOf(r.messages),
      suppressedMessages: messagesOf(r.suppressedMessages ?? []),
      usedDeprecatedRules: [],
      ...(output !== undefined ? { output } : r.messages.length > 0 && source !== undefined ? { source } : {}),
    })),
  )) + '\n';
