// JUnit XML, the format CI test dashboards read (Jenkins, GitLab, Azure, CircleCI…): one test suite per
// file, one failing test case per finding, and one passing test case for a clean file, so dashboards
// count the files that are already migrated.
import { ruleDocsUrl } from '../docs/render.js';
import type { LintMessage } from '../results.js';
import { relativePath } from './paths.js';
import type { Formatter } from './types.js';
import { attrs, xmlLine } from './xml.js';

const FIX_NOTE = { safe: 'safe (applied by --fix)', unsafe: 'unsafe (applied by --fix --unsafe-fixes; review it)', report: 'none: needs a person' } as const;

export const junit: Formatter = (results, ctx) => {
  let failures = 0;
  let errors = 0;
  let tests = 0;
  const suites = results.map((r) => {
    const file = relativePath(ctx.cwd, r.filePath);
    if (r.messages.length === 0) {
      tests++;
      return `  <testsuite${attrs({ name: file, tests: 1, failures: 0, errors: 0, skipped: 0, time: 0 })}>\n    <testcase${attrs({ classname: file, name: 'no v3 API use', file, time: 0 })}/>\n  </testsuite>\n`;
    }
    // A file that could not be checked (parse error, unreadable) is an error, not a failed check.
    const fileErrors = r.messages.filter((m) => m.fatal).length;
    const fileFailures = r.messages.length - fileErrors;
    tests += r.messages.length;
    failures += fileFailures;
    errors += fileErrors;
    const cases = r.messages.map((m) => testCase(file, m)).join('');
    return `  <testsuite${attrs({ name: file, tests: r.messages.length, failures: fileFailures, errors: fileErrors, skipped: 0, time: 0 })}>\n${cases}  </testsuite>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${attrs({ name: 'v4-migrate', tests, failures, errors, skipped: 0, time: 0 })}>\n${suites.join('')}</testsuites>\n`;
};

function testCase(file: string, m: LintMessage): string {
  const position = `${file}:${m.line}:${m.column}`;
  const changes = m.changes.length ? ` (${m.changes.join(', ')})` : '';
  const details = [
    `${m.level} at ${position}`,
    `rule: ${m.ruleId}`,
    ...(m.changes.length ? [`changes: ${m.changes.join(', ')}`] : []),
    `fix: ${FIX_NOTE[m.fixClass]}`,
    ...(m.fatal ? [] : [`docs: ${ruleDocsUrl(m.ruleId)}`]),
  ];
  const element = m.fatal ? 'error' : 'failure';
  return (
    `    <testcase${attrs({ classname: file, name: `${m.line}:${m.column} ${m.ruleId}${changes}`, file, line: m.line, time: 0 })}>\n` +
    `      <${element}${attrs({ type: m.ruleId, message: m.message })}>${[m.message, '', ...details].map(xmlLine).join('\n')}</${element}>\n` +
    `    </testcase>\n`
  );
}
