// The evidence model through the library: facts gathered per package decide what counts as a v3 call.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintFiles, lintText } from '../src/index.js';
import { OTHER_PRODUCT_WORDS } from '../src/match/evidence.js';
import { SERVICE_RESOURCE_WORDS } from '../src/api/v3-routes.js';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

/** A throwaway package: `files` maps relative paths to contents. */
function pkg(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'v4m-pkg-'));
  roots.push(root);
  writeFileSync(path.join(root, 'package.json'), '{ "name": "client", "private": true }\n');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

async function rulesIn(root: string, file: string, paths = [root]): Promise<string[]> {
  const results = await lintFiles(paths, { cwd: root });
  return results.find((r) => r.filePath === path.join(root, file))!.messages.map((m) => m.ruleId);
}

const SDK_CALLS = 'Projects.prototype.all = function (params, fn) { return this.get("projects", params, fn); };\n';

describe('package evidence', () => {
  it('makes a v3 client of every file of a package whose base URL is /api/v3', async () => {
    const root = pkg({ 'lib/base.js': "this.options.base_url = 'api/v3';\nthis.headers = { 'PRIVATE-TOKEN': token };\n", 'lib/projects.js': SDK_CALLS });
    expect(await rulesIn(root, 'lib/projects.js')).toEqual(['projects-list-membership']);
  });

  it('does not report an ambiguous route without that evidence', async () => {
    const root = pkg({ 'lib/projects.js': SDK_CALLS });
    expect(await rulesIn(root, 'lib/projects.js')).toEqual([]);
  });

  it('keeps packages apart: the evidence of one does not leak into another', async () => {
    const root = pkg({ 'a/package.json': '{}', 'a/base.js': "const base = 'api/v3'; const h = { 'PRIVATE-TOKEN': t };\n", 'b/package.json': '{}', 'b/projects.js': SDK_CALLS });
    expect(await rulesIn(root, 'b/projects.js')).toEqual([]);
  });

  it('groups files outside any package by their folder, whatever is read first', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'v4m-nopkg-'));
    roots.push(root);
    mkdirSync(path.join(root, 'a'));
    mkdirSync(path.join(root, 'b'));
    writeFileSync(path.join(root, 'a/base.js'), "const base = 'api/v3'; const h = { 'PRIVATE-TOKEN': t };\n");
    writeFileSync(path.join(root, 'b/projects.js'), SDK_CALLS);
    const alone = await rulesIn(root, 'b/projects.js', [path.join(root, 'b')]);
    expect(alone).toEqual([]);
    expect(await rulesIn(root, 'b/projects.js', [root])).toEqual(alone);
  });

  it('in a v4 package reports only routes v4 does not have, and what the call sends the v3 way', async () => {
    const base = "const api = axios.create({ baseURL: host + '/api/v4', headers: { 'PRIVATE-TOKEN': t } });\n";
    const root = pkg({ 'base.js': base, 'calls.js': 'this.get("projects", cb);\nthis.post("projects/" + id + "/repository/branches", { branch: b, ref: r }, cb);\n' });
    expect(await rulesIn(root, 'calls.js')).toEqual([]);
    const sends = pkg({ 'base.js': base, 'calls.js': 'this.post("projects/" + id + "/repository/branches", { branch_name: b, ref: r }, cb);\n' });
    expect(await rulesIn(sends, 'calls.js')).toEqual(['branch-name-param']);
  });

  it('judges a prefix-only migration (v4 bases, v3-only requests) as v3 code on every route', async () => {
    const base = "const api = axios.create({ baseURL: host + '/api/v4', headers: { 'PRIVATE-TOKEN': t } });\n";
    // `/builds` under `/api/v4`: the code was written for v3, so its plain project list still means the caller's.
    const root = pkg({ 'base.js': base, 'calls.js': 'this.get("projects", cb);\n', 'jobs.js': 'this.get("projects/" + id + "/builds", cb);\n' });
    expect(await rulesIn(root, 'calls.js')).toEqual(['projects-list-membership']);
    expect(await rulesIn(root, 'jobs.js')).toEqual(['builds-endpoint']);
    // So does a parameter only v3 takes.
    const sends = pkg({ 'base.js': base, 'calls.js': 'this.get("projects", cb);\n', 'merge.js': 'this.put("projects/" + p + "/merge_requests/" + mr.iid + "/merge", { merge_when_build_succeeds: true }, cb);\n' });
    expect(await rulesIn(sends, 'calls.js')).toEqual(['projects-list-membership']);
    // A bare name in an iid's place is still left alone in v4 code, and names that say iid always.
    const ids = pkg({ 'base.js': base, 'jobs.js': 'this.get("projects/" + id + "/builds", cb);\n', 'notes.js': 'this.get("projects/" + p + "/issues/" + issueId + "/notes", cb);\nthis.get("projects/" + p + "/issues/" + issue.id + "/notes", cb);\n' });
    expect(await rulesIn(ids, 'notes.js')).toEqual(['issue-id-path']);
  });

  it('takes a route that only v3 has, or a parameter only v3 sends, as the version of a package with no base URL written', async () => {
    const withRoute = (call: string) => pkg({ 'api.js': "module.exports = (cfg, uri) => superagent.get(cfg.api_url + uri).query({ private_token: cfg.key });\n", 'calls.js': `api(cfg, 'projects');\n${call}\n` });
    expect(await rulesIn(withRoute("api(cfg, 'projects/' + id + '/repository/blobs/' + sha + '?filepath=' + f);"), 'calls.js')).toEqual(['projects-list-membership', 'blob-filepath']);
    expect(await rulesIn(withRoute("api(cfg, 'projects/' + id + '/keys');"), 'calls.js')).toEqual(['projects-list-membership', 'project-keys-endpoint']);
    // The same blob route without v3's parameter is v4's too: it is judged on its own (its answer changed),
    // but it does not make `projects` a v3 call.
    expect(await rulesIn(withRoute("api(cfg, 'projects/' + id + '/repository/blobs/' + sha);"), 'calls.js')).toEqual(['blob-filepath']);
  });

  it('reports a token known by its name alone only in a package that speaks to the service', async () => {
    const line = "const READ_TOKEN = 'Fm3nQ8cW2vLp7xZr4tYh';\n";
    expect(await rulesIn(pkg({ 'x.js': line + "fetch(HOST + '/api/v3/projects', { headers: { 'PRIVATE-TOKEN': READ_TOKEN } });\n" }), 'x.js')).toEqual(['token-literal', 'api-prefix', 'projects-list-membership']);
    expect(await rulesIn(pkg({ 'x.js': line + "fetch('https://api.example.com/v2/items', { headers: { Authorization: READ_TOKEN } });\n" }), 'x.js')).toEqual([]);
  });

  describe("a package's own /api/v3 server", () => {
    const client = "export const builds = (id) => fetch('/api/v3/projects/' + id + '/builds');\nexport const todos = () => fetch('/api/v3/todos', { method: 'DELETE' });\n";
    it.each([
      ['an Express router mounted under /api/v3', { 'server.js': "const router = require('express').Router();\nrouter.get('/projects/:id/builds', list);\napp.use('/api/v3', router);\n" }],
      ['Express routes declared with the version', { 'server.js': "const app = require('express')();\napp.delete('/api/v3/todos', (req, res) => res.end());\n" }],
      ['a NestJS controller', { 'todos.controller.ts': "import { Controller, Delete } from '@nestjs/common';\n@Controller('api/v3/todos')\nexport class Todos { @Delete() clear() {} }\n" }],
      ['a NestJS global prefix', { 'main.ts': "import { NestFactory } from '@nestjs/core';\nconst app = await NestFactory.create(AppModule);\napp.setGlobalPrefix('api/v3');\n" }],
      ['a Hapi route object', { 'server.js': "const Hapi = require('@hapi/hapi');\nserver.route({ method: 'GET', path: '/api/v3/todos', handler: list });\n" }],
      ['a Fastify plugin registered with a prefix', { 'server.js': "const fastify = require('fastify')();\nfastify.register(routes, { prefix: '/api/v3' });\n" }],
      ['a Next.js API route file', { 'pages/api/v3/todos.js': 'export default function handler(req, res) { res.json([]); }\n' }],
    ])('silences the browser client of %s, and the declaration itself', async (_name, server) => {
      const root = pkg({ 'client.js': client, ...server });
      const results = await lintFiles([root], { cwd: root });
      expect(results.flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.ruleId}`))).toEqual([]);
    });

    it('still reports a call that names the service, and any call without the server beside it', async () => {
      const root = pkg({ 'client.js': client + "export const star = (id) => fetch(HOST + '/api/v3/projects/' + id + '/star', { method: 'DELETE', headers: { 'PRIVATE-TOKEN': t } });\n", 'server.js': "const app = require('express')();\napp.use('/api/v3', router);\n" });
      expect(await rulesIn(root, 'client.js')).toEqual(['api-prefix', 'star-delete']);
      expect(await rulesIn(pkg({ 'client.js': client }), 'client.js')).toEqual(['api-prefix', 'builds-endpoint', 'api-prefix', 'todos-delete']);
    });
  });

  it('takes names as evidence of the service: a base named for it, the package\'s name, an import of its SDK', async () => {
    const call = "export const all = () => fetch(BASE + '/api/v3/projects');\n";
    expect(await rulesIn(pkg({ 'x.js': call.replace('BASE', 'config.gitlabHost') }), 'x.js')).toEqual(['api-prefix', 'projects-list-membership']);
    expect(await rulesIn(pkg({ 'x.js': call.replace('BASE', 'config.host') }), 'x.js')).toEqual([]);
    expect(await rulesIn(pkg({ 'x.js': "const Gitlab = require('gitlab');\n" + call }), 'x.js')).toEqual(['api-prefix', 'projects-list-membership']);
    const named = pkg({ 'x.js': call });
    writeFileSync(path.join(named, 'package.json'), '{ "name": "gitlab-build-notifier" }\n');
    expect(await rulesIn(named, 'x.js')).toEqual(['api-prefix', 'projects-list-membership']);
    const depends = pkg({ 'x.js': call });
    writeFileSync(path.join(depends, 'package.json'), '{ "name": "notifier", "dependencies": { "@gitbeaker/rest": "^40.0.0" } }\n');
    expect(await rulesIn(depends, 'x.js')).toEqual(['api-prefix', 'projects-list-membership']);
  });

  describe('names around a call', () => {
    // `/user` is other products' route too: only evidence of the service makes it the service's.
    const HOST = 'process.env.CODE_HOST';
    it.each([
      ['a name its base is declared under', `const GITLAB_API = ${HOST} + '/api/v3';\nexports.me = () => fetch(GITLAB_API + '/user');\n`],
      ['a config key its base is held under', `const config = { gitlab: { api: ${HOST} + '/api/v3' } };\nexports.me = () => fetch(config.gitlab.api + '/user');\n`],
      ['the client instance it goes through', `const axios = require('axios');\nconst gitlab = axios.create({ baseURL: ${HOST} + '/api/v3' });\nexports.me = () => gitlab.get('/user');\n`],
      ['a string beside it', `module.exports = { provider: 'gitlab', profileUrl: ${HOST} + '/api/v3/user' };\n`],
      ['the class it is written in', 'class GitLabClient {\n  constructor(host) { this.base = host + \'/api/v3\'; }\n  me() { return fetch(this.base + \'/user\'); }\n}\n'],
      ['a strategy named for the service by a string argument', `const { Strategy } = require('passport-oauth2');\npassport.use('gitlab', new Strategy({ authorizationURL: ${HOST} + '/oauth/authorize' }, (token, refresh, p, done) => {\n  fetch(${HOST} + '/api/v3/user', { headers: { Authorization: 'Bearer ' + token } }).then((r) => done(null, r));\n}));\n`],
      ['a strategy that names itself', "const OAuth2Strategy = require('passport-oauth2');\nfunction Strategy(options, verify) {\n  OAuth2Strategy.call(this, options, verify);\n  this.name = 'gitlab';\n  this._profileURL = options.baseURL + '/api/v3/user';\n}\n"],
      ['the branch of a provider switch', `function profileUrl(provider) {\n  switch (provider) {\n    case 'gitlab': return ${HOST} + '/api/v3/user';\n    default: return null;\n  }\n}\n`],
      ['a strategy module named for the service', `const GitLabStrategy = require('passport-gitlab2').Strategy;\npassport.use(new GitLabStrategy({ baseURL: ${HOST}, profileURL: ${HOST} + '/api/v3/user' }, verify));\n`],
    ])('take a shared route for the service\'s: %s', async (_name, code) => {
      expect(await rulesIn(pkg({ 'x.js': code }), 'x.js')).toEqual(['api-prefix']);
      // The same code naming nothing: not the service's.
      const neutral = code.replace(/gitlab/gi, 'code');
      expect(await rulesIn(pkg({ 'x.js': neutral }), 'x.js')).toEqual([]);
    });

    it('take a call named for another product for that product\'s, in a package that speaks to the service', async () => {
      const strategies = "const GitHubStrategy = require('passport-github2').Strategy;\nconst GitLabStrategy = require('passport-gitlab2').Strategy;\npassport.use(new GitHubStrategy({ userProfileURL: config.enterprise.url + '/api/v3/user' }, verify));\npassport.use(new GitLabStrategy({ baseURL: config.code.url }, verify));\n";
      expect(await rulesIn(pkg({ 'x.js': strategies }), 'x.js')).toEqual([]);
      const providers = "module.exports = {\n  github: { profile: config.enterprise.url + '/api/v3/user' },\n  gitlab: { profile: config.code.url + '/api/v3/user' },\n};\n";
      const root = pkg({ 'x.js': providers });
      const results = await lintFiles([root], { cwd: root });
      expect(results[0]!.messages.map((m) => `${m.line} ${m.ruleId}`)).toEqual(['3 api-prefix']);
    });

    it('let a place that names two products say nothing, and yield to another product\'s path words', async () => {
      // In a package that imports the service's SDK, the package's evidence decides where the names do not.
      const both = "require('gitlab');\nmodule.exports = { from: 'github', to: 'gitlab', user: process.env.HOST + '/api/v3/user' };\n";
      expect(await rulesIn(pkg({ 'x.js': both }), 'x.js')).toEqual(['api-prefix']);
      expect(await rulesIn(pkg({ 'x.js': both.replace(", to: 'gitlab'", '') }), 'x.js')).toEqual([]);
      // A constructor's name for itself is a lower-case strategy name; an error class's says nothing.
      const errors = "require('gitlab');\nfunction ApiError(message) { this.name = 'GitHubError'; this.message = message; }\nfunction me() { return fetch(process.env.HOST + '/api/v3/user'); }\n";
      expect(await rulesIn(pkg({ 'x.js': errors }), 'x.js')).toEqual(['api-prefix']);
      expect(await rulesIn(pkg({ 'x.js': errors.replace("'GitHubError'", "'github'") }), 'x.js')).toEqual([]);
      // The class names the service, but the path is GitHub's: the base is GitHub's, and so is every call through it.
      const repos = "require('gitlab');\nconst BASE = process.env.HOST + '/api/v3';\nclass GitlabMirror { repos(org) { return fetch(BASE + '/orgs/' + org + '/repos'); } }\nexports.me = () => fetch(BASE + '/user');\n";
      expect(await rulesIn(pkg({ 'x.js': repos }), 'x.js')).toEqual([]);
      expect(await rulesIn(pkg({ 'x.js': repos.replace("'/orgs/' + org + '/repos'", "'/groups/' + org + '/projects'") }), 'x.js')).toEqual(['api-prefix']);
    });
  });

  it('judges url.resolve, new URL and other joining calls outside a request as it would inside one', async () => {
    // The default host says whose it is: the literal alone would be a relative `api/v3/user` of nobody's.
    const resolve = "const url = require('url');\nfunction Strategy(options) {\n  this.baseURL = options.baseURL || 'https://gitlab.com';\n  this._profileURL = options.profileURL || url.resolve(this.baseURL, 'api/v3/user');\n}\n";
    expect(await rulesIn(pkg({ 'x.js': resolve }), 'x.js')).toEqual(['api-prefix']);
    const inside = resolve.replace("this._profileURL = options.profileURL || url.resolve(this.baseURL, 'api/v3/user');", "fetch(url.resolve(this.baseURL, 'api/v3/user'));");
    expect(await rulesIn(pkg({ 'x.js': inside }), 'x.js')).toEqual(['api-prefix']);
    const newUrl = "const base = options.baseURL || 'https://gitlab.com';\nexports.profile = new URL('/api/v3/user', base).href;\n";
    expect(await rulesIn(pkg({ 'x.js': newUrl }), 'x.js')).toEqual(['api-prefix']);
    // `new URL(url)` joins nothing: its literal is the URL, reported where it is written.
    const whole = pkg({ 'x.js': "require('gitlab');\nexports.me = new URL(`${process.env.HOST}/api/v3/user`);\n" });
    expect((await lintFiles([whole], { cwd: whole }))[0]!.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`)).toEqual(['2:22 api-prefix']);
    const joined = "exports.me = [process.env.GITLAB_URL, 'api/v3', 'user'].join('/');\n";
    expect(await rulesIn(pkg({ 'x.js': joined }), 'x.js')).toEqual(['api-prefix']);
    // Without a host or name of the service, still nobody's.
    expect(await rulesIn(pkg({ 'x.js': resolve.replace('https://gitlab.com', 'https://code.example.org') }), 'x.js')).toEqual([]);
    const fixed = lintText(resolve, { filename: 'x.js', fix: true }).output;
    expect(fixed).toBe(resolve.replace("'api/v3/user'", "'api/v4/user'"));
  });

  it("places a wrapper's findings where its caller writes them: the prefix at the caller's base, never a route finding at a value of its parameters", async () => {
    const root = pkg({
      'lib/api.js': "const superagent = require('superagent');\nexports.addKey = (config, repoId, cb) => superagent.post(config.api_url + '/projects/' + repoId + '/keys').query({ private_token: config.api_key }).end(cb);\n",
      'test/api.test.js': "const api = require('../lib/api');\nconst config = {\n  api_url: 'http://localhost/api/v3',\n  api_key: 'k',\n};\nconst project = { repoId: '5' };\napi.addKey(config, project.repoId, () => {});\n",
    });
    const results = await lintFiles([root], { cwd: root });
    const at = (file: string) => results.find((r) => r.filePath === path.join(root, file))!.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`);
    // `/keys` is written in the wrapper: reported there; the caller's `/api/v3` is reported where it writes it.
    expect(at('lib/api.js')).toEqual(['2:58 project-keys-endpoint', '2:116 private-token-query']);
    expect(at('test/api.test.js')).toEqual(['3:12 api-prefix']);
  });

  it('never counts another product whose API also lives under /api/v3/projects', async () => {
    const root = pkg({ 'x.js': "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\nfetch(host + '/api/v3/projects/' + id + '/notices');\n" });
    expect(await rulesIn(root, 'x.js')).toEqual(['api-prefix', 'builds-endpoint']);
  });

  describe('keeps each client apart in a package that also speaks to the service', () => {
    const service = "export const jobs = (id) => fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n";

    it('a base that one call shows to be another product makes every call through it that product\'s', async () => {
      // `/projects/:id` and the bare base alone would be the service's; `/work_packages` says whose they are.
      const other = "const OP = process.env.OP_URL + '/api/v3';\nexport const project = (id) => fetch(OP + '/projects/' + id + '/builds');\nexport const packages = (id) => fetch(OP + '/projects/' + id + '/work_packages');\n";
      const root = pkg({ 'service.js': service, 'other.js': other });
      expect(await rulesIn(root, 'other.js')).toEqual([]);
      expect(await rulesIn(root, 'service.js')).toEqual(['api-prefix', 'builds-endpoint']);
      // Without the telling call, the same base is the service's.
      expect(await rulesIn(pkg({ 'service.js': service, 'other.js': other.replace('work_packages', 'merge_requests') }), 'other.js')).toEqual(['api-prefix', 'builds-endpoint']);
    });

    it('so does an instance\'s base URL and a wrapper that writes its own base', async () => {
      const instance = "const axios = require('axios');\nconst op = axios.create({ baseURL: host + '/api/v3' });\nexports.all = () => op.get('/projects');\nexports.stories = (p) => op.get('/projects/' + p + '/stories');\n";
      const wrapper = "const BASE = 'https://code.corp.example/api/v3';\nfunction gh(path) { return fetch(BASE + path); }\nexports.project = (id) => gh('/projects/' + id);\nexports.list = () => gh('/projects');\nexports.repos = (org) => gh('/orgs/' + org + '/repos');\n";
      const root = pkg({ 'service.js': service, 'instance.js': instance, 'wrapper.js': wrapper });
      expect(await rulesIn(root, 'instance.js')).toEqual([]);
      expect(await rulesIn(root, 'wrapper.js')).toEqual([]);
    });

    it('a helper that sends whatever URL it is given, and a call that names the service, are no other product\'s', async () => {
      const helper = "const get = (url) => fetch(url, { headers });\nexports.repos = () => get('https://api.github.com/repos/a/b');\nexports.jobs = (id) => get(GITLAB + '/api/v3/projects/' + id + '/builds');\n";
      expect(await rulesIn(pkg({ 'x.js': helper }), 'x.js')).toEqual(['api-prefix', 'builds-endpoint']);
      const shared = "const BASE = host + '/api/v3';\nexports.stories = () => fetch(BASE + '/stories');\nexports.jobs = (id) => fetch(BASE + '/projects/' + id + '/builds', { headers: { 'PRIVATE-TOKEN': t } });\n";
      expect(await rulesIn(pkg({ 'x.js': shared }), 'x.js')).toEqual(['builds-endpoint']);
    });

    it('knows no word of another product that a route of the service has', () => {
      expect([...OTHER_PRODUCT_WORDS].filter((w) => SERVICE_RESOURCE_WORDS.has(w))).toEqual([]);
    });
  });
});

describe('unsafe fixes', () => {
  const code = "this.put('projects/' + id, { public: isPublic }, cb);\n";
  const facts = { version: 'v3', service: true } as const;

  it('are offered as suggestions and not applied by --fix', () => {
    const result = lintText(code, { filename: 'x.js', packageFacts: facts, fix: true });
    expect(result.output).toBeUndefined();
    const finding = result.messages.find((m) => m.ruleId === 'visibility-param')!;
    expect(finding.fixClass).toBe('unsafe');
    expect(finding.fix).toBeUndefined();
    expect(finding.suggestions?.[0]?.desc).toBe('Send `visibility` as a string');
  });

  it('are applied with --unsafe-fixes', () => {
    const result = lintText(code, { filename: 'x.js', packageFacts: facts, fix: true, unsafeFixes: true });
    expect(result.output).toBe("this.put('projects/' + id, { visibility: isPublic ? 'public' : 'private' }, cb);\n");
  });
});

describe('inline directives', () => {
  const facts = { version: 'v3', service: true } as const;

  it('silence the named rule on the next line, and keep it out of the fix', () => {
    const code = '// v4-migrate-disable-next-line tree-ref-name-param -- old servers still need it\nfetch(`/api/v3/projects/${id}/repository/tree?ref_name=${ref}`);\n';
    const result = lintText(code, { filename: 'x.js', packageFacts: facts, fix: true });
    expect(result.output).toBe('// v4-migrate-disable-next-line tree-ref-name-param -- old servers still need it\nfetch(`/api/v4/projects/${id}/repository/tree?ref_name=${ref}`);\n');
    expect(lintText(code, { filename: 'x.js', packageFacts: facts }).messages.map((m) => m.ruleId)).toEqual(['api-prefix']);
    // A silenced change the call's v4 form cannot do without keeps the whole call on v3: `/builds` has no v4 route.
    const builds = '// v4-migrate-disable-next-line builds-endpoint -- old servers still need it\nfetch(`/api/v3/projects/${id}/builds`);\n';
    const kept = lintText(builds, { filename: 'x.js', packageFacts: facts, fix: true });
    expect(kept.output).toBeUndefined();
    expect(kept.messages.map((m) => [m.ruleId, m.fixClass])).toEqual([['api-prefix', 'report']]);
  });

  it('silence every rule when none is named (a reason alone names none), and only the next line', () => {
    const code = '// v4-migrate-disable-next-line -- legacy endpoint\nfetch(`/api/v3/projects/${id}/builds`);\nfetch(`/api/v3/projects/${id}/builds`);\n';
    expect(lintText(code, { filename: 'x.js', packageFacts: facts }).messages.map((m) => `${m.line}:${m.ruleId}`)).toEqual(['3:api-prefix', '3:builds-endpoint']);
  });
});

describe('a query option that replaces the URL\'s query', () => {
  const facts = { version: 'v3', service: true } as const;
  const fixed = (code: string) => lintText(code, { filename: 'x.js', packageFacts: facts, fix: true });

  it('keeps a parameter the fix would add to the URL from being lost: reported, not fixed (got, ky)', () => {
    for (const code of ["const got = require('got');\ngot('projects', { prefixUrl: base, searchParams: { per_page: 100 } });\n", "import ky from 'ky';\nky.get('projects', { prefixUrl: base, searchParams: { per_page: 100 } });\n"]) {
      const result = fixed(code);
      expect(result.output, code).toBeUndefined();
      expect(result.messages.map((m) => [m.ruleId, m.fixClass]), code).toEqual([['projects-list-membership', 'report']]);
      expect(result.messages[0]!.message).toContain("(not fixed automatically: the call's query is sent apart from its URL (a `searchParams` option, a cache key's object), where this change adds to the URL's; add it there)");
    }
  });

  it('adds it to the URL where nothing replaces the URL\'s query: got without one, axios params', () => {
    expect(fixed("const got = require('got');\ngot('projects', { prefixUrl: base });\n").output).toBe("const got = require('got');\ngot('projects?membership=true', { prefixUrl: base });\n");
    expect(fixed("const axios = require('axios');\naxios.get('projects', { params: { per_page: 100 } });\n").output).toBe("const axios = require('axios');\naxios.get('projects?membership=true', { params: { per_page: 100 } });\n");
  });

  it('knows it through a wrapper whose callers pass the options', () => {
    const wrapper = "const got = require('got');\nconst get = (path, options) => got.get(path, options);\n";
    const withQuery = fixed(wrapper + "get('projects', { searchParams: { per_page: 100 } });\n");
    expect(withQuery.messages.map((m) => [m.line, m.ruleId, m.fixClass])).toEqual([[3, 'projects-list-membership', 'report']]);
    expect(fixed(wrapper + "get('projects', { timeout: 5000 });\n").output).toBe(wrapper + "get('projects?membership=true', { timeout: 5000 });\n");
  });
});
