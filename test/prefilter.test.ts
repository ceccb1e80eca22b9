// The text prefilter must never drop a file that has a finding: what it admits is checked against
// hand-written cases, and whole trees are linted with and without it (the fixtures through the CLI,
// every rule example inside a v3 package through the library) and must give exactly the same findings.
// The benchmark does the same on its large corpora (npm run bench).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { lintFiles } from '../src/index.js';
import { textEvidence } from '../src/prefilter.js';
import type { LintResult } from '../src/results.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'dist/src/cli/main.js');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'v4m-prefilter-'));
  temps.push(dir);
  return dir;
}

/** Every finding of a run as one comparable line. */
function findings(results: readonly LintResult[]): string[] {
  return results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${m.ruleId} ${m.fixClass} ${m.message}`));
}

describe('textEvidence', () => {
  const cases: [string, string, { parse: boolean; version: boolean; needsVersion: boolean }][] = [
    ['a versioned URL', "fetch('/api/v3/projects')", { parse: true, version: true, needsVersion: false }],
    ['a version split over literals', "const base = host + '/api/' + 'v3';", { parse: true, version: true, needsVersion: false }],
    ['a version option', "new Gitlab({ url, version: 'v3' })", { parse: true, version: true, needsVersion: false }],
    ['a version after a template hole', 'const base = `${host}/api`;\nfetch(`${base}/v4/user`);', { parse: true, version: true, needsVersion: false }],
    ['a v4 segment under no api path', 'fetch(`${cdn}/v4/logo.png`)', { parse: false, version: false, needsVersion: false }],
    ['an IP version', "if (version === 'v4') return ipv4.test(ip);", { parse: false, version: false, needsVersion: false }],
    ['an IP version option', "const ip = z.string().ip({ version: 'v4' });", { parse: false, version: false, needsVersion: false }],
    ['a version option beside a shorthand connection option', "const api = new Gitlab({ host, version: 'v3' });", { parse: true, version: true, needsVersion: false }],
    ['a route that is v3 on its shape', "api.get('projects/' + id + '/builds')", { parse: true, version: false, needsVersion: false }],
    ['a route word after a template hole', 'api.delete(`${base}broadcast_messages/${id}`)', { parse: true, version: false, needsVersion: false }],
    ['a route that needs a version', "api.get('/events', { params })", { parse: false, version: false, needsVersion: true }],
    ['a specific word without the rest of its route', "headers['Content-Type'] = 'application/json'", { parse: false, version: false, needsVersion: true }],
    ['the token header', "xhr.setRequestHeader('PRIVATE-TOKEN', token)", { parse: true, version: false, needsVersion: false }],
    ['a token literal', "const client = new Client({ token: 'glpat-abcdefghijklmnopqrst' })", { parse: true, version: false, needsVersion: false }],
    ['a token key with a short literal', "const kinds = [{ token: 'name' }, { token: 'num' }]", { parse: false, version: false, needsVersion: false }],
    ['a token held by a name', "var READ_TOKEN = 'Fm3nQ8cW2vLp7xZr4tYh';", { parse: true, version: false, needsVersion: false }],
    ['a token as the default of a token key', "module.exports = { token: process.env.BOT_TOKEN || 'q8Xr2bTzL1mVfYw9sKdE' };", { parse: true, version: false, needsVersion: false }],
    ['a short private token', "this.privateToken = 'a8Kd02mZ';", { parse: true, version: false, needsVersion: false }],
    ['a word given to a token variable', "if (days < 2) token = 'yesterdayEvening';", { parse: false, version: false, needsVersion: false }],
    ['a message that names a token', 'throw new Error("Unexpected token: " + token.type + " (" + token.value + ")");', { parse: false, version: false, needsVersion: false }],
    ['a token compared, not assigned', "if (token === 'q8Xr2bTzL1mVfYw9sKdE') deny();", { parse: false, version: false, needsVersion: false }],
    ['a URL in a line comment', "// fetch('/api/v3/projects')\nconst x = 1;", { parse: false, version: false, needsVersion: false }],
    ['a URL in a doc comment', "/**\n * GET '/projects/all' (see '/api/v3')\n */\nfunction list() {}", { parse: false, version: false, needsVersion: false }],
    ['a generator method line', "class Api {\n  *pages() { yield fetch('/api/v3/projects'); }\n}", { parse: true, version: true, needsVersion: false }],
    ['a comment-like line inside a template literal', "const doc = `\n// GET '/api/v3/projects'\n`;", { parse: true, version: true, needsVersion: false }],
    ['a comment line after a closed template literal', "const a = `x`;\n// GET '/api/v3/projects'\nconst b = 1;", { parse: false, version: false, needsVersion: false }],
    ['code after a block comment on the same line', "/* v3 */ fetch('/api/v3/projects')", { parse: true, version: true, needsVersion: false }],
    ['route words as plain identifiers', 'const version = pkg.version; Object.keys(users).map((user) => user.events)', { parse: false, version: false, needsVersion: false }],
    ['a route word inside a longer path segment', "import usersList from './usersList';", { parse: false, version: false, needsVersion: false }],
    ['another API version', "fetch('/api/v1/items?page=2')", { parse: false, version: false, needsVersion: false }],
    ['a version of another path', "import { v4 as uuid } from 'uuid';\nrequire('uuid/v4');", { parse: false, version: false, needsVersion: false }],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    expect(textEvidence(text)).toEqual(expected);
  });
});

