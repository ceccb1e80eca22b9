// The progress line: drawn late, rarely and erased (a fake clock drives the unit, with the real one-second
// delay), and through the real CLI on a real pseudo-terminal (util-linux `script`), with the delay lowered to
// nothing by the CLI's test seam (V4_MIGRATE_PROGRESS_DELAY_MS) so that a small tree shows it; never in a pipe
// or in CI.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { progressDelay, progressLine, wantsProgress } from '../src/cli/progress.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'dist/src/cli/main.js');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

const FRAME = /^\rv4-migrate ([█░]{24}) (reading|checking) ([\d,]+)\/([\d,]+) files(?: · ([\d,]+) findings?)?\x1b\[K$/;

describe('progressLine', () => {
  function harness(columns?: number) {
    let t = 0;
    const writes: string[] = [];
    const line = progressLine({ write: (s) => writes.push(s), now: () => t, columns });
    return { line, writes, at: (ms: number) => (t = ms) };
  }

  it('draws nothing during the first second, and nothing to erase when it never drew', () => {
    const { line, writes, at } = harness();
    for (let ms = 0; ms < 1000; ms += 50) {
      at(ms);
      line.update({ stage: 'read', done: ms / 50, total: 100, findings: 0 });
    }
    line.clear();
    expect(writes).toEqual([]);
  });

  it('then draws at most once per 100 ms, and erases the line at the end', () => {
    const { line, writes, at } = harness();
    for (let ms = 1000; ms <= 1500; ms += 20) {
      at(ms);
      line.update({ stage: 'read', done: (ms - 1000) / 20, total: 50, findings: 0 });
    }
    // Drawn at 1000, 1100, 1200, 1300, 1400, 1500.
    expect(writes).toHaveLength(6);
    expect(writes[0]).toBe('\rv4-migrate ░░░░░░░░░░░░░░░░░░░░░░░░ reading 0/50 files\x1b[K');
    expect(writes[5]).toBe('\rv4-migrate ██████░░░░░░░░░░░░░░░░░░ reading 25/50 files\x1b[K');
    at(1700);
    line.update({ stage: 'check', done: 1250, total: 2500, findings: 1234 });
    expect(writes[6]).toBe('\rv4-migrate ██████████████████░░░░░░ checking 1,250/2,500 files · 1,234 findings\x1b[K');
    at(1800);
    line.update({ stage: 'check', done: 2500, total: 2500, findings: 1 });
    expect(writes[7]).toBe('\rv4-migrate ████████████████████████ checking 2,500/2,500 files · 1 finding\x1b[K');
    line.clear();
    expect(writes[8]).toBe('\r\x1b[K');
    expect(writes).toHaveLength(9);
  });

  it('never wraps: the line is cut to the terminal width', () => {
    const { line, writes, at } = harness(30);
    at(2000);
    line.update({ stage: 'check', done: 1, total: 2, findings: 3 });
    expect(writes[0]).toBe(`\r${'v4-migrate ██████████████████'}\x1b[K`);
    expect(writes[0]!.length - '\r\x1b[K'.length).toBe(29);
  });
});

describe('wantsProgress', () => {
  it('is on for a terminal outside CI, off otherwise', () => {
    expect(wantsProgress(true, {})).toBe(true);
    expect(wantsProgress(false, {})).toBe(false);
    expect(wantsProgress(undefined, {})).toBe(false);
    expect(wantsProgress(true, { CI: 'true' })).toBe(false);
    expect(wantsProgress(true, { CI: '1' })).toBe(false);
    expect(wantsProgress(true, { CI: 'false' })).toBe(true);
    expect(wantsProgress(true, { TERM: 'dumb' })).toBe(false);
  });
});

describe('progressDelay (the test seam V4_MIGRATE_PROGRESS_DELAY_MS)', () => {
  it('is the default (one second) unless the variable holds a whole number of milliseconds', () => {
    expect(progressDelay({})).toBeUndefined();
    expect(progressDelay({ V4_MIGRATE_PROGRESS_DELAY_MS: '' })).toBeUndefined();
    expect(progressDelay({ V4_MIGRATE_PROGRESS_DELAY_MS: 'soon' })).toBeUndefined();
    expect(progressDelay({ V4_MIGRATE_PROGRESS_DELAY_MS: '-5' })).toBeUndefined();
    expect(progressDelay({ V4_MIGRATE_PROGRESS_DELAY_MS: '0' })).toBe(0);
    expect(progressDelay({ V4_MIGRATE_PROGRESS_DELAY_MS: '250' })).toBe(250);
  });
});

/** Every fixture client's input, copied into folders of one package. */
function fixtureTree(copies: number): { root: string; files: number } {
  const root = mkdtempSync(path.join(tmpdir(), 'v4m-progress-'));
  temps.push(root);
  writeFileSync(path.join(root, 'package.json'), '{ "name": "large" }\n');
  const clients = path.join(repo, 'fixtures/clients');
  const inputs = readdirSync(clients).flatMap((c) => readdirSync(path.join(clients, c)).filter((f) => f.startsWith('input.')).map((f) => ({ c, f })));
  for (let i = 0; i < copies; i++) {
    mkdirSync(path.join(root, `part${i}`));
    for (const { c, f } of inputs) cpSync(path.join(clients, c, f), path.join(root, `part${i}`, `${c}${path.extname(f)}`));
  }
  return { root, files: copies * inputs.length };
}

/** The CLI on a pseudo-terminal (stdin, stdout and stderr all on it); returns what the terminal received. */
function onTerminal(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const command = [process.execPath, bin, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const r = spawnSync('script', ['-qfec', command, '/dev/null'], { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
  return { code: r.status, screen: r.stdout };
}

describe('the progress line through the CLI', { timeout: 300_000 }, () => {
  // Two copies of the fixtures (68 files), drawn from the start: the seam sets the delay to nothing. The
  // real one-second delay is the unit's default, tested above.
  const { root, files } = fixtureTree(2);
  const { CI: _ci, ...notCI } = process.env;
  const env = { ...notCI, NO_COLOR: '1', V4_MIGRATE_PROGRESS_DELAY_MS: '0' };

  it('is drawn on a terminal once the run has lasted its delay, counts up, and is erased before the report', () => {
    const piped = spawnSync(process.execPath, [bin, '--format', 'json', '.'], { cwd: root, env, encoding: 'utf8', maxBuffer: 1 << 28 });
    // Never in a pipe.
    expect(piped.stderr).toBe('');
    expect(piped.status).toBe(1);

    const r = onTerminal(['--format', 'json', '-o', 'report.json', '.'], root, env);
    expect(r.code).toBe(1);
    // The terminal received only frames of the line and, last, the erasure.
    const writes = r.screen.split(/(?=\r)/);
    expect(writes.at(-1)).toBe('\r\x1b[K');
    const frames = writes.slice(0, -1).map((w) => FRAME.exec(w));
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((m) => m !== null), JSON.stringify(writes.slice(0, 3))).toBe(true);
    // Both numbers only grow, and the total is the tree's file count.
    let last = -1;
    let lastFindings = 0;
    for (const m of frames as RegExpExecArray[]) {
      expect(Number(m[4]!.replace(/,/g, ''))).toBe(files);
      const order = (m[2] === 'reading' ? 0 : files + 1) + Number(m[3]!.replace(/,/g, ''));
      expect(order).toBeGreaterThanOrEqual(last);
      last = order;
      const findings = Number((m[5] ?? '0').replace(/,/g, ''));
      expect(findings).toBeGreaterThanOrEqual(lastFindings);
      lastFindings = findings;
    }
    // The report is the one a pipe gets: nothing of the line leaked into it.
    expect(readFileSync(path.join(root, 'report.json'), 'utf8')).toBe(piped.stdout);
  });

  it('is never drawn in CI, even on a terminal', () => {
    const r = onTerminal(['--format', 'json', '-o', 'report-ci.json', '.'], root, { ...env, CI: '1' });
    expect(r.code).toBe(1);
    expect(r.screen).toBe('');
    expect(JSON.parse(readFileSync(path.join(root, 'report-ci.json'), 'utf8'))).toHaveLength(files);
  });
});
