// --fix is as safe with the user's files as git: a run killed at any moment leaves every file old or new,
// never half-written; Ctrl-C finishes the file under way and leaves no temp file; nothing is written
// outside the paths given; fixed text that does not parse, or a request v4 does not route, is never written.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { lintFiles, lintText, writeFixes } from '../src/index.js';
import { defineRule } from '../src/rule.js';
import { rules as catalogue } from '../rules/index.js';
import { fixtureCases } from './support/fixtures.js';
import { longOr } from './support/long.js';

vi.setConfig({ testTimeout: 120_000 });

const bin = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const V3_CALL = "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n";
const V4_CALL = "fetch('https://gitlab.example.com/api/v4/projects/' + id + '/jobs');\n";

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'v4m-fix-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

function cli(dir: string, args: string[], input?: string) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', input });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Every file under `dir`, relative, temp files included. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

// The runs are independent processes: run side by side.
describe.concurrent('a --fix run stopped at any moment', () => {
  // Many small files that all need a fix, in sorted order (the order they are written in). `npm test` writes
  // 200 and stops the run at one point per signal; V4_MIGRATE_LONG_TESTS=1 writes 600 and stops it at four.
  const COUNT = longOr(600, 200);
  const POINTS = longOr(4, 1);
  const names = Array.from({ length: COUNT }, (_, i) => `src/d${String(Math.floor(i / 100)).padStart(2, '0')}/f${String(i % 100).padStart(3, '0')}.js`).sort();
  const original = (i: number) => `// file ${i}\r\n${V3_CALL.repeat(1 + (i % 3))}`;
  const fixed = (i: number) => `// file ${i}\r\n${V4_CALL.repeat(1 + (i % 3))}`;
  // Where a run is stopped: once file k is written, k spread over the first third of the writes (so that many
  // are still to come), SIGINT's and SIGKILL's points interleaved. The same points every run.
  const points = (offset: number) => Array.from({ length: POINTS }, (_, i) => Math.floor(((i + offset) * COUNT) / 3 / POINTS));

  /**
   * Start `--fix` on a fresh tree; once file k is written, send `signal`. Resolves to the tree, the exit and
   * how each file ended up. The run is niced so that this process, which watches it, is not starved on a
   * busy machine; a run that still ended before the signal came proves nothing and is tried again.
   */
  async function fixAndKill(signal: NodeJS.Signals, k: number) {
    for (let attempt = 1; ; attempt++) {
      const run = await fixAndKillOnce(signal, k);
      if (run.states.includes('old') || attempt === 3) return run;
    }
  }

  async function fixAndKillOnce(signal: NodeJS.Signals, k: number) {
    const dir = tree({ 'package.json': '{}', ...Object.fromEntries(names.map((n, i) => [n, original(i)])) });
    const child = spawn('nice', ['-n', '19', process.execPath, bin, '--fix', 'src'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // `close`, not `exit`: the last line on stderr may still be on its way when the process has exited.
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, sig) => resolve({ code, signal: sig })));
    const watched = path.join(dir, names[k]!);
    while (readFileSync(watched, 'utf8') === original(k)) await new Promise((r) => setTimeout(r, 1));
    child.kill(signal);
    const exit = await exited;
    const states = names.map((n, i) => {
      const text = readFileSync(path.join(dir, n), 'utf8');
      return text === original(i) ? 'old' : text === fixed(i) ? 'new' : `half-written: ${JSON.stringify(text)}`;
    });
    return { dir, exit, stderr, states };
  }

  it.each(points(1 / 3))(`after SIGINT once file %i of ${COUNT} is written: the file under way is finished, no temp file is left, exit 130; a second run finishes the job`, async (k) => {
    const { dir, exit, stderr, states } = await fixAndKill('SIGINT', k);
    expect(exit, `stopped after file ${k} was written; ${stderr}`).toEqual({ code: 130, signal: null });
    expect(states.filter((s) => s !== 'old' && s !== 'new')).toEqual([]);
    // It was stopped in the middle of the writes.
    expect(states).toContain('new');
    expect(states).toContain('old');
    expect(stderr).toMatch(/^v4-migrate: interrupted; \d+ files were left unchanged \(every file is either as it was or fully fixed\); run again to finish\n$/);
    expect(Number(/(\d+) files/.exec(stderr)![1])).toBe(states.filter((s) => s === 'old').length);
    expect(listFiles(dir)).toEqual(['package.json', ...names].sort());

    expect(cli(dir, ['--fix', 'src']).code).toBe(0);
    expect(names.map((n) => readFileSync(path.join(dir, n), 'utf8'))).toEqual(names.map((_, i) => fixed(i)));
  });

  it.each(points(2 / 3))(`after SIGKILL once file %i of ${COUNT} is written: every file is its old or its new text, never a mix`, async (k) => {
    const { dir, exit, states } = await fixAndKill('SIGKILL', k);
    expect(exit.signal, `killed after file ${k} was written`).toBe('SIGKILL');
    expect(states.filter((s) => s !== 'old' && s !== 'new')).toEqual([]);
    // SIGKILL cannot be handled: at most the one temp file being written stays, beside its file.
    const leftovers = listFiles(dir).filter((f) => f !== 'package.json' && !names.includes(f));
    expect(leftovers.length).toBeLessThanOrEqual(1);
    for (const f of leftovers) expect(path.basename(f)).toMatch(/^\.f\d{3}\.js\.v4-migrate-\d+-[0-9a-f]{8}\.tmp$/);
  });
});

