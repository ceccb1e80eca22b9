// Configuration and rule selection through the real CLI process.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const CLIENT = [
  "const api = require('axios').create({ baseURL: 'https://gitlab.example.com/api/v3' });",
  'exports.members = async (id, uid) => { await api.post(`/projects/${id}/members`, { user_id: uid }); };',
  'exports.issues = async (id) => (await api.get(`/projects/${id}/issues`)).data;',
  'exports.builds = (id) => api.get(`/projects/${id}/builds`);',
  '',
].join('\n');

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'v4m-config-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

function run(dir: string, args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const findings = r.stdout.startsWith('[') ? (JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string; severity: number }[] }[]) : [];
  return { code: r.status, stderr: r.stderr, rules: findings.flatMap((f) => f.messages.map((m) => `${path.relative(dir, f.filePath)}:${m.ruleId}:${m.severity}`)) };
}

describe('configuration', () => {
  it('sets severities, turns rules on and off, ignores paths, and picks the format', () => {
    const dir = project({
      'package.json': '{ "name": "client" }',
      'v4-migrate.config.json': JSON.stringify({ rules: { 'member-add-409': 'off', 'builds-endpoint': 'warn', 'list-without-pagination': 'warn' }, ignorePatterns: ['vendor/**'], format: 'json' }),
      'src/client.js': CLIENT,
      'vendor/old.js': CLIENT,
    });
    const r = run(dir, ['.']);
    expect(r.rules).toEqual(['src/client.js:api-prefix:2', 'src/client.js:list-without-pagination:1', 'src/client.js:builds-endpoint:1', 'src/client.js:list-without-pagination:1']);
    expect(r.code).toBe(1);
  });

  it('reads the "v4-migrate" key of package.json, and --no-config ignores it', () => {
    const dir = project({ 'package.json': JSON.stringify({ name: 'client', 'v4-migrate': { rules: { 'api-prefix': 'off' } } }), 'client.js': CLIENT });
    expect(run(dir, ['-f', 'json', '.']).rules).not.toContain('client.js:api-prefix:2');
    expect(run(dir, ['-f', 'json', '--no-config', '.']).rules).toContain('client.js:api-prefix:2');
  });

  it('applies the nearest configuration to each file', () => {
    const dir = project({
      'package.json': '{ "name": "mono" }',
      'v4-migrate.config.json': '{ "rules": { "builds-endpoint": "off" } }',
      'a/client.js': CLIENT,
      'b/v4-migrate.config.json': '{ "rules": { "member-add-409": "off" } }',
      'b/client.js': CLIENT,
    });
    const rules = run(dir, ['-f', 'json', '.']).rules;
    expect(rules.filter((r) => r.startsWith('a/')).map((r) => r.split(':')[1])).toEqual(['api-prefix', 'member-add-409']);
    expect(rules.filter((r) => r.startsWith('b/')).map((r) => r.split(':')[1])).toEqual(['api-prefix', 'builds-endpoint']);
  });

  it.each([
    ['{ "rulez": {} }', /v4-migrate\.config\.json: unknown key "rulez"; allowed: rules, apiBase, ignorePatterns, unsafeFixes, format/],
    ['{ "rules": { "builds-endpoint": "loud" } }', /"rules\.builds-endpoint" must be one of off, info, warn, error/],
    ['{ "rules": { "bilds-endpoint": "off" } }', /unknown rule "bilds-endpoint"/],
    ['{ "apiBase": "https://git.example.com" }', /"apiBase" must be a array|"apiBase" must be an array/],
    ['{ not json', /is not valid JSON .*--no-config/],
  ])('rejects %s with one line and exit 2', (config, message) => {
    const dir = project({ 'v4-migrate.config.json': config, 'client.js': CLIENT });
    const r = run(dir, ['.']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });

  it('counts URLs under a configured apiBase as the service', () => {
    const code = "fetch('https://git.corp.example/api/v3/projects');\n";
    const plain = project({ 'client.js': code });
    expect(run(plain, ['-f', 'json', '.']).rules).toEqual([]);
    const configured = project({ 'client.js': code, 'v4-migrate.config.json': '{ "apiBase": ["https://git.corp.example/api/v3"] }' });
    expect(run(configured, ['-f', 'json', '.']).rules).toEqual(['client.js:api-prefix:2', 'client.js:projects-list-membership:2']);
  });
});

describe('rule selection', () => {
  it('--rule takes rule ids, change IDs and releases; --ignore-rule removes', () => {
    const dir = project({ 'client.js': CLIENT });
    expect(run(dir, ['-f', 'json', '--rule', 'R90-JOBS', '.']).rules).toEqual(['client.js:builds-endpoint:2']);
    expect(run(dir, ['-f', 'json', '--release', '9.0', '--ignore-rule', 'api-prefix', '--ignore-rule', 'builds-endpoint', '.']).rules).toEqual(['client.js:member-add-409:2']);
    expect(run(dir, ['-f', 'json', '--rule', 'list-without-pagination', '.']).rules).toEqual(['client.js:list-without-pagination:1', 'client.js:list-without-pagination:1']);
  });

  it('names an unknown rule in one line', () => {
    const r = run(project({ 'client.js': CLIENT }), ['--rule', 'bilds-endpoint', '.']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--rule bilds-endpoint: .*did you mean builds-endpoint/);
  });
});
