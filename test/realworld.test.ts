// `npm run realworld` (scripts/realworld.mjs): the scorer's matching rules, the ratchet of
// realworld/score.json, fetching, and the corpora's own files. The script runs as a child process on tiny
// corpora in temporary project roots, with a stand-in CLI (test/realworld/fake-cli.mjs) or the real one,
// a stand-in `npm` first on PATH, and every network call refused: nothing here reaches the registry.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Plain ESM of the script itself (no types): the functions its output is made of.
import { loadCorpora, refreshVendoredFiles, renderFetchList, sourcesOfFetchScript, staleVendoredFiles } from '../scripts/realworld/corpora.mjs';
import { readRecordedFigures, README_END, README_START, renderReadmeTable } from '../scripts/realworld/ratchet.mjs';
import { matchSource } from '../scripts/realworld/scoring.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const script = path.join(repo, 'scripts/realworld.mjs');
const fakeCli = path.join(repo, 'test/realworld/fake-cli.mjs');
const realCli = path.join(repo, 'dist/src/cli/main.js');
const noNetwork = path.join(repo, 'test/support/no-network.cjs');

const temps: string[] = [];
let fakeNpmBin: string;
let fakeNpmLog: string;
let tarballs: string;

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

// A stand-in `npm`: `npm pack SPEC` copies the tarball the test made for SPEC, or fails as npm does.
const FAKE_NPM = `#!/usr/bin/env node
const fs = require('node:fs');
const path = require('node:path');
const [command, spec] = process.argv.slice(2);
fs.appendFileSync(process.env.FAKE_NPM_LOG, command + ' ' + spec + '\\n');
const tarball = path.join(process.env.FAKE_NPM_TARBALLS, spec.replace('/', '__') + '.tgz');
if (command !== 'pack' || !fs.existsSync(tarball)) {
  console.error('npm warn config something unrelated');
  console.error('npm error 404 Not Found - GET https://registry.example/' + spec);
  process.exit(1);
}
fs.copyFileSync(tarball, path.basename(tarball));
console.log(path.basename(tarball));
`;

beforeAll(() => {
  fakeNpmBin = tempDir('v4m-rw-bin-');
  writeFileSync(path.join(fakeNpmBin, 'npm'), FAKE_NPM);
  chmodSync(path.join(fakeNpmBin, 'npm'), 0o755);
  fakeNpmLog = path.join(fakeNpmBin, 'npm.log');
  writeFileSync(fakeNpmLog, '');
  tarballs = tempDir('v4m-rw-tarballs-');
});

