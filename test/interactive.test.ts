// --interactive through the spawned CLI, answers piped to its standard input line by line.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { bin, cleanTemps, cli, commitAll, pkg } from './support/spawn.js';

afterAll(cleanTemps);
vi.setConfig({ testTimeout: 120_000 });

// Offers, in the order asked (by change ID in the catalogue's order, then by position): 1 V-PREFIX (line 1,
// a call whose only change is its prefix), 2 R90-FORK (line 3), 3 and 4 R90-JOBS (lines 2 and 4); 5
// X-RAW-BLOBS only with --unsafe-fixes. Each call writes its own `/api/v3`, so each is a rewrite of its own
// (calls through one base URL move together: one offer).
const SOURCE = [
  "export const issues = (id) => fetch('https://gitlab.example.com/api/v3/projects/' + id + '/issues');",
  "export const jobs = (id) => fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');",
  "export const fork = (id) => fetch('https://gitlab.example.com/api/v3/projects/fork/' + id, { method: 'POST' });",
  "export const job = (id, n) => fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds/' + n);",
  "export const raw = (id, sha) => fetch('https://gitlab.example.com/api/v3/projects/' + id + '/repository/raw_blobs/' + sha);",
  '',
];
// Each line as its accepted rewrite turns it, written out by hand.
const REWRITTEN: Record<number, string> = {
  0: "export const issues = (id) => fetch('https://gitlab.example.com/api/v4/projects/' + id + '/issues');",
  1: "export const jobs = (id) => fetch('https://gitlab.example.com/api/v4/projects/' + id + '/jobs');",
  2: "export const fork = (id) => fetch('https://gitlab.example.com/api/v4/projects/' + id + '/fork', { method: 'POST' });",
  3: "export const job = (id, n) => fetch('https://gitlab.example.com/api/v4/projects/' + id + '/jobs/' + n);",
  4: "export const raw = (id, sha) => fetch('https://gitlab.example.com/api/v4/projects/' + id + '/repository/blobs/' + sha + '/raw');",
};
/** SOURCE with the rewrites of these lines applied. */
const withLines = (...lines: number[]) => SOURCE.map((l, i) => (lines.includes(i) ? REWRITTEN[i]! : l)).join('\n');
const read = (dir: string) => readFileSync(path.join(dir, 'client.js'), 'utf8');
const client = () => {
  const dir = pkg({ 'client.js': SOURCE.join('\n') });
  commitAll(dir);
  return dir;
};

