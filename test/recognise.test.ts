// The recogniser: each client style yields the same call (client, method, URL, parameters).
import { describe, expect, it } from 'vitest';
import { analyse, analyseAdmitted } from '../src/lint.js';
import { segments } from '../src/callsites/url.js';
import type { ApiCall } from '../src/callsites/types.js';

function calls(code: string, filename = 'x.ts'): ApiCall[] {
  const a = analyse(filename, code);
  expect(a.fileError).toBeUndefined();
  return a.calls.filter((c) => c.client !== 'url');
}

function one(code: string) {
  const found = calls(code);
  expect(found, code).toHaveLength(1);
  const c = found[0]!;
  return {
    client: c.client,
    method: c.method,
    path: segments(c.url).map((s) => (s.dynamic ? ':' : s.text)).join('/'),
    version: c.url.version ?? c.baseVersion,
    params: c.params.map((p) => p.name).sort(),
  };
}

describe('recognise', () => {
  it.each([
    ["fetch('https://h/api/v3/projects/' + id + '/builds')", 'fetch', 'GET', 'v3'],
    ['fetch(`${base}/api/v3/projects/${id}/builds`, { method: "DELETE" })', 'fetch', 'DELETE', 'v3'],
    ["axios.get(`/api/v3/projects/${id}/builds`, { params: { scope: 'failed' } })", 'axios', 'GET', 'v3'],
    ["axios({ method: 'post', url: '/api/v3/projects/' + id + '/builds' })", 'axios', 'POST', 'v3'],
    ["got.post('https://h/api/v3/projects/' + id + '/builds', { json: { a: 1 } })", 'got', 'POST', 'v3'],
    ["ky.put(`https://h/api/v3/projects/${id}/builds`)", 'ky', 'PUT', 'v3'],
    ["superagent.del('/api/v3/projects/' + id + '/builds').set('PRIVATE-TOKEN', t)", 'superagent', 'DELETE', 'v3'],
    ["request({ uri: host + '/api/v3/projects/' + id + '/builds', method: 'PATCH', qs: { a: 1 } }, cb)", 'request', 'PATCH', 'v3'],
    ["$.ajax({ url: '/api/v3/projects/' + id + '/builds', type: 'POST', data: d })", 'jquery', 'POST', 'v3'],
    ["$.getJSON('/api/v3/projects/' + id + '/builds')", 'jquery', 'GET', 'v3'],
    ["xhr.open('DELETE', '/api/v3/projects/' + id + '/builds')", 'xhr', 'DELETE', 'v3'],
    ['this.get("projects/" + id + "/builds", params, cb)', 'wrapper', 'GET', undefined],
    ['this["delete"]("projects/" + id + "/builds", cb)', 'wrapper', 'DELETE', undefined],
    ["client.request('post', '/projects/:id/builds', params)", 'wrapper', 'POST', undefined],
    ["fetch(util.format('%s/api/v3/projects/%s/builds', host, id))", 'fetch', 'GET', 'v3'],
    ["fetch('{0}/api/v3/projects/{1}/builds'.Format(host, id))", 'fetch', 'GET', 'v3'],
    ["const API = '/api/v3'; fetch(API + '/projects/' + id + '/builds')", 'fetch', 'GET', 'v3'],
  ])('%s', (code, client, method, version) => {
    const c = one(code);
    expect(c).toMatchObject({ client, method, version, path: 'projects/:/builds' });
  });

  it('evaluates a concatenation of any length: the chain is one level, not one level per operand', () => {
    for (const n of [20, 800]) {
      const code = `fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds'${" + ''".repeat(n)});\n`;
      expect(one(code)).toMatchObject({ path: 'projects/:/builds', version: 'v3' });
    }
    // Nested calls still stop where the depth limit says: ((…) + '') inside a template inside a template…
    expect(one("fetch(`${'https://gitlab.example.com/api/v3' + '/projects/' + id + `/${'builds' + ''}`}`)")).toMatchObject({ path: 'projects/:/builds' });
  });

  it('follows a field appended to in many methods without the values fanning out', () => {
    // Each `+=` reaches every other one through the field: without a bound this is exponential.
    const methods = Array.from({ length: 14 }, (_, i) => `  m${i}(s) { this._str += s; this._str += '/${i}'; }`).join('\n');
    const found = calls(`class B {\n  constructor() { this._str = '/api/v3/projects'; }\n${methods}\n  send() { return fetch(this._str); }\n}`);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c) => c.client === 'fetch')).toBe(true);
  });

  it('takes the base version from an axios instance', () => {
    const c = calls("const http = axios.create({ baseURL: `${host}/api/v3` }); http.get(`/projects/${id}/builds`)");
    expect(c).toHaveLength(1);
    expect(c[0]!.baseVersion).toBe('v3');
    expect(c[0]!.url.relative).toBe(true);
  });

  it('reads parameters from the query string, objects, JSON.stringify and URLSearchParams', () => {
    expect(one("fetch('/api/v3/projects/' + id + '/repository/tree?ref_name=master&recursive=true')").params).toEqual(['recursive', 'ref_name']);
    expect(one("fetch('/api/v3/users', { method: 'POST', body: JSON.stringify({ email, confirm: false }) })").params).toEqual(['confirm', 'email']);
    expect(one("fetch('/api/v3/users?' + new URLSearchParams({ search: q }))").params).toEqual(['search']);
    // An array of pieces joined: a query string with `&`, a path with `/`.
    expect(one("fetch(`/api/v3/projects/${id}/events?${['action=commented', `after=${day}`, 'sort=DESC'].join('&')}`)").params).toEqual(['action', 'after', 'sort']);
    expect(one("fetch(['/api/v3/projects', id, 'builds'].join('/') + '?scope=failed')")).toMatchObject({ path: 'projects/:/builds', params: ['scope'] });
    expect(one("api.post('users', { email: e, confirm: c }, cb)").params).toEqual(['confirm', 'email']);
    // A URL object's query set before the call, whatever sends it: a client, or a helper known by its name.
    const withSearch = (send: string) => `const url = new URL('projects/' + id + '/repository/commits', 'https://h/api/v3/');\nurl.searchParams.set('page', String(page));\n${send};`;
    expect(one(withSearch('fetch(url)')).params).toEqual(['page']);
    expect(one(withSearch('getJson(url)'))).toMatchObject({ client: 'wrapper', params: ['page'] });
    // A path first, then options, for a function named as if the method came first.
    expect(one("send('/api/v3/projects/' + id + '/builds', { method: 'DELETE', query: { scope: s } })")).toMatchObject({ method: 'DELETE', params: ['scope'] });
    expect(one("send('delete', '/api/v3/projects/' + id + '/builds', { scope: s })")).toMatchObject({ method: 'DELETE', params: ['scope'] });
  });

  it('takes a request function handed in as a parameter, and a wrapper whose request sits in a closure', () => {
    // `connection` is whatever the caller passes; called with a URL and request options, it sends a request.
    const pager = 'function queryAll(connection, url, qs) {\n  function page(p) { return connection(url, { query: Object.assign({}, p, qs) }); }\n  return page({ page: 1 });\n}\n';
    expect(one(pager + "exports.owned = (conn) => queryAll(conn, '/api/v3/groups/owned');")).toMatchObject({ client: 'wrapper', method: 'GET', path: 'groups/owned' });
    // A parameter called without request options is no request.
    expect(calls("function each(fn, items) { return items.map((x) => fn('/api/v3/projects/' + x, 1)); }")).toEqual([]);
  });

  it('leaves server routes, Map lookups and prose alone', () => {
    expect(calls("const express = require('express'); const app = express(); app.get('/projects/all', list);")).toEqual([]);
    expect(calls("router.delete('/projects/:id/star', (req, res) => res.end())")).toEqual([]);
    expect(calls("const m = new Map(); m.set('a', 1); console.log('projects/' + id + '/builds')")).toEqual([]);
  });

  it('leaves a method it cannot know undefined', () => {
    const c = calls("client.request(verb, '/projects/:id/star', { id })");
    expect(c).toHaveLength(1);
    expect(c[0]!.method).toBeUndefined();
  });

  it('marks calls behind a version check as guarded', () => {
    const all = analyse('x.ts', "const u = apiVersion === 'v3' ? host + '/api/v3/projects/' + id + '/builds' : host + '/api/v4/projects/' + id + '/jobs'").calls;
    expect(all.length).toBe(2);
    expect(all.every((c) => c.versionGuarded)).toBe(true);
  });

  it('follows a URL built by a function of the module, with the call\'s arguments in place', () => {
    const c = one("function buildsUrl(id, scope) { return base + '/api/v3/projects/' + id + '/builds?scope=' + scope; }\nfetch(buildsUrl(pid, 'failed'));");
    expect(c).toMatchObject({ client: 'fetch', version: 'v3', path: 'projects/:/builds', params: ['scope'] });
    expect(calls("function buildsUrl(id, scope) { return base + '/api/v3/projects/' + id + '/builds?scope=' + scope; }\nfetch(buildsUrl(pid, 'failed'));")[0]!.url.marked).toMatch(/scope=failed$/);
    // A builder that calls itself is followed once; a function that only joins a path is no request.
    expect(calls("const page = (n) => (n > 3 ? '/api/v3/projects' : page(n + 1));\nfetch(page(0));").map((c) => c.url.version)).toEqual(['v3']);
    expect(calls("function api(path) { return base + '/api/v3/' + path; }\nconst x = api('projects/' + id + '/builds');").map((c) => c.client)).toEqual([]);
  });

  it('takes a version after a base that ends in a slash', () => {
    expect(one("$http.get(config.url + 'api/v3/projects/' + id + '/builds')")).toMatchObject({ version: 'v3', path: 'projects/:/builds' });
  });

  it('reads a base kept in a variable before the path, glued to it or written as a template placeholder', () => {
    expect(one("$.ajax({ url: config.apiPath + 'projects/' + id + '/events' })")).toMatchObject({ path: 'projects/:/events' });
    expect(one("fetch(_.template('<%= base %>/projects/<%= pid %>/issues')({ base, pid }))")).toMatchObject({ path: 'projects/<%= pid %>/issues' });
    expect(one("fetch(Mustache.render('{{ root }}/projects/{{ id }}/builds', view))")).toMatchObject({ path: 'projects/{{ id }}/builds' });
  });

  it('takes a version option only beside a connection option', () => {
    expect(analyse('x.ts', "const client = new Gitlab({ url: host, token, version: 'v3' });").calls.map((c) => c.url.version)).toEqual(['v3']);
    expect(analyse('x.ts', "const ip = z.string().ip({ version: 'v4' }); const s = io({ version: 'v3', transports });").calls).toEqual([]);
  });
});

