// One JSON object per finding and line: easy to stream, grep and load.
import type { Formatter } from './types.js';
import { inertJson } from './visible.js';
import { relativePath } from './paths.js';

export const jsonLines: Formatter = (results, ctx) =>
  results
    .flatMap((r) =>
      r.messages.map((m) =>
        inertJson(JSON.stringify({
          filePath: relativePath(ctx.cwd, r.filePath),
          line: m.line,
          column: m.column,
          endLine: m.endLine,
          endColumn: m.endColumn,
          ruleId: m.ruleId,
          changes: m.changes,
          severity: m.level,
          fixClass: m.fixClass,
          message: m.message,
          ...(m.testDouble ? { testDouble: true } : {}),
        })) + '\n',
      ),
    )
    .join('');