describe('--interactive', () => {
  it('asks about each call-site rewrite, grouped by change ID, and writes the accepted ones', () => {
    const dir = client();
    const r = cli(['--interactive', '.'], dir, { input: 'n\ny\na\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(read(dir)).toBe(withLines(2, 1, 3)); // the prefix-only call was skipped; "all" took the second R90-JOBS site
    // Three questions: the fourth offer was accepted with "a", without asking.
    expect(r.stderr.match(/Apply this fix\? \[y\]es \/ \[n\]o \/ \[a\]ll of this change \/ \[q\]uit: /g)).toHaveLength(3);
    expect(r.stderr).toContain('R90-JOBS: /projects/:id/builds[/…] → /projects/:id/jobs[/…] (2 sites)');
    expect(r.stderr).toContain('client.js:2  api-prefix V-PREFIX, builds-endpoint R90-JOBS  [3/4]');
    // The call's own diff: the old line and the new one.
    expect(r.stderr).toContain(`-${SOURCE[2]}\n+${REWRITTEN[2]}\n`);
    expect(r.stderr).toMatch(/Applied 3 of 4 fixes in 1 file\.\n$/);
  });

  it('quit stops asking and keeps what was accepted', () => {
    const dir = client();
    const r = cli(['--interactive', '.'], dir, { input: 'y\nq\ny\ny\n' });
    expect(r.code).toBe(0);
    expect(read(dir)).toBe(withLines(0));
    expect(r.stderr.match(/Apply this fix\?/g)).toHaveLength(2);
    expect(r.stderr).toMatch(/Applied 1 of 4 fixes in 1 file\.\n$/);
  });

  it('the end of the input is a quit', () => {
    const dir = client();
    const r = cli(['--interactive', '.'], dir, { input: 'yes\ny\n' });
    expect(r.code).toBe(0);
    expect(read(dir)).toBe(withLines(0, 2));
    expect(r.stderr).toMatch(/Applied 2 of 4 fixes in 1 file\.\n$/);
  });

  it('asks again after an answer it does not know, and writes nothing when everything is skipped', () => {
    const dir = client();
    const r = cli(['--interactive', '.'], dir, { input: 'maybe\nn\nno\nN\nn\n' });
    expect(r.stderr).toContain('Please answer y, n, a or q.');
    expect(r.stderr.match(/Apply this fix\?/g)).toHaveLength(5);
    expect(read(dir)).toBe(SOURCE.join('\n'));
    expect(r.stderr).toMatch(/Applied 0 of 4 fixes in 0 files\.\n$/);
  });

  it('offers unsafe fixes only with --unsafe-fixes, marked as such', () => {
    const dir = client();
    const r = cli(['--interactive', '--unsafe-fixes', '.'], dir, { input: 'n\nn\nn\nn\ny\n' });
    expect(r.stderr).toContain('client.js:5  api-prefix V-PREFIX, raw-blobs-endpoint X-RAW-BLOBS  [unsafe fix]  [5/5]');
    expect(read(dir)).toBe(withLines(4));
    const unsafeOnly = pkg({ 'client.js': SOURCE[0]!.replace('v3', 'v4') + '\n' + SOURCE[4]! + '\n' });
    commitAll(unsafeOnly);
    const none = cli(['--interactive', '.'], unsafeOnly, { input: 'y\n' });
    expect(none.code).toBe(0);
    expect(none.stderr).toBe('v4-migrate: no fixes to review\n');
  });

  it('with --fix-type, offers only the fixes of that category', () => {
    const dir = client();
    const r = cli(['--interactive', '--fix-type', 'prefix', '.'], dir, { input: 'y\n' });
    expect(r.stderr.match(/Apply this fix\?/g)).toHaveLength(1);
    expect(r.stderr).toMatch(/Applied 1 of 1 fix in 1 file\.\n$/);
    expect(read(dir)).toBe(withLines(0));
  });

  it('refuses before asking when a file it would write has uncommitted changes', () => {
    const dir = client();
    writeFileSync(path.join(dir, 'client.js'), SOURCE.join('\n') + '// edited\n');
    const r = cli(['--interactive', '.'], dir, { input: 'y\ny\ny\ny\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^v4-migrate: not writing: 1 file .*\(client\.js\).*--allow-dirty\n$/);
    expect(read(dir)).toBe(SOURCE.join('\n') + '// edited\n');
  });

  it('colours the diff with --color, and cannot be combined with --diff', () => {
    const dir = client();
    const r = cli(['--interactive', '--color', '.'], dir, { input: 'q\n' });
    expect(r.stderr).toContain(`\u001b[31m-${SOURCE[0]}\u001b[0m`);
    expect(r.stderr).toContain(`\u001b[32m+${REWRITTEN[0]}\u001b[0m`);
    const clash = cli(['--interactive', '--diff', '.'], dir);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toBe('v4-migrate: --interactive cannot be combined with --diff; it reads its answers from standard input and writes the accepted fixes\n');
  });

  it('does not write a file that changed on disk while its fixes were being reviewed', async () => {
    const dir = client();
    const child = spawn(process.execPath, [bin, '--interactive', '.'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    const edited = SOURCE.join('\n') + '// edited meanwhile\n';
    const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
    await new Promise<void>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('Apply this fix?')) resolve();
      });
    });
    writeFileSync(path.join(dir, 'client.js'), edited);
    child.stdin.end('y\nq\n');
    expect(await exit).toBe(1);
    expect(stderr).toContain('v4-migrate: client.js not fixed: the file changed on disk while it was being checked; run again');
    expect(read(dir)).toBe(edited);
  });
});
