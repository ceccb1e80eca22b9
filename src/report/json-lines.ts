// One JSON object per finding and line: easy to stream, grep and load.
import path from 'node:path';
import type { Formatter } from './types.js';

export const jsonLines: Formatter = (results, ctx) =>
  results
    .flatMap((r) =>
      r.messages.map((m) =>
        JSON.stringify({
          filePath: path.relative(ctx.cwd, r.filePath).split(path.sep).join('/'),
          line: m.line,
          column: m.column,
          endLine: m.endLine,
          endColumn: m.endColumn,
          ruleId: m.ruleId,
          changes: m.changes,
          severity: m.level,
          fixClass: m.fixClass,
          message: m.message,
        }) + '\n',
      ),
    )
    .join('');
