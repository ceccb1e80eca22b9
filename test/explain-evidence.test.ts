// `inventory` explains each call: the evidence that decided whose API it is and which version, through the
// spawned CLI (JSON, the table's --explain-evidence line), and that explanation agrees with the decisions the
// rules take on every fixture.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanTemps, cli, pkg, repo } from './support/spawn.js';
import { EVIDENCE_KINDS } from '../src/match/evidence.js';

afterAll(cleanTemps);

interface Reason {
  kind: string;
  says: string;
  weight: number;
  text: string;
  file?: string;
  line?: number;
  column?: number;
}
interface Call {
  file: string;
  line: number;
  method: string | null;
  path: string;
  version: string | null;
  service: boolean;
  status: string;
  rules: string[];
  evidence: { service: string; version: string | null; v3Rules: boolean; reasons: Reason[] };
}

/** The inventory of `paths` (every call: --all) as JSON, through a file (the fixtures' is larger than a pipe's buffer). */
function inventory(dir: string, ...paths: string[]): Call[] {
  const out = path.join(pkg({}), 'inventory.json');
  const r = cli(['inventory', '--format', 'json', '--all', '-o', out, ...(paths.length > 0 ? paths : ['.'])], dir);
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(readFileSync(out, 'utf8')) as { calls: Call[] }).calls;
}

// One package speaking to the service and to OpenProject, with a relative-path module; an app of its own
// beside it (its server serves /api/v3, its browser code calls it); a package with no evidence at all.
const TREE = {
  'src/api.js': [
    "const axios = require('axios');",
    "const base = 'https://code.example.com/api/v3';",
    "const headers = { 'PRIVATE-TOKEN': process.env.TOKEN };",
    'exports.jobs = (id) => axios.get(`${base}/projects/${id}/builds`, { headers });',
    '',
  ].join('\n'),
  'hosted/package.json': '{ "name": "hosted" }\n',
  'hosted/me.js': "exports.me = () => fetch('https://gitlab.example.com/api/v4/user');\n",
  'src/keys.js': ["const http = require('./http');", 'exports.keys = (id) => http.get(`projects/${id}/keys`);', ''].join('\n'),
  'src/op.js': [
    "const axios = require('axios');",
    "const OP = process.env.OP_HOST + '/api/v3';",
    'exports.packages = (id) => axios.get(`${OP}/projects/${id}/work_packages`);',
    'exports.projects = () => axios.get(`${OP}/projects`);',
    '',
  ].join('\n'),
  'app/package.json': '{ "name": "todo-app" }\n',
  'app/server.js': [
    "const express = require('express');",
    'const app = express();',
    'const router = express.Router();',
    "router.get('/todos', (req, res) => res.json([]));",
    "app.use('/api/v3', router);",
    '',
  ].join('\n'),
  'app/client.js': "export const todos = () => fetch('/api/v3/todos');\n",
  'timesheets/package.json': '{\n  "name": "n8n-nodes-openproject-timesheets"\n}\n',
  'timesheets/api.js': [
    "exports.members = (id) => fetch(`${process.env.HOST}/api/v3/groups/${id}/members`);",
    "exports.mirror = (id, token) => fetch(`${process.env.HOST}/api/v3/groups/${id}/members`, { headers: { 'PRIVATE-TOKEN': token } });",
    '',
  ].join('\n'),
  'plain/package.json': '{ "name": "plain" }\n',
  'plain/list.js': "export const list = () => fetch('https://tracker.example.org/api/v3/projects');\n",
};

