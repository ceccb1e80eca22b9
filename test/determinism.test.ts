// Issue 12, item 6: a file's findings do not depend on which other files a run is given, nor in which order.
// A tree of packages is linted whole, then each folder and each file alone, and in reverse order: every file's
// findings must be those of the whole run. The tree has packages with a package.json, folders under a
// repository root without one, a folder outside any repository, and files whose evidence is in a sibling.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventory, lintFiles, lintText, type LintResult } from '../src/index.js';
import { cli } from './support/spawn.js';

const BASE = "// The SDK's base URL and token: its only /api/v3.\nexports.base = 'api/v3';\nexports.headers = (token) => ({ 'PRIVATE-TOKEN': token });\n";
// Relative calls: v3, and the service's, only by what the base file says.
const PROJECTS = 'Projects.prototype.all = function (params, fn) { return this.get("projects", params, fn); };\n';
const JOBS = 'Jobs.prototype.list = function (id, fn) { return this.get("projects/" + id + "/builds", {}, fn); };\n';

const TREE: Record<string, string> = {
  // A repository, its root a package boundary for what has no package.json.
  'repo/.git/HEAD': 'ref: refs/heads/main\n',
  // A package whose evidence sits in one folder and whose calls sit in others.
  'repo/sdk/package.json': '{ "name": "sdk", "private": true }\n',
  // Named so that it sorts after the calls: a run of the calls alone reads the package in the whole run's order.
  'repo/sdk/lib/settings.js': BASE,
  'repo/sdk/lib/calls/projects.js': PROJECTS,
  'repo/sdk/lib/calls/jobs.js': JOBS,
  // A package named for the service: its shared routes are the service's in every file.
  'repo/gitlab-board/package.json': '{ "name": "gitlab-board", "private": true }\n',
  'repo/gitlab-board/src/api.js': "export const api = (path) => fetch(process.env.API_URL + '/api/v3' + path);\n",
  'repo/gitlab-board/src/views/projects.js': "import { api } from '../api';\nexport const projects = () => api('/projects');\n",
  // A package inside the repository, inside another package's folder: its own evidence only.
  'repo/sdk/examples/other/package.json': '{ "name": "other-example", "private": true }\n',
  'repo/sdk/examples/other/run.js': PROJECTS,
  // Folders without a package.json: one package, the repository's.
  'repo/scripts/a/base.js': BASE,
  'repo/scripts/b/calls.js': PROJECTS,
  // An app with its own /api/v3 server and its browser client in another folder of the package.
  'repo/app/package.json': '{ "name": "todo-app", "private": true }\n',
  'repo/app/server/routes.js': "const router = require('express').Router();\nrouter.delete('/todos', clear);\napp.use('/api/v3', router);\n",
  'repo/app/client/todos.js': "export const clear = () => fetch('/api/v3/todos', { method: 'DELETE' });\n",
  // Outside any repository: each folder is a package of its own.
  'loose/a/base.js': BASE,
  'loose/a/calls.js': PROJECTS,
  'loose/b/calls.js': PROJECTS,
};

let root: string;
let whole: Map<string, Finding[]>;

