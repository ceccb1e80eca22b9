// Bad input gets a clear finding and loses nothing: ignored paths, huge, binary, UTF-16 and invalid UTF-8
// files, syntax errors in every file type, components, minified bundles, mixed line endings, deep nesting,
// files that vanish or become unreadable during the run, locked directories, symbolic links, read-only
// files and files that change under --fix.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { lintFiles, writeFixes } from '../src/index.js';
import { defineRule } from '../src/rule.js';
import { rules as catalogue } from '../rules/index.js';
import { commitAll } from './support/spawn.js';

// What happens between finding the files and reading them: a hook the vanishing-file test fills in.
const race = vi.hoisted(() => ({ afterDiscovery: undefined as (() => void) | undefined }));
vi.mock('../src/files/discover.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/files/discover.js')>();
  return {
    ...real,
    discover: async (...args: Parameters<typeof real.discover>) => {
      const found = await real.discover(...args);
      race.afterDiscovery?.();
      return found;
    },
  };
});

// Every test here spawns the CLI or builds large inputs, on machines shared with other work.
vi.setConfig({ testTimeout: 60_000 });

const bin = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
/** A command prefix that runs a program as root without the capabilities that bypass file permissions. */
const WITHOUT_OVERRIDE = ['setpriv', '--bounding-set=-dac_override,-dac_read_search'];
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const V3_CALL = "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n";

function tree(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'v4m-robust-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

function run(dir: string, args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8' });
  const results = r.stdout.startsWith('[') ? (JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string; severity: number }[] }[]) : [];
  return { code: r.status, stderr: r.stderr, byFile: Object.fromEntries(results.map((x) => [path.relative(dir, x.filePath), x.messages.map((m) => m.ruleId)])) };
}

describe('what is linted', () => {
  it('honours .gitignore in a repository and --ignore-pattern', () => {
    const dir = tree({ '.git/HEAD': 'ref: refs/heads/main\n', '.gitignore': 'build/\n', 'src/a.js': V3_CALL, 'build/a.js': V3_CALL, 'gen/a.js': V3_CALL });
    expect(Object.keys(run(dir, ['-f', 'json', '.']).byFile).sort()).toEqual(['gen/a.js', 'src/a.js']);
    expect(Object.keys(run(dir, ['-f', 'json', '--ignore-pattern', 'gen/**', '.']).byFile)).toEqual(['src/a.js']);
  });

  it('skips a file over the size limit with a warning', () => {
    const dir = tree({ 'big.js': '// generated\n' + 'x();\n'.repeat(300_000), 'ok.js': V3_CALL });
    const r = run(dir, ['-f', 'json', '--max-file-size', '1', '.']);
    expect(r.byFile['big.js']).toEqual(['file-too-large']);
    expect(r.byFile['ok.js']).toEqual(['api-prefix', 'builds-endpoint']);
  });

  it('reports binary, UTF-16 and UTF-32 files instead of parsing them, each by its name', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(V3_CALL, 'utf16le')]);
    const utf32 = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), ...[...V3_CALL].map((c) => Buffer.from([c.charCodeAt(0), 0, 0, 0]))]);
    const dir = tree({ 'blob.js': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2]), 'wide.js': utf16, 'wider.js': utf32 });
    const r = run(dir, ['-f', 'json', '.']);
    expect(r.byFile).toEqual({ 'blob.js': ['binary-file'], 'wide.js': ['binary-file'], 'wider.js': ['binary-file'] });
    expect(r.code).toBe(0);
    const text = spawnSync(process.execPath, [bin, '.'], { cwd: dir, encoding: 'utf8' }).stdout;
    expect(text).toMatch(/wide\.js\n.*the file is UTF-16;/);
    expect(text).toMatch(/wider\.js\n.*the file is UTF-32;/);
  });
});

