// The command line through its real interface: a spawned process, its stdout, stderr and exit code.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findingsFile, fixtureCases, findingsOf, renderFindings } from './support/fixtures.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'dist/src/cli/main.js');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function cli(args: string[], cwd = repo) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function tempCopy(from: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'v4m-'));
  temps.push(dir);
  cpSync(from, dir, { recursive: true });
  return dir;
}

describe('v4-migrate CLI', () => {
  it('reports every fixture finding in JSON, exactly as findings.json says', () => {
    const r = cli(['--format', 'json', 'fixtures']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const results = JSON.parse(r.stdout) as { filePath: string; messages: never[] }[];
    const cases = fixtureCases();
    // Every file linted is a fixture input or one of its context files, and nothing else is reported.
    // A package.json is reported when it has findings of its own (manifest rules: package.findings.json).
    const filesOf = (c: (typeof cases)[number]) => [c.input, ...c.context, ...(c.manifest ? [c.manifest] : [])];
    const expectedFiles = cases.flatMap(filesOf).sort();
    expect(results.map((x) => x.filePath).sort()).toEqual(expectedFiles);
    expect(cases.some((c) => c.manifest)).toBe(true);
    for (const c of cases) {
      for (const file of filesOf(c)) {
        const result = results.find((x) => x.filePath === file)!;
        expect(renderFindings(findingsOf(result as never)), file).toBe(readFileSync(findingsFile(c, file), 'utf8'));
      }
    }
  });

  it('exits 0 on code without v3 calls', () => {
    const r = cli(['fixtures/negative']);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(0);
  });

  it('prints stylish output with rule ids, change ids and a summary', () => {
    const r = cli(['fixtures/clients/fetch-helpers']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/projects-all-path/);
    expect(r.stdout).toMatch(/R90-PROJECTS-ALL/);
    expect(r.stdout).toMatch(/\d+ problems? \(\d+ errors?, \d+ warnings?\)/);
  });

  it('--fix rewrites files to the expected output, and a second run changes nothing', () => {
    const dir = tempCopy(path.join(repo, 'fixtures'));
    const r = cli(['--fix', dir]);
    expect(r.code === 0 || r.code === 1).toBe(true);
    const inputs = fixtureCases().map((c) => ({ c, copy: path.join(dir, path.relative(path.join(repo, 'fixtures'), c.input)) }));
    for (const { c, copy } of inputs) {
      const want = existsSync(c.expected) ? readFileSync(c.expected, 'utf8') : readFileSync(c.input, 'utf8');
      expect(readFileSync(copy, 'utf8'), c.name).toBe(want);
    }
    const before = inputs.map(({ copy }) => readFileSync(copy, 'utf8'));
    cli(['--fix', dir]);
    expect(inputs.map(({ copy }) => readFileSync(copy, 'utf8'))).toEqual(before);
  });

  it('says where a base URL set outside the code must move: on each finding, and in the --fix summary', () => {
    const fixture = path.join(repo, 'fixtures/clients/outside-base');
    const report = JSON.parse(cli(['--format', 'json', fixture]).stdout) as { messages: { message: string }[] }[];
    const messages = report.flatMap((r) => r.messages.map((m) => m.message));
    expect(messages).toHaveLength(3);
    for (const m of messages) expect(m).toMatch(/\(its base URL is set outside this code: point it at `\/api\/v4` when this fix is applied\)$/);
    const dir = tempCopy(fixture);
    const fixed = cli(['--fix', dir]);
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toBe('\n3 findings fixed in 1 file\n  3 of them are on calls whose base URL is set outside the code: point it at `/api/v4` too\n');
    // A base written in the code moves with the fixes: no such note.
    const written = cli(['--fix', tempCopy(path.join(repo, 'fixtures/clients/axios-service'))]);
    expect(written.stdout).toMatch(/findings? fixed in 1 file\n/);
    expect(written.stdout).not.toContain('outside the code');
  });

  it('--diff prints a unified diff, writes nothing, and exits 1', () => {
    const dir = tempCopy(path.join(repo, 'fixtures/clients/fetch-helpers'));
    const input = readdirSync(dir).find((f) => f.startsWith('input.'))!;
    const before = readFileSync(path.join(dir, input), 'utf8');
    const r = cli(['--diff', path.join(dir, input)]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^--- a\//m);
    expect(r.stdout).toMatch(/^\+\+\+ b\//m);
    expect(r.stdout).toMatch(/^-.*\/api\/v3/m);
    expect(r.stdout).toMatch(/^\+.*\/api\/v4/m);
    expect(readFileSync(path.join(dir, input), 'utf8')).toBe(before);
  });

  it('lists the catalogue as JSON', () => {
    const r = cli(['rules', '--format', 'json']);
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as { id: string; changes: string[]; release: string; fix: string; summary: string }[];
    const builds = list.find((x) => x.id === 'builds-endpoint');
    expect(builds).toMatchObject({ changes: ['R90-JOBS'], release: '9.0', fix: 'safe' });
    expect(typeof builds!.summary).toBe('string');
  });

  it('explains a rule, and names close matches for a typo', () => {
    const r = cli(['explain', 'star-delete']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/R90-UNSTAR/);
    const bad = cli(['explain', 'star-delet']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/star-delete/);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('gives one line and exit 2 for a missing path or an unknown flag', () => {
    const missing = cli(['no/such/dir']);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/no\/such\/dir/);
    const flag = cli(['--no-such-flag', 'fixtures']);
    expect(flag.code).toBe(2);
    expect(flag.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('lints standard input, and with --fix prints the fixed text', () => {
    const code = "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n";
    const lint = spawnSync(process.execPath, [bin, '--stdin', '--stdin-filename', 'src/client.js', '--format', 'json'], { cwd: repo, input: code, encoding: 'utf8' });
    expect(lint.status).toBe(1);
    const [result] = JSON.parse(lint.stdout) as { filePath: string; messages: { ruleId: string }[] }[];
    expect(result!.filePath).toBe(path.join(repo, 'src/client.js'));
    expect(result!.messages.map((m) => m.ruleId)).toEqual(['api-prefix', 'builds-endpoint']);
    const fix = spawnSync(process.execPath, [bin, '--stdin', '--fix'], { cwd: repo, input: code, encoding: 'utf8' });
    expect(fix.stdout).toBe("fetch('https://gitlab.example.com/api/v4/projects/' + id + '/jobs');\n");
    expect(fix.status).toBe(0);
  });

  it('never prints a token found in code, in any format', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'v4m-token-'));
    temps.push(dir);
    const token = 'glpat-Zq81NdkW0cVx4TbL7sPa';
    writeFileSync(path.join(dir, 'client.js'), `fetch('https://gitlab.example.com/api/v3/user', { headers: { 'PRIVATE-TOKEN': '${token}' } });\n`);
    for (const format of ['stylish', 'json']) {
      const r = cli(['--format', format, dir]);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/token-literal/);
      expect(r.stdout).not.toContain(token);
      expect(r.stdout).not.toContain('Zq81NdkW');
    }
  });

  it('reports a file that does not parse as one finding and goes on', () => {
    const r = cli(['--format', 'json', 'fixtures/edge']);
    const results = JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string }[] }[];
    const broken = results.filter((x) => x.messages.some((m) => m.ruleId === 'parse-error'));
    expect(broken).toHaveLength(1);
    expect(results.some((x) => x.messages.some((m) => m.ruleId !== 'parse-error'))).toBe(true);
  });
});