interface Finding {
  line: number;
  column: number;
  ruleId: string;
  changes: string[];
  fixClass: string;
  message: string;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'v4m-determinism-'));
  for (const [file, text] of Object.entries(TREE)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  whole = byFile(await lintFiles([root], { cwd: root, config: false }));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

function byFile(results: LintResult[]): Map<string, Finding[]> {
  return new Map(results.map((r) => [path.relative(root, r.filePath), r.messages.map((m) => ({ line: m.line, column: m.column, ruleId: m.ruleId, changes: [...m.changes], fixClass: m.fixClass, message: m.message }))]));
}

/** Every folder and source file of the tree (not .git), relative to the root. */
function paths(): { folders: string[]; files: string[] } {
  const folders: string[] = [];
  const files: string[] = [];
  const visit = (rel: string) => {
    for (const name of readdirSync(path.join(root, rel)).sort()) {
      if (name === '.git') continue;
      const child = path.join(rel, name);
      if (statSync(path.join(root, child)).isDirectory()) {
        folders.push(child);
        visit(child);
      } else if (child.endsWith('.js')) files.push(child);
    }
  };
  visit('');
  return { folders, files };
}

/** A run of part of a package cannot fix calls that move with base URLs in the files it leaves out, and says so. */
const OUTSIDE = /not fixed automatically: .*it is outside the paths this run lints/;

/** The run's findings of a file against the whole run's: the same findings, fixed the same unless the run leaves their base out. */
function expectSame(file: string, got: Finding[], run: string): void {
  const want = whole.get(file) ?? [];
  const place = (f: Finding) => ({ line: f.line, column: f.column, ruleId: f.ruleId, changes: f.changes });
  expect(got.map(place), `${file} linted as part of ${run}`).toEqual(want.map(place));
  got.forEach((f, i) => {
    const w = want[i]!;
    if (OUTSIDE.test(f.message)) {
      expect(f.fixClass, `${file}:${f.line} ${f.ruleId} in ${run}`).toBe('report');
      expect(w.fixClass, `${file}:${f.line} ${f.ruleId} in the whole tree`).not.toBe('report');
    } else expect({ fixClass: f.fixClass, message: f.message }, `${file}:${f.line} ${f.ruleId} in ${run}`).toEqual({ fixClass: w.fixClass, message: w.message });
  });
}

describe("a file's findings do not depend on the other files of the run", () => {
  it('finds what each case of the tree is there for when linted whole', () => {
    const rules = (file: string) => (whole.get(file) ?? []).map((f) => f.ruleId);
    expect(rules('repo/sdk/lib/settings.js')).toEqual(['api-prefix']);
    expect(rules('repo/sdk/lib/calls/projects.js')).toEqual(['projects-list-membership']);
    expect(rules('repo/sdk/lib/calls/jobs.js')).toEqual(['builds-endpoint']);
    expect(rules('repo/gitlab-board/src/views/projects.js')).toEqual(['projects-list-membership']);
    expect(rules('repo/sdk/examples/other/run.js')).toEqual([]);
    expect(rules('repo/scripts/b/calls.js')).toEqual(['projects-list-membership']);
    expect(rules('repo/app/client/todos.js')).toEqual([]);
    expect(rules('loose/a/calls.js')).toEqual(['projects-list-membership']);
    expect(rules('loose/b/calls.js')).toEqual([]);
  });

  it('are the same when each folder is linted alone', async () => {
    for (const folder of paths().folders) {
      const results = byFile(await lintFiles([path.join(root, folder)], { cwd: root, config: false }));
      for (const [file, found] of results) expectSame(file, found, folder);
    }
  });

  it('are the same when each file is linted alone', async () => {
    for (const file of paths().files) {
      const results = byFile(await lintFiles([path.join(root, file)], { cwd: root, config: false }));
      expectSame(file, results.get(file) ?? [], file);
    }
  });

  it('are the same whatever order the paths are given in', async () => {
    const folders = paths().folders.filter((f) => !f.includes(path.sep));
    for (const order of [folders, [...folders].reverse()]) {
      const results = byFile(await lintFiles(order.map((f) => path.join(root, f)), { cwd: root, config: false }));
      for (const [file, found] of results) expectSame(file, found, order.join(', '));
    }
  });

  it('are the same in an editor (lintText of the file in its package, as the language server and ESLint ask)', () => {
    for (const file of paths().files) {
      const filename = path.join(root, file);
      const result = lintText(readFileSync(filename, 'utf8'), { filename, inPackage: true, config: false });
      const found = result.messages.map((m) => ({ line: m.line, column: m.column, ruleId: m.ruleId, changes: [...m.changes], fixClass: m.fixClass, message: m.message }));
      expectSame(file, found, 'an editor');
    }
  });

  it('says so when a run cannot fix a call because its base URL is in a file the run leaves out', async () => {
    const alone = byFile(await lintFiles([path.join(root, 'repo/sdk/lib/calls')], { cwd: root, config: false }));
    const jobs = alone.get('repo/sdk/lib/calls/jobs.js')!;
    expect(jobs.map((f) => [f.ruleId, f.fixClass])).toEqual([['builds-endpoint', 'report']]);
    expect(jobs[0]!.message).toMatch(/move to v4 together, and one in settings\.js cannot yet \(it is outside the paths this run lints\)/);
    expect(whole.get('repo/sdk/lib/calls/jobs.js')!.map((f) => f.fixClass)).toEqual(['safe']);
  });

  it('gives each call the same service and version in the inventory, whatever the run', async () => {
    const entries = async (p: string) => (await inventory([path.join(root, p)], { cwd: root, all: true, config: false })).calls.map((c) => ({ file: path.relative(root, c.filePath), line: c.line, service: c.service, version: c.version, status: c.status }));
    const all = await entries('.');
    for (const folder of paths().folders) {
      const part = await entries(folder);
      expect(part, folder).toEqual(all.filter((c) => c.file.startsWith(folder + path.sep)));
    }
  });

  it('are the same through --cache, whichever run filled it', () => {
    const json = (args: string[]) => {
      const r = cli(['--format', 'json', '--no-config', ...args], root);
      return (JSON.parse(r.stdout) as LintResult[]).map((x) => ({ ...x, filePath: path.relative(root, x.filePath) }));
    };
    const plain = { tree: json(['.']), calls: json(['repo/sdk/lib/calls']) };
    // The folder's results, then the tree's, then the folder's again, each through the same cache file.
    expect(json(['--cache', 'repo/sdk/lib/calls'])).toEqual(plain.calls);
    expect(json(['--cache', '.'])).toEqual(plain.tree);
    expect(json(['--cache', 'repo/sdk/lib/calls'])).toEqual(plain.calls);
    expect(json(['--cache', '.'])).toEqual(plain.tree);
  });
});