// A run stopped between two files leaves some files of a package fixed and the others not. The package's
// evidence (its base URLs, wrappers, the version its calls speak) must not change its mind because of
// that: wherever the writes stopped, two more runs reach the bytes one whole run writes.
// Every package fixture is checked under V4_MIGRATE_LONG_TESTS=1; `npm test` checks one package for each order
// its files can be written in (which of them is the input, which moves a base URL and goes last).
const packages = fixtureCases().filter((c) => c.name.startsWith('clients/') && c.context.length > 0);
const sources = (c: (typeof packages)[number]) =>
  Object.fromEntries(['package.json', ...[c.input, ...c.context].map((f) => path.basename(f))].map((name) => [name, readFileSync(path.join(c.dir, name), 'utf8')]));
/** The files a whole --fix run writes, in the order writeFixes writes them in: files that move base URLs last. */
async function writeOrder(c: (typeof packages)[number]) {
  const results = await lintFiles([tree(sources(c))], { fix: true });
  const written = [...results.filter((r) => !r.writeLast), ...results.filter((r) => r.writeLast)].filter((r) => r.output !== undefined);
  const names = written.map((r) => path.basename(r.filePath));
  const shape = written.map((r) => `${r.filePath.endsWith(path.basename(c.input)) ? 'input' : 'context'}${r.writeLast ? ' (last)' : ''}`).join(', ');
  return { names, shape };
}
// A package whose fixes are all report-only (gl-got-default: its calls wait for package.json) writes nothing to stop between.
const ordered = (await Promise.all(packages.map(async (c) => ({ c, ...(await writeOrder(c)) })))).filter((p) => p.names.length > 0);
const sampled = longOr(ordered, ordered.filter((p, i) => ordered.findIndex((q) => q.shape === p.shape) === i));

