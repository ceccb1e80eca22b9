// Test doubles of the service (nock interceptors, msw handlers, fetch-mock routes): recognised as the
// requests they stand for, judged by the same rules, fixed with the client, and a category a user can
// turn off (`--no-test-doubles`, `"testDoubles": false`).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyse } from '../src/lint.js';
import { inventory, lintText } from '../src/index.js';
import { segments } from '../src/callsites/url.js';
import type { ApiCall } from '../src/callsites/types.js';
import type { LintMessage } from '../src/results.js';
import { cleanTemps, cli, pkg, repo } from './support/spawn.js';

afterAll(cleanTemps);

const V3 = { version: 'v3' as const, service: true };

/** The requests a file declares or sends (bare URLs left out), as `METHOD /path` with `:` for a value. */
function requests(code: string, filename = 'x.test.js'): string[] {
  const a = analyse(filename, code);
  expect(a.fileError).toBeUndefined();
  return a.calls.filter((c) => c.client !== 'url').map(shown);
}

function shown(c: ApiCall): string {
  const path = segments(c.url).map((s) => (s.dynamic ? ':' : s.text)).join('/');
  return `${c.client} ${c.method ?? '?'} ${c.url.version ?? '-'} /${path}${c.params.length ? ' ' + c.params.map((p) => p.name).join(',') : ''}${c.testDouble ? ' double' : ''}`;
}

function findings(code: string, options: { testDoubles?: boolean; filename?: string } = {}): LintMessage[] {
  return lintText(code, { filename: options.filename ?? 'x.test.js', packageFacts: V3, ...(options.testDoubles === undefined ? {} : { testDoubles: options.testDoubles }) }).messages;
}

function fixed(code: string, options: { testDoubles?: boolean } = {}): string {
  return lintText(code, { filename: 'x.test.js', packageFacts: V3, fix: true, ...options }).output ?? code;
}

describe('test doubles are recognised as the requests they stand for', () => {
  it('nock: a scope and its interceptors, chained after replies, in a name, with intercept()', () => {
    const code = [
      "const nock = require('nock');",
      "nock('https://gitlab.example.com').get('/api/v3/projects/1/builds').reply(200, []).delete('/api/v3/projects/1/star').reply(200);",
      "const scope = nock('https://gitlab.example.com/api/v3/');",
      "scope.intercept('/projects/1/star', 'DELETE').reply(204);",
      "scope.get('/projects/1/repository/tree').query({ ref_name: 'main' }).reply(200, []).post('/projects/1/repository/branches', { branch_name: 'x' }).reply(201);",
      'scope.get(/builds/).reply(200);',
    ].join('\n');
    // A regular expression matches any path: it is no request of a route.
    expect(requests(code).sort()).toEqual([
      'nock DELETE v3 /projects/1/star double',
      'nock DELETE v3 /projects/1/star double',
      'nock GET v3 /projects/1/builds double',
      // `.query()` belongs to its own interceptor, not to the next one after `.reply()`.
      'nock GET v3 /projects/1/repository/tree ref_name double',
      'nock POST v3 /projects/1/repository/branches branch_name double',
    ]);
  });

  it('msw 1 and 2: the method from the handler, `all` any method, graphql no REST call', () => {
    const code = [
      "import { graphql, http, rest } from 'msw';",
      "rest.get('https://gitlab.example.com/api/v3/projects/:id/builds', (req, res, ctx) => res(ctx.json([])));",
      "http.delete('*/api/v3/projects/:id/star', () => null);",
      "http.all('/api/v3/projects/:id/builds/:job/erase', () => null);",
      "graphql.query('Builds', () => null);",
    ].join('\n');
    expect(requests(code, 'handlers.js')).toEqual(['msw GET v3 /projects/:/builds double', 'msw DELETE v3 /projects/:/star double', 'msw ? v3 /projects/:/builds/:/erase double']);
  });

  it('fetch-mock: verbs, mock() with a method option or an options matcher, matcher prefixes, chained routes', () => {
    const code = [
      "import fetchMock from 'fetch-mock';",
      "fetchMock.get('begin:https://gitlab.example.com/api/v3/projects/1/keys', []).delete('https://gitlab.example.com/api/v3/todos/2', 204);",
      "fetchMock.mock('https://gitlab.example.com/api/v3/projects/1/star', 200, { method: 'DELETE' });",
      "fetchMock.mock({ url: 'https://gitlab.example.com/api/v3/projects/fork/1', method: 'POST' }, 201);",
    ].join('\n');
    expect(requests(code).sort()).toEqual([
      'fetch-mock DELETE v3 /projects/1/star double',
      'fetch-mock DELETE v3 /todos/2 double',
      'fetch-mock GET v3 /projects/1/keys double',
      'fetch-mock POST v3 /projects/fork/1 double',
    ]);
  });

  it('is no double without the library: a `rest` or `http` of its own is not msw', () => {
    expect(requests("const rest = makeRest();\nrest.get('https://gitlab.example.com/api/v3/projects/1/builds', handler);").some((r) => r.endsWith('double'))).toBe(false);
  });
});

