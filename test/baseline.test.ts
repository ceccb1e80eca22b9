// The baseline through the real CLI process: --suppress-all, later runs, stale entries, --prune-baseline.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

interface Entry {
  fingerprint: string;
  rule: string;
  method: string | null;
  path: string | null;
  file: string;
  count: number;
}

const BASE = "const api = require('axios').create({ baseURL: 'https://gitlab.example.com/api/v3' });";
const BUILDS = 'exports.builds = (id) => api.get(`/projects/${id}/builds`);';
const KEYS = 'exports.keys = (id) => api.get(`/projects/${id}/keys`);';
const ERASE = 'exports.erase = (id, b) => api.post(`/projects/${id}/builds/${b}/erase`);';

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'v4m-baseline-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "client" }');
  write(dir, files);
  return dir;
}

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

function cli(dir: string, args: string[]) {
  const r = spawnSync(process.execPath, [bin, '-f', 'json', ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const results = (r.stdout.startsWith('[') ? JSON.parse(r.stdout) : []) as { filePath: string; messages: { line: number; ruleId: string }[]; suppressedMessages: { line: number; ruleId: string; suppressions: { kind: string }[] }[] }[];
  return {
    code: r.status,
    stderr: r.stderr,
    found: results.flatMap((f) => f.messages.map((m) => `${path.relative(dir, f.filePath)}:${m.line}:${m.ruleId}`)),
    baselined: results.flatMap((f) => f.suppressedMessages.filter((m) => m.suppressions.some((s) => s.kind === 'baseline')).map((m) => `${path.relative(dir, f.filePath)}:${m.line}:${m.ruleId}`)),
  };
}

function entries(file: string): Entry[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: number; entries: Entry[] }).entries;
}

const view = (e: Entry) => `${e.file} ${e.rule} ${e.method ?? '-'} ${e.path ?? '-'} ×${e.count}`;

