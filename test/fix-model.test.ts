// The fix model (issue 13): the rules run once per file; each finding carries its call's rewrite as its
// fix; a call moves to v4 with every call sharing its base, only to a request v4 routes, or not at all;
// and what --fix leaves is what a plain run then finds. Through the spawned CLI and the library.
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lintFiles } from '../src/index.js';
import { defineRule } from '../src/rule.js';
import { rules as catalogue } from '../rules/index.js';
import { cleanTemps, cli, pkg, repo } from './support/spawn.js';
import { fixtureCases } from './support/fixtures.js';

afterAll(cleanTemps);
vi.setConfig({ testTimeout: 180_000 });

interface JsonMessage {
  ruleId: string;
  line: number;
  column: number;
  fixClass: string;
  message: string;
}
interface JsonResult {
  filePath: string;
  messages: JsonMessage[];
  output?: string;
  fixedCount?: number;
}

const json = (stdout: string) => JSON.parse(stdout) as JsonResult[];
/** A finding as findings.json has it: where, which rule, which fix. */
const finding = (m: JsonMessage) => `${m.line}:${m.column} ${m.ruleId} ${m.fixClass}`;

describe("the issue's examples", () => {
  it('an `issueId` that no fix resolves keeps its call, and its shared base, on v3: reported after --fix, exit 1', () => {
    const code = "const api='https://gitlab.com/api/v3';\nexport const n=(p,issueId)=>fetch(api+'/projects/'+p+'/issues/'+issueId+'/notes');\n";
    const dir = pkg({ 'x.js': code });
    const r = cli(['--fix', '--show-fixes', 'x.js'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/2:65 +error +`issueId` looks like the global id/);
    expect(r.stdout).toMatch(/1:11 +error +`\/api\/v3` is removed.*not fixed automatically: it moves to v4 together with the call at line 2/);
    expect(r.stdout).toContain('No fixes applied.');
    expect(readFileSync(path.join(dir, 'x.js'), 'utf8')).toBe(code);
    // Once a person resolves it (the path takes the iid), --fix moves both.
    writeFileSync(path.join(dir, 'x.js'), code.replaceAll('issueId', 'issueIid'));
    expect(cli(['--fix', 'x.js'], dir).code).toBe(0);
    expect(readFileSync(path.join(dir, 'x.js'), 'utf8')).toBe(code.replaceAll('issueId', 'issueIid').replace('/api/v3', '/api/v4'));
  });

  it('a call whose method v4 would not route is never rewritten, not even its prefix', () => {
    const code = [
      "const got = require('got');",
      'export const unstar = (id) => got(`https://gitlab.example.com/api/v3/projects/${id}/star`, { method: `DELETE` });',
      "export const raw = (id) => fetch(String.raw`https://gitlab.example.com/api/v3/projects/${id}/star`, { method: 'DELETE' });",
      "export const toggle = (id, on) => $.ajax({ url: 'https://gitlab.example.com/api/v3/projects/' + id + '/star', type: on ? 'POST' : 'DELETE' });",
      '',
    ].join('\n');
    const dir = pkg({ 'x.js': code });
    const r = cli(['--fix', '-f', 'json', 'x.js'], dir);
    expect(r.code).toBe(1);
    expect(readFileSync(path.join(dir, 'x.js'), 'utf8')).toBe(code);
    const [result] = json(r.stdout);
    // Each `/api/v3` is reported with the reason it stays.
    const prefixes = result!.messages.filter((m) => m.ruleId === 'api-prefix');
    expect(prefixes.map((m) => [m.line, m.fixClass])).toEqual([[2, 'report'], [3, 'report'], [4, 'report']]);
    expect(prefixes[1]!.message).toMatch(/the HTTP method is unknown here and may be `DELETE`, which v4 does not route on `\/projects\/:x\/star`/);
    expect(result!.fixedCount).toBeUndefined();
  });

  it('a branch of a deliberate v3/v4 switch is never rewritten', () => {
    const code = [
      "const base = (useV4) => (useV4 ? 'https://gitlab.example.com/api/v4' : 'https://gitlab.example.com/api/v3');",
      "export const unstar = (useV4, id) => fetch(base(useV4) + '/projects/' + id + '/star', { method: 'DELETE' });",
      'export function jobs(id) {',
      "  if (apiVersion === 'v3') return fetch(`https://gitlab.example.com/api/v3/projects/${id}/builds`);",
      '  return fetch(`https://gitlab.example.com/api/v4/projects/${id}/jobs`);',
      '}',
      '',
    ].join('\n');
    const dir = pkg({ 'x.js': code });
    cli(['--fix', '--unsafe-fixes', 'x.js'], dir);
    expect(readFileSync(path.join(dir, 'x.js'), 'utf8')).toBe(code);
  });
});

describe('a call with no v4 form stays behind while its base moves', () => {
  const code = [
    "const API = process.env.GITLAB_URL + '/api/v3';",
    "export const jobs = (id) => fetch(API + '/projects/' + id + '/builds');",
    "export const commitJobs = (id, sha) => fetch(API + '/projects/' + id + '/repository/commits/' + sha + '/builds');",
    "export const toggleStar = (id, verb) => fetch(API + '/projects/' + id + '/star', { method: verb });",
    '',
  ].join('\n');

  it('the others move to v4; the dropped endpoint and the call of unknown method keep their paths and stay reported, also in a later run', () => {
    const dir = pkg({ 'x.js': code });
    const r = cli(['--fix', '-f', 'json', 'x.js'], dir);
    expect(r.code).toBe(1);
    expect(readFileSync(path.join(dir, 'x.js'), 'utf8')).toBe(code.replace('/api/v3', '/api/v4').replace("id + '/builds'", "id + '/jobs'"));
    const left = json(r.stdout)[0]!.messages;
    expect(left.map(finding)).toEqual(['3:46 commit-builds-endpoint report', '4:47 star-delete report']);
    expect(json(cli(['-f', 'json', 'x.js'], dir).stdout)[0]!.messages.map(finding)).toEqual(left.map(finding));
    expect(cli(['--fix', 'x.js'], dir).stdout).not.toContain('Fixed');
  });

  it('a finding the move would hide (the global id in an iid path) still holds the base, and says so', () => {
    const dir = pkg({ 'x.js': `${code}export const notes = (p, issueId) => fetch(API + '/projects/' + p + '/issues/' + issueId + '/notes');\n` });
    const r = cli(['--fix', '-f', 'json', 'x.js'], dir);
    expect(readFileSync(path.join(dir, 'x.js'), 'utf8')).toContain("'/api/v3'");
    const held = json(r.stdout)[0]!.messages.find((m) => m.ruleId === 'issue-id-path')!;
    expect(held.message).toContain('until it is resolved, the calls that move to v4 with it stay as they are');
  });

  it('a branch of a v3/v4 switch holds back no other base of the file', () => {
    const switched = "export const legacy = (v4) => fetch((v4 ? 'https://gitlab.example.com/api/v4' : 'https://gitlab.example.com/api/v3') + '/projects');\n";
    const dir = pkg({ 'x.js': code + switched });
    cli(['--fix', 'x.js'], dir);
    const fixed = readFileSync(path.join(dir, 'x.js'), 'utf8');
    expect(fixed).toContain("process.env.GITLAB_URL + '/api/v4'");
    expect(fixed).toContain(switched);
  });
});

describe('a name built from other names is never written out in a fix', () => {
  // `api` holds HOST's text and the base's '/api/v3' as well as the project path the fix encodes: writing its
  // new value in its place copied HOST and the base as they were, v3 included, while the base's own fix moved
  // the original to v4 (the call was left on v3, in a URL that no longer named HOST).
  const code = [
    "var HOST = 'https://gitlab.example.org';",
    "var PROJECT = 'design/style-guide';",
    'function getJSON(url, done) {',
    '  var xhr = new XMLHttpRequest();',
    "  xhr.open('GET', url, true);",
    '  xhr.onload = function () { done(JSON.parse(xhr.responseText)); };',
    '  xhr.send(null);',
    '}',
    'function latest(done) {',
    "  var api = HOST + '/api/v3/projects/' + PROJECT;",
    "  getJSON(api + '/repository/commits?page=0&per_page=1', done);",
    '}',
    '',
  ].join('\n');

  it('the call keeps its names, and its findings are reported, not fixed', () => {
    const dir = pkg({ 'x.js': code });
    const r = cli(['--fix', '-f', 'json', 'x.js'], dir);
    const fixed = readFileSync(path.join(dir, 'x.js'), 'utf8');
    expect(fixed.split('\n')[10]).toBe("  getJSON(api + '/repository/commits?page=0&per_page=1', done);");
    expect(fixed).not.toMatch(/'https:\/\/gitlab\.example\.org\/api/);
    expect(json(r.stdout)[0]!.messages.map(finding)).toContain('11:38 commits-page-zero report');
  });
});

describe('what --fix leaves is what the next run finds, in shapes of code the fixtures do not have', () => {
  // Each case is a package of its own in one tree: the tree is fixed once and linted once again (and, for
  // what --unsafe-fixes would write, fixed without writing before that), so the cases cost three processes.
  const cases: Record<string, Record<string, string>> = {};

  // The route is chosen by a condition: two values of one URL, sent with one method. The bare `/todos` can be
  // rewritten (`POST …/mark_as_done`), the other value cannot; writing the first changed the method of both,
  // and the second became `POST /todos/:id`, which no run reports and no server answers.
  const done = [
    "const BASE = process.env.GITLAB_URL + '/api/v3';",
    'function call(verb, route) {',
    "  return fetch(BASE + route, { method: verb, headers: { 'PRIVATE-TOKEN': process.env.TOKEN } });",
    '}',
    "export const jobs = (id) => call('GET', '/projects/' + id + '/builds');",
    'export function finish(todo) {',
    "  const route = todo ? `/todos/${todo}` : '/todos';",
    "  return call('DELETE', route);",
    '}',
    '',
  ].join('\n');
  cases['todo-values'] = { 'x.js': done };

  // A bare URL kept in a name built from other names: the calls through the name cannot be rewritten (the name
  // would have to be written out), the bare URL can (it encodes the project path); written, it changed what
  // the calls read, so their findings were no longer the ones reported as left.
  const recent = [
    "var SERVER = 'https://gitlab.internal.example';",
    "var REPO = 'tools/deployer';",
    'function get(url, done) {',
    '  var req = new XMLHttpRequest();',
    "  req.open('GET', url);",
    '  req.onload = function () { done(JSON.parse(req.responseText)); };',
    '  req.send();',
    '}',
    'export function recent(done) {',
    "  var root = SERVER + '/api/v3/projects/' + REPO;",
    "  get(root + '/repository/commits?page=0&per_page=5', done);",
    "  get(root + '/repository/tags', done);",
    '}',
    '',
  ].join('\n');
  cases['name-and-bare-url'] = { 'x.js': recent };

  // The base's unsafe fix (the token out of the query, into a header) cannot be written into a client's
  // defaults: that held the base's whole rewrite in the grouping with the unsafe fixes, and so every call
  // through it, in every file. A plain run after the move, where the base is no longer one to hold, offered
  // the removal's unsafe status fix that --fix had reported as having none.
  const lab = "const request = require('request');\nmodule.exports = request.defaults({ baseUrl: process.env.LAB_URL + '/api/v3', qs: { private_token: process.env.LAB_TOKEN }, json: true });\n";
  const drop = "const lab = require('./lab');\nexports.drop = (id, done) => lab.delete('/projects/' + id, (err, res) => done(err, !err && res.statusCode === 200));\n";
  cases['token-in-defaults'] = { 'lab.js': lab, 'drop.js': drop };

  // Two values of one URL (the wrapper appends the token after `?` or `&`): the `iid` filter of both can be
  // renamed, but one value's rewrite also moved the token, which cannot be written; it stayed behind, and
  // the other value's rename then changed its text.
  const iid = [
    "var ROOT = (process.env.TRACKER_URL || 'https://gitlab.example.net') + '/api/v3';",
    'function link(path) {',
    "  return ROOT + path + (path.indexOf('?') < 0 ? '?' : '&') + 'private_token=' + process.env.TRACKER_TOKEN;",
    '}',
    'exports.byNumber = function (project, n, cb) {',
    "  request.get(link('/projects/' + project + '/issues?iid=' + n), { json: true }, cb);",
    '};',
    '',
  ].join('\n');
  cases['iid-values'] = { 'x.js': iid };

  // The search has no v4 form that can be written here, so it stays behind while the base moves; the pager
  // beside it, in the same wrapper's group, keeps its unsafe fix. After the move the base is on v4, and the
  // search still stays behind there: the pager's fix is as it was reported.
  const pager = [
    "const ROOT = process.env.LAB_API || 'https://gitlab.example.com/api/v3/';",
    'async function read(url) {',
    "  url.searchParams.set('private_token', process.env.LAB_TOKEN);",
    '  const res = await fetch(url.toString());',
    '  return res.json();',
    '}',
    "export const find = (text) => read(new URL('projects/search/' + encodeURIComponent(text), ROOT));",
    'export async function history(id) {',
    '  const out = [];',
    '  for (let page = 0; page < 10; page++) {',
    '    const url = new URL(`projects/${id}/repository/commits`, ROOT);',
    "    url.searchParams.set('page', String(page));",
    '    out.push(...(await read(url)));',
    '  }',
    '  return out;',
    '}',
    '',
  ].join('\n');
  cases['behind-after-move'] = { 'x.js': pager };

  // The calls in issues.js write no version: the package's routes say v3 (it has bases of both versions).
  // Moving the v3 base left only v4 bases, and the next run judged those calls as v4 calls, where the
  // global issue id is no finding: it was reported as left, then gone.
  const client = [
    'class Client {',
    '  constructor(root) {',
    '    this.root = root;',
    '  }',
    '  get(path) {',
    "    return fetch(this.root + path, { headers: { 'PRIVATE-TOKEN': process.env.TOKEN } }).then((res) => res.json());",
    '  }',
    '}',
    "exports.legacy = (host) => new Client(host + '/api/v3');",
    "exports.current = (host) => new Client(host + '/api/v4');",
    '',
  ].join('\n');
  const issues = [
    "exports.notes = (client, project, issueId) => client.get('/projects/' + project + '/issues/' + issueId + '/notes');",
    "exports.keys = (client, project) => client.get('/projects/' + project + '/keys');",
    '',
  ].join('\n');
  cases['bases-of-both-versions'] = { 'client.js': client, 'issues.js': issues };

  // The library's calls get their base from the caller's configuration; the package's version is read from
  // the URL its test double writes. Moving the double alone (the library cannot move: the issue id) left the
  // package with no version, and the library's findings were no longer made.
  const lib = [
    "const request = require('superagent');",
    "exports.notes = (config, project, issueId) => request.get(config.url + '/projects/' + project + '/issues/' + issueId + '/notes').set('PRIVATE-TOKEN', config.token);",
    "exports.mine = (config) => request.get(config.url + '/projects?per_page=100').set('PRIVATE-TOKEN', config.token);",
    '',
  ].join('\n');
  const double = "const nock = require('nock');\nnock('http://localhost').get('/api/v3/projects?per_page=100').reply(200, []);\n";
  cases['version-from-a-double'] = { 'lib.js': lib, 'test/lib.test.js': double };

  let root = '';
  const said: Record<string, string[]> = {};
  const found: Record<string, string[]> = {};
  const unsafe: Record<string, string | undefined> = {};
  beforeAll(() => {
    const files: Record<string, string> = {};
    for (const [name, texts] of Object.entries(cases)) {
      files[`${name}/package.json`] = `{ "name": "${name}", "private": true }\n`;
      for (const [file, text] of Object.entries(texts)) files[`${name}/${file}`] = text;
    }
    root = pkg(files);
    const byFile = (results: JsonResult[], into: Record<string, string[]>) => {
      for (const r of results) for (const m of r.messages) (into[path.relative(root, r.filePath)] ??= []).push(finding(m));
    };
    for (const r of json(cli(['--fix-dry-run', '--unsafe-fixes', '-f', 'json', '--exit-zero', '.'], root).stdout)) unsafe[path.relative(root, r.filePath)] = r.output;
    byFile(json(cli(['--fix', '-f', 'json', '--exit-zero', '.'], root).stdout), said);
    byFile(json(cli(['-f', 'json', '--exit-zero', '.'], root).stdout), found);
  });
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  /** A case's findings, `file line:column rule class`: what --fix said is left, and what the run after it finds. */
  const leftAndFound = (name: string) => {
    const of = (by: Record<string, string[]>) => Object.entries(by).filter(([f]) => f.startsWith(`${name}/`)).flatMap(([f, list]) => list.map((x) => `${path.basename(f)} ${x}`));
    return { left: of(said), found: of(found) };
  };

  it('a value of a URL whose rewrite would change what another value keeps stays behind with it', () => {
    const fixed = read('todo-values/x.js');
    expect(fixed).toContain("'/api/v4'");
    expect(fixed).toContain("'/jobs'");
    expect(fixed).toContain("const route = todo ? `/todos/${todo}` : '/todos';\n  return call('DELETE', route);");
    const { left, found } = leftAndFound('todo-values');
    expect(left).toEqual(['x.js 7:17 todos-delete report']);
    expect(found).toEqual(left);
  });

  it('a bare URL that shares its text with calls that cannot be rewritten is not rewritten either', () => {
    expect(read('name-and-bare-url/x.js')).toBe(recent);
    const { left, found } = leftAndFound('name-and-bare-url');
    expect(left).toContain('x.js 11:35 commits-page-zero report');
    expect(left).toContain('x.js 2:13 project-path-unencoded report');
    expect(found).toEqual(left);
  });

  it('--unsafe-fixes writes at least what --fix writes: an unsafe fix that cannot be written is left out of its call, and the base moves', () => {
    expect(unsafe['token-in-defaults/drop.js']).toBe(drop.replace('=== 200', '=== 202'));
    expect(unsafe['token-in-defaults/lab.js']).toBe(lab.replace('/api/v3', '/api/v4'));
    const { left, found } = leftAndFound('token-in-defaults');
    expect(left).toEqual(['drop.js 2:111 async-delete-status unsafe', 'lab.js 2:85 private-token-query report']);
    expect(found).toEqual(left);
  });

  it('the values of one URL agree on the unsafe fixes they can write', () => {
    expect(unsafe['iid-values/x.js']).toBe(iid.replace('/api/v3', '/api/v4').replace('?iid=', '?iids[]='));
    const { left, found } = leftAndFound('iid-values');
    expect(left).toContain('x.js 6:54 issues-iid-filter unsafe');
    expect(found).toEqual(left);
  });

  it('a call that stays behind holds back nothing after the move either: the unsafe fix beside it is offered by --fix and the run after it alike', () => {
    expect(read('behind-after-move/x.js')).toBe(pager.replace('/api/v3/', '/api/v4/'));
    const { left, found } = leftAndFound('behind-after-move');
    expect(left).toContain('x.js 10:19 commits-page-zero unsafe');
    expect(left).toContain('x.js 7:36 projects-search-path report');
    expect(found).toEqual(left);
  });

  it('calls that write no version wait with the base of a package whose routes give their version', () => {
    expect(read('bases-of-both-versions/client.js')).toBe(client);
    const { left, found } = leftAndFound('bases-of-both-versions');
    expect(left).toContain('issues.js 1:96 issue-id-path report');
    expect(found).toEqual(left);
  });

  it('a URL the version of calls that write none is read from moves with them, a test double too', () => {
    expect(read('version-from-a-double/test/lib.test.js')).toBe(double);
    const { left, found } = leftAndFound('version-from-a-double');
    expect(left).toEqual(['lib.js 2:110 issue-id-path report', 'lib.js 3:40 projects-list-membership report', 'lib.test.js 2:30 api-prefix report', 'lib.test.js 2:30 projects-list-membership report']);
    expect(found).toEqual(left);
  });
});

describe('a base URL in one file moves with the calls through it in the others', () => {
  const base = "import axios from 'axios';\nexport const http = axios.create({ baseURL: 'https://gitlab.example.com/api/v3' });\n";
  const jobs = "import { http } from './base';\nexport const jobs = (id) => http.get('/projects/' + id + '/builds');\n";

  it('--fix moves both; --fix-type prefix neither, since the other call needs more than its prefix', () => {
    const dir = pkg({ 'base.js': base, 'jobs.js': jobs });
    expect(cli(['--diff', '--fix-type', 'prefix', '.'], dir).stdout).toBe('');
    expect(cli(['--fix', '.'], dir).code).toBe(0);
    expect(readFileSync(path.join(dir, 'base.js'), 'utf8')).toBe(base.replace('/api/v3', '/api/v4'));
    expect(readFileSync(path.join(dir, 'jobs.js'), 'utf8')).toBe(jobs.replace('/builds', '/jobs'));
  });

  it('a call in another file that cannot move keeps the base on v3, and the base says why', () => {
    const notes = "import { http } from './base';\nexport const notes = (p, issueId) => http.get('/projects/' + p + '/issues/' + issueId + '/notes');\n";
    const dir = pkg({ 'base.js': base, 'jobs.js': jobs, 'notes.js': notes });
    const r = cli(['--fix', '-f', 'json', '.'], dir);
    expect(r.code).toBe(1);
    expect(readFileSync(path.join(dir, 'base.js'), 'utf8')).toBe(base);
    expect(readFileSync(path.join(dir, 'jobs.js'), 'utf8')).toBe(jobs);
    const [inBase] = json(r.stdout).find((x) => x.filePath.endsWith('base.js'))!.messages;
    expect(inBase!.message).toMatch(/not fixed automatically: .*one in notes\.js cannot yet/);
  });
});

describe('a file --fix could not write', () => {
  it('keeps its findings: none counts as fixed, and the run fails', () => {
    const code = "export const jobs = (id) => fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n";
    const dir = pkg({ 'locked.js': code });
    chmodSync(path.join(dir, 'locked.js'), 0o444);
    const r = cli(['--fix', '--show-fixes', '-f', 'json', 'locked.js'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/locked\.js not fixed: the file is read-only/);
    expect(r.stderr).toContain('No fixes applied.');
    const [result] = json(r.stdout);
    expect(result!.messages.map(finding)).toEqual(['1:35 api-prefix safe', '1:35 builds-endpoint safe']);
    expect(result!.output).toBeUndefined();
    expect(result!.fixedCount).toBeUndefined();
  });
});

describe('the rules run once per file, whatever the mode', () => {
  // A rule that finds nothing and counts how often it is asked about each call: by where the call is (the
  // length of its file, its offsets), which two runs agree on.
  const runs = new Map<string, number>();
  const counter = defineRule({
    id: 'counter',
    changes: ['V-PREFIX'],
    release: '9.0',
    category: 'prefix',
    fix: 'report',
    message: 'counts',
    docs: 'Counts how often the rules run over a call.',
    v3: { path: '{/**}', version: 'any' },
    check: ({ match }) => {
      const at = `${match.call.ancestors[0]?.end}:${match.call.node.start}:${match.call.node.end}`;
      runs.set(at, (runs.get(at) ?? 0) + 1);
      return [];
    },
    examples: { invalid: [], valid: [] },
  });
  const fixtures = fixtureCases().filter((c) => c.name.startsWith('clients/'));
  const modes = {
    lint: {},
    fix: { fix: true },
    'fix --unsafe-fixes': { fix: true, unsafeFixes: true },
    'fix --fix-type endpoint': { fix: true, fixTypes: ['endpoint'] as const },
    'fix --add-todo-comments': { fix: true, todoComments: true },
    'interactive (the plan)': { plan: true },
    'diff --group-by change --unsafe-fixes (the plan)': { plan: true, unsafeFixes: true },
  };

  const files = fixtures.flatMap((c) => [c.input, ...c.context]);
  // The calls the rules see (a URL with two values is two calls at one place): a plain run of the counter
  // alone, the same for every mode.
  let once: Record<string, number> = {};
  beforeAll(async () => {
    runs.clear();
    await lintFiles(files, { prefilter: false, rules: [counter] });
    once = Object.fromEntries(runs);
  });

  it.each(Object.entries(modes))('%s', async (_mode, options) => {
    expect(Object.keys(once).length).toBeGreaterThan(100);
    runs.clear();
    await lintFiles(files, { prefilter: false, rules: [...catalogue, counter], ...options });
    // No second pass over a file, its fixed text or its marked text: each call judged as often as by one run.
    expect(Object.fromEntries(runs)).toEqual(once);
  });
});

describe('what --fix leaves is what a later plain run finds, for every fixture', () => {
  // Every fixture folder is a package of its own: one copy of the tree, fixed and linted again.
  for (const unsafe of [false, true]) {
    const flags = unsafe ? ['--unsafe-fixes'] : [];
    it(`--fix${unsafe ? ' --unsafe-fixes' : ''}, then a plain run, then --fix again`, () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'v4m-model-'));
      try {
        cpSync(path.join(repo, 'fixtures'), dir, { recursive: true });
        const before = json(cli(['-f', 'json', '--exit-zero', ...flags, '.'], dir).stdout);
        const fixed = cli(['--fix', '-f', 'json', '--exit-zero', ...flags, '.'], dir);
        expect(fixed.stderr).toBe('');
        const after = json(fixed.stdout);
        const plain = json(cli(['-f', 'json', '--exit-zero', ...flags, '.'], dir).stdout);
        const again = json(cli(['--fix-dry-run', '--exit-zero', ...flags, '.'], dir).stdout);
        expect(after.map((r) => r.filePath)).toEqual(before.map((r) => r.filePath));
        for (const [i, r] of after.entries()) {
          const name = path.relative(dir, r.filePath);
          const was = before[i]!;
          // Every finding left was there before (same rule and words), and only those the fixes resolved are gone.
          const said = (m: JsonMessage) => `${m.ruleId} ${m.message}`;
          const left = r.messages.map(said);
          const remaining = [...was.messages.map(said)];
          for (const m of left) {
            const at = remaining.indexOf(m);
            expect(at, `${name}: ${m} was not reported before --fix`).toBeGreaterThanOrEqual(0);
            remaining.splice(at, 1);
          }
          expect(remaining.length, name).toBe(r.fixedCount ?? 0);
          // A later plain run (the CI gate) reports the same findings, where --fix said they are.
          expect(plain[i]!.messages.map(finding), name).toEqual(r.messages.map(finding));
          // And a second --fix changes nothing.
          expect(again[i]!.output, name).toBeUndefined();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