describe('what a package parses', () => {
  const file = (name: string, text: string, admitted: boolean) => ({ filePath: `/pkg/${name}`, text, admitted });

  it('parses the module of a class a file makes on a path, whose methods send the requests', () => {
    const parsed = analyseAdmitted([
      file('api.js', "const Resource = require('./resource');\nconst http = require('axios').create({ baseURL: 'https://git.example.com/api/v3' });\nexports.jobs = (id) => new Resource(http, `/projects/${id}/builds`).list();\n", true),
      file('resource.js', 'module.exports = class Resource { constructor(client, path) { this.client = client; this.path = path; } list() { return this.client.get(this.path); } };\n', false),
    ]);
    expect([...parsed.keys()].sort()).toEqual(['/pkg/api.js', '/pkg/resource.js']);
    expect(parsed.get('/pkg/api.js')!.calls.map((c) => [c.method, c.url.marked.replace(/[\ue000-\uf8ff]/g, ':')])).toEqual([[undefined, 'https://git.example.com/api/v3'], ['GET', '/projects/:/builds']]);
  });

  it('parses the modules recognition looks into, not every module a file imports', () => {
    const parsed = analyseAdmitted([
      file('notes.js', "const gl = require('./gl');\nconst { Tag } = require('./model');\nexports.tags = (p) => gl(`projects/${p}/repository/tags`).then((r) => r.body.filter((t) => t instanceof Tag));\n", true),
      file('gl.js', "const glGot = require('gl-got');\nmodule.exports = function gl(path, opts) { return glGot(path, Object.assign({ token: process.env.T }, opts)); };\n", false),
      file('model.js', "exports.Tag = class Tag { constructor(t) { this.name = t.name; } };\n", false),
    ]);
    expect([...parsed.keys()].sort()).toEqual(['/pkg/gl.js', '/pkg/notes.js']);
    expect(parsed.get('/pkg/notes.js')!.calls.map((c) => [c.client, c.url.marked.replace(/[\ue000-\uf8ff]/g, ':')])).toEqual([['wrapper', 'projects/:/repository/tags']]);
  });

  it('makes no wrapper of a guess by name alone, so callers of a getter are not parsed for it', () => {
    const parsed = analyseAdmitted([
      file('api.js', "export const base = 'https://gitlab.example.com/api/v3';\nexport const lookup = (key) => registry.get(key);\nexport const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);\nexport const kind = (x) => getParsedType(x);\n", true),
      file('use.js', "import { lookup, own, kind } from './api';\nexport const f = (s) => own(s, 'a') && lookup(s) && kind(s);\n", false),
    ]);
    expect(parsed.wrapperFiles.size).toBe(0);
    expect([...parsed.keys()]).toEqual(['/pkg/api.js']);
  });

  it('still makes a wrapper of a guess whose own URL has words, and finds its callers', () => {
    const parsed = analyseAdmitted([
      file('api.js', "export const base = 'https://gitlab.example.com/api/v3';\nexport const projectBuilds = (id) => backend.get('/projects/' + id + '/builds');\n", true),
      file('use.js', "import { projectBuilds } from './api';\nexport const f = (p) => projectBuilds(p.id);\n", false),
    ]);
    expect([...parsed.wrapperFiles].sort()).toEqual(['/pkg/api.js', '/pkg/use.js']);
    expect(parsed.get('/pkg/use.js')?.calls.map((c) => c.via !== undefined)).toEqual([true]);
  });
});