describe('baseline', { timeout: 90_000 }, () => {
  it('--suppress-all records every finding; later runs report nothing, and JSON lists them as suppressed', () => {
    const dir = project({ 'src/api.js': [BASE, BUILDS, KEYS, ''].join('\n') });
    const r = cli(dir, ['--suppress-all']);
    expect(r.stderr).toBe('v4-migrate: v4-migrate-baseline.json: 3 findings recorded in 3 entries; later runs report only new ones\n');
    expect(r.code).toBe(0);
    expect(r.found).toEqual([]);
    const file = path.join(dir, 'v4-migrate-baseline.json');
    expect(entries(file).map(view)).toEqual([
      'src/api.js api-prefix - / ×1',
      'src/api.js builds-endpoint GET /projects/*/builds ×1',
      'src/api.js project-keys-endpoint GET /projects/*/keys ×1',
    ]);
    expect(entries(file).every((e) => /^[0-9a-f]{32}$/.test(e.fingerprint))).toBe(true);
    const later = cli(dir, []);
    expect(later).toEqual({ code: 0, stderr: '', found: [], baselined: ['src/api.js:1:api-prefix', 'src/api.js:2:builds-endpoint', 'src/api.js:3:project-keys-endpoint'] });
  });

  it('entries survive edits above the call and line moves; a new v3 call and a second identical one are reported', () => {
    const dir = project({ 'src/api.js': [BASE, BUILDS, KEYS, ''].join('\n') });
    cli(dir, ['--suppress-all']);
    // Lines added above, the calls swapped, a new kind of call and a second identical builds call.
    write(dir, { 'src/api.js': ['// The client.', '', BASE, '', KEYS, '/* moved */', BUILDS, ERASE, BUILDS.replace('builds =', 'builds2 ='), ''].join('\n') });
    const r = cli(dir, []);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    // Two builds-endpoint GETs in the file, one recorded: the later one is new.
    expect(r.found).toEqual(['src/api.js:8:builds-endpoint', 'src/api.js:9:builds-endpoint']);
    expect(r.baselined).toEqual(['src/api.js:3:api-prefix', 'src/api.js:5:project-keys-endpoint', 'src/api.js:7:builds-endpoint']);
  });

  it('a fixed call leaves a stale entry, reported on stderr; --prune-baseline removes it', () => {
    const dir = project({ 'src/api.js': [BASE, BUILDS, KEYS, KEYS.replace('keys =', 'keys2 ='), ''].join('\n') });
    cli(dir, ['--suppress-all']);
    const file = path.join(dir, 'v4-migrate-baseline.json');
    expect(entries(file).map(view)).toContain('src/api.js project-keys-endpoint GET /projects/*/keys ×2');
    write(dir, { 'src/api.js': [BASE, BUILDS.replace('/builds', '/jobs'), KEYS.replace('/keys', '/deploy_keys'), KEYS.replace('keys =', 'keys2 ='), ''].join('\n') });
    const r = cli(dir, []);
    expect(r.code).toBe(0);
    expect(r.found).toEqual([]);
    expect(r.stderr).toBe('v4-migrate: 2 baseline entries no longer match: run with --prune-baseline to remove them from v4-migrate-baseline.json\n');
    const before = readFileSync(file, 'utf8');
    const pruned = cli(dir, ['--prune-baseline']);
    expect(pruned.stderr).toBe('v4-migrate: v4-migrate-baseline.json: 2 stale entries pruned\n');
    expect(pruned.code).toBe(0);
    expect(before).not.toBe(readFileSync(file, 'utf8'));
    expect(entries(file).map(view)).toEqual(['src/api.js api-prefix - / ×1', 'src/api.js project-keys-endpoint GET /projects/*/keys ×1']);
    expect(cli(dir, [])).toEqual({ code: 0, stderr: '', found: [], baselined: ['src/api.js:1:api-prefix', 'src/api.js:4:project-keys-endpoint'] });
  });

  it('only files and rules the run covered can be stale or replaced; a deleted file is stale', () => {
    const dir = project({ 'src/a.js': [BASE, BUILDS, ''].join('\n'), 'src/b.js': [BASE, KEYS, ''].join('\n'), 'src/c.js': [BASE, ERASE, ''].join('\n') });
    cli(dir, ['--suppress-all']);
    const file = path.join(dir, 'v4-migrate-baseline.json');
    expect(entries(file)).toHaveLength(6);
    // Linting one file, or one rule, says nothing about the others' entries.
    expect(cli(dir, ['src/a.js']).stderr).toBe('');
    expect(cli(dir, ['--rule', 'api-prefix']).stderr).toBe('');
    rmSync(path.join(dir, 'src/c.js'));
    expect(cli(dir, ['src/a.js']).stderr).toBe('v4-migrate: 2 baseline entries no longer match: run with --prune-baseline to remove them from v4-migrate-baseline.json\n');
    // --suppress-all on part of the tree replaces that part only, and replaces it whole.
    write(dir, { 'src/a.js': [BASE, KEYS, ''].join('\n') });
    cli(dir, ['--suppress-all', 'src/a.js']);
    expect(entries(file).map(view)).toEqual([
      'src/a.js api-prefix - / ×1',
      'src/a.js project-keys-endpoint GET /projects/*/keys ×1',
      'src/b.js api-prefix - / ×1',
      'src/b.js project-keys-endpoint GET /projects/*/keys ×1',
    ]);
  });

  it('--baseline picks another file (relative paths from its own directory); --no-baseline shows everything', () => {
    const dir = project({ 'src/api.js': [BASE, BUILDS, ''].join('\n') });
    const r = cli(path.join(dir, 'src'), ['--suppress-all', '--baseline', '../config/baseline.json', '.']);
    expect(r.stderr).toBe('v4-migrate: ../config/baseline.json: 2 findings recorded in 2 entries; later runs report only new ones\n');
    expect(existsSync(path.join(dir, 'v4-migrate-baseline.json'))).toBe(false);
    expect(entries(path.join(dir, 'config/baseline.json')).map((e) => e.file)).toEqual(['../src/api.js', '../src/api.js']);
    expect(cli(dir, ['--baseline', 'config/baseline.json']).found).toEqual([]);
    // Not found automatically (it is not in the current directory), and not at all with --no-baseline.
    expect(cli(dir, []).found).toEqual(['src/api.js:1:api-prefix', 'src/api.js:2:builds-endpoint']);
    cli(dir, ['--suppress-all']);
    expect(cli(dir, []).found).toEqual([]);
    expect(cli(dir, ['--no-baseline']).found).toEqual(['src/api.js:1:api-prefix', 'src/api.js:2:builds-endpoint']);
  });

  it('a token finding is keyed by its masked line, and the baseline never holds the token', () => {
    const token = 'glpat-Zq81NdkW0cVx4TbL7sPa';
    const dir = project({ 'src/api.js': [BASE, `const headers = { 'PRIVATE-TOKEN': '${token}' };`, ''].join('\n') });
    cli(dir, ['--suppress-all']);
    const file = path.join(dir, 'v4-migrate-baseline.json');
    expect(readFileSync(file, 'utf8')).not.toContain(token);
    expect(entries(file).map(view)).toContain('src/api.js token-literal - - ×1');
    write(dir, { 'src/api.js': ['', BASE, `const headers = { 'PRIVATE-TOKEN': '${token}' };`, `const other = { 'PRIVATE-TOKEN': '${token}' };`, ''].join('\n') });
    expect(cli(dir, []).found).toEqual(['src/api.js:4:token-literal']);
  });

  it('bad uses and a broken baseline are one line on stderr and exit 2', () => {
    const dir = project({ 'src/api.js': [BASE, BUILDS, ''].join('\n') });
    const cases: [string[], RegExp][] = [
      [['--baseline', 'nope.json'], /^v4-migrate: the baseline nope\.json does not exist; create it with --suppress-all\n$/],
      [['--prune-baseline'], /^v4-migrate: the baseline v4-migrate-baseline\.json does not exist; create it with --suppress-all\n$/],
      [['--suppress-all', '--diff'], /^v4-migrate: --suppress-all and --prune-baseline write the baseline; leave out --diff\n$/],
      [['--suppress-all', '--no-baseline'], /^v4-migrate: --no-baseline cannot be combined with --suppress-all or --prune-baseline\n$/],
      [['--baseline', 'a.json', '--no-baseline'], /^v4-migrate: --baseline \(or --no-baseline\) was given more than once; give one\n$/],
    ];
    for (const [args, message] of cases) {
      const r = cli(dir, args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    writeFileSync(path.join(dir, 'v4-migrate-baseline.json'), '{ "entries": [ { "rule": 1 } ] }');
    const broken = cli(dir, []);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^v4-migrate: \/.*v4-migrate-baseline\.json is not a v4-migrate baseline \(.*\); recreate it with --suppress-all\n$/);
  });

  it('--fix with a baseline fixes recorded findings too; what it fixed is stale', () => {
    const dir = project({ 'src/api.js': [BASE, BUILDS, ''].join('\n') });
    cli(dir, ['--suppress-all']);
    const r = cli(dir, ['--fix']);
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(dir, 'src/api.js'), 'utf8')).toBe([BASE.replace('v3', 'v4'), BUILDS.replace('/builds', '/jobs'), ''].join('\n'));
    expect(r.stderr).toBe('v4-migrate: 2 baseline entries no longer match: run with --prune-baseline to remove them from v4-migrate-baseline.json\n');
  });
});