afterAll(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Run { code: number | null; stdout: string; stderr: string }

/**
 * Run the script in a project root; fails the test if it tried to reach the network. The fix model is
 * checked only by the tests about it (`withFixModel`): elsewhere it would double the processes for nothing.
 */
function realworld(root: string, ...args: string[]): Run {
  return withFixModel(root, '--no-fix-model', ...args);
}

function withFixModel(root: string, ...args: string[]): Run {
  const networkLog = path.join(root, 'network.log');
  writeFileSync(networkLog, '');
  const r = spawnSync(process.execPath, [script, '--root', root, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${fakeNpmBin}${path.delimiter}${process.env.PATH}`,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${noNetwork}`,
      NO_NETWORK_LOG: networkLog,
      FAKE_NPM_LOG: fakeNpmLog,
      FAKE_NPM_TARBALLS: tarballs,
    },
  });
  expect(readFileSync(networkLog, 'utf8')).toBe('');
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

type Item = [string, number, string];
interface Message { ruleId: string; line: number; changes?: string[]; fatal?: boolean; message?: string }
interface TinySource { role: string; must?: Item[]; report?: Item[]; maybe?: Item[]; results: Record<string, Message[]> | 'broken' }

/** A project root whose realworld/corpora.json lists one corpus, "tiny", kept in it; its README has the table markers. */
function tinyProject(sources: Record<string, TinySource>): string {
  const root = tempDir('v4m-rw-root-');
  const corpusDir = path.join(root, 'realworld/tiny');
  mkdirSync(corpusDir, { recursive: true });
  writeFileSync(path.join(root, 'realworld/corpora.json'), JSON.stringify({ corpora: [{ name: 'tiny', expectations: 'tiny/expectations.json' }] }));
  writeFileSync(path.join(root, 'README.md'), `# project\n\n${README_START}\n${README_END}\n\nend\n`);
  setSources(root, sources);
  return root;
}

/** Rewrite the tiny corpus's expectations and what the stand-in CLI answers for each source. */
function setSources(root: string, sources: Record<string, TinySource>): void {
  const corpusDir = path.join(root, 'realworld/tiny');
  const expectations = Object.entries(sources).map(([dir, s]) => ({ dir, role: s.role, roots: ['src'], must: s.must ?? [], report: s.report ?? [], maybe: s.maybe ?? [] }));
  writeFileSync(path.join(corpusDir, 'expectations.json'), JSON.stringify({ sources: expectations }));
  for (const [dir, s] of Object.entries(sources)) setResults(root, dir, s.results);
}

function setResults(root: string, dir: string, results: TinySource['results']): void {
  const sourceDir = path.join(root, 'realworld/tiny', dir);
  mkdirSync(sourceDir, { recursive: true });
  rmSync(path.join(sourceDir, 'fake-broken'), { force: true });
  if (results === 'broken') {
    writeFileSync(path.join(sourceDir, 'fake-broken'), '');
    return;
  }
  const eslintJson = Object.entries(results).map(([filePath, messages]) => ({ filePath, messages: messages.map((m) => ({ message: `${m.ruleId} here`, ...m })) }));
  writeFileSync(path.join(sourceDir, 'fake-results.json'), JSON.stringify(eslintJson));
}

const finding = (line: number, ...changes: string[]): Message => ({ ruleId: `rule-${changes.join('-') || 'none'}`, line, changes });

// ---------------------------------------------------------------------------------------------------

describe('matching a source\'s findings to its items (the rules of ../shared/realworld/score.mjs)', () => {
  const source = (items: { must?: Item[]; report?: Item[]; maybe?: Item[] }) => ({ must: [], report: [], maybe: [], ...items });
  const at = (file: string, line: number, ...changes: string[]) => ({ file, line, ruleId: 'r', message: '', fatal: false, changes });

  it('a finding in the item\'s file, with its change ID, finds it up to 2 lines away, not 3', () => {
    const must: Item[] = [['a.js', 10, 'R90-JOBS']];
    for (const line of [8, 10, 12]) {
      const score = matchSource(source({ must }), [at('a.js', line, 'R90-JOBS')]);
      expect([score.must, score.falsePositives.length]).toEqual([{ found: 1, total: 1 }, 0]);
    }
    for (const line of [7, 13]) {
      const score = matchSource(source({ must }), [at('a.js', line, 'R90-JOBS')]);
      expect([score.must, score.missedMust, score.falsePositives.map((f: { line: number }) => f.line)]).toEqual([{ found: 0, total: 1 }, must, [line]]);
    }
  });

  it('another change ID at the line, or the same line in another file, neither finds the item nor escapes being a false positive', () => {
    const must: Item[] = [['a.js', 10, 'R90-JOBS']];
    const score = matchSource(source({ must }), [at('a.js', 10, 'V-PREFIX'), at('b.js', 10, 'R90-JOBS')]);
    expect(score.must).toEqual({ found: 0, total: 1 });
    expect(score.falsePositives).toHaveLength(2);
  });

  it('a finding with several change IDs finds the item of any of them; must and report items are counted apart', () => {
    const score = matchSource(source({ must: [['a.js', 5, 'R817-MR-PATH']], report: [['a.js', 5, 'V-IID'], ['a.js', 30, 'V-IID']] }), [at('a.js', 5, 'R817-MR-PATH', 'V-IID')]);
    expect([score.must, score.report, score.missedReport, score.falsePositives]).toEqual([{ found: 1, total: 1 }, { found: 1, total: 2 }, [['a.js', 30, 'V-IID']], []]);
  });

  it('a finding at a maybe item is neither counted nor a false positive; a maybe item left alone is no miss', () => {
    const maybe: Item[] = [['a.js', 20, 'A-TOKEN-QUERY'], ['a.js', 40, 'R90-FORK']];
    const score = matchSource(source({ maybe }), [at('a.js', 21, 'A-TOKEN-QUERY')]);
    expect([score.must, score.report, score.falsePositives, score.findings]).toEqual([{ found: 0, total: 0 }, { found: 0, total: 0 }, [], 1]);
    // A maybe item accepts its own ID only.
    expect(matchSource(source({ maybe }), [at('a.js', 20, 'V-PREFIX')]).falsePositives).toHaveLength(1);
  });

  it('"*" accepts a finding of any change ID; a must item "*" is never found, as in score.mjs', () => {
    expect(matchSource(source({ maybe: [['a.js', 3, '*']] }), [at('a.js', 4, 'V-PREFIX'), at('a.js', 5, 'R90-JOBS')]).falsePositives).toEqual([]);
    const starMust = matchSource(source({ must: [['a.js', 3, '*']] }), [at('a.js', 3, 'V-PREFIX')]);
    expect([starMust.must, starMust.falsePositives]).toEqual([{ found: 0, total: 1 }, []]);
  });

  it('parse errors (rule parse-error, or fatal) are listed apart: never a false positive, never finding an item', () => {
    const parseError = { ...at('a.js', 10), ruleId: 'parse-error' };
    const fatal = { ...at('b.js', 1, 'V-PREFIX'), ruleId: null, fatal: true };
    const score = matchSource(source({ must: [['b.js', 1, 'V-PREFIX']] }), [parseError, fatal]);
    expect([score.parseErrors, score.falsePositives, score.must.found, score.findings]).toEqual([[parseError, fatal], [], 0, 0]);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('npm run realworld: the report', () => {
  it('names every miss, false positive and parse error on a line, then a table and the totals per corpus', () => {
    const root = tinyProject({
      a: {
        role: 'v3',
        must: [['src/a.js', 3, 'V-PREFIX'], ['src/a.js', 9, 'R90-JOBS']],
        report: [['src/a.js', 30, 'V-IID']],
        results: { 'src/a.js': [finding(4, 'V-PREFIX'), finding(20, 'R90-FORK'), { ruleId: 'parse-error', line: 50, message: 'Unexpected token', fatal: true }] },
      },
      b: { role: 'neg', results: { 'src/b.js': [] } },
    });
    const r = realworld(root, '--cli', fakeCli);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines).toContain('tiny: missed must   R90-JOBS at a/src/a.js:9');
    expect(lines).toContain('tiny: missed report V-IID at a/src/a.js:30');
    expect(lines).toContain('tiny: false positive rule-R90-FORK [R90-FORK] at a/src/a.js:20: rule-R90-FORK here');
    expect(lines).toContain('tiny: parse error (not scored) at a/src/a.js:50: Unexpected token');
    expect(lines.some((l) => /^ {2}a +50\.0% \(1\/2\) +0\.0% \(0\/1\) +1 +1$/.test(l))).toBe(true);
    expect(lines.some((l) => /^role neg +n\/a +n\/a +0 +0$/.test(l))).toBe(true);
    expect(lines).toContain('tiny: must recall 50.0% (1/2), report recall 0.0% (0/1), false positives 1 (v3 1, neg 0), parse errors 1, failed runs 0');
  });

  it('--json holds the same figures; a message without change IDs takes its rule\'s from `rules --format json`', () => {
    const root = tinyProject({
      a: { role: 'v3', must: [['src/a.js', 7, 'R90-JOBS']], results: { 'src/a.js': [{ ruleId: 'builds-endpoint', line: 7 }, { ruleId: 'unknown-rule', line: 12 }] } },
    });
    const r = realworld(root, '--cli', fakeCli, '--json');
    expect(r.code).toBe(0);
    const [corpus] = JSON.parse(r.stdout).corpora;
    expect(corpus.name).toBe('tiny');
    expect(corpus.total).toMatchObject({ must: { found: 1, total: 1 }, falsePositives: 1, failedRuns: 0 });
    expect(corpus.sources[0].falsePositives).toEqual([{ file: 'src/a.js', line: 12, ruleId: 'unknown-rule', changes: [], message: 'unknown-rule here' }]);
  });

  it('a source whose CLI run fails is named with what the CLI said, and the run exits 1', () => {
    const root = tinyProject({ a: { role: 'v3', must: [['src/a.js', 1, 'V-PREFIX']], results: 'broken' } });
    const r = realworld(root, '--cli', fakeCli);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("tiny: run failed for a: the CLI's output is not ESLint JSON (exit 2): v4-migrate: something went wrong");
    expect(r.stdout).toContain('failed runs 1');
  });

  it('scores a corpus kept in the repository (--corpus, dirs beside its expectations) with the real CLI', () => {
    const root = tempDir('v4m-rw-root-');
    mkdirSync(path.join(root, 'realworld'));
    writeFileSync(path.join(root, 'realworld/corpora.json'), '{ "corpora": [] }');
    const r = realworld(root, '--cli', realCli, '--json', '--corpus', path.join(repo, 'test/realworld/example/expectations.json'));
    expect(r.code).toBe(0);
    const [corpus] = JSON.parse(r.stdout).corpora;
    expect(corpus.name).toBe('example');
    expect(corpus.sources.map((s: { name: string; must: unknown; falsePositives: unknown[] }) => [s.name, s.must, s.falsePositives.length]))
      .toEqual([['client', { found: 3, total: 3 }, 0], ['lookalike', { found: 0, total: 0 }, 0]]);
  });

  it('refuses bad usage and a corpus file that is not there with one line, exit 2', () => {
    const root = tinyProject({ a: { role: 'v3', results: {} } });
    const both = realworld(root, '--check', '--update');
    expect([both.code, both.stderr.split('\n')[0]]).toEqual([2, '--check and --update do not go together: check first, then update']);
    const missing = realworld(root, '--corpus', path.join(root, 'nowhere/expectations.json'));
    expect([missing.code, missing.stderr.trim()]).toEqual([2, `the expectations of corpus "nowhere" not found: ${path.join(root, 'nowhere/expectations.json')}`]);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('npm run realworld: the fix model', () => {
  // Each corpus is copied, fixed, and linted again: what --fix said is left must be what that run finds.
  it('a finding --fix reports as left that the run after it no longer makes, or makes otherwise, is a line and fails the run', () => {
    const root = tinyProject({ a: { role: 'v3', must: [['src/a.js', 3, 'R90-TODOS']], results: { 'src/a.js': [finding(3, 'R90-TODOS')] } } });
    expect(realworld(root, '--update', '--cli', fakeCli).code).toBe(0);
    const dir = path.join(root, 'realworld/tiny/a');
    const left = [{ ruleId: 'todos-delete', line: 3, column: 7, fixClass: 'report' }, { ruleId: 'commits-page-zero', line: 9, column: 2, fixClass: 'unsafe' }];
    writeFileSync(path.join(dir, 'fake-left.json'), JSON.stringify([{ filePath: 'src/a.js', messages: left }]));
    writeFileSync(path.join(dir, 'fake-after.json'), JSON.stringify([{ filePath: 'src/a.js', messages: [{ ...left[1], fixClass: 'report' }] }]));
    // The figures are as recorded, but no figure holds the model: --check fails on it alone.
    const r = withFixModel(root, '--check', '--cli', fakeCli);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    for (const mode of ['--fix', '--fix --unsafe-fixes']) {
      expect(lines).toContain(`tiny: ${mode} said left, gone after: a/src/a.js:3:7 todos-delete report`);
      expect(lines).toContain(`tiny: ${mode} said left, gone after: a/src/a.js:9:2 commits-page-zero unsafe`);
      expect(lines).toContain(`tiny: ${mode} not said left, found after: a/src/a.js:9:2 commits-page-zero report`);
    }
    expect(lines).toContain('tiny: must recall 100.0% (1/1), report recall n/a, false positives 0 (v3 0), parse errors 0, failed runs 0, fix model: 6 difference(s)');
    expect(lines).toContain('as recorded in realworld/score.json');
    expect(r.stdout.trim().split('\n').at(-1)).toBe('the fix model does not hold on tiny: 6 finding(s) --fix reported otherwise than the run after it finds, 0 run(s) failed');
    rmSync(path.join(dir, 'fake-left.json'));
    rmSync(path.join(dir, 'fake-after.json'));
    const check = withFixModel(root, '--check', '--cli', fakeCli);
    expect([check.code, check.stdout.trim().split('\n').at(-1)]).toEqual([0, 'as recorded in realworld/score.json']);
    expect(check.stdout).toContain('failed runs 0, fix model holds');
  });
});

describe('the ratchet: realworld/score.json', () => {
  const baseline = (): Record<string, TinySource> => ({
    a: { role: 'v3', must: [['src/a.js', 3, 'V-PREFIX'], ['src/a.js', 9, 'R90-JOBS']], report: [['src/a.js', 30, 'V-IID']], results: { 'src/a.js': [finding(3, 'V-PREFIX'), finding(30, 'V-IID')] } },
    b: { role: 'neg', results: { 'src/b.js': [] } },
  });
  const scoreFile = (root: string) => path.join(root, 'realworld/score.json');

  it('--check with nothing recorded exits 2 and says how to record', () => {
    const root = tinyProject(baseline());
    const r = realworld(root, '--cli', fakeCli, '--check');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nothing recorded yet');
    expect(r.stderr).toContain('run `npm run realworld -- --update` to record');
  });

  it('--update records each source\'s figures and the README table; --check then finds them as recorded', () => {
    const root = tinyProject(baseline());
    expect(realworld(root, '--cli', fakeCli, '--update').code).toBe(0);
    expect(JSON.parse(readFileSync(scoreFile(root), 'utf8')).corpora).toEqual({
      tiny: {
        a: { role: 'v3', must: [1, 2], report: [1, 1], falsePositives: 0 },
        b: { role: 'neg', must: [0, 0], report: [0, 0], falsePositives: 0 },
      },
    });
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`${README_START}\n| corpus | role | sources | must recall | report recall | false positives |`);
    expect(readme).toContain('| tiny | v3 | 1 | 50.0% (1/2) | 100.0% (1/1) | 0 |\n| tiny | neg | 1 | n/a | n/a | 0 |\n| **tiny** | all | 2 | **50.0% (1/2)** | **100.0% (1/1)** | **0** |\n');
    expect(readme.endsWith(`${README_END}\n\nend\n`)).toBe(true);
    const check = realworld(root, '--cli', fakeCli, '--check');
    expect([check.code, check.stdout.trim().split('\n').at(-1)]).toEqual([0, 'as recorded in realworld/score.json']);
  });

  it('--check exits 1 and names each drop: an item no longer found, a new false positive, a failed run', () => {
    const root = tinyProject({ ...baseline(), c: { role: 'v4', results: { 'src/c.js': [] } } });
    expect(realworld(root, '--cli', fakeCli, '--update').code).toBe(0);
    setResults(root, 'a', { 'src/a.js': [finding(9, 'R90-JOBS')] });
    setResults(root, 'b', { 'src/b.js': [finding(1, 'V-PREFIX')] });
    setResults(root, 'c', 'broken');
    const r = realworld(root, '--cli', fakeCli, '--check');
    expect(r.code).toBe(1);
    const verdict = r.stdout.split('\n').filter((l) => /^(dropped|better|changed|worse|improved)/.test(l));
    expect(verdict).toEqual([
      'dropped: tiny a: report found 0/1, recorded 1/1',
      'dropped: tiny b: false positives 1, recorded 0',
      "dropped: tiny c: the run failed: the CLI's output is not ESLint JSON (exit 2): v4-migrate: something went wrong",
      'worse than recorded in realworld/score.json: 3 figure(s) dropped',
    ]);
  });

  it('a recorded source no longer scored is a drop; per source the counts are held, so one item found instead of another is none', () => {
    const root = tinyProject(baseline());
    expect(realworld(root, '--cli', fakeCli, '--update').code).toBe(0);
    const { a } = baseline();
    setSources(root, { a: { ...a, results: { 'src/a.js': [finding(9, 'R90-JOBS'), finding(30, 'V-IID')] } } });
    const r = realworld(root, '--cli', fakeCli, '--check');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('dropped: tiny b: recorded, but no longer in the corpus');
    // One of two must items found, as recorded, but not the same one: the count holds, so it is no drop.
    expect(r.stdout).not.toContain('tiny a: must');
  });

  it('a better figure passes --check and asks for --update; --json keeps stdout JSON and says it on stderr', () => {
    const root = tinyProject(baseline());
    expect(realworld(root, '--cli', fakeCli, '--update').code).toBe(0);
    setResults(root, 'a', { 'src/a.js': [finding(3, 'V-PREFIX'), finding(9, 'R90-JOBS'), finding(30, 'V-IID')] });
    const r = realworld(root, '--cli', fakeCli, '--check');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('better: tiny a: must found 2/2, recorded 1/2');
    expect(r.stdout.trim().split('\n').at(-1)).toBe('improved: run `npm run realworld -- --update` to record');
    const json = realworld(root, '--cli', fakeCli, '--check', '--json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).ratchet).toEqual({ drops: [], gains: ['tiny a: must found 2/2, recorded 1/2'], changes: [] });
    expect(json.stderr).toContain('improved: run `npm run realworld -- --update` to record');
  });

  it('changed annotations (item totals) are said, and are no drop', () => {
    const root = tinyProject(baseline());
    expect(realworld(root, '--cli', fakeCli, '--update').code).toBe(0);
    const more = baseline();
    more.a.must = [...(more.a.must ?? []), ['src/a.js', 40, 'R90-FORK']];
    setSources(root, more);
    const r = realworld(root, '--cli', fakeCli, '--check');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('changed: tiny a: must items 2 → 3 (the annotations changed)');
  });

  it('--update refuses to record a worse figure unless --force', () => {
    const root = tinyProject(baseline());
    expect(realworld(root, '--cli', fakeCli, '--update').code).toBe(0);
    const recorded = readFileSync(scoreFile(root), 'utf8');
    setResults(root, 'a', { 'src/a.js': [] });
    const refused = realworld(root, '--cli', fakeCli, '--update');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('not recorded: 2 figure(s) worse than realworld/score.json; fix them, or record anyway with --force');
    expect(readFileSync(scoreFile(root), 'utf8')).toBe(recorded);
    expect(realworld(root, '--cli', fakeCli, '--update', '--force').code).toBe(0);
    expect(JSON.parse(readFileSync(scoreFile(root), 'utf8')).corpora.tiny.a).toEqual({ role: 'v3', must: [0, 2], report: [0, 1], falsePositives: 0 });
    expect(realworld(root, '--cli', fakeCli, '--check').code).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('fetching a corpus of npm packages', () => {
  /** A tarball as npm packs it (one top folder, package/), served by the stand-in npm; its sha1. */
  function publish(spec: string, files: Record<string, string>): string {
    const staging = tempDir('v4m-rw-pkg-');
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(staging, 'package', name)), { recursive: true });
      writeFileSync(path.join(staging, 'package', name), text);
    }
    const tarball = path.join(tarballs, `${spec.replace('/', '__')}.tgz`);
    execFileSync('tar', ['-czf', tarball, '-C', staging, 'package']);
    return createHash('sha1').update(readFileSync(tarball)).digest('hex');
  }

  /** A git repository whose .gitignore ignores .cache/, as the project's does, with one fetched corpus. */
  function fetchingProject(sources: { role: string; name: string; version: string; sha1: string }[], expectations: object[]): string {
    const root = tempDir('v4m-rw-root-');
    mkdirSync(path.join(root, 'realworld/packed'), { recursive: true });
    execFileSync('git', ['init', '-q', root]);
    writeFileSync(path.join(root, '.gitignore'), '.cache/\n');
    writeFileSync(path.join(root, 'realworld/corpora.json'), JSON.stringify({ corpora: [{ name: 'packed', expectations: 'packed/expectations.json', fetch: 'packed/sources.json' }] }));
    writeFileSync(path.join(root, 'realworld/packed/sources.json'), JSON.stringify({ sources }));
    writeFileSync(path.join(root, 'realworld/packed/expectations.json'), JSON.stringify({ sources: expectations }));
    return root;
  }

  const npmCalls = () => readFileSync(fakeNpmLog, 'utf8').trim().split('\n').filter(Boolean);

  it('npm packs each source once, checks its sha1 and unpacks it without package/ into .cache/realworld/<role>/<name@version>/, which the CLI lints though .cache/ is git-ignored', () => {
    const sha1 = publish('@acme/gitlab-client@1.0.0', {
      'package.json': '{ "name": "@acme/gitlab-client", "version": "1.0.0" }',
      'lib/index.js': "const base = 'https://gitlab.example.com/api/v3';\nmodule.exports = () => fetch(base + '/projects/owned');\n",
    });
    const root = fetchingProject(
      [{ role: 'v3', name: '@acme/gitlab-client', version: '1.0.0', sha1 }],
      [{ dir: 'v3/@acme__gitlab-client@1.0.0', role: 'v3', roots: ['lib'], must: [['lib/index.js', 1, 'V-PREFIX'], ['lib/index.js', 2, 'R90-PROJECTS-OWNED']], report: [], maybe: [] }],
    );
    const before = npmCalls().length;
    const first = realworld(root, '--cli', realCli, '--json');
    expect(first.stderr).toContain('packed: fetched v3 @acme/gitlab-client@1.0.0');
    expect(first.code).toBe(0);
    const unpacked = path.join(root, '.cache/realworld/v3/@acme__gitlab-client@1.0.0');
    expect(existsSync(path.join(unpacked, 'lib/index.js'))).toBe(true);
    expect(readFileSync(path.join(unpacked, '.fetched'), 'utf8')).toBe(`@acme/gitlab-client@1.0.0 ${sha1}\n`);
    expect(JSON.parse(first.stdout).corpora[0].total.must).toEqual({ found: 2, total: 2 });
    const second = realworld(root, '--cli', realCli, '--json');
    expect([second.code, second.stderr]).toEqual([0, '']);
    expect(npmCalls().slice(before)).toEqual(['pack @acme/gitlab-client@1.0.0']);
  });

  it('a tarball whose sha1 is not the recorded one, or a package npm cannot pack, fails with one line each and exit 2', () => {
    publish('drifted@2.0.0', { 'package.json': '{}', 'lib/a.js': 'module.exports = 1;\n' });
    const root = fetchingProject(
      [{ role: 'v3', name: 'drifted', version: '2.0.0', sha1: '0'.repeat(40) }, { role: 'neg', name: 'unpublished', version: '1.0.0', sha1: '1'.repeat(40) }],
      [],
    );
    const r = realworld(root, '--cli', fakeCli);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^packed: cannot fetch v3 drifted@2\.0\.0: tarball sha1 [0-9a-f]{40}, recorded 0{40} \(the registry served other bytes\)$/);
    expect(lines[1]).toBe('packed: cannot fetch neg unpublished@1.0.0: npm pack failed: npm error 404 Not Found - GET https://registry.example/unpublished@1.0.0');
    expect(lines[2]).toBe('2 source(s) could not be fetched into .cache/realworld');
    expect(existsSync(path.join(root, '.cache/realworld/v3/drifted@2.0.0'))).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('the corpora\'s files', () => {
  it('the development corpus loads: every scored dir is fetched, every recorded source is scored', () => {
    const [dev] = loadCorpora(repo, []);
    expect(dev.name).toBe('dev');
    const recorded = readRecordedFigures(path.join(repo, 'realworld/score.json'));
    expect(Object.keys(recorded.dev)).toEqual(dev.sources.map((s: { name: string }) => s.name));
  });

  it('the README table is the one score.json renders to (npm run realworld -- --update writes both)', () => {
    const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf(README_START) + README_START.length, readme.indexOf(README_END)).trim();
    expect(table).toBe(renderReadmeTable(readRecordedFigures(path.join(repo, 'realworld/score.json'))));
  });

  it('fetch.sh\'s list is read as role, name (scoped too), version and sha1', () => {
    const fetchScript = "#!/bin/sh\nSOURCES='\nv3  plain@1.2.5      aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\nneg @scope/pkg@13.2.0 bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\n'\necho done\n";
    expect(sourcesOfFetchScript(fetchScript)).toEqual([
      { role: 'v3', name: 'plain', version: '1.2.5', sha1: 'a'.repeat(40) },
      { role: 'neg', name: '@scope/pkg', version: '13.2.0', sha1: 'b'.repeat(40) },
    ]);
  });

  it('vendored copies that differ from their upstream folder are named; --refresh-vendored makes them identical', () => {
    const dir = tempDir('v4m-rw-vendor-');
    const upstreamDir = path.join(dir, 'shared/realworld');
    mkdirSync(upstreamDir, { recursive: true });
    writeFileSync(path.join(upstreamDir, 'expectations.json'), '{ "sources": [] }\n');
    writeFileSync(path.join(upstreamDir, 'fetch.sh'), "SOURCES='\nv3 x@1.0.0 cccccccccccccccccccccccccccccccccccccccc\n'\n");
    const corpus = { upstreamDir, expectationsFile: path.join(dir, 'expectations.json'), sourcesFile: path.join(dir, 'sources.json') };
    writeFileSync(corpus.expectationsFile, '{"sources":[]}\n');
    writeFileSync(corpus.sourcesFile, renderFetchList([]));
    expect(staleVendoredFiles(corpus)).toEqual([
      { file: corpus.expectationsFile, upstream: path.join(upstreamDir, 'expectations.json') },
      { file: corpus.sourcesFile, upstream: path.join(upstreamDir, 'fetch.sh') },
    ]);
    expect(refreshVendoredFiles(corpus)).toEqual([corpus.expectationsFile, corpus.sourcesFile]);
    expect(staleVendoredFiles(corpus)).toEqual([]);
    expect(JSON.parse(readFileSync(corpus.sourcesFile, 'utf8')).sources).toEqual([{ role: 'v3', name: 'x', version: '1.0.0', sha1: 'c'.repeat(40) }]);
  });
});
