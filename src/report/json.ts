// ESLint's JSON formatter shape, each message also carrying `changes` and `fixClass`; silenced findings
// are under `suppressedMessages` with their `suppressions` (kind and justification), as in ESLint.
import type { Formatter } from './types.js';
import { inertJson } from './visible.js';

// As ESLint does, `source` is kept only for files with problems whose text was not fixed.
export const json: Formatter = (results) =>
  inertJson(JSON.stringify(
    results.map(({ output, source, unfixed: _unfixed, writeLast: _writeLast, ...r }) => ({
      ...r,
      messages: r.messages.map(({ edits: _edits, mask: _mask, ...m }) => m),
      suppressedMessages: (r.suppressedMessages ?? []).map(({ edits: _edits, mask: _mask, ...m }) => m),
      usedDeprecatedRules: [],
      ...(output !== undefined ? { output } : r.messages.length > 0 && source !== undefined ? { source } : {}),
    })),
  )) + '\n';