describe('the same rules judge them, and --fix moves them as it moves the client', () => {
  it('rewrites prefix, path, method and parameters of each double like the call it stands for', () => {
    const code = [
      "const nock = require('nock');",
      "nock('https://gitlab.example.com').delete('/api/v3/projects/1/star').reply(200);",
      "nock('https://gitlab.example.com').intercept('/api/v3/projects/1/star', 'DELETE').reply(200);",
      "nock('https://gitlab.example.com').get('/api/v3/projects/1/repository/tree').query({ ref_name: 'main' }).reply(200, []);",
      "nock('https://gitlab.example.com').get('/api/v3/projects/owned').reply(200, []);",
    ].join('\n');
    expect(fixed(code).split('\n').slice(1)).toEqual([
      "nock('https://gitlab.example.com').post('/api/v4/projects/1/unstar').reply(200);",
      "nock('https://gitlab.example.com').intercept('/api/v4/projects/1/unstar', 'POST').reply(200);",
      "nock('https://gitlab.example.com').get('/api/v4/projects/1/repository/tree').query({ ref: 'main' }).reply(200, []);",
      // nock matches the query string, so the filter goes into the path as in the client's request.
      "nock('https://gitlab.example.com').get('/api/v4/projects?owned=true').reply(200, []);",
    ]);
  });

  it('an msw handler matches the path only: a filter that moves to the query leaves only its path', () => {
    const code = "import { http } from 'msw';\nhttp.get('https://gitlab.example.com/api/v3/projects/owned', () => null);\nhttp.get('https://gitlab.example.com/api/v3/projects', () => null);";
    expect(fixed(code).split('\n').slice(1)).toEqual(["http.get('https://gitlab.example.com/api/v4/projects', () => null);", "http.get('https://gitlab.example.com/api/v4/projects', () => null);"]);
  });

  it('reports the prefix of a scope written with its base once, where the base is written', () => {
    const code = "const nock = require('nock');\nconst s = nock('https://gitlab.example.com/api/v3');\ns.get('/projects/1/builds').reply(200);\ns.get('/projects/2/builds').reply(200);";
    const prefix = findings(code).filter((m) => m.ruleId === 'api-prefix');
    expect(prefix.map((m) => [m.line, m.column])).toEqual([[2, 16]]);
  });

  it('does not judge what a double answers: no 409, 202 or response-field findings on it, but on the client', () => {
    const client = "axios.post(`/api/v3/projects/${id}/members`, { user_id: 1 });\naxios.delete(`/api/v3/projects/${id}`).then((res) => res.status === 200);";
    const doubles = "const nock = require('nock');\nnock('https://gitlab.example.com').post('/api/v3/projects/1/members').reply(409);\nnock('https://gitlab.example.com').delete('/api/v3/projects/1').reply(200);";
    expect(new Set(findings(client, { filename: 'x.js' }).map((m) => m.ruleId))).toEqual(new Set(['api-prefix', 'member-add-409', 'async-delete-status']));
    expect(new Set(findings(doubles).map((m) => m.ruleId))).toEqual(new Set(['api-prefix']));
  });

  it('marks every finding on a double, and only those, and names it in the message', () => {
    const code = "const nock = require('nock');\nconst got = require('got');\nnock('https://gitlab.example.com').get('/api/v3/projects/1/builds').reply(200);\ngot('https://gitlab.example.com/api/v3/projects/1/builds');";
    const messages = findings(code);
    expect(messages.map((m) => [m.line, m.ruleId, m.testDouble ?? false])).toEqual([
      [3, 'api-prefix', true],
      [3, 'builds-endpoint', true],
      [4, 'api-prefix', false],
      [4, 'builds-endpoint', false],
    ]);
    expect(messages[1]!.message).toMatch(/\(test double: nock interceptor\)$/);
    expect(messages[3]!.message).not.toMatch(/test double/);
  });
});