describe('inventory explains each call', () => {
  const dir = pkg(TREE);
  const calls = inventory(dir);
  const call = (file: string, route: string) => calls.find((c) => c.file === file && c.path === route)!;
  const kinds = (c: Call) => c.evidence.reasons.map((r) => r.kind);

  it('says which evidence made a call the service\'s v3, strongest first, each where it was seen', () => {
    const jobs = call('src/api.js', '/projects/*/builds');
    expect(jobs.evidence).toMatchObject({ service: 'service', version: 'v3', v3Rules: true });
    expect(kinds(jobs)).toEqual(['token-header', 'specific-route', 'package-service', 'url-version', 'v3-only-route']);
    // The package-wide fact names the file and line that showed it: the header's line, not the call's.
    expect(jobs.evidence.reasons[2]).toEqual({ kind: 'package-service', says: 'service', weight: 30, text: 'package shows the service: PRIVATE-TOKEN in the code', file: 'src/api.js', line: 3, column: 20 });
    expect(jobs.evidence.reasons[0]).toMatchObject({ text: 'PRIVATE-TOKEN header', file: 'src/api.js', line: 4 });
    expect(jobs.evidence.reasons[4]).toMatchObject({ says: 'v3', text: 'route /projects/*/builds is v3-only' });
    expect(jobs.rules).toEqual(['builds-endpoint']);
  });

  it('names the host that made a call the service\'s', () => {
    const me = call('hosted/me.js', '/user');
    expect(me.evidence).toMatchObject({ service: 'service', version: 'v4', v3Rules: true });
    expect(me.evidence.reasons[0]).toMatchObject({ kind: 'service-host', says: 'service', weight: 80, text: 'host gitlab.example.com', file: 'hosted/me.js', line: 1 });
  });

  it('gives a relative path its package\'s version, naming the base URL that decided it and where it is written', () => {
    const keys = call('src/keys.js', '/projects/*/keys');
    expect(keys.evidence).toMatchObject({ service: 'service', version: 'v3', v3Rules: true });
    expect(keys.evidence.reasons.find((r) => r.kind === 'package-version')).toEqual({ kind: 'package-version', says: 'v3', weight: 25, text: 'package base URL https://code.example.com/api/v3', file: 'src/api.js', line: 2, column: 14 });
  });

  it('says why another product\'s call is left alone: its own path word, or a client shared with such a call', () => {
    const packages = call('src/op.js', '/projects/*/work_packages');
    expect(packages.evidence).toMatchObject({ service: 'other product', version: 'v3', v3Rules: false });
    expect(packages.evidence.reasons[0]).toMatchObject({ kind: 'other-route', says: 'other product', weight: 70, text: "OpenProject's path word work_packages" });
    // `/projects` of the same base: the service has that route too, but this base is OpenProject's.
    const projects = call('src/op.js', '/projects');
    expect(projects).toMatchObject({ status: 'other', service: false, rules: [] });
    expect(projects.evidence.reasons[0]).toEqual({
      kind: 'other-client',
      says: 'other product',
      weight: 60,
      text: "same base URL /api/v3 as a call that shows OpenProject's path word work_packages",
      file: 'src/op.js',
      line: 3,
      column: 38,
    });
  });

  it("says a package named for another product speaks to it, naming its package.json, unless the call names the service", () => {
    const [members, mirror] = calls.filter((c) => c.file === 'timesheets/api.js' && c.path === '/groups/*/members').sort((a, b) => a.line - b.line);
    expect(members!.evidence).toMatchObject({ service: 'other product', version: 'v3', v3Rules: false });
    expect(members!.evidence.reasons[0]).toEqual({
      kind: 'other-package',
      says: 'other product',
      weight: 60,
      text: 'package named for OpenProject: package name n8n-nodes-openproject-timesheets',
      file: 'timesheets/package.json',
      line: 2,
      column: 11,
    });
    // The token header is the service's own: that call is the service's whatever the package is named.
    expect(mirror!.evidence).toMatchObject({ service: 'service', v3Rules: true });
    expect(kinds(mirror!)).not.toContain('other-package');
  });

  it("says an app's call of its own /api/v3 server is its own API, naming the route declaration", () => {
    const todos = call('app/client.js', '/todos');
    expect(todos.evidence).toMatchObject({ service: 'own API', version: 'v3', v3Rules: false });
    expect(todos.evidence.reasons[0]).toEqual({ kind: 'own-server', says: 'own API', weight: 50, text: 'own server route declared under /api/v3', file: 'app/server.js', line: 5, column: 9 });
  });

  it('says why a call was not reported when nothing shows the service', () => {
    const list = call('plain/list.js', '/projects');
    expect(list).toMatchObject({ status: 'other', service: false, rules: [] });
    expect(list.evidence).toMatchObject({ service: 'unknown', version: 'v3', v3Rules: false });
    expect(kinds(list)).toEqual(['url-version', 'shared-route', 'no-evidence']);
    expect(list.evidence.reasons[1]!.text).toBe("route /projects is other products' too: without evidence of the service it is not the service's");
  });

  it('prints one indented line of evidence under each row of the table with --explain-evidence, and none without', () => {
    const table = cli(['inventory', '--explain-evidence', '.'], dir).stdout.split('\n');
    const row = table.findIndex((l) => /^GET +\/projects\/\*\/keys +v3 +wrapper +src\/keys\.js:2:33/.test(l));
    expect(row).toBeGreaterThan(0);
    expect(table[row + 1]).toBe(
      '    evidence: service v3 (v3 rules apply): route /projects/*/keys is the service\'s alone; package shows the service: PRIVATE-TOKEN in the code (src/api.js:3); package base URL https://code.example.com/api/v3 (src/api.js:2); route /projects/*/keys is v3-only',
    );
    // Every row has its line (the service's calls only: no --all).
    const rows = table.filter((l) => /^(GET|POST|PUT|DELETE|unknown|-) /.test(l));
    expect(table.filter((l) => l.startsWith('    evidence: '))).toHaveLength(rows.length);
    expect(cli(['inventory', '.'], dir).stdout).not.toContain('evidence:');
  });

  it('never shows a token written into a URL it explains', () => {
    const token = 'glpat-Qm7rT2xKv9LpW4sZ8nYc';
    const secret = pkg({ 'a.js': `const base = 'https://oauth2:${token}@gitlab.example.com/api/v3';\nexport const jobs = (id) => fetch(base + '/projects/' + id + '/builds');\n` });
    const out = cli(['inventory', '--format', 'json', '.'], secret).stdout;
    expect(out).toContain('"kind": "url-version"');
    expect(out).not.toContain(token);
    expect(cli(['inventory', '--explain-evidence', '.'], secret).stdout).not.toContain(token);
  });
});

