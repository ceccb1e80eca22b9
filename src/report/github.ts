// GitHub Actions workflow commands: one `::error file=…,line=…::message` line per finding, which the
// runner turns into annotations on the pull request.
import type { Formatter } from './types.js';
import { relativePath } from './paths.js';
import { visible } from './visible.js';

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** Escaping of the message part, as the runner expects it; other control characters are shown as escapes. */
function escapeData(s: string): string {
  return visible(s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

/** Escaping of property values (also `:` and `,`, which separate properties). */
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export const github: Formatter = (results, ctx) =>
  results
    .flatMap((r) =>
      r.messages.map((m) => {
        const file = relativePath(ctx.cwd, r.filePath);
        const props = [`file=${escapeProperty(file)}`, `line=${m.line}`, `col=${m.column}`, `endLine=${m.endLine}`, `endColumn=${m.endColumn}`, `title=${escapeProperty(`v4-migrate ${m.ruleId}`)}`];
        const changes = m.changes.length ? ` (${m.changes.join(', ')})` : '';
        return `::${COMMAND[m.level]} ${props.join(',')}::${escapeData(m.message + changes)}\n`;
      }),
    )
    .join('');