describe('any name the file system allows', () => {
  // Names that glob syntax, shells or path handling may read as something else, and names that are not UTF-8.
  const names = ['back\\slash.js', 'dir\\x/in.js', 'star*.js', '[br].js', '{a,b}.js', '!neg.js', '#hash.js', ' space .js', 'new\nline.js', 'a:b.js'];
  // The bytes 0xFF and 0xFE are never UTF-8; the tool names such a byte by U+DC00 + the byte.
  const latin1 = (name: string) => Buffer.from(name, 'latin1');
  const odd = [['caf\u00e9-latin1.js', 'caf\uDCE9-latin1.js'], ['bad\u00ff.js', 'bad\uDCFF.js'], ['d\u00fe/in.js', 'd\uDCFE/in.js']] as const;

  it('is linted, fixed, and named in diffs that git applies', () => {
    const dir = tree({ 'package.json': '{ "name": "client" }\n', ...Object.fromEntries(names.map((n) => [n, V3_CALL])) });
    for (const [bytes] of odd) {
      mkdirSync(Buffer.concat([Buffer.from(dir + '/'), latin1(path.dirname(bytes))]), { recursive: true });
      writeFileSync(Buffer.concat([Buffer.from(dir + '/'), latin1(bytes)]), V3_CALL);
    }
    const lint = run(dir, ['-f', 'json', '.']);
    const expected = [...names, ...odd.map(([, held]) => held)];
    expect(Object.keys(lint.byFile).sort()).toEqual([...expected].sort());
    for (const name of expected) expect(lint.byFile[name], name).toEqual(['api-prefix', 'builds-endpoint']);

    // Alone, such a file is found and fails the run (it was skipped, and the run passed).
    const alone = tree({ 'package.json': '{ "name": "client" }\n' });
    writeFileSync(Buffer.concat([Buffer.from(alone + '/'), latin1('bad\u00ff.js')]), V3_CALL);
    const one = spawnSync(process.execPath, [bin, '.'], { cwd: alone, encoding: 'utf8' });
    expect(one.stdout).toContain('bad\\xFF.js\n  1:');
    expect(one.status).toBe(1);

    const diff = spawnSync(process.execPath, [bin, '--diff', '.'], { cwd: dir, encoding: 'utf8' });
    expect(diff.stdout).toContain('--- "a/bad\\377.js"');
    expect(diff.stdout).toContain('--- "a/back\\\\slash.js"');
    writeFileSync(path.join(dir, 'fix.patch'), diff.stdout);
    expect(spawnSync('git', ['apply', '--check', 'fix.patch'], { cwd: dir, encoding: 'utf8' }).stderr).toBe('');
    rmSync(path.join(dir, 'fix.patch'));

    // Committed, the files are written; the git check sees a change to one whose name is not UTF-8.
    commitAll(dir);
    const badFile = Buffer.concat([Buffer.from(dir + '/'), latin1('bad\u00ff.js')]);
    writeFileSync(badFile, V3_CALL + '// edited\n');
    expect(run(dir, ['--fix', '.']).stderr).toMatch(/^v4-migrate: not writing: 1 file .*\(bad\\xFF\.js\)/);
    writeFileSync(badFile, V3_CALL);
    const fixed = run(dir, ['--fix', '.']);
    expect(fixed.stderr).toBe('');
    expect(fixed.code).toBe(0);
    for (const name of names) expect(readFileSync(path.join(dir, name), 'utf8'), name).toBe(V3_CALL.replace('v3', 'v4').replace('builds', 'jobs'));
    for (const [bytes] of odd) expect(readFileSync(Buffer.concat([Buffer.from(dir + '/'), latin1(bytes)]), 'utf8'), bytes).toBe(V3_CALL.replace('v3', 'v4').replace('builds', 'jobs'));
  });
});