describe('evidence: an interceptor is another way the package speaks to the service', () => {
  it('an interceptor of another product, or through the same host as one, is silent', () => {
    const code = [
      "const nock = require('nock');",
      "nock('https://projects.example.org').get('/api/v3/projects/1/work_packages').reply(200, {}).get('/api/v3/projects/1').reply(200, {}).delete('/api/v3/projects/1/star').reply(200);",
      "nock('https://code.acme.example/api/v3').get('/repos/acme/app/releases').reply(200, []).get('/user').reply(200, {});",
      "nock('https://api.github.com').get('/api/v3/projects/1/builds').reply(200, []);",
    ].join('\n');
    expect(lintText(code, { filename: 'x.test.js' }).messages).toEqual([]);
  });

  it('a package of interceptors alone, with the service\'s token and routes, is judged like a client', () => {
    const dir = pkg({
      'test/mocks.js': "const nock = require('nock');\nmodule.exports = () => nock('http://localhost:80').get('/api/v3/projects').query({ private_token: process.env.T }).reply(200, []);\n",
    });
    const r = cli(['--format', 'json', '.'], dir);
    const messages = (JSON.parse(r.stdout) as { messages: LintMessage[] }[]).flatMap((x) => x.messages);
    expect(messages.map((m) => m.ruleId).sort()).toEqual(['api-prefix', 'private-token-query', 'projects-list-membership']);
    expect(messages.every((m) => m.testDouble === true)).toBe(true);
  });

  it('a v3 interceptor makes the relative calls of its package v3, even with the doubles left out', () => {
    const dir = pkg({
      'src/api.js': "exports.keys = (id) => this.get('projects/' + id + '/keys');\n",
      'test/api.test.js': "const nock = require('nock');\nnock('https://gitlab.example.com').get('/api/v3/projects/5/keys').reply(200, []);\n",
    });
    for (const flags of [[], ['--no-test-doubles']]) {
      const results = JSON.parse(cli(['--format', 'json', ...flags, '.'], dir).stdout) as { filePath: string; messages: LintMessage[] }[];
      const api = results.find((x) => x.filePath.endsWith('api.js'))!;
      expect(api.messages.map((m) => m.ruleId), flags.join(' ')).toEqual(['project-keys-endpoint']);
    }
  });
});

