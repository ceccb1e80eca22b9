// ESLint's JSON formatter shape, each message also carrying `changes` and `fixClass`.
import type { Formatter } from './types.js';

export const json: Formatter = (results) =>
  JSON.stringify(
    results.map(({ output, ...r }) => ({
      ...r,
      messages: r.messages.map(({ edits: _edits, ...m }) => m),
      suppressedMessages: [],
      usedDeprecatedRules: [],
      ...(output !== undefined ? { output } : {}),
    })),
  ) + '\n';
