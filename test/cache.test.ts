// --cache through the spawned CLI: a warm run gives the same report and parses nothing, and every change
// that could change a finding (the file, its package's evidence, the configuration, the rule selection, the
// tool version) redoes exactly the files it touches. A file's requests can depend on another file of its
// package (a wrapper there), so an edit redoes its whole package, and only that package. `--debug` reports
// "N files, R from the cache, P parsed".
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'dist/src/cli/main.js');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A run with the cache: its report, its exit code, and what `--debug` says the cache did. */
function cached(root: string, extra: string[] = []) {
  const r = cli(['--cache', '--debug', '--format', 'json', ...extra, '.'], root);
  const line = /^v4-migrate: cache (.+): (\d+) files, (\d+) from the cache, (\d+) parsed$/m.exec(r.stderr);
  expect(line, r.stderr).not.toBeNull();
  // Nothing else on stderr: no warning in an ordinary run.
  expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
  return { ...r, file: line![1]!, files: Number(line![2]), reused: Number(line![3]), parsed: Number(line![4]) };
}

/** The same run without any cache: what the cached run must print. */
function fresh(root: string, extra: string[] = []) {
  const r = cli(['--format', 'json', ...extra, '.'], root);
  expect(r.stderr).toBe('');
  return r;
}

const SDK_CALLS = 'Projects.prototype.all = function (params, fn) { return this.get("projects", params, fn); };\n';

/**
 * Two packages. In `sdk`, `projects.js` holds a call that is a v3 call only when the package shows a v3
 * base URL (`base.js` does not yet); `util.js` mentions no API at all (the prefilter skips it). `app` holds
 * full v3 URLs.
 */
