// `v4-migrate inventory`: through the spawned CLI, its JSON checked against the shipped schema and its
// CSV read back by a real CSV parser.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LintResult } from '../src/results.js';
import { EVIDENCE_KINDS } from '../src/match/evidence.js';
import { CLIENT_NAMES } from '../src/callsites/clients.js';
import { ROUTE_MEMBER_BASES } from '../src/callsites/resource-bases.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'dist/src/cli/main.js');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function cli(args: string[], cwd = repo) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Write files (relative path → text) under a new temporary directory. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'v4m-inv-'));
  temps.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

interface Call {
  file: string;
  line: number;
  column: number;
  method: string | null;
  path: string;
  params: string[];
  client: string;
  version: string | null;
  versionFrom: string | null;
  service: boolean;
  status: string;
  rules: string[];
  changes: string[];
  evidence: Evidence;
  generated?: { by: string; source?: string; line?: number; column?: number };
  testDouble?: true;
}
interface Evidence {
  service: string;
  version: string | null;
  v3Rules: boolean;
  reasons: { kind: string; says: string; weight: number; text: string; file?: string; line?: number; column?: number }[];
}
interface InventoryJson {
  calls: Call[];
  summary: { calls: number; status: Record<string, number>; endpoints: number; files: number };
}

const schema = JSON.parse(readFileSync(path.join(repo, 'schema/v4-migrate.inventory.schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

function inventoryJson(args: string[], cwd = repo): InventoryJson {
  const r = cli(['inventory', '--format', 'json', ...args], cwd);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as InventoryJson;
}

describe('v4-migrate inventory', () => {
  let all: ReturnType<typeof cli>;
  let inv: InventoryJson;
  beforeAll(() => {
    all = cli(['inventory', '--format', 'json', 'fixtures']);
    inv = JSON.parse(all.stdout) as InventoryJson;
  });

  it('writes JSON that the shipped schema accepts (and the schema rejects what it should)', () => {
    expect(all.code).toBe(0);
    expect(validate(inv), JSON.stringify(validate.errors)).toBe(true);
    expect(inv.calls.length).toBeGreaterThan(100);
    const broken = structuredClone(inv);
    broken.calls[0]!.status = 'v5';
    expect(validate(broken)).toBe(false);
    const extra = structuredClone(inv) as unknown as { calls: Record<string, unknown>[] };
    extra.calls[0]!.severity = 2;
    expect(validate(extra)).toBe(false);
    // Every kind of evidence the decision weighs, and no other, is a kind the schema names.
    expect(schema.definitions.evidence.properties.reasons.items.properties.kind.enum).toEqual(EVIDENCE_KINDS.map((k) => k.kind));
    // So is every client of the client table, and the kinds of call that are no client's.
    const clients = schema.definitions.call.properties.client.enum as string[];
    expect(new Set(clients)).toEqual(new Set([...CLIENT_NAMES, ...ROUTE_MEMBER_BASES.map((row) => row.client)]));
  });

  it('says on stderr which files it could not list, and still lists the rest', () => {
    expect(all.stderr).toBe('v4-migrate: fixtures/edge/parse-error/input.js: calls not listed: Parsing error: Unexpected token, expected ",". Fix the syntax (or exclude the file) so the API calls in it can be checked\n');
  });

  it('lists every call the fixtures\' findings are about, with the rules that fire on it', () => {
    const lint = cli(['--format', 'json', 'fixtures']);
    const results = JSON.parse(lint.stdout) as LintResult[];
    let checked = 0;
    for (const result of results) {
      const file = path.relative(repo, result.filePath);
      for (const m of result.messages) {
        if (!m.request) continue;
        const matches = inv.calls.filter((c) => c.file === file && c.method === (m.request!.method ?? null) && c.path === m.request!.path && c.client === m.request!.client && c.rules.includes(m.ruleId));
        expect(matches.length, `${file}:${m.line} ${m.ruleId} ${JSON.stringify(m.request)}`).toBeGreaterThan(0);
        expect(matches.every((c) => c.service && c.changes.includes(m.changes[0]!))).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    // And nothing is listed with a rule that no finding carries.
    const fired = new Set(results.flatMap((r) => r.messages.map((m) => `${path.relative(repo, r.filePath)} ${m.ruleId}`)));
    for (const c of inv.calls) for (const rule of c.rules) expect(fired.has(`${c.file} ${rule}`), `${c.file} ${rule}`).toBe(true);
  });

  it('shows the calls of the migrated client as v4, exactly as written there', () => {
    const calls = inv.calls.filter((c) => c.file === 'fixtures/negative/v4-client/input.js');
    // Read off fixtures/negative/v4-client/input.js: one base URL and eleven calls.
    expect(calls.map((c) => `${c.method ?? '-'} ${c.path} ${c.client}`).sort()).toEqual([
      '- / url',
      'GET /projects axios',
      'GET /projects axios',
      'GET /projects/*/jobs axios',
      'GET /projects/*/repository/files/*/raw axios',
      'GET /templates/licenses fetch',
      'POST /projects/*/fork axios',
      'POST /projects/*/issues/*/unsubscribe axios',
      'POST /projects/*/jobs/*/retry axios',
      'POST /projects/*/repository/branches axios',
      'POST /projects/*/unstar axios',
      'POST /todos/*/mark_as_done axios',
    ]);
    expect(calls.every((c) => c.status === 'v4' && c.version === 'v4' && c.service && c.rules.length === 0)).toBe(true);
    expect(calls.find((c) => c.path === '/projects/*/jobs')).toEqual({
      file: 'fixtures/negative/v4-client/input.js',
      line: 9,
      column: 37,
      method: 'GET',
      path: '/projects/*/jobs',
      params: ['scope'],
      client: 'axios',
      version: 'v4',
      versionFrom: 'base',
      service: true,
      status: 'v4',
      rules: [],
      changes: [],
      // Read off the file: the header and the base are the instance's (line 5), the route is v4's.
      evidence: {
        service: 'service',
        version: 'v4',
        v3Rules: true,
        reasons: [
          { kind: 'token-header', says: 'service', weight: 80, text: 'PRIVATE-TOKEN header', file: 'fixtures/negative/v4-client/input.js', line: 9, column: 37 },
          { kind: 'specific-route', says: 'service', weight: 40, text: "route /projects/*/jobs is the service's alone", file: 'fixtures/negative/v4-client/input.js', line: 9, column: 37 },
          { kind: 'package-service', says: 'service', weight: 30, text: 'package shows the service: PRIVATE-TOKEN header', file: 'fixtures/negative/v4-client/input.js', line: 5, column: 12 },
          { kind: 'base-version', says: 'v4', weight: 25, text: 'client base URL /api/v4', file: 'fixtures/negative/v4-client/input.js', line: 9, column: 37 },
          { kind: 'v4-route-gap', says: 'v4', weight: 20, text: 'a v4 call: v3 rules judge only routes v4 does not have' },
        ],
      },
    });
    expect(calls.find((c) => c.path === '/templates/licenses')?.versionFrom).toBe('url');
  });

  it('marks v3 calls v3, with where their version comes from', () => {
    const fork = inv.calls.find((c) => c.file === 'fixtures/clients/axios-service/input.js' && c.path === '/projects/fork/*')!;
    expect(fork).toMatchObject({ method: 'POST', client: 'axios', version: 'v3', versionFrom: 'base', status: 'v3', rules: ['fork-path'], changes: ['R90-FORK'], params: ['namespace'] });
    // A relative path in a package whose base is v3 elsewhere.
    const coffee = inv.calls.find((c) => c.file === 'fixtures/clients/coffee-sdk/input.js' && c.path === '/projects/*/builds')!;
    expect(coffee).toMatchObject({ client: 'wrapper', version: 'v3', versionFrom: 'package', status: 'v3', rules: ['builds-endpoint'] });
    // A path sent through the SDK's own request method, whose URL starts with the v3 base.
    const sdk = inv.calls.find((c) => c.file === 'fixtures/clients/ts-sdk/input.ts' && c.path === '/projects/*/builds')!;
    expect(sdk).toMatchObject({ client: 'wrapper', version: 'v3', versionFrom: 'url', status: 'v3', rules: ['builds-endpoint'] });
    // A v3 call to a route v4 also has, with no finding of its own (the prefix is in its client's base).
    const tree = inv.calls.find((c) => c.file === 'fixtures/clients/coffee-sdk/input.js' && c.path === '/projects/*/repository/tree')!;
    expect(tree).toMatchObject({ status: 'v3', rules: [] });
  });

  it('leaves other hosts\' calls out, and lists them as other with --all', () => {
    expect(inv.calls.filter((c) => c.file.startsWith('fixtures/negative/other-hosts/'))).toEqual([]);
    const withAll = inventoryJson(['--all', 'fixtures/negative/other-hosts']);
    expect(validate(withAll)).toBe(true);
    expect(withAll.calls.map((c) => `${c.method ?? '-'} ${c.path}`).sort()).toEqual(['- /', 'GET /repos/*/*/issues', 'GET /user', 'GET /projects/*/deploys', 'POST /projects/*/notices'].sort());
    expect(withAll.calls.every((c) => c.status === 'other' && !c.service && c.rules.length === 0)).toBe(true);
    expect(withAll.summary).toEqual({ calls: 5, status: { v3: 0, v4: 0, 'unknown route': 0, other: 5 }, endpoints: 5, files: 1 });
  });

  it('reports a URL of the service that neither route table knows as an unknown route', () => {
    const dir = tree({
      'package.json': '{"name":"x"}',
      'client.js': [
        "const host = 'https://gitlab.example.com';",
        'export const frob = () => fetch(`${host}/api/v4/frobnicate`);',
        "export const notices = (id) => fetch(`${host}/api/v3/projects/${id}/notices`, { method: 'POST' });",
        'export const jobs = (id) => fetch(`${host}/api/v4/projects/${id}/jobs`);',
        '',
      ].join('\n'),
    });
    const out = inventoryJson(['.'], dir);
    expect(out.calls.map((c) => [c.method, c.path, c.status, c.version])).toEqual([
      ['GET', '/frobnicate', 'unknown route', 'v4'],
      ['GET', '/projects/*/jobs', 'v4', 'v4'],
      ['POST', '/projects/*/notices', 'unknown route', 'v3'],
    ]);
    expect(out.summary).toEqual({ calls: 3, status: { v3: 0, v4: 1, 'unknown route': 2, other: 0 }, endpoints: 3, files: 1 });
  });

  it('prints an aligned table sorted by route template, with a summary', () => {
    const r = cli(['inventory', 'fixtures/negative/v4-client']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const header = lines[0]!;
    expect(header).toMatch(/^METHOD +PATH +STATUS +CLIENT +LOCATION +RULES$/);
    const rows = lines.slice(1, lines.indexOf(''));
    expect(rows).toHaveLength(12);
    const pathAt = header.indexOf('PATH');
    const statusAt = header.indexOf('STATUS');
    const locationAt = header.indexOf('LOCATION');
    const paths = rows.map((row) => row.slice(pathAt, statusAt).trim());
    expect(paths).toEqual([...paths].sort());
    for (const row of rows) {
      expect(row.slice(statusAt).startsWith('v4 ')).toBe(true);
      expect(row.slice(locationAt)).toMatch(/^fixtures\/negative\/v4-client\/input\.js:\d+:\d+$/);
    }
    expect(rows[paths.indexOf('/projects/*/jobs')]).toMatch(/^GET +\/projects\/\*\/jobs +v4 +axios +fixtures\/negative\/v4-client\/input\.js:9:37$/);
    expect(lines.slice(lines.indexOf('') + 1)).toEqual(['12 calls: 0 v3, 12 v4, 0 unknown route', '11 endpoints in 1 file', '']);
  });

  it('shows where generated calls come from (table and JSON)', () => {
    const table = cli(['inventory', 'fixtures/edge/generated-coffee']).stdout;
    expect(table).toMatch(/^GET +\/projects\/\*\/builds +v3 +axios +fixtures\/edge\/generated-coffee\/input\.js:18:20 \(generated from fixtures\/edge\/generated-coffee\/input\.coffee:11:11\) +builds-endpoint$/m);
    const builds = inv.calls.find((c) => c.file === 'fixtures/edge/generated-coffee/input.js' && c.path === '/projects/*/builds')!;
    expect(builds.generated).toEqual({ by: 'source-map', source: 'fixtures/edge/generated-coffee/input.coffee', line: 11, column: 11 });
  });

  it('writes CSV (RFC 4180) that a CSV parser reads back as the JSON says', () => {
    const r = cli(['inventory', '--format', 'csv', 'fixtures']);
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith('\r\n')).toBe(true);
    // csv-parse refuses unbalanced quotes and rows whose field count differs from the header.
    const rows = parse(r.stdout, { columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
    expect(rows).toHaveLength(inv.calls.length);
    rows.forEach(({ evidence, ...row }, i) => {
      const c = inv.calls[i]!;
      // The evidence column: the decision, then each reason of the JSON in its order.
      expect(evidence!.startsWith(c.evidence.service === 'service' ? `service${c.evidence.version ? ` ${c.evidence.version}` : ''}` : c.evidence.service), evidence).toBe(true);
      let at = 0;
      for (const r of c.evidence.reasons) {
        const found = evidence!.indexOf(r.text, at);
        expect(found, `${r.text} in ${evidence}`).toBeGreaterThan(at - 1);
        at = found + r.text.length;
      }
      expect(row).toEqual({
        file: c.file,
        line: String(c.line),
        column: String(c.column),
        method: c.method ?? (c.client === 'url' ? '-' : 'unknown'),
        path: c.path,
        params: c.params.join(' '),
        client: c.client,
        version: c.version ?? '',
        version_from: c.versionFrom ?? '',
        service: String(c.service),
        status: c.status,
        rules: c.rules.join(' '),
        changes: c.changes.join(' '),
        generated_by: c.generated?.by ?? '',
        source: c.generated?.source ?? '',
        source_line: c.generated?.line === undefined ? '' : String(c.generated.line),
        source_column: c.generated?.column === undefined ? '' : String(c.generated.column),
        test_double: c.testDouble ? 'true' : '',
      });
    });
  });

  it('quotes CSV fields with commas and quotes, and shows line breaks as escapes (a CSV printed to a CI log starts no line of its own)', () => {
    const dir = tree({
      'package.json': '{"name":"x"}',
      'a,b "c".js': "export const get = () => fetch('https://gitlab.example.com/api/v4/projects?x%0Ay=1&p,q=2');\n",
    });
    const r = cli(['inventory', '-f', 'csv', '.'], dir);
    expect(r.stdout).toContain('"a,b ""c"".js"');
    const rows = parse(r.stdout, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([expect.objectContaining({ file: 'a,b "c".js', method: 'GET', path: '/projects', params: 'x\\u000Ay p,q', status: 'v4' })]);
  });

  it('-o writes the inventory to a file', () => {
    const dir = tree({ 'package.json': '{"name":"x"}', 'a.js': "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n" });
    const r = cli(['inventory', '-f', 'json', '-o', 'inventory.json', '.'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const written = JSON.parse(readFileSync(path.join(dir, 'inventory.json'), 'utf8')) as InventoryJson;
    expect(written.calls.map((c) => [c.file, c.method, c.path, c.status, c.rules])).toEqual([['a.js', 'GET', '/projects/*/builds', 'v3', ['api-prefix', 'builds-endpoint']]]);
  });

  it('refuses lint flags and other formats with one line and exit code 2', () => {
    for (const [args, message] of [
      [['inventory', '--fix', 'fixtures'], 'v4-migrate: --fix does not apply to inventory, which lists calls and changes nothing; run v4-migrate without "inventory" for it\n'],
      [['inventory', '-f', 'sarif', 'fixtures'], 'v4-migrate: --format sarif: use one of table, json, csv. Run v4-migrate --help for usage.\n'],
      [['--format', 'csv', 'fixtures'], /^v4-migrate: --format csv: use one of stylish, json, [a-z, -]+\. Run v4-migrate --help for usage\.\n$/],
      [['inventory', 'no/such/dir'], 'v4-migrate: no such file or directory: no/such/dir. Check the path, or run v4-migrate from the project root\n'],
    ] as const) {
      const r = cli([...args]);
      if (typeof message === 'string') expect(r.stderr, args.join(' ')).toBe(message);
      else expect(r.stderr).toMatch(message);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
    }
  });
});
