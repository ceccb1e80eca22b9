// Generated code (compiled CoffeeScript or TypeScript, bundles, build directories): reported where it
// is, pointing at the source to change, and not rewritten unless --fix-generated.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { detectGenerated } from '../src/generated/detect.js';
import { lintText } from '../src/index.js';
import type { LintResult } from '../src/results.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'dist/src/cli/main.js');
const coffeeDir = path.join(repo, 'fixtures/edge/generated-coffee');
const tsDir = path.join(repo, 'fixtures/edge/generated-ts');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function cli(args: string[], cwd = repo) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'v4m-gen-'));
  temps.push(dir);
  return dir;
}

/** Write files (relative path → text) under a new temporary directory. */
function tree(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** The text of a file from a 1-based line and column on. */
function at(file: string, line: number, column: number): string {
  return readFileSync(file, 'utf8').split('\n')[line - 1]!.slice(column - 1);
}

const V3_CALL = "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n";

describe('the generated fixtures are the real compilers\' output', () => {
  it('CoffeeScript 2.7.0 compiles input.coffee to the committed input.js and input.js.map', () => {
    const dir = tempDir();
    const rel = 'fixtures/edge/generated-coffee';
    mkdirSync(path.join(dir, rel), { recursive: true });
    cpSync(path.join(coffeeDir, 'input.coffee'), path.join(dir, rel, 'input.coffee'));
    const r = spawnSync(process.execPath, [path.join(repo, 'node_modules/coffeescript/bin/coffee'), '-c', '-m', `${rel}/input.coffee`], { cwd: dir, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(readFileSync(path.join(dir, rel, 'input.js'), 'utf8')).toBe(readFileSync(path.join(coffeeDir, 'input.js'), 'utf8'));
    expect(readFileSync(path.join(dir, rel, 'input.js.map'), 'utf8')).toBe(readFileSync(path.join(coffeeDir, 'input.js.map'), 'utf8'));
  });

  it('tsc compiles input.ts to the committed input.js (inline source map)', () => {
    const dir = tempDir();
    const rel = 'fixtures/edge/generated-ts';
    mkdirSync(path.join(dir, rel), { recursive: true });
    cpSync(path.join(tsDir, 'input.ts'), path.join(dir, rel, 'input.ts'));
    const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');
    const r = spawnSync(process.execPath, [tsc, '--target', 'es2020', '--module', 'commonjs', '--inlineSourceMap', `${rel}/input.ts`], { cwd: dir, encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(readFileSync(path.join(dir, rel, 'input.js'), 'utf8')).toBe(readFileSync(path.join(tsDir, 'input.js'), 'utf8'));
  });
});

describe('findings in generated code (CLI)', () => {
  it('name the source position the map gives, in JSON and in the message', () => {
    const r = cli(['--format', 'json', 'fixtures/edge/generated-coffee']);
    expect(r.stderr).toBe('');
    const [result] = JSON.parse(r.stdout) as LintResult[];
    const source = path.join(coffeeDir, 'input.coffee');
    // Positions read off input.coffee by hand: where each URL literal starts.
    expect(result!.messages.map((m) => [m.ruleId, m.generated])).toEqual([
      ['api-prefix', { by: 'source-map', source, line: 7, column: 12 }],
      ['builds-endpoint', { by: 'source-map', source, line: 11, column: 11 }],
      ['star-delete', { by: 'source-map', source, line: 13, column: 37 }],
      ['fork-path', { by: 'source-map', source, line: 16, column: 12 }],
      ['projects-owned-path', { by: 'source-map', source, line: 18, column: 28 }],
    ]);
    expect(at(source, 11, 11)).toBe('"/projects/#{id}/builds"');
    expect(at(source, 18, 28)).toBe("'/projects/owned'");
    // The compiled call and its source hold the same path.
    const builds = result!.messages[1]!;
    expect(at(path.join(coffeeDir, 'input.js'), builds.line, builds.column)).toMatch(/^`\/projects\/\$\{id\}\/builds`/);
    expect(builds.message).toContain('(generated code: change fixtures/edge/generated-coffee/input.coffee:11:11 instead)');
    expect(result!.messages.every((m) => m.fix === undefined && m.suggestions === undefined)).toBe(true);
    expect(result!.fixableErrorCount).toBe(0);
  });

  it('read an inline source map (tsc) and map into the TypeScript source, which keeps its own fixes', () => {
    const r = cli(['--format', 'json', 'fixtures/edge/generated-ts']);
    const results = JSON.parse(r.stdout) as LintResult[];
    const js = results.find((x) => x.filePath.endsWith('input.js'))!;
    const ts = results.find((x) => x.filePath.endsWith('input.ts'))!;
    const source = path.join(tsDir, 'input.ts');
    // Each compiled finding maps onto the same finding in the source.
    expect(js.messages.map((m) => [m.ruleId, m.generated?.source, m.generated?.line, m.generated?.column])).toEqual(ts.messages.map((m) => [m.ruleId, source, m.line, m.column]));
    expect(js.messages.every((m) => m.generated?.by === 'source-map' && m.fix === undefined)).toBe(true);
    // Each source finding carries its fix, or names the earlier one carrying the rewrite it shares.
    const fixOf = (m: LintResult['messages'][number] & { fixedWith?: number }) => m.fix ?? ts.messages[m.fixedWith!]?.fix;
    expect(ts.messages.every((m) => m.generated === undefined && fixOf(m) !== undefined)).toBe(true);
  });

  it('stylish says they are generated and not fixed', () => {
    const r = cli(['fixtures/edge/generated-coffee']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('`GET /projects/:id/builds[/…]` is renamed `GET /projects/:id/jobs[/…]` in v4 (generated code: change fixtures/edge/generated-coffee/input.coffee:11:11 instead)');
    expect(r.stdout).not.toContain('[fix]');
    expect(r.stdout).toContain('5 in generated code, not fixed: change the sources named, or use `--fix-generated`');
  });

  it('--fix leaves generated files alone and fixes their sources; --fix-generated rewrites them too', () => {
    const dir = tempDir();
    cpSync(coffeeDir, path.join(dir, 'coffee'), { recursive: true });
    cpSync(tsDir, path.join(dir, 'ts'), { recursive: true });
    const before = { coffee: readFileSync(path.join(dir, 'coffee/input.js'), 'utf8'), ts: readFileSync(path.join(dir, 'ts/input.js'), 'utf8') };
    const fixed = cli(['--fix', '.'], dir);
    expect(fixed.stderr).toBe('');
    expect(readFileSync(path.join(dir, 'coffee/input.js'), 'utf8')).toBe(before.coffee);
    expect(readFileSync(path.join(dir, 'ts/input.js'), 'utf8')).toBe(before.ts);
    expect(readFileSync(path.join(dir, 'ts/input.ts'), 'utf8')).toContain("const base = 'https://gitlab.example.com/api/v4';");
    expect(fixed.stdout).toContain('ts/input.js');

    const forced = cli(['--fix', '--fix-generated', '.'], dir);
    expect(forced.code).toBe(0);
    const coffee = readFileSync(path.join(dir, 'coffee/input.js'), 'utf8');
    expect(coffee).toContain('baseURL: `${process.env.GITLAB_URL}/api/v4`');
    expect(coffee).toContain('return api.get(`/projects/${id}/jobs`);');
    expect(coffee).toContain('return api.post(`/projects/${id}/unstar`);');
    expect(cli(['.'], dir).code).toBe(0);
  });

  it('--diff shows no change for generated code unless --fix-generated', () => {
    const plain = cli(['--diff', 'fixtures/edge/generated-coffee']);
    expect(plain.stdout).toBe('');
    expect(plain.code).toBe(0);
    const forced = cli(['--diff', '--fix-generated', 'fixtures/edge/generated-coffee']);
    expect(forced.code).toBe(1);
    expect(forced.stdout).toContain('-    return api.get(`/projects/${id}/builds`);\n+    return api.get(`/projects/${id}/jobs`);');
  });

  it('marks files under dist/ of a package, not a build/ folder deeper in the sources', () => {
    const dir = tree({ 'package.json': '{"name":"x"}', 'dist/api.js': V3_CALL, 'src/build/api.js': V3_CALL });
    const r = cli(['--format', 'json', 'dist', 'src'], dir);
    const results = JSON.parse(r.stdout) as LintResult[];
    const dist = results.find((x) => x.filePath.endsWith(path.join('dist', 'api.js')))!;
    const src = results.find((x) => x.filePath.endsWith(path.join('build', 'api.js')))!;
    expect(dist.messages.map((m) => m.generated)).toEqual([{ by: 'output-directory' }, { by: 'output-directory' }]);
    expect(dist.messages[0]!.message).toContain('(generated code: it is under dist/; change its source instead)');
    expect(src.messages.map((m) => m.generated)).toEqual([undefined, undefined]);
    expect(src.fixableErrorCount).toBe(2);
  });
});

describe('detectGenerated', () => {
  const detect = (files: Record<string, string>, name: string) => {
    const dir = tree(files);
    return { dir, found: detectGenerated(path.join(dir, name), files[name]!) };
  };

  it('build/ and out/ count when git ignores them (hand-written build scripts live there too)', () => {
    const files = { '.git/HEAD': 'ref: refs/heads/main\n', '.gitignore': 'out/\n', 'package.json': '{"name":"x"}', 'build/release.js': V3_CALL, 'out/api.js': V3_CALL };
    expect(detect(files, 'build/release.js').found).toBeUndefined();
    expect(detect(files, 'out/api.js').found).toMatchObject({ by: 'output-directory', why: 'it is under out/' });
  });

  it('a sibling source file: x.js next to x.ts, x.mjs next to x.mts', () => {
    const { dir, found } = detect({ 'api.ts': '', 'api.js': V3_CALL }, 'api.js');
    expect(found).toMatchObject({ by: 'source-file', sibling: path.join(dir, 'api.ts') });
    expect(detect({ 'api.mts': '', 'api.mjs': V3_CALL }, 'api.mjs').found?.by).toBe('source-file');
    // A TypeScript file is never compiled output of a JavaScript one.
    expect(detect({ 'api.ts': V3_CALL, 'api.js': '' }, 'api.ts').found).toBeUndefined();
  });

  it('a header that says generated; a bare CoffeeScript signature does not (the file may be the only copy)', () => {
    expect(detect({ 'a.js': `/**\n * Client for the API.\n * @generated\n */\n${V3_CALL}` }, 'a.js').found?.by).toBe('header');
    expect(detect({ 'a.js': `// Code generated by openapi-generator. DO NOT EDIT.\n${V3_CALL}` }, 'a.js').found?.by).toBe('header');
    expect(detect({ 'a.js': `#!/usr/bin/env node\n'use strict';\n// This file was automatically generated from api.yaml\n${V3_CALL}` }, 'a.js').found?.by).toBe('header');
    expect(detect({ 'a.js': `// Generated by CoffeeScript 1.10.0\n${V3_CALL}` }, 'a.js').found).toBeUndefined();
    expect(detect({ 'a.js': `/**\n * Petstore API\n * NOTE: This class is auto generated by OpenAPI Generator.\n */\n${V3_CALL}` }, 'a.js').found?.by).toBe('header');
    expect(detect({ 'a.js': `/* generated by the fuzz test: v3 calls below */\n${V3_CALL}` }, 'a.js').found).toBeUndefined();
    // Only the header counts: the words later in the file are ordinary comments.
    expect(detect({ 'a.js': `${V3_CALL}// ids are generated by the server; @generated\n` }, 'a.js').found).toBeUndefined();
  });

  it('bundles: webpack, esbuild, rollup UMD; and minified files', () => {
    expect(detect({ 'a.js': `/******/ (() => { // webpackBootstrap\n${V3_CALL}` }, 'a.js').found).toMatchObject({ by: 'bundle', why: 'it is a webpack bundle' });
    expect(detect({ 'a.js': `"use strict";\nvar __defProp = Object.defineProperty;\n${V3_CALL}` }, 'a.js').found).toMatchObject({ by: 'bundle', why: 'it is an esbuild bundle' });
    expect(detect({ 'a.js': `(function (global, factory) {\n  typeof exports === 'object' && typeof module !== 'undefined' ? factory(exports) : 0;\n})(this, function (exports) { ${V3_CALL} });\n` }, 'a.js').found?.by).toBe('bundle');
    const min = `!function(){${'var a=1,b=2;'.repeat(60)}${V3_CALL.trim()}}();`;
    expect(detect({ 'a.js': min }, 'a.js').found?.by).toBe('minified');
    // A long line in an ordinary file is not minification.
    const ordinary = `${'const x = 1;\n'.repeat(40)}const long = '${'y'.repeat(600)}';\n${V3_CALL}`;
    expect(detect({ 'a.js': ordinary }, 'a.js').found).toBeUndefined();
  });

  it('a sourceMappingURL comment whose map is missing still marks compiled output', () => {
    const { found } = detect({ 'a.js': `${V3_CALL}//# sourceMappingURL=a.js.map\n` }, 'a.js');
    expect(found).toMatchObject({ by: 'source-map' });
    expect(found?.map).toBeUndefined();
    // Hand-written code that merely mentions the comment in a string is not compiled output.
    expect(detect({ 'a.js': `${V3_CALL}const c = '//# sourceMappingURL=' + url;\n` }, 'a.js').found).toBeUndefined();
  });

  it('CoffeeScript compiling in place writes "sourceRoot": "/"; the source is still found beside the map', () => {
    const dir = tree({ 'package.json': '{"name":"x"}', 'client.coffee': "api = require('./api')\nexports.builds = (id) -> api.get \"/projects/#{id}/builds\"\n" });
    const r = spawnSync(process.execPath, [path.join(repo, 'node_modules/coffeescript/bin/coffee'), '-c', '-m', 'client.coffee'], { cwd: dir, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(readFileSync(path.join(dir, 'client.js.map'), 'utf8')).sourceRoot).toBe('/');
    const js = path.join(dir, 'client.js');
    const result = lintText(readFileSync(js, 'utf8'), { filename: js, config: false, packageFacts: { version: 'v3', service: true } });
    expect(result.messages.map((m) => [m.ruleId, m.generated])).toEqual([['builds-endpoint', { by: 'source-map', source: path.join(dir, 'client.coffee'), line: 2, column: 34 }]]);
    expect(at(path.join(dir, 'client.coffee'), 2, 34)).toBe('"/projects/#{id}/builds"');
  });
});
