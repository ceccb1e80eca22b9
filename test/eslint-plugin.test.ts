// The ESLint plugin through ESLint's own API: RuleTester over every rule's examples, and the ESLint
// class over the fixtures (same findings as the CLI, `--fix` gives the same output).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

describe('the package-json config: package.json in JSON, through @eslint/json', () => {
  const config = [...plugin.configs.recommended, ...plugin.configs['package-json']!];
  const eslint = new ESLint({ cwd: repo, overrideConfigFile: true, overrideConfig: config });
  const manifests = fixtureCases().filter((c) => c.manifest);
  const temps: string[] = [];
  afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

  it('has fixtures whose package.json has a finding', () => {
    expect(manifests.length).toBeGreaterThan(0);
  });

  it.each(manifests.map((c) => [c.name, c] as const))("%s: package.json's findings are the CLI's, at the same places, with the same messages", async (_name, c) => {
    const [result] = await eslint.lintFiles([c.manifest!]);
    const cli = (await lintFiles([c.input, ...c.context], { prefilter: false })).find((r) => r.filePath === c.manifest)!;
    const place = (m: { line: number; column: number; endLine?: number; endColumn?: number; ruleId: string | null; message: string }) => ({ line: m.line, column: m.column, endLine: m.endLine, endColumn: m.endColumn, ruleId: m.ruleId?.replace(/^v4-migrate\//, ''), message: m.message });
    expect(result!.messages.map(place)).toEqual(cli.messages.map(place));
    const want = JSON.parse(readFileSync(path.join(c.dir, 'package.findings.json'), 'utf8')) as { line: number; column: number; ruleId: string }[];
    expect(result!.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`)).toEqual(want.map((f) => `${f.line}:${f.column} v4-migrate/${f.ruleId}`));
  });

  /** A package of a gl-got bot with this package.json and bot. */
  function bot(manifest: string, code: string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'v4m-eslint-json-'));
    temps.push(dir);
    writeFileSync(path.join(dir, 'package.json'), manifest);
    writeFileSync(path.join(dir, 'bot.js'), code);
    return dir;
  }
  const MANIFEST = '{\n  "name": "reminder",\n  "dependencies": {\n    "gl-got": "^7.1.0"\n  }\n}\n';
  const RELIES = "const glGot = require('gl-got');\nexports.jobs = (id) => glGot(`projects/${id}/builds`, { token: process.env.T });\n";

  it('says nothing of a pin at 8, or of one no call relies on, and never rewrites package.json', async () => {
    const lint = async (dir: string, fix = false) => (await new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: config, fix }).lintFiles(['package.json']))[0]!;
    const relied = bot(MANIFEST, RELIES);
    expect((await lint(relied)).messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`)).toEqual(['4:15 v4-migrate/dependency-default-base']);
    expect((await lint(relied, true)).output).toBeUndefined();
    expect((await lint(bot(MANIFEST.replace('^7.1.0', '^8.0.0'), RELIES))).messages).toEqual([]);
    expect((await lint(bot(MANIFEST, RELIES.replace('{ token: process.env.T }', "{ token: process.env.T, endpoint: 'https://gitlab.example.com/api/v4/' }")))).messages).toEqual([]);
  });

  it('asks for @eslint/json when it is not installed, as the only message on package.json', () => {
    const dir = bot(MANIFEST, RELIES);
    // @eslint/json made unresolvable, as in a project that never installed it.
    const hide = path.join(dir, 'hide-eslint-json.cjs');
    writeFileSync(hide, "const Module = require('node:module');\nconst resolve = Module._resolveFilename;\nModule._resolveFilename = function (request, ...rest) {\n  if (request === '@eslint/json') throw Object.assign(new Error(`Cannot find module '${request}'`), { code: 'MODULE_NOT_FOUND' });\n  return resolve.call(this, request, ...rest);\n};\n");
    const script = `import { ESLint } from ${JSON.stringify(path.join(repo, 'node_modules/eslint/lib/api.js'))};\nimport plugin from ${JSON.stringify(path.join(repo, 'dist/src/eslint-plugin/index.js'))};\nconst [r] = await new ESLint({ cwd: process.cwd(), overrideConfigFile: true, overrideConfig: plugin.configs['package-json'] }).lintFiles(['package.json']);\nconsole.log(JSON.stringify(r.messages));\n`;
    const run = spawnSync(process.execPath, ['--require', hide, '--input-type=module', '--eval', script], { cwd: dir, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const messages = JSON.parse(run.stdout) as { fatal?: boolean; message: string }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]!.fatal).toBe(true);
    expect(messages[0]!.message).toContain('v4-migrate/eslint-plugin lints package.json with @eslint/json, which is not installed: npm install --save-dev @eslint/json');
  });
});
