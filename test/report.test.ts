// Formatters are pure functions of results: exact output for a small known case.
import { describe, expect, it } from 'vitest';
import { json } from '../src/report/json.js';
import { stylish } from '../src/report/stylish.js';
import { unifiedDiff } from '../src/report/diff.js';
import type { LintResult } from '../src/results.js';

const result: LintResult = {
  filePath: '/repo/src/api.js',
  source: "fetch('/api/v3/projects/owned')\n",
  messages: [
    {
      ruleId: 'api-prefix', severity: 2, level: 'error', message: '`/api/v3` is removed', line: 1, column: 7, endLine: 1, endColumn: 30,
      changes: ['V-PREFIX'], fixClass: 'safe', fix: { range: [13, 14], text: '4' }, edits: [{ start: 13, end: 14, text: '4' }],
    },
    {
      ruleId: 'labels-filter', severity: 1, level: 'warning', message: 'Several labels match with AND', line: 3, column: 12, endLine: 3, endColumn: 18,
      changes: ['R90-LABELS-AND'], fixClass: 'report',
    },
  ],
  errorCount: 1, fatalErrorCount: 0, warningCount: 1, fixableErrorCount: 1, fixableWarningCount: 0,
};

describe('stylish', () => {
  it('groups by file, aligns columns, and sums up what --fix can do', () => {
    expect(stylish([result], { cwd: '/repo', color: false })).toBe(
      '\nsrc/api.js\n' +
        '   1:7  error    `/api/v3` is removed [fix]     api-prefix     V-PREFIX\n' +
        '  3:12  warning  Several labels match with AND  labels-filter  R90-LABELS-AND\n' +
        '\n✖ 2 problems (1 error, 1 warning)\n' +
        '  2 findings in 1 file, 1 needs a person\n' +
        '  1 fixable with `--fix`\n',
    );
  });

  it('says how many findings --fix removed', () => {
    const fixed = { ...result, messages: result.messages.slice(1), errorCount: 0, fixableErrorCount: 0, fixedCount: 3, output: 'x' };
    expect(stylish([fixed], { cwd: '/repo', color: false })).toMatch(/1 finding in 1 file, 1 needs a person\n {2}3 findings fixed in 1 file\n$/);
    expect(stylish([{ ...fixed, messages: [], warningCount: 0 }], { cwd: '/repo', color: false })).toBe('\n3 findings fixed in 1 file\n');
    // Some of them on calls whose base URL the code does not show: the person must move that base.
    expect(stylish([{ ...fixed, messages: [], warningCount: 0, fixedOnOutsideBase: 1 }], { cwd: '/repo', color: false })).toBe(
      '\n3 findings fixed in 1 file\n  1 of them is on a call whose base URL is set outside the code: point it at `/api/v4` too\n',
    );
  });

  it('prints nothing when there is nothing to report', () => {
    expect(stylish([{ ...result, messages: [], errorCount: 0, warningCount: 0 }], { cwd: '/repo', color: false })).toBe('');
  });
});

describe('json', () => {
  it("has ESLint's result shape with changes and fixClass, without internal edits", () => {
    const [out] = JSON.parse(json([result], { cwd: '/repo', color: false })) as Record<string, unknown>[];
    expect(Object.keys(out!).sort()).toEqual(
      ['errorCount', 'fatalErrorCount', 'filePath', 'fixableErrorCount', 'fixableWarningCount', 'messages', 'source', 'suppressedMessages', 'usedDeprecatedRules', 'warningCount'].sort(),
    );
    const [first] = out!.messages as Record<string, unknown>[];
    expect(first).toMatchObject({ ruleId: 'api-prefix', severity: 2, line: 1, column: 7, changes: ['V-PREFIX'], fixClass: 'safe', fix: { range: [13, 14], text: '4' } });
    expect(first).not.toHaveProperty('edits');
  });
});

describe('unifiedDiff', () => {
  it('writes hunks with context and line numbers', () => {
    const a = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n';
    const b = 'one\ntwo\nthree\nFOUR\nfive\nsix\nseven\neight\n';
    expect(unifiedDiff(a, b, 'a/x.js', 'b/x.js')).toBe(
      '--- a/x.js\n+++ b/x.js\n@@ -1,7 +1,7 @@\n one\n two\n three\n-four\n+FOUR\n five\n six\n seven\n',
    );
  });

  it('is empty for equal texts and marks a missing final newline', () => {
    expect(unifiedDiff('x\n', 'x\n', 'a', 'b')).toBe('');
    expect(unifiedDiff('x', 'y', 'a', 'b')).toBe('--- a\n+++ b\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n');
  });
});
