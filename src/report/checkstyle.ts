// Checkstyle XML, as ESLint's checkstyle formatter writes it; read by reviewdog, Jenkins Warnings NG,
// SonarQube and Danger. Every linted file is listed, clean ones empty, as Checkstyle itself does.
import { relativePath } from './paths.js';
import type { Formatter } from './types.js';
import { attrs } from './xml.js';

const SEVERITY = { error: 'error', warning: 'warning', info: 'info' } as const;

export const checkstyle: Formatter = (results, ctx) => {
  const files = results.map((r) => {
    const name = relativePath(ctx.cwd, r.filePath);
    const errors = r.messages.map((m) => {
      const changes = m.changes.length ? ` (${m.changes.join(', ')})` : '';
      return `    <error${attrs({ line: m.line, column: m.column, severity: SEVERITY[m.level], message: `${m.message}${changes}`, source: `v4-migrate.${m.ruleId}` })}/>\n`;
    });
    return errors.length ? `  <file${attrs({ name })}>\n${errors.join('')}  </file>\n` : `  <file${attrs({ name })}/>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<checkstyle version="4.3">\n${files.join('')}</checkstyle>\n`;
};