describe.concurrent('a --fix run stopped between the files of a package finishes on the next run', () => {
  it.each(sampled.map((p) => [p.c.name, p.shape, p] as const))('%s (writes %s): stopped after each file it writes', async (_name, _shape, { c, names: order }) => {
    const original = sources(c);
    const whole = tree(original);
    expect(order.length, 'the package has something to fix').toBeGreaterThan(0);
    cli(whole, ['--fix', '.']);
    const names = Object.keys(original).filter((n) => n !== 'package.json');
    const done = Object.fromEntries(names.map((n) => [n, readFileSync(path.join(whole, n), 'utf8')]));
    // The whole run wrote the files the order names (and no others).
    expect(names.filter((n) => done[n] !== original[n]).sort()).toEqual([...order].sort());
    for (let k = 1; k < order.length; k++) {
      const written = order.slice(0, k);
      const dir = tree({ ...original, ...Object.fromEntries(written.map((n) => [n, done[n]!])) });
      cli(dir, ['--fix', '.']);
      cli(dir, ['--fix', '.']);
      for (const n of names) expect(readFileSync(path.join(dir, n), 'utf8'), `${n}, after a stop with ${written.join(', ')} written`).toBe(done[n]);
    }
  });

  it('writes the file that moves a base URL after the files whose calls go through it', async () => {
    const dir = tree({
      'package.json': '{}',
      'base.js': "import axios from 'axios';\nexport const http = axios.create({ baseURL: 'https://gitlab.example.com/api/v3' });\n",
      'jobs.js': "import { http } from './base';\nexport const jobs = (id) => http.get('/projects/' + id + '/builds');\n",
    });
    const results = await lintFiles([dir], { fix: true });
    expect(results.map((r) => [path.basename(r.filePath), r.writeLast ?? false])).toEqual([['base.js', true], ['jobs.js', false]]);
  });
});

describe('never outside the paths given', () => {
  it('does not write a file that leads out of the roots through a symbolic link', async () => {
    const dir = tree({ 'src/a.js': V3_CALL, 'outside/o.js': V3_CALL });
    symlinkSync('../outside/o.js', path.join(dir, 'src/o.js'));
    const results = await lintFiles([path.join(dir, 'src/a.js'), path.join(dir, 'src/o.js')], { fix: true });
    const problems = await writeFixes(results, { roots: [path.join(dir, 'src')] });
    expect(problems).toEqual([{ filePath: path.join(dir, 'src/o.js'), reason: `it leads (through a symbolic link) to ${path.join(dir, 'outside/o.js')}, outside the paths given; name that path to fix it` }]);
    expect(readFileSync(path.join(dir, 'outside/o.js'), 'utf8')).toBe(V3_CALL);
    expect(readFileSync(path.join(dir, 'src/a.js'), 'utf8')).toBe(V4_CALL);
  });

  it('writes a named link through to its file, keeping the link', () => {
    const dir = tree({ 'outside/o.js': V3_CALL });
    symlinkSync('outside/o.js', path.join(dir, 'link.js'));
    const r = cli(dir, ['--fix', 'link.js']);
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(path.join(dir, 'link.js')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(dir, 'outside/o.js'), 'utf8')).toBe(V4_CALL);
  });

  it('prints, never writes, the fixed text of standard input, wherever --stdin-filename points; -o goes where it is told', () => {
    const dir = tree({ 'work/package.json': '{}', 'outside/existing.js': V3_CALL });
    const r = cli(path.join(dir, 'work'), ['--stdin', '--fix', '--stdin-filename', '../outside/existing.js'], V3_CALL);
    expect(r.stdout).toBe(V4_CALL);
    const again = cli(path.join(dir, 'work'), ['--stdin', '--fix', '--stdin-filename', '../outside/new.js'], V3_CALL);
    expect(again.stdout).toBe(V4_CALL);
    expect(listFiles(dir)).toEqual(['outside/existing.js', 'work/package.json']);
    expect(readFileSync(path.join(dir, 'outside/existing.js'), 'utf8')).toBe(V3_CALL);

    writeFileSync(path.join(dir, 'work/a.js'), V3_CALL);
    expect(cli(path.join(dir, 'work'), ['-f', 'json', '-o', '../reports/v4.json', 'a.js']).code).toBe(1);
    expect((JSON.parse(readFileSync(path.join(dir, 'reports/v4.json'), 'utf8')) as unknown[]).length).toBe(1);
  });
});

