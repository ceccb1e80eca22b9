// The ESLint plugin through ESLint's own API: RuleTester over every rule's examples, and the ESLint
// class over the fixtures (same findings as the CLI, `--fix` gives the same output).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tsParser from '@typescript-eslint/parser';
import { ESLint, RuleTester, type Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from '../src/eslint-plugin/index.js';
import { rules } from '../rules/index.js';
import { fixtureCases } from './support/fixtures.js';
import { lintFiles, lintText } from '../src/index.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
RuleTester.afterAll = afterAll;

const repo = fileURLToPath(new URL('..', import.meta.url));

// The examples are snippets of a v3 client, as in the rule tests: say so through the plugin's setting.
const tester = new RuleTester({
  languageOptions: { parser: tsParser as Linter.Parser, ecmaVersion: 'latest', sourceType: 'module' },
  settings: { 'v4-migrate': { apiVersion: 'v3' } },
});

describe('RuleTester', () => {
  // ESLint lints code: a manifest rule's examples are package.json files, which the CLI reports (and
  // test/dependency-default-base.test.ts tests).
  for (const rule of rules.filter((r) => !('dependencies' in r))) {
    const eslintRule = plugin.rules[rule.id]!;
    tester.run(rule.id, eslintRule, {
      valid: rule.examples.valid.map((v) => (typeof v === 'string' ? { code: v, filename: 'example.ts' } : { filename: 'example.ts', ...v })),
      invalid: rule.examples.invalid.map((ex) => {
        const fixClass = ex.output === undefined ? 'report' : (ex.fix ?? rule.fix);
        const filename = ex.filename ?? 'example.ts';
        // The message is the library's (rules fill it from the call): ESLint must show the same text.
        const message = lintText(ex.code, { filename, rules, packageFacts: { version: 'v3', service: true } }).messages.find((m) => m.ruleId === rule.id)!.message;
        if (fixClass === 'unsafe') return { code: ex.code, filename, output: null, errors: [{ message, suggestions: [{ desc: rule.fixTitle!, output: ex.output! }] }] };
        return { code: ex.code, filename, output: fixClass === 'safe' ? ex.output! : null, errors: 1 };
      }),
    });
  }
});

describe('ESLint class on the fixtures', () => {
  const eslint = new ESLint({ cwd: repo, overrideConfigFile: true, overrideConfig: plugin.configs.recommended });
  const fixer = new ESLint({ cwd: repo, overrideConfigFile: true, overrideConfig: plugin.configs.recommended, fix: true });
  const cases = fixtureCases().filter((c) => c.name !== 'edge/parse-error');

  it.each(cases.map((c) => [c.name, c] as const))('%s: same findings as the CLI', async (_name, c) => {
    const [result] = await eslint.lintFiles([c.input]);
    const got = result!.messages.map((m) => ({
      line: m.line,
      column: m.column,
      ruleId: m.ruleId?.replace(/^v4-migrate\//, ''),
      fix: m.fix ? 'safe' : m.suggestions?.length ? 'unsafe' : 'report',
    }));
    const want = (JSON.parse(readFileSync(`${c.dir}/findings.json`, 'utf8')) as { line: number; column: number; ruleId: string; fix: string }[]).map(({ line, column, ruleId, fix }) => ({ line, column, ruleId, fix }));
    expect(got).toEqual(want);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: --fix gives the expected output', async (_name, c) => {
    const [result] = await fixer.lintFiles([c.input]);
    const want = existsSync(c.expected) ? readFileSync(c.expected, 'utf8') : readFileSync(c.input, 'utf8');
    expect(result!.output ?? readFileSync(c.input, 'utf8')).toBe(want);
  });

  it("hides the file's tokens in the messages it reports (the events rule quotes the value it judges)", async () => {
    const token = 'glpat-Ab3Cd5Ef7Gh9Ij1Kl3Mn';
    const [result] = await eslint.lintText(`fetch('https://gitlab.example.com/api/v3/events?action=${token}');\n`, { filePath: 'events.js' });
    const quoting = result!.messages.find((m) => m.message.includes('is not an events `action`'))!;
    expect(quoting.message).toContain('*'.repeat(token.length));
    for (const m of result!.messages) expect(m.message).not.toContain(token.slice(0, 12));
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: `eslint --fix`, then `eslint`, reports what the CLI leaves after --fix', async (_name, c) => {
    const [fixed] = await fixer.lintFiles([c.input]);
    const output = fixed!.output ?? readFileSync(c.input, 'utf8');
    const [again] = await eslint.lintText(output, { filePath: c.input });
    const got = again!.messages.map((m) => `${m.line}:${m.column} ${m.ruleId?.replace(/^v4-migrate\//, '')}`);
    const left = (await lintFiles([c.input, ...c.context], { fix: true, prefilter: false })).find((r) => r.filePath === c.input)!;
    expect(got).toEqual(left.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`));
  });

  it("leaves test doubles out when the settings say `testDoubles: false`, as --no-test-doubles does", async () => {
    const input = fixtureCases().find((c) => c.name === 'clients/nock-tests')!.input;
    const [on] = await eslint.lintFiles([input]);
    expect(on!.messages.length).toBe(12);
    expect(on!.messages.every((m) => m.message.endsWith('(test double: nock interceptor)'))).toBe(true);
    const off = new ESLint({ cwd: repo, overrideConfigFile: true, overrideConfig: [...plugin.configs.recommended, { settings: { 'v4-migrate': { testDoubles: false } } }] });
    const [result] = await off.lintFiles([input]);
    expect(result!.messages).toEqual([]);
  });

  it('reports a file that does not parse, as ESLint does', async () => {
    const broken = fixtureCases().find((c) => c.name === 'edge/parse-error')!;
    const [result] = await eslint.lintFiles([broken.input]);
    expect(result!.messages).toHaveLength(1);
    expect(result!.messages[0]!.fatal).toBe(true);
  });
});