describe('a category of its own that a user can turn off', () => {
  const fixture = (name: string) => {
    const dir = pkg({});
    cpSync(path.join(repo, 'fixtures/clients', name), dir, { recursive: true });
    return dir;
  };

  it('--fix moves the client and its nock test together', () => {
    const dir = fixture('nock-tests');
    const r = cli(['--fix', '--allow-dirty', '.'], dir);
    expect(r.stderr).toBe('');
    const client = readFileSync(path.join(dir, 'client.js'), 'utf8');
    const test = readFileSync(path.join(dir, 'input.js'), 'utf8');
    // The client's request and the interceptor that answers it, after the migration.
    expect(client).toContain("exports.unstar = (projectId) => api.post(`/projects/${projectId}/unstar`);");
    expect(test).toContain(".post('/api/v4/projects/42/unstar')");
    expect(client).toContain("api.get('/projects?owned=true')");
    expect(test).toContain(".get('/api/v4/projects?owned=true')");
    expect(client).toContain('{ params: { ref: ref } }');
    expect(test).toContain(".query({ ref: 'main' })");
    expect(test).toBe(readFileSync(path.join(repo, 'fixtures/clients/nock-tests/expected.txt'), 'utf8'));
  });

  it('--no-test-doubles leaves them out of the report and of --fix; the client is still fixed', () => {
    const dir = fixture('nock-tests');
    const before = readFileSync(path.join(dir, 'input.js'), 'utf8');
    const report = JSON.parse(cli(['--format', 'json', '--no-test-doubles', '.'], dir).stdout) as { filePath: string; messages: LintMessage[] }[];
    expect(report.find((x) => x.filePath.endsWith('input.js'))!.messages).toEqual([]);
    expect(report.find((x) => x.filePath.endsWith('client.js'))!.messages.length).toBe(7);
    const r = cli(['--fix', '--allow-dirty', '--no-test-doubles', '.'], dir);
    expect(r.stderr).toBe('');
    expect(readFileSync(path.join(dir, 'input.js'), 'utf8')).toBe(before);
    expect(readFileSync(path.join(dir, 'client.js'), 'utf8')).toContain("api.post(`/projects/${projectId}/unstar`)");
  });

  it('a base only the doubles use is theirs: left out with them, so it never moves without their paths', () => {
    const dir = fixture('msw-handlers');
    const off = cli(['--diff', '--no-test-doubles', '.'], dir);
    expect(off.stdout).toBe('');
    expect(off.code).toBe(0);
    const on = cli(['--diff', '.'], dir);
    expect(on.code).toBe(1);
    expect(on.stdout).toContain("+const SERVICE = 'https://gitlab.example.com/api/v4';");
    expect(on.stdout).toContain('+  http.get(`${SERVICE}/projects/:projectId/jobs`');
  });

  it('the configuration\'s "testDoubles": false does the same, --test-doubles overrides it, --print-config shows it', () => {
    const dir = fixture('nock-tests');
    writeFileSync(path.join(dir, 'v4-migrate.config.json'), JSON.stringify({ testDoubles: false }));
    const count = (args: string[]) => (JSON.parse(cli(['--format', 'json', ...args, '.'], dir).stdout) as { messages: LintMessage[] }[]).flatMap((x) => x.messages).filter((m) => m.testDouble).length;
    expect(count([])).toBe(0);
    expect(count(['--test-doubles'])).toBe(12);
    expect(JSON.parse(cli(['--print-config', 'input.js'], dir).stdout)).toMatchObject({ testDoubles: false });
    expect(JSON.parse(cli(['--print-config', 'input.js', '--test-doubles'], dir).stdout)).toMatchObject({ testDoubles: true });
    writeFileSync(path.join(dir, 'v4-migrate.config.json'), JSON.stringify({ testDoubles: 'no' }));
    const bad = cli(['.'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"testDoubles" must be a boolean/);
  });

  it('shows the category in every machine-readable report, and the stylish summary counts it', () => {
    const dir = fixture('nock-tests');
    const sarif = JSON.parse(cli(['--format', 'sarif', '.'], dir).stdout) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[]; properties: { testDouble?: boolean; tags?: string[] } }[] }[] };
    const results = sarif.runs[0]!.results;
    const inTest = results.filter((r) => r.locations[0]!.physicalLocation.artifactLocation.uri === 'input.js');
    expect(inTest.length).toBe(12);
    expect(inTest.every((r) => r.properties.testDouble === true && r.properties.tags?.includes('test-double'))).toBe(true);
    expect(results.filter((r) => r.properties.testDouble).length).toBe(12);
    const lines = cli(['--format', 'json-lines', '.'], dir).stdout.trim().split('\n').map((l) => JSON.parse(l) as { filePath: string; testDouble?: boolean });
    expect(lines.filter((l) => l.testDouble).map((l) => l.filePath)).toEqual(Array(12).fill('input.js'));
    expect(cli(['.'], dir).stdout).toContain('12 in test doubles of the service (`--no-test-doubles` leaves them out)');
    expect(cli(['--no-test-doubles', '.'], dir).stdout).not.toContain('test double');
  });

  it('the cache keeps the two apart', () => {
    const dir = fixture('nock-tests');
    const count = (args: string[]) => (JSON.parse(cli(['--format', 'json', '--cache', ...args, '.'], dir).stdout) as { messages: LintMessage[] }[]).flatMap((x) => x.messages).length;
    expect(count([])).toBe(19);
    expect(count(['--no-test-doubles'])).toBe(7);
    expect(count([])).toBe(19);
  });

  it('the inventory marks them and leaves them out on request', async () => {
    const dir = fixture('nock-tests');
    const all = await inventory([dir], { cwd: dir });
    const doubles = all.calls.filter((c) => c.testDouble);
    // Eight interceptors, and the call of a helper that declares one.
    expect(doubles.length).toBe(9);
    expect(doubles.map((c) => c.client).sort()).toEqual([...Array(8).fill('nock'), 'wrapper']);
    expect(all.calls.filter((c) => !c.testDouble && c.client === 'nock')).toEqual([]);
    const without = await inventory([dir], { cwd: dir, testDoubles: false });
    expect(without.calls.length).toBe(all.calls.length - doubles.length);
    const table = cli(['inventory', '--no-test-doubles', '.'], dir);
    expect(table.code).toBe(0);
    expect(table.stdout).not.toContain('nock');
  });
});