describe('what --fix refuses to write', () => {
  // Rules made wrong on purpose: the engine must catch what a buggy rule would do to a file.
  const common = { changes: ['R90-JOBS'], release: '9.0', category: 'endpoint', fixTitle: 'test', docs: 'test', examples: { invalid: [], valid: [] } } as const;
  const prefix = catalogue.filter((r) => r.id === 'api-prefix');

  it('a fix whose request v4 does not route (here: one that would grow on every run)', () => {
    const growing = defineRule({ ...common, id: 'growing', fix: 'safe', message: 'grows', v3: { path: '/projects/:id/builds{/**}', version: 'any' }, v4: { path: '/projects/:id/builds/builds{/**}' } });
    const r = lintText(V3_CALL, { filename: 'a.js', fix: true, rules: [growing, ...prefix], packageFacts: { version: 'v3', service: true } });
    expect(r.output).toBeUndefined();
    // Not written, and the findings say why: the rewritten request is not one v4 answers.
    expect(r.messages.map((m) => [m.ruleId, m.fixClass])).toEqual([['api-prefix', 'report'], ['growing', 'report']]);
    expect(r.messages[1]!.message).toMatch(/not fixed automatically: `\/projects\/:x\/builds\/builds` is v3 only/);
  });

  it('a fix whose text would not parse', () => {
    const breaking = defineRule({ ...common, id: 'breaking', fix: 'safe', message: 'breaks', v3: { path: '/projects/:id/builds{/**}' }, rewrite: () => ({ path: '/projects/:id/jobs', captureCode: { id: 'id)' } }) });
    const r = lintText(V3_CALL, { filename: 'a.js', fix: true, rules: [breaking, ...prefix], packageFacts: { version: 'v3', service: true } });
    expect(r.output).toBeUndefined();
    expect(r.messages[0]).toMatchObject({ ruleId: 'fix-error', message: expect.stringMatching(/the fixed text would not parse/) });
  });

  it('a file in a directory where no temp file can be made: reported, untouched, nothing left behind', () => {
    const dir = tree({ 'src/a.js': V3_CALL, 'src/b.js': V3_CALL });
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, 'src'), 0o755);
    // Writable by anyone, in a directory only its owner may add to.
    chmodSync(path.join(dir, 'src/a.js'), 0o666);
    // As root, without the capabilities that bypass file permissions (setpriv), so the bits apply.
    const asRoot = process.getuid?.() === 0;
    const command = asRoot ? ['setpriv', '--bounding-set=-dac_override,-dac_read_search', process.execPath] : [process.execPath];
    chmodSync(path.join(dir, 'src'), 0o555);
    const r = spawnSync(command[0]!, [...command.slice(1), bin, '--fix', 'src/a.js'], { cwd: dir, encoding: 'utf8' });
    expect(r.stderr).toMatch(/^v4-migrate: src\/a\.js not fixed: it could not be written \(EACCES\)\n$/);
    expect(r.status).toBe(1);
    expect(readFileSync(path.join(dir, 'src/a.js'), 'utf8')).toBe(V3_CALL);
    chmodSync(path.join(dir, 'src'), 0o755);
    expect(listFiles(dir)).toEqual(['src/a.js', 'src/b.js']);
  });

  it('the unsafe token fix merges the header into the headers the request has, or is withheld: the token and the headers are never dropped', () => {
    const url = "'https://gitlab.example.com/api/v4/user?private_token=' + T";
    const calls = {
      // Merged into the headers object written at the call.
      merged: `export const merged = (T, hdrs) => fetch(${url}, { headers: { ...hdrs } });\n`,
      // Withheld: a second headers key would replace these (the fix wrote { headers: hdrs, headers: {…} }).
      variable: `export const variable = (T, hdrs) => fetch(${url}, { headers: hdrs });\n`,
      instance: `export const instance = (T, hdrs) => fetch(${url}, { headers: new Headers(hdrs) });\n`,
      spread: `export const spread = (T, opts) => fetch(${url}, { ...opts });\n`,
      // Withheld: the options are written where T does not exist (the fix moved the token out of reach).
      elsewhere: `const options = { method: 'GET' };\nexport function elsewhere(T) {\n  return fetch(${url}, options);\n}\n`,
    };
    const dir = tree(Object.fromEntries(Object.entries(calls).map(([name, code]) => [`${name}.js`, code])));
    const r = cli(dir, ['--fix', '--unsafe-fixes', '.']);
    expect(r.stderr).toBe('');
    expect(readFileSync(path.join(dir, 'merged.js'), 'utf8')).toBe("export const merged = (T, hdrs) => fetch('https://gitlab.example.com/api/v4/user', { headers: { ...hdrs, 'PRIVATE-TOKEN': T } });\n");
    for (const name of ['variable', 'instance', 'spread', 'elsewhere'] as const) expect(readFileSync(path.join(dir, `${name}.js`), 'utf8'), name).toBe(calls[name]);
    // Each withheld fix is still a finding to handle by hand.
    const left = JSON.parse(cli(dir, ['-f', 'json', '.']).stdout) as { filePath: string; messages: { ruleId: string }[] }[];
    expect(left.filter((f) => f.messages.some((m) => m.ruleId === 'private-token-query')).map((f) => path.basename(f.filePath)).sort()).toEqual(['elsewhere.js', 'instance.js', 'spread.js', 'variable.js']);
  });

  it('keeps the owner of a file it rewrites', () => {
    const dir = tree({ 'a.js': V3_CALL });
    const file = path.join(dir, 'a.js');
    // Root rewriting someone else's file must not make it root's; anyone else rewrites only their own.
    const owner = process.getuid?.() === 0 ? 65534 : statSync(file).uid;
    chownSync(file, owner, owner);
    expect(cli(dir, ['--fix', 'a.js']).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(V4_CALL);
    expect([statSync(file).uid, statSync(file).gid]).toEqual([owner, owner]);
  });
});