function tree(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'v4m-cache-'));
  temps.push(root);
  const files: Record<string, string> = {
    'package.json': '{ "name": "monorepo", "private": true }\n',
    'sdk/package.json': '{ "name": "sdk" }\n',
    'sdk/base.js': "this.headers = { 'PRIVATE-TOKEN': token };\n",
    'sdk/projects.js': SDK_CALLS,
    'sdk/util.js': 'export const twice = (x) => x * 2;\n',
    'app/package.json': '{ "name": "app" }\n',
    'app/client.js': "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n",
    'app/star.js': "axios.delete('https://gitlab.example.com/api/v3/projects/' + id + '/star');\n",
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

function rulesOf(stdout: string, file: string): string[] {
  const results = JSON.parse(stdout) as { filePath: string; messages: { ruleId: string; level: string }[] }[];
  return results.find((r) => r.filePath.endsWith(file))!.messages.map((m) => `${m.ruleId}:${m.level}`);
}

// Each test spawns the CLI several times; on a shared machine one spawn can take seconds.
describe('--cache', { timeout: 120_000 }, () => {
  it('a warm run on an unchanged tree prints the same report and parses nothing', () => {
    const root = tree();
    const cold = cached(root);
    expect(cold.code).toBe(1);
    // util.js and base.js name no API word: the prefilter skips them, so three files are parsed.
    expect(cold).toMatchObject({ file: '.v4-migrate-cache', files: 5, reused: 0, parsed: 3 });
    expect(existsSync(path.join(root, '.v4-migrate-cache'))).toBe(true);
    const warm = cached(root);
    expect(warm).toMatchObject({ files: 5, reused: 5, parsed: 0, code: 1 });
    expect(warm.stdout).toBe(cold.stdout);
    expect(warm.stdout).toBe(fresh(root).stdout);
    expect(rulesOf(warm.stdout, 'app/client.js')).toEqual(['api-prefix:error', 'builds-endpoint:error']);
    // The stylish report is the same too.
    expect(cli(['--cache', '.'], root).stdout).toBe(cli(['.'], root).stdout);
  });

  it('re-parses the package of an edited file, and only that package', () => {
    const root = tree();
    cached(root);
    // client.js and its sibling star.js are redone; the sdk package keeps its results.
    writeFileSync(path.join(root, 'app/client.js'), "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/jobs');\n");
    const run = cached(root);
    expect(run).toMatchObject({ files: 5, reused: 3, parsed: 2 });
    expect(rulesOf(run.stdout, 'app/client.js')).toEqual(['api-prefix:error']);
    expect(run.stdout).toBe(fresh(root).stdout);
  });

  it('redoes the files of a package whose evidence changed through a sibling file, and no others', () => {
    const root = tree();
    const before = cached(root);
    expect(rulesOf(before.stdout, 'sdk/projects.js')).toEqual([]);
    // The v3 base URL appears in another file of the package: projects.js is now a v3 client's call.
    writeFileSync(path.join(root, 'sdk/base.js'), "this.options.base_url = 'api/v3';\nthis.headers = { 'PRIVATE-TOKEN': token };\n");
    const after = cached(root);
    expect(rulesOf(after.stdout, 'sdk/projects.js')).toEqual(['projects-list-membership:error']);
    expect(after.stdout).toBe(fresh(root).stdout);
    // base.js (edited, now naming the API) and projects.js (same text, new evidence) are parsed; util.js is
    // skipped by the prefilter; the app package's two files come from the cache.
    expect(after).toMatchObject({ files: 5, parsed: 2, reused: 2 });
    // Any edit in the package redoes the package (a wrapper may have changed), and only it.
    writeFileSync(path.join(root, 'sdk/base.js'), "// the client's base\nthis.options.base_url = 'api/v3';\nthis.headers = { 'PRIVATE-TOKEN': token };\n");
    expect(cached(root)).toMatchObject({ parsed: 2, reused: 2 });
  });

  it('redoes what a configuration change affects, and keeps what it does not', () => {
    const root = tree();
    cached(root);
    writeFileSync(path.join(root, 'app/v4-migrate.config.json'), '{ "rules": { "builds-endpoint": "warn" } }\n');
    const severity = cached(root);
    expect(rulesOf(severity.stdout, 'app/client.js')).toEqual(['api-prefix:error', 'builds-endpoint:warning']);
    expect(severity.stdout).toBe(fresh(root).stdout);
    expect(severity).toMatchObject({ reused: 3, parsed: 2 });
    writeFileSync(path.join(root, 'app/v4-migrate.config.json'), '{ "rules": { "builds-endpoint": "off" } }\n');
    const off = cached(root);
    expect(rulesOf(off.stdout, 'app/client.js')).toEqual(['api-prefix:error']);
    expect(off.stdout).toBe(fresh(root).stdout);
    // A key that changes no finding (the report format) keeps every result.
    writeFileSync(path.join(root, 'app/v4-migrate.config.json'), '{ "rules": { "builds-endpoint": "off" }, "format": "json" }\n');
    expect(cached(root)).toMatchObject({ reused: 5, parsed: 0 });
  });

  it('keeps results per rule selection: --rule redoes them, and the same selection reuses them', () => {
    const root = tree();
    const all = cached(root);
    const only = cached(root, ['--rule', 'builds-endpoint']);
    expect(only).toMatchObject({ reused: 0, parsed: 3 });
    expect(rulesOf(only.stdout, 'app/client.js')).toEqual(['builds-endpoint:error']);
    expect(only.stdout).toBe(fresh(root, ['--rule', 'builds-endpoint']).stdout);
    expect(cached(root, ['--rule', 'builds-endpoint'])).toMatchObject({ reused: 5, parsed: 0 });
    expect(cli(['--cache', '--format', 'json', '--ignore-rule', 'api-prefix', '.'], root).stdout).toBe(fresh(root, ['--ignore-rule', 'api-prefix']).stdout);
    // Back to every rule: the selection is part of the key, so the full results are recomputed.
    const back = cached(root);
    expect(back.stdout).toBe(all.stdout);
  });

  it('redoes a file that becomes generated code when its source appears beside it', () => {
    const root = tree();
    const before = cached(root);
    expect(rulesOf(before.stdout, 'app/client.js')).toEqual(['api-prefix:error', 'builds-endpoint:error']);
    // client.js is now the compiled output of client.ts: its own text is unchanged, its findings are not.
    writeFileSync(path.join(root, 'app/client.ts'), "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n");
    const after = cached(root);
    expect(after.stdout).toBe(fresh(root).stdout);
    const client = (JSON.parse(after.stdout) as { filePath: string; messages: { generated?: { by: string } }[] }[]).find((r) => r.filePath.endsWith('app/client.js'))!;
    expect(client.messages.map((m) => m.generated?.by)).toEqual(['source-file', 'source-file']);
    // client.ts is new: its package (client.js, client.ts, star.js) is redone; the sdk package keeps its results.
    expect(after).toMatchObject({ files: 6, parsed: 3, reused: 3 });
    expect(cached(root)).toMatchObject({ parsed: 0, reused: 6 });
  });

  it.each([
    ['another version of the tool', '0.0.0-older+0123456789abcdef'],
    ['another build of the same version', 'BUILD'],
  ])('drops a cache written by %s, silently', (_what, older) => {
    const root = tree();
    const cold = cached(root);
    const file = path.join(root, '.v4-migrate-cache');
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
    const version = (JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version;
    const build = readFileSync(path.join(repo, 'dist/build-id'), 'utf8').trim();
    expect(stored.version).toBe(`${version}+${build}`);
    writeFileSync(file, JSON.stringify({ ...stored, version: older === 'BUILD' ? `${version}+0123456789abcdef` : older }));
    const run = cached(root);
    expect(run).toMatchObject({ reused: 0, parsed: 3 });
    expect(run.stdout).toBe(cold.stdout);
    expect((JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version).toBe(stored.version);
  });

  it('ignores a damaged cache with a one-line warning, rebuilds it, and never overwrites a file that is not a cache', () => {
    const root = tree();
    const cold = cached(root);
    const file = path.join(root, '.v4-migrate-cache');
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 200));
    const damaged = cli(['--cache', '--format', 'json', '.'], root);
    expect(damaged.stdout).toBe(cold.stdout);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toMatch(/^v4-migrate: the cache \.v4-migrate-cache is damaged; it is ignored and will be rebuilt\n$/);
    expect(cached(root)).toMatchObject({ reused: 5, parsed: 0 });

    // A file at the cache's place that is not one: left alone, run without a cache.
    writeFileSync(file, 'my notes\n');
    const foreign = cli(['--cache', '--format', 'json', '.'], root);
    expect(foreign.stdout).toBe(cold.stdout);
    expect(foreign.stderr.trim().split('\n')).toHaveLength(1);
    expect(foreign.stderr).toMatch(/\.v4-migrate-cache is not a v4-migrate cache.*delete it or choose another --cache-location/);
    expect(readFileSync(file, 'utf8')).toBe('my notes\n');
    // A cache of the wrong shape is damaged too, never a crash.
    writeFileSync(file, '{"v4-migrate-cache":1,"version":"x","prefilter":true,"files":[1,2]}');
    const shape = cli(['--cache', '--format', 'json', '.'], root);
    expect(shape.stdout).toBe(cold.stdout);
    expect(shape.stderr).toMatch(/is damaged/);
  });

  it('reads a cache that cannot be read as none, with one line, and writes nothing over it', () => {
    const root = tree();
    // A directory where the cache file of a --cache-location directory would be: it cannot be read as a file.
    const dir = path.join(root, 'caches');
    const inside = cli(['--cache-location', 'caches/', '--debug', '--format', 'json', '.'], root);
    const name = /cache (caches\/\.v4-migrate-cache-[0-9a-f]+):/.exec(inside.stderr)![1]!;
    expect(existsSync(path.join(root, name))).toBe(true);
    rmSync(path.join(root, name));
    mkdirSync(path.join(root, name));
    const r = cli(['--cache-location', 'caches', '--format', 'json', '.'], root);
    expect(r.stdout).toBe(fresh(root).stdout);
    expect(r.stderr).toMatch(/^v4-migrate: cannot read the cache caches\/\.v4-migrate-cache-[0-9a-f]+ \(EISDIR\); running without it\n$/);
    expect(existsSync(dir)).toBe(true);
  });

  it('--cache-location names the file (and implies --cache); a directory holds a file named after the working directory', () => {
    const root = tree();
    const file = cached(root, ['--cache-location', 'tmp/lint.cache']);
    expect(file.file).toBe('tmp/lint.cache');
    expect(existsSync(path.join(root, 'tmp/lint.cache'))).toBe(true);
    expect(existsSync(path.join(root, '.v4-migrate-cache'))).toBe(false);
    const implied = cli(['--cache-location', 'tmp/lint.cache', '--debug', '--format', 'json', '.'], root);
    expect(implied.stderr).toMatch(/5 files, 5 from the cache, 0 parsed/);
    mkdirSync(path.join(root, 'shared'));
    const dir = cached(root, ['--cache-location', 'shared']);
    expect(dir.file).toMatch(/^shared\/\.v4-migrate-cache-[0-9a-f]{12}$/);
    expect(cached(root, ['--cache-location', 'shared'])).toMatchObject({ reused: 5 });
  });

  it('after --fix, the written files are linted afresh and the report matches a run without cache', () => {
    const root = tree();
    cached(root);
    const fix = cli(['--cache', '--debug', '--fix', '--format', 'json', '.'], root);
    expect(fix.stderr).toMatch(/5 files, 0 from the cache, 3 parsed/);
    expect(readFileSync(path.join(root, 'app/client.js'), 'utf8')).toBe("fetch('https://gitlab.example.com/api/v4/projects/' + id + '/jobs');\n");
    const after = cached(root);
    expect(after.stdout).toBe(fresh(root).stdout);
    expect(rulesOf(after.stdout, 'app/client.js')).toEqual([]);
    // The two written files of app are parsed again; sdk kept its results.
    expect(after).toMatchObject({ parsed: 2, reused: 3 });
    expect(cached(root)).toMatchObject({ parsed: 0, reused: 5 });
    // A second --fix with a warm cache changes nothing and reuses every result.
    const again = cli(['--cache', '--debug', '--fix', '--format', 'json', '.'], root);
    expect(again.stderr).toMatch(/from the cache/);
    expect(readFileSync(path.join(root, 'app/client.js'), 'utf8')).toBe("fetch('https://gitlab.example.com/api/v4/projects/' + id + '/jobs');\n");
  });

  // A warm run reads the whole cache before anything else: at 100,000 files, a cache that kept each file's
  // absolute path, an empty result, its own copies of its package's digest and of the result's key, and a
  // SHA-256 of a key per file made the warm run slower than a cold one (bench/scale.mjs measures it).
  it('keeps a file without findings in a few bytes: no path, no empty result, its package digest and key shared', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'v4m-cache-plain-'));
    temps.push(root);
    writeFileSync(path.join(root, 'package.json'), '{ "name": "plain" }\n');
    mkdirSync(path.join(root, 'src'));
    for (let i = 0; i < 400; i++) writeFileSync(path.join(root, 'src', `m${i}.js`), `export const double${i} = (x) => x * 2;\n`);
    writeFileSync(path.join(root, 'src/client.js'), "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n");
    const cold = cached(root);
    expect(cold).toMatchObject({ files: 401, parsed: 1 });
    const text = readFileSync(path.join(root, '.v4-migrate-cache'), 'utf8');
    const stored = JSON.parse(text) as { strings: string[]; files: Record<string, unknown> };
    expect(text).not.toContain(root);
    // Two strings: the package's digest, and the key its empty results share.
    expect(stored.strings).toHaveLength(2);
    expect(stored.files['src/m7.js']).toEqual({ hash: 0, evidence: 0, results: { lint: 1 } });
    // The file with findings keeps its result (without its path), under its key.
    const client = stored.files['src/client.js'] as { hash: number; reportable: boolean; results: { lint: { key: string; result: { filePath?: string; messages: unknown[] } } } };
    expect(client).toMatchObject({ hash: 0, reportable: true });
    expect(client.results.lint.key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(client.results.lint.result.messages).toHaveLength(2);
    expect(client.results.lint.result.filePath).toBeUndefined();
    // About 45 bytes a file (the name and four small numbers); it was over 450.
    expect(text.length / 401).toBeLessThan(80);
    const warm = cached(root);
    expect(warm).toMatchObject({ files: 401, reused: 401, parsed: 0 });
    expect(warm.stdout).toBe(cold.stdout);
    expect(warm.stdout).toBe(fresh(root).stdout);
  });

  it('keeps --diff results apart from lint results, and a repeated --diff is served from the cache', () => {
    const root = tree();
    const lint = cached(root);
    const diff = cli(['--cache', '--debug', '--diff', '.'], root);
    expect(diff.code).toBe(1);
    expect(diff.stderr).toMatch(/0 from the cache, 3 parsed/);
    const again = cli(['--cache', '--debug', '--diff', '.'], root);
    expect(again.stdout).toBe(diff.stdout);
    expect(again.stderr).toMatch(/5 from the cache, 0 parsed/);
    expect(cli(['--diff', '.'], root).stdout).toBe(diff.stdout);
    expect(cached(root)).toMatchObject({ reused: 5, parsed: 0 });
    expect(cached(root).stdout).toBe(lint.stdout);
  });

  it('applies at another checkout path: a tree moved with its cache (CI restores it elsewhere) parses nothing', () => {
    const first = tree();
    const cold = cached(first);
    const moved = mkdtempSync(path.join(tmpdir(), 'v4m-cache-moved-'));
    temps.push(moved);
    cpSync(first, moved, { recursive: true });
    const warm = cached(moved);
    expect(warm).toMatchObject({ files: 5, reused: 5, parsed: 0, code: cold.code });
    expect(warm.stdout).toBe(fresh(moved).stdout);
  });
});
