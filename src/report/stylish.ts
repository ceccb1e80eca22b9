// The default report: findings grouped by file, aligned columns, a summary that says what --fix can do.
import type { LintMessage } from '../results.js';
import type { Formatter } from './types.js';
import { shownPath } from './paths.js';
import { visible } from './visible.js';

const paint = (on: boolean, code: string) => (text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

export const stylish: Formatter = (results, ctx) => {
  const c = {
    dim: paint(ctx.color, '2'),
    red: paint(ctx.color, '31'),
    yellow: paint(ctx.color, '33'),
    blue: paint(ctx.color, '34'),
    bold: paint(ctx.color, '1'),
    underline: paint(ctx.color, '4'),
    green: paint(ctx.color, '32'),
  };
  let out = '';
  let errors = 0;
  let warnings = 0;
  let safe = 0;
  let unsafe = 0;
  for (const result of results) {
    if (result.messages.length === 0) continue;
    out += `\n${c.underline(shownPath(ctx.cwd, result.filePath))}\n`;
    const rows = result.messages.map((m) => row(m));
    const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (let k = 0; k < rows.length; k++) {
      const m = result.messages[k]!;
      const [pos, level, message, rule, changes] = rows[k]!;
      const levelText = m.level === 'error' ? c.red(level!.padEnd(widths[1]!)) : m.level === 'warning' ? c.yellow(level!.padEnd(widths[1]!)) : c.blue(level!.padEnd(widths[1]!));
      out += `  ${c.dim(pos!.padStart(widths[0]!))}  ${levelText}  ${message!.padEnd(widths[2]!)}  ${c.dim(rule!.padEnd(widths[3]!))}  ${c.dim(changes!)}\n`.replace(/ +\n$/, '\n');
      if (m.severity === 2) errors++;
      else warnings++;
      if (m.fixClass === 'safe' && m.fix) safe++;
      if (m.fixClass === 'unsafe' && m.suggestions) unsafe++;
    }
  }
  const total = errors + warnings;
  const fixed = results.reduce((n, r) => n + (r.fixedCount ?? 0), 0);
  const fixedFiles = results.filter((r) => (r.fixedCount ?? 0) > 0).length;
  const outside = results.reduce((n, r) => n + (r.fixedOnOutsideBase ?? 0), 0);
  const outsideLine = outside > 0 ? `  ${outside} of them ${outside === 1 ? 'is on a call' : 'are on calls'} whose base URL is set outside the code: point it at \`/api/v4\` too\n` : '';
  const fixedLine = fixed > 0 ? `  ${fixed} ${plural(fixed, 'finding')} fixed in ${fixedFiles} ${plural(fixedFiles, 'file')}\n` : '';
  if (total === 0) return fixedLine ? `\n${c.green(fixedLine.trimStart())}${c.yellow(outsideLine)}` : '';
  const summary = `✖ ${total} ${plural(total, 'problem')} (${errors} ${plural(errors, 'error')}, ${warnings} ${plural(warnings, 'warning')})`;
  out += `\n${(errors > 0 ? c.red : c.yellow)(c.bold(summary))}\n`;
  const needPerson = results.reduce((n, r) => n + r.messages.filter((m) => m.fixClass === 'report').length, 0);
  const files = results.filter((r) => r.messages.length > 0).length;
  out += `  ${total} ${plural(total, 'finding')} in ${files} ${plural(files, 'file')}${needPerson > 0 ? `, ${needPerson} need${needPerson === 1 ? 's' : ''} a person` : ''}\n`;
  out += fixedLine ? c.green(fixedLine) + c.yellow(outsideLine) : '';
  const generated = results.reduce((n, r) => n + r.messages.filter((m) => m.generated && !m.fix && !m.suggestions).length, 0);
  if (generated > 0) out += c.dim(`  ${generated} in generated code, not fixed: change the sources named, or use \`--fix-generated\``) + '\n';
  const doubles = results.reduce((n, r) => n + r.messages.filter((m) => m.testDouble).length, 0);
  if (doubles > 0) out += c.dim(`  ${doubles} in test doubles of the service (\`--no-test-doubles\` leaves them out)`) + '\n';
  if (safe > 0) out += c.green(`  ${safe} fixable with \`--fix\``) + '\n';
  if (unsafe > 0) out += c.green(`  ${unsafe} more ${unsafe === 1 ? 'fix is' : 'fixes are'} available with \`--unsafe-fixes\``) + '\n';
  return out;
};

function row(m: LintMessage): string[] {
  const marker = m.fixClass === 'safe' && m.fix ? ' [fix]' : m.fixClass === 'unsafe' && m.suggestions ? ' [unsafe fix]' : '';
  return [`${m.line}:${m.column}`, m.level, visible(m.message) + marker, m.ruleId, m.changes.join(',')];
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