describe('with and without the prefilter', () => {
  it('the fixtures give exactly the same findings through the CLI', () => {
    const run = (extra: string[]) => spawnSync(process.execPath, [bin, '--format', 'json', ...extra, 'fixtures'], { cwd: repo, encoding: 'utf8' });
    const on = run([]);
    const off = run(['--no-prefilter']);
    expect(on.stderr).toBe('');
    expect(off.stderr).toBe('');
    const withIt = findings(JSON.parse(on.stdout) as LintResult[]);
    expect(withIt.length).toBeGreaterThan(100);
    expect(withIt).toEqual(findings(JSON.parse(off.stdout) as LintResult[]));
  });

  it('every rule example gives exactly the same findings inside a v3 package', async () => {
    const root = tempDir();
    // Each example in a package of its own, beside a file that makes the package a v3 client of the
    // service (as the rule tests assume): examples whose routes need a version get it from there.
    const invalid: string[] = [];
    let n = 0;
    for (const rule of rules) {
      const examples = [...rule.examples.invalid, ...(rule.cases?.invalid ?? [])].map((e) => ({ ...e, invalid: true }));
      const valid = [...rule.examples.valid, ...(rule.cases?.valid ?? [])].map((v) => ({ ...(typeof v === 'string' ? { code: v } : v), invalid: false }));
      for (const ex of [...examples, ...valid]) {
        const dir = path.join(root, `${rule.id}-${n++}`);
        mkdirSync(dir);
        writeFileSync(path.join(dir, 'package.json'), '{ "name": "client" }\n');
        writeFileSync(path.join(dir, 'base.js'), "export const http = axios.create({ baseURL: 'https://gitlab.example.com/api/v3', headers: { 'PRIVATE-TOKEN': process.env.TOKEN } });\n");
        // A package.json example (manifest rules) is the package's own, beside a call that relies on its pin.
        const manifest = ex.filename === 'package.json';
        const file = manifest ? path.join(dir, 'package.json') : path.join(dir, `example${path.extname(ex.filename ?? 'example.ts')}`);
        writeFileSync(file, ex.code);
        if (manifest) writeFileSync(path.join(dir, 'bot.js'), "const glGot = require('gl-got');\nexport const me = () => glGot('user', { token: process.env.T });\n");
        if (ex.invalid) invalid.push(file);
      }
    }
    const withIt = await lintFiles([root], { rules, config: false });
    const without = await lintFiles([root], { rules, config: false, prefilter: false });
    expect(findings(withIt)).toEqual(findings(without));
    // Not a vacuous comparison: every invalid example is found (the rule tests say by which rule).
    const found = new Set(without.filter((r) => r.messages.length > 0).map((r) => r.filePath));
    expect(invalid.filter((f) => !found.has(f))).toEqual([]);
  });

  it('parses a file whose routes need a version once another file of its package has one', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'package.json'), '{ "name": "client" }\n');
    const events = "export const pushes = () => api.get('/events', { params: { action: 'pushed' } });\n";
    writeFileSync(path.join(dir, 'events.js'), events);
    expect(textEvidence(events)).toEqual({ parse: false, version: false, needsVersion: true });
    // Alone, the file cannot be a v3 client: nothing to find, with or without the prefilter.
    expect(findings(await lintFiles([dir], { config: false }))).toEqual([]);
    expect(findings(await lintFiles([dir], { config: false, prefilter: false }))).toEqual([]);
    // With a versioned base URL beside it, its call is v3, and the prefilter must let it through.
    writeFileSync(path.join(dir, 'base.js'), "export const API = 'https://gitlab.example.com/api/v3';\n");
    const withIt = findings(await lintFiles([dir], { config: false }));
    expect(withIt.filter((f) => f.startsWith(path.join(dir, 'events.js')))).toHaveLength(1);
    expect(withIt).toEqual(findings(await lintFiles([dir], { config: false, prefilter: false })));
  });
});