describe('--fix loses nothing', () => {
  it('reports a file with invalid UTF-8 but never rewrites it', () => {
    const bytes = Buffer.concat([Buffer.from('// caf'), Buffer.from([0xe9]), Buffer.from('\n' + V3_CALL)]);
    const dir = tree({ 'latin1.js': bytes });
    const r = run(dir, ['-f', 'json', '--fix', '.']);
    expect(r.byFile['latin1.js']).toEqual(['fix-error', 'api-prefix', 'builds-endpoint']);
    expect(readFileSync(path.join(dir, 'latin1.js')).equals(bytes)).toBe(true);
  });

  it('does not force a read-only file', () => {
    const dir = tree({ 'locked.js': V3_CALL });
    chmodSync(path.join(dir, 'locked.js'), 0o444);
    const r = run(dir, ['--fix', '.']);
    expect(r.stderr).toMatch(/locked\.js not fixed: the file is read-only/);
    expect(r.code).toBe(1);
    expect(readFileSync(path.join(dir, 'locked.js'), 'utf8')).toBe(V3_CALL);
  });

  it('does not overwrite a file that changed on disk after it was read', async () => {
    const dir = tree({ 'moving.js': V3_CALL });
    const file = path.join(dir, 'moving.js');
    const results = await lintFiles([file], { fix: true });
    writeFileSync(file, '// edited meanwhile\n' + V3_CALL);
    const problems = await writeFixes(results);
    expect(problems).toEqual([{ filePath: file, reason: 'the file changed on disk while it was being checked; run again' }]);
    expect(readFileSync(file, 'utf8')).toBe('// edited meanwhile\n' + V3_CALL);
  });

  it('writes atomically and keeps the file mode', async () => {
    const dir = tree({ 'tool.js': V3_CALL });
    const file = path.join(dir, 'tool.js');
    chmodSync(file, 0o750);
    expect(await writeFixes(await lintFiles([file], { fix: true }))).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe("fetch('https://gitlab.example.com/api/v4/projects/' + id + '/jobs');\n");
    expect(spawnSync('stat', ['-c', '%a', file], { encoding: 'utf8' }).stdout.trim()).toBe('750');
  });
});

/** Lint a tree in-process: file (relative) → its messages. */
async function lintTree(dir: string, options: Parameters<typeof lintFiles>[1] = {}) {
  const results = await lintFiles([dir], { cwd: dir, ...options });
  return Object.fromEntries(results.map((r) => [path.relative(dir, r.filePath), r]));
}

const ids = (r: { messages: { ruleId: string }[] } | undefined) => r?.messages.map((m) => m.ruleId);

describe('syntax errors in every file type', () => {
  // Each file holds a v3 call on one line and, on the line marked, syntax its own type does not allow
  // (TypeScript in JavaScript, JSX in TypeScript), so the parser must be the one of its extension.
  const TS_IN_JS = `${V3_CALL}const limit: number = 20;\n`;
  const JSX_IN_TS = `${V3_CALL}const view = <div>{limit}</div>;\n`;
  const broken: Record<string, { text: string; line: number }> = {
    'a.js': { text: TS_IN_JS, line: 2 },
    'a.cjs': { text: TS_IN_JS, line: 2 },
    'a.mjs': { text: TS_IN_JS, line: 2 },
    'a.jsx': { text: TS_IN_JS, line: 2 },
    'a.ts': { text: JSX_IN_TS, line: 2 },
    'a.cts': { text: JSX_IN_TS, line: 2 },
    'a.mts': { text: JSX_IN_TS, line: 2 },
    'a.tsx': { text: `${V3_CALL}const same = <T,>(x: T) => x;\nconst view = <div>{same(1)};\n`, line: 3 },
    'a.vue': { text: `<template>\n  <p>{{ limit }}</p>\n</template>\n<script>\n${V3_CALL}const limit: number = 20;\n</script>\n`, line: 6 },
    'a.svelte': { text: `<script>\n  ${V3_CALL}  const limit: number = 20;\n</script>\n\n<p>{limit}</p>\n`, line: 3 },
  };

  it('gives each broken file one parse-error at the broken line, and checks the others', async () => {
    const files = Object.fromEntries(Object.entries(broken).map(([name, b]) => [`src/${name}`, b.text]));
    const dir = tree({ ...files, 'src/ok.ts': `${V3_CALL}const limit: number = 20;\n`, 'src/ok.vue': `<script lang="ts">\n${V3_CALL}const limit: number = 20;\n</script>\n` });
    const r = run(dir, ['-f', 'json', 'src']);
    expect(r.code).toBe(1);
    for (const name of Object.keys(broken)) expect(r.byFile[`src/${name}`], name).toEqual(['parse-error']);
    expect(r.byFile['src/ok.ts']).toEqual(['api-prefix', 'builds-endpoint']);
    expect(r.byFile['src/ok.vue']).toEqual(['api-prefix', 'builds-endpoint']);
    const results = await lintTree(dir);
    for (const [name, b] of Object.entries(broken)) {
      const [message] = results[`src/${name}`]!.messages;
      expect(message!.line, name).toBe(b.line);
      expect(message!.message, name).toMatch(/^Parsing error: .+\. Fix the syntax/);
    }
  });
});

