// Each report format checked against what its consumer expects: SARIF against the official 2.1.0 schema,
// GitHub workflow commands against their syntax, GitLab Code Quality fields and fingerprints, JSON lines.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv04 from 'ajv-draft-04';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'dist/src/cli/main.js');
const require = createRequire(import.meta.url);
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function cli(args: string[], cwd = repo): { code: number | null; stdout: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout };
}

const total = (JSON.parse(cli(['-f', 'json', 'fixtures/clients']).stdout) as { messages: unknown[] }[]).reduce((n, r) => n + r.messages.length, 0);

describe('sarif', () => {
  const log = JSON.parse(cli(['-f', 'sarif', 'fixtures/clients']).stdout) as {
    runs: { tool: { driver: { rules: { id: string; helpUri?: string; help?: { text: string } }[] } }; results: { ruleId: string; ruleIndex: number; fixes?: unknown[]; properties: { fixClass: string; fixedWith?: number }; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
  };

  it('is valid SARIF 2.1.0 by the official schema', () => {
    const schemaFile = path.join(path.dirname(require.resolve('@microsoft/jest-sarif/package.json')), 'lib/schemas/sarif-2.1.0-rtm.5.json');
    // The schema's own language pattern is not valid in unicode mode.
    const ajv = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false });
    const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
    expect(validate({ version: '2.1.0', runs: [{ results: [] }] })).toBe(false); // the validator does reject
    const ok = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('carries every finding, rules with help and help URIs, and fixes for the fixable ones', () => {
    const [run] = log.runs;
    expect(run!.results).toHaveLength(total);
    for (const rule of run!.tool.driver.rules.filter((r) => r.id !== 'parse-error')) {
      expect(rule.helpUri).toMatch(/RULES\.md#/);
      expect(rule.help?.text.length).toBeGreaterThan(20);
    }
    for (const [i, result] of run!.results.entries()) {
      expect(run!.tool.driver.rules[result.ruleIndex]!.id).toBe(result.ruleId);
      // A fixable finding carries its fix, or names the earlier result of its file that carries the same rewrite.
      const fixable = result.properties.fixClass === 'safe' || result.properties.fixClass === 'unsafe';
      const named = result.properties.fixedWith;
      expect(Boolean(result.fixes) || named !== undefined).toBe(fixable);
      if (named !== undefined) {
        expect(named).toBeLessThan(i);
        expect(run!.results[named]!.fixes).toBeDefined();
        expect(run!.results[named]!.locations[0]!.physicalLocation.artifactLocation.uri).toBe(result.locations[0]!.physicalLocation.artifactLocation.uri);
      }
    }
    // Rewrites shared by several findings are written once (a base URL and the calls that move with it).
    expect(run!.results.filter((r) => r.properties.fixedWith !== undefined).length).toBeGreaterThan(0);
  });
});

describe('json', () => {
  it('writes a rewrite that many findings share once: the others name the finding that carries it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'v4m-fixonce-'));
    temps.push(dir);
    writeFileSync(path.join(dir, 'package.json'), '{"name":"fixonce","private":true}');
    const calls = Array.from({ length: 400 }, (_, i) => `export const builds${i} = (id) => fetch(API + '/projects/' + id + '/builds?page=${i + 1}');`);
    const source = ["const API = 'https://gitlab.example.com/api/v3';", ...calls, ''].join('\n');
    writeFileSync(path.join(dir, 'x.js'), source);
    const out = cli(['-f', 'json', '--exit-zero', 'x.js'], dir).stdout;
    const [result] = JSON.parse(out) as { messages: { fixClass: string; fix?: { range: [number, number]; text: string }; fixedWith?: number }[] }[];
    const messages = result!.messages;
    expect(messages).toHaveLength(401);
    const carriers = messages.filter((m) => m.fix);
    expect(carriers).toHaveLength(1);
    // The one fix moves the base and every call with it.
    expect(carriers[0]!.fix!.text.match(/'\/job/g)).toHaveLength(400);
    for (const m of messages.filter((m) => !m.fix)) expect(messages[m.fixedWith!]).toBe(carriers[0]);
    // Linear in the file: written per finding, the rewrite would take 400 × the file.
    expect(out.length).toBeLessThan(20 * source.length);
  });
});

describe('github', () => {
  it('prints one workflow command per finding, in the runner syntax', () => {
    const lines = cli(['-f', 'github', 'fixtures/clients']).stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(total);
    const syntax = /^::(error|warning|notice) file=([^,:]+),line=(\d+),col=(\d+),endLine=(\d+),endColumn=(\d+),title=([^,:]+)::(.+)$/;
    for (const line of lines) expect(line).toMatch(syntax);
    expect(lines.some((l) => l.startsWith('::error file=fixtures/clients/axios-service/input.js,line=7,col=12,'))).toBe(true);
  });
});

describe('gitlab', () => {
  type Issue = { check_name: string; description: string; severity: string; fingerprint: string; location: { path: string; lines: { begin: number } } };

  it('gives every issue the fields Code Quality reads, with unique fingerprints', () => {
    const issues = JSON.parse(cli(['-f', 'gitlab', 'fixtures/clients']).stdout) as Issue[];
    expect(issues).toHaveLength(total);
    for (const i of issues) {
      expect(['info', 'minor', 'major', 'critical', 'blocker']).toContain(i.severity);
      expect(i.location.path).not.toMatch(/^\//);
      expect(i.location.lines.begin).toBeGreaterThan(0);
      expect(i.description.length).toBeGreaterThan(0);
    }
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
  });

  it('keeps fingerprints when lines move', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'v4m-gl-'));
    temps.push(dir);
    cpSync(path.join(repo, 'fixtures/clients/fetch-helpers'), dir, { recursive: true });
    const before = (JSON.parse(cli(['-f', 'gitlab', 'input.js'], dir).stdout) as Issue[]).map((i) => i.fingerprint);
    const file = path.join(dir, 'input.js');
    writeFileSync(file, '// a new header comment\n\n' + readFileSync(file, 'utf8'));
    const after = JSON.parse(cli(['-f', 'gitlab', 'input.js'], dir).stdout) as Issue[];
    expect(after.map((i) => i.fingerprint)).toEqual(before);
    expect(after[0]!.location.lines.begin).toBe(4);
  });
});

describe('json-lines', () => {
  it('is one parseable object per finding', () => {
    const lines = cli(['-f', 'json-lines', 'fixtures/clients']).stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(total);
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(first)).toEqual(['filePath', 'line', 'column', 'endLine', 'endColumn', 'ruleId', 'changes', 'severity', 'fixClass', 'message']);
  });
});