// Run as a user who is not root (setpriv, as root: any ids, no account needed), in a tree of their own.
const USER = 47_001;
const TEAM = 47_002;
const OTHERS = 47_003;
const canSwitchUser = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;

// The user must be able to read the CLI: a clone in a private folder (mktemp -d is 0700) is not theirs to
// read, so they run a copy of the build (dist/ and the manifest beside it) in a folder anyone may read.
let userBin: string | undefined;
function cliForUser(): string {
  if (userBin) return userBin;
  const root = mkdtempSync(path.join(tmpdir(), 'v4m-cli-'));
  chmodSync(root, 0o755);
  const repo = fileURLToPath(new URL('..', import.meta.url));
  cpSync(path.join(repo, 'dist'), path.join(root, 'dist'), { recursive: true });
  cpSync(path.join(repo, 'package.json'), path.join(root, 'package.json'));
  dirs.push(root);
  return (userBin = path.join(root, 'dist/src/cli/main.js'));
}

function asUser(dir: string, args: string[]) {
  const r = spawnSync('setpriv', [`--reuid=${USER}`, `--regid=${USER}`, `--groups=${TEAM}`, process.execPath, cliForUser(), ...args], { cwd: dir, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Owner, group and mode bits (setuid, setgid and sticky included). */
function identity(file: string): string {
  const s = statSync(file);
  return `${s.uid}:${s.gid} ${(s.mode & 0o7777).toString(8)}`;
}

// Needs root to give files away and to drop to another user; everywhere else the user is the only owner.
describe.skipIf(!canSwitchUser)('--fix replaces only a file it can replace by the same file (as a user who is not root)', () => {
  function userTree(files: Record<string, [owner: number, group: number, mode: number]>): string {
    const dir = tree(Object.fromEntries(Object.keys(files).map((name) => [name, V3_CALL])));
    chownSync(dir, USER, USER);
    for (const [name, [owner, group, mode]] of Object.entries(files)) {
      chownSync(path.join(dir, path.dirname(name)), USER, USER);
      chownSync(path.join(dir, name), owner, group);
      chmodSync(path.join(dir, name), mode);
    }
    return dir;
  }

  it("refuses a root-owned 0644 file in the user's own directory: it stays root's, unchanged", () => {
    const dir = userTree({ 'src/root.js': [0, 0, 0o644], 'src/mine.js': [USER, USER, 0o644] });
    const r = asUser(dir, ['--fix', 'src']);
    expect(r.stderr).toBe('v4-migrate: src/root.js not fixed: this user may not write it (EACCES), and replacing it would make it theirs; fix it as its owner\n');
    expect(r.code).toBe(1);
    expect(readFileSync(path.join(dir, 'src/root.js'), 'utf8')).toBe(V3_CALL);
    expect(identity(path.join(dir, 'src/root.js'))).toBe('0:0 644');
    expect(readFileSync(path.join(dir, 'src/mine.js'), 'utf8')).toBe(V4_CALL);
  });

  it('keeps the group (one the user is in), and the setuid and setgid bits (cleared when a file changes hands)', () => {
    const dir = userTree({ 'shared.js': [USER, TEAM, 0o6775], 'plain.js': [USER, USER, 0o640] });
    const r = asUser(dir, ['--fix', '.']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(identity(path.join(dir, 'shared.js'))).toBe(`${USER}:${TEAM} 6775`);
    expect(identity(path.join(dir, 'plain.js'))).toBe(`${USER}:${USER} 640`);
    expect(readFileSync(path.join(dir, 'shared.js'), 'utf8')).toBe(V4_CALL);
  });

  it('refuses a file whose group the user is not in: its replacement would lose it', () => {
    const dir = userTree({ 'theirs.js': [USER, OTHERS, 0o664] });
    const r = asUser(dir, ['--fix', '.']);
    expect(r.stderr).toBe(
      `v4-migrate: theirs.js not fixed: its replacement could not keep its owner, group and mode (${USER}:${OTHERS} 0664; this user can only make ${USER}:${USER} 0664); fix it as its owner, or as a member of its group\n`,
    );
    expect(r.code).toBe(1);
    expect(identity(path.join(dir, 'theirs.js'))).toBe(`${USER}:${OTHERS} 664`);
    expect(readFileSync(path.join(dir, 'theirs.js'), 'utf8')).toBe(V3_CALL);
    expect(listFiles(dir)).toEqual(['theirs.js']);
  });

  it('refuses a file with another hard link (outside the tree): both names keep the old text, still one file', () => {
    const dir = userTree({ 'src/linked.js': [USER, USER, 0o644] });
    const elsewhere = tree({});
    chownSync(elsewhere, USER, USER);
    linkSync(path.join(dir, 'src/linked.js'), path.join(elsewhere, 'copy.js'));
    const r = asUser(dir, ['--fix', 'src']);
    expect(r.stderr).toBe('v4-migrate: src/linked.js not fixed: it has 2 hard links, which replacing it would split (the others would keep the old text); break the links, or fix each name on its own copy\n');
    expect(r.code).toBe(1);
    expect(statSync(path.join(dir, 'src/linked.js')).ino).toBe(statSync(path.join(elsewhere, 'copy.js')).ino);
    expect(readFileSync(path.join(elsewhere, 'copy.js'), 'utf8')).toBe(V3_CALL);
  });
});

describe('fixing is linear in the number of calls', () => {
  // Every call goes through one base: one rewrite of 8,001 findings, each carrying its fix. Applying
  // edits one by one, or merging each finding's fix anew, costs calls²: 64 times the 1,000-call file.
  const file = (n: number) => {
    let code = "const API = 'https://gitlab.example.com/api/v3';\n";
    for (let i = 0; i < n; i++) code += `export const f${i} = (id) => fetch(API + '/projects/' + id + '/builds');\n`;
    return code;
  };
  const fixed = (n: number) => {
    const started = performance.now();
    const r = lintText(file(n), { filename: 'x.js', packageFacts: { version: 'v3', service: true }, fix: true });
    return { ms: performance.now() - started, r };
  };

  it('8,000 calls in one file are fixed in under 10 times the time of 1,000', () => {
    fixed(200); // the JIT warms up on a small file first
    const small = fixed(1000);
    const large = fixed(8000);
    expect(small.r.fixedCount).toBe(1001);
    expect(large.r.fixedCount).toBe(8001);
    expect(large.r.messages).toEqual([]);
    expect(large.r.output).toContain("'/jobs'");
    expect(large.ms / small.ms).toBeLessThan(10);
  }, 120_000);
});