describe('Vue and Svelte components', () => {
  const vue = [
    '<template>',
    '  <!-- <script>fetch("https://gitlab.example.com/api/v3/projects/all")</script> -->',
    '  <a :href="`https://gitlab.example.com/api/v3/projects/${id}/builds`">jobs</a>',
    '</template>',
    '',
    '<script lang="ts">',
    "const API = 'https://gitlab.example.com/api/v3';",
    '</script>',
    '<script setup lang="ts">',
    "import { ref } from 'vue';",
    'const jobs = ref<unknown[]>([]);',
    "fetch(API + '/projects/' + id + '/builds').then((r) => r.json()).then((d) => (jobs.value = d));",
    '</script>',
    '',
    '<style>.a { color: red }</style>',
    '',
  ].join('\r\n');
  const svelte = [
    '<script context="module">',
    "  export const API = 'https://gitlab.example.com/api/v3';",
    '</script>',
    '<script>',
    "  import { onMount } from 'svelte';",
    '  onMount(() => fetch(`${API}/projects/${id}/builds`));',
    '</script>',
    '',
    "<h1>{fetch(API + '/projects/all')}</h1>",
    '',
  ].join('\n');

  it('reports and fixes the calls of the script blocks at their place in the file, never the markup', async () => {
    const dir = tree({ 'package.json': '{}', 'App.vue': vue, 'Widget.svelte': svelte, 'Plain.vue': '<template>\n  <a href="https://gitlab.example.com/api/v3/projects/all">v3</a>\n</template>\n', 'Empty.svelte': '' });
    const before = await lintTree(dir);
    const where = (name: string) => before[name]!.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`);
    // Line and column as an editor counts them in the component.
    expect(where('App.vue')).toEqual(['7:13 api-prefix', '12:7 builds-endpoint']);
    expect(where('Widget.svelte')).toEqual(['2:22 api-prefix', '6:23 builds-endpoint']);
    expect(before['Plain.vue']!.messages).toEqual([]);
    expect(before['Empty.svelte']!.messages).toEqual([]);

    expect(await writeFixes(await lintFiles([dir], { fix: true }))).toEqual([]);
    expect(readFileSync(path.join(dir, 'App.vue'), 'utf8')).toBe(vue.replace("api/v3';", "api/v4';").replace("id + '/builds'", "id + '/jobs'"));
    expect(readFileSync(path.join(dir, 'Widget.svelte'), 'utf8')).toBe(svelte.replace("api/v3';", "api/v4';").replace('${id}/builds', '${id}/jobs'));
  });
});

describe('generated and unusual text', () => {
  it('skips a 50 MB generated file with a warning, without reading it', () => {
    const line = "export const u" + "0".repeat(8) + " = fetch('https://gitlab.example.com/api/v3/projects/all');\n";
    const big = line.repeat(Math.ceil((50 * 1024 * 1024) / line.length));
    const dir = tree({ 'bundle.js': big, 'ok.js': V3_CALL });
    // Made unreadable for the (unprivileged) run: a read would be a read-error, not the size warning.
    chmodSync(path.join(dir, 'bundle.js'), 0o000);
    const r = unprivileged(dir, ['-f', 'json', '.']);
    expect(r.byFile['bundle.js']).toEqual(['file-too-large']);
    expect(r.messages['bundle.js']![0]!.message).toMatch(/50\.0 MiB is over the 10 MiB limit.*--max-file-size/);
    expect(r.byFile['ok.js']).toEqual(['api-prefix', 'builds-endpoint']);
    expect(r.code).toBe(1);
  });

  it('finds and fixes every v3 call of a minified one-line bundle, at the right columns', async () => {
    const calls = [
      'fetch("https://gitlab.example.com/api/v3/projects/"+e+"/builds")',
      'n.get("https://gitlab.example.com/api/v3/projects/"+t+"/keys",{params:{page:1}})',
      '$.ajax({url:"https://gitlab.example.com/api/v3/projects/"+e+"/star",type:"DELETE"})',
    ];
    const filler = (i: number) => `var a${i}=function(e,t){return e&&t?e.concat(t):[]};`;
    const chunks: string[] = [];
    for (let i = 0; i < 600; i++) chunks.push(filler(i), i % 200 === 100 ? `function c${i}(e,t,n){return ${calls[(i - 100) / 200]}}` : '');
    const bundle = '!function(){"use strict";' + chunks.join('') + '}();';
    expect(bundle.includes('\n')).toBe(false);
    const dir = tree({ 'package.json': '{}', 'vendor.min.js': bundle });
    const [before] = await lintFiles([path.join(dir, 'vendor.min.js')]);
    const columns = calls.map((c) => bundle.indexOf(c.slice(c.indexOf('"'))) + 1);
    expect(before!.messages.filter((m) => m.ruleId === 'api-prefix').map((m) => [m.line, m.column])).toEqual(columns.map((c) => [1, c]));
    // A minified bundle is generated code: reported, marked, and rewritten only when asked.
    expect(before!.messages.every((m) => m.generated?.by === 'minified')).toBe(true);
    const [kept] = await lintFiles([path.join(dir, 'vendor.min.js')], { fix: true });
    expect(kept!.output).toBeUndefined();
    const [fixed] = await lintFiles([path.join(dir, 'vendor.min.js')], { fix: true, fixGenerated: true });
    expect(fixed!.output).toBe(
      bundle
        .replaceAll('/api/v3/', '/api/v4/')
        .replace('+"/builds"', '+"/jobs"')
        .replace('+"/keys"', '+"/deploy_keys"')
        .replace('/star",type:"DELETE"', '/unstar",type:"POST"'),
    );
  });

  it('keeps mixed line endings (CRLF, LF, lone CR) byte for byte when fixing', async () => {
    const text = '// one\r\nconst a = 1;\n// lone CR\r' + V3_CALL.trimEnd() + '\r\n\n' + 'fetch(`https://gitlab.example.com/api/v3/projects/${id}/keys`);\r';
    const dir = tree({ 'package.json': '{}', 'mixed.js': text });
    const [before] = await lintFiles([path.join(dir, 'mixed.js')]);
    expect(before!.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`)).toEqual(['4:7 api-prefix', '4:7 builds-endpoint', '6:7 api-prefix', '6:7 project-keys-endpoint']);
    expect(await writeFixes(await lintFiles([path.join(dir, 'mixed.js')], { fix: true }))).toEqual([]);
    const expected = '// one\r\nconst a = 1;\n// lone CR\r' + "fetch('https://gitlab.example.com/api/v4/projects/' + id + '/jobs');" + '\r\n\n' + 'fetch(`https://gitlab.example.com/api/v4/projects/${id}/deploy_keys`);\r';
    expect(readFileSync(path.join(dir, 'mixed.js')).equals(Buffer.from(expected))).toBe(true);
  });

  it('reports code nested past the parser as one finding, and follows deep code the parser reads', async () => {
    const N = 10_000;
    const deep = {
      'parens.js': `x = ${'('.repeat(N)}1${')'.repeat(N)};\n`,
      'arrays.js': `x = ${'['.repeat(N)}1${']'.repeat(N)};\n`,
      'calls.js': `x = ${'f('.repeat(N)}1${')'.repeat(N)};\n`,
      'objects.js': `x = ${'{a:'.repeat(N)}1${'}'.repeat(N)};\n`,
      'blocks.js': `${'if (a) {'.repeat(N)}${'}'.repeat(N)}\n`,
      'functions.js': `${'(function () {'.repeat(N)}${'})();'.repeat(N)}\n`,
      'concat.ts': `fetch('https://gitlab.example.com/api/v3/projects/' + id${" + '/builds'".repeat(N)});\n`,
    };
    // Deep, but within what the parser reads: each found and fixed (iterative walks, no recursion limit).
    const url = "'https://gitlab.example.com/api/v3/projects/' + id + '/builds'";
    const fixedUrl = "'https://gitlab.example.com/api/v4/projects/' + id + '/jobs'";
    const readable = {
      'chain.js': [`fetch(${url})${'.then((r) => r)'.repeat(20_000)};\n`, `fetch(${fixedUrl})${'.then((r) => r)'.repeat(20_000)};\n`],
      'ternary.js': [`fetch(${'a ? b : '.repeat(2_000)}${url});\n`, `fetch(${'a ? b : '.repeat(2_000)}${fixedUrl});\n`],
      'consts.js': [
        `const v0 = 'https://gitlab.example.com/api/v3';\n${Array.from({ length: 5_000 }, (_, i) => `const v${i + 1} = v${i};\n`).join('')}fetch(v5000 + '/projects/' + id + '/builds');\n`,
        `const v0 = 'https://gitlab.example.com/api/v4';\n${Array.from({ length: 5_000 }, (_, i) => `const v${i + 1} = v${i};\n`).join('')}fetch(v5000 + '/projects/' + id + '/jobs');\n`,
      ],
      'nested-functions.js': [`${'(function () {'.repeat(100)}fetch(${url}).then((r) => r.json());${'})();'.repeat(100)}\n`, `${'(function () {'.repeat(100)}fetch(${fixedUrl}).then((r) => r.json());${'})();'.repeat(100)}\n`],
    };
    const files = { 'package.json': '{}', ...Object.fromEntries(Object.entries(deep).map(([n, t]) => [n, `${V3_CALL}${t}`])), ...Object.fromEntries(Object.entries(readable).map(([n, [t]]) => [n, t])) };
    const dir = tree(files);
    // One long line each, so they look minified: rewriting generated code is asked for explicitly.
    const results = await lintTree(dir, { fix: true, fixGenerated: true });
    for (const name of Object.keys(deep)) {
      expect(ids(results[name]), name).toEqual(['parse-error']);
      expect(results[name]!.messages[0]!.message).toMatch(/nests too deeply/);
      expect(results[name]!.output, name).toBeUndefined();
    }
    for (const [name, [, output]] of Object.entries(readable)) {
      expect(results[name]!.messages.filter((m) => m.severity === 2), name).toEqual([]);
      expect(results[name]!.output, name).toBe(output);
    }
  });

  it('ignores .d.ts declarations found in a directory (they hold no calls)', async () => {
    const dir = tree({ 'package.json': '{}', 'types.d.ts': "export type Route = '/api/v3/projects/:id/builds';\ndeclare function fetch(url: 'https://gitlab.example.com/api/v3/projects/all'): void;\n", 'a.ts': V3_CALL });
    expect(Object.keys(await lintTree(dir))).toEqual(['a.ts']);
  });
});

describe('files that change under the run', () => {
  it('reports a file that vanished or turned into a directory after it was found, and goes on', async () => {
    const dir = tree({ 'package.json': '{}', 'a.js': V3_CALL, 'gone.js': V3_CALL, 'moved.js': V3_CALL });
    race.afterDiscovery = () => {
      unlinkSync(path.join(dir, 'gone.js'));
      unlinkSync(path.join(dir, 'moved.js'));
      mkdirSync(path.join(dir, 'moved.js'));
    };
    try {
      const results = await lintTree(dir);
      expect(ids(results['a.js'])).toEqual(['api-prefix', 'builds-endpoint']);
      expect(results['gone.js']!.messages).toMatchObject([{ ruleId: 'read-error', severity: 1, message: expect.stringMatching(/removed during the run/) }]);
      expect(results['moved.js']!.messages).toMatchObject([{ ruleId: 'read-error', severity: 2, message: expect.stringMatching(/EISDIR.*a directory now/) }]);
    } finally {
      race.afterDiscovery = undefined;
    }
  });

  it('reports a check that fails on one file as that file\'s finding, and checks the others', async () => {
    const boom = defineRule({
      id: 'boom',
      changes: ['R90-JOBS'],
      release: '9.0',
      category: 'endpoint',
      fix: 'report',
      message: 'never shown',
      docs: 'A rule that fails on one file, as a bug would.',
      v3: { path: '/projects/:id/builds{/**}' },
      check: ({ match }) => {
        if (match.call.url.host === 'broken.example.com') throw new Error('boom');
        return [];
      },
      examples: { invalid: [], valid: [] },
    });
    const dir = tree({ 'package.json': '{}', 'a.js': V3_CALL, 'b.js': V3_CALL.replace('gitlab.example.com', 'broken.example.com') });
    const results = await lintTree(dir, { rules: [boom, ...catalogue.filter((r) => r.id === 'api-prefix')] });
    expect(ids(results['a.js'])).toEqual(['api-prefix']);
    expect(results['b.js']!.messages).toMatchObject([{ ruleId: 'internal-error', severity: 2, message: expect.stringMatching(/failed on this file \(boom\).*report/) }]);
  });
});

describe('permissions (run as an unprivileged user)', () => {
  it('reports a locked directory and an unreadable file, and lints the rest', () => {
    const dir = tree({ 'src/a.js': V3_CALL, 'src/locked/b.js': V3_CALL, 'src/secret.js': V3_CALL, 'src/ignored/c.js': V3_CALL });
    chmodSync(path.join(dir, 'src/locked'), 0o000);
    chmodSync(path.join(dir, 'src/ignored'), 0o000);
    chmodSync(path.join(dir, 'src/secret.js'), 0o000);
    const r = unprivileged(dir, ['-f', 'json', '--ignore-pattern', 'src/ignored/**', 'src']);
    expect(r.byFile).toEqual({ 'src/a.js': ['api-prefix', 'builds-endpoint'], 'src/locked': ['read-error'], 'src/secret.js': ['read-error'] });
    expect(r.messages['src/locked']![0]!.message).toMatch(/Cannot list the directory \(EACCES\)/);
    expect(r.messages['src/secret.js']![0]!.message).toMatch(/Cannot read the file \(EACCES\)/);
    expect(r.code).toBe(1);
    chmodSync(path.join(dir, 'src/locked'), 0o755);
    chmodSync(path.join(dir, 'src/ignored'), 0o755);
  });
});

describe('symbolic links and special files', () => {
  it('never follows a link met while walking: no loops, nothing outside the roots', () => {
    const dir = tree({ 'src/a.js': V3_CALL, 'outside/o.js': V3_CALL, 'outside/deep/p.js': V3_CALL });
    symlinkSync('loop2.js', path.join(dir, 'src/loop1.js'));
    symlinkSync('loop1.js', path.join(dir, 'src/loop2.js'));
    symlinkSync('.', path.join(dir, 'src/self'));
    symlinkSync('../outside', path.join(dir, 'src/out'));
    symlinkSync('../outside/o.js', path.join(dir, 'src/o.js'));
    symlinkSync('nowhere.js', path.join(dir, 'src/dangling.js'));
    const r = run(dir, ['-f', 'json', '--fix', 'src']);
    expect(r.byFile).toEqual({ 'src/a.js': [] });
    expect(readFileSync(path.join(dir, 'outside/o.js'), 'utf8')).toBe(V3_CALL);
    expect(readFileSync(path.join(dir, 'outside/deep/p.js'), 'utf8')).toBe(V3_CALL);
  });

  it('gives one line and exit 2 for a named link loop or a named pipe', () => {
    const dir = tree({ 'a.js': V3_CALL });
    symlinkSync('loop2.js', path.join(dir, 'loop1.js'));
    symlinkSync('loop1.js', path.join(dir, 'loop2.js'));
    expect(spawnSync('mkfifo', [path.join(dir, 'pipe.js')]).status).toBe(0);
    for (const [name, message] of [['loop1.js', /loop1\.js: too many levels of symbolic links/], ['pipe.js', /pipe\.js is not a regular file or a directory/]] as const) {
      const r = run(dir, [name]);
      expect(r.code, name).toBe(2);
      expect(r.stderr.trim().split('\n'), name).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  });
});

/**
 * The CLI without the privilege to read what it may not (tests run as root here, and root reads anything):
 * as root, its capabilities to override file permissions are dropped (setpriv), so permission bits apply to
 * it as to any owner, wherever the repository lives; as another user, as is.
 */
function unprivileged(dir: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? [...WITHOUT_OVERRIDE, process.execPath, bin, ...args] : [process.execPath, bin, ...args];
  const r = spawnSync(command[0]!, command.slice(1), { cwd: dir, encoding: 'utf8' });
  const results = r.stdout.startsWith('[') ? (JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string; message: string }[] }[]) : [];
  const byName = (f: { filePath: string }) => path.relative(dir, f.filePath);
  return {
    code: r.status,
    stderr: r.stderr,
    byFile: Object.fromEntries(results.map((x) => [byName(x), x.messages.map((m) => m.ruleId)])),
    messages: Object.fromEntries(results.map((x) => [byName(x), x.messages])),
  };
}