describe('the explanation is the decision the rules take', () => {
  it('agrees, on every fixture call, with the service, version and findings the inventory and the rules give it', () => {
    const calls = inventory(repo, 'fixtures');
    expect(calls.length).toBeGreaterThan(150);
    const weights = new Map<string, number>(EVIDENCE_KINDS.map((k) => [k.kind, k.weight]));
    for (const c of calls) {
      const where = `${c.file}:${c.line} ${c.path}`;
      expect(c.evidence.service === 'service', where).toBe(c.service);
      expect(c.evidence.version, where).toBe(c.version);
      // A call a rule fires on was decided the service's (v3 rules judge it, or rules about any version).
      if (c.rules.length > 0) expect(c.evidence.service, where).toBe('service');
      if (c.evidence.v3Rules) expect(c.evidence.service, where).toBe('service');
      expect(c.evidence.reasons.length, where).toBeGreaterThan(0);
      for (const r of c.evidence.reasons) expect(r.weight, `${where} ${r.kind}`).toBe(weights.get(r.kind));
      const sorted = [...c.evidence.reasons].sort((a, b) => b.weight - a.weight);
      expect(c.evidence.reasons, where).toEqual(sorted);
    }
    // Each decision is met at least once on the fixtures.
    expect(new Set(calls.map((c) => c.evidence.service))).toEqual(new Set(['service', 'other product', 'own API', 'unknown']));
  });

  it('documents every kind of evidence and its weight in the README', () => {
    const readme = readFileSync(`${repo}/README.md`, 'utf8');
    for (const k of EVIDENCE_KINDS) expect(readme).toContain(`| \`${k.kind}\` | ${k.weight} |`);
  });
});
