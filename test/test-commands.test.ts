// The project's own test commands on a machine without Chromium: `npm run test:browser` says how to get it
// and fails before building anything, and .ci/without-chromium (which CI runs the fast suite under) leaves no
// Chromium to find, even on a machine that has one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

/** A folder for PATH holding only links to these commands (as found on the current PATH). */
function pathWith(commands: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'v4m-path-'));
  temps.push(dir);
  for (const command of commands) {
    const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim();
    expect(found, command).not.toBe('');
    symlinkSync(found, path.join(dir, command));
  }
  return dir;
}

const { CHROMIUM_PATH: _unset, ...envWithout } = process.env;
const HOW = /apt-get install -y chromium.*CHROMIUM_PATH/;

describe('npm run test:browser', () => {
  it('without Chromium: one line saying how to get it, exit non-zero, nothing built', () => {
    const bin = pathWith(['node', 'npm', 'sh']);
    const r = spawnSync('npm', ['run', '--silent', 'test:browser'], { cwd: repo, encoding: 'utf8', env: { ...envWithout, PATH: bin } });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/^The browser tests need Chromium: no Chromium on PATH/m);
    expect(r.stderr).toMatch(HOW);
    // It stopped at the check: tsc (the build) never ran.
    expect(r.stdout + r.stderr).not.toMatch(/tsc|vitest|error TS/);
  });

  it('with CHROMIUM_PATH naming nothing: says so, and how to get one', () => {
    const r = spawnSync(process.execPath, ['test/support/chromium.mjs'], { cwd: repo, encoding: 'utf8', env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' } });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/CHROMIUM_PATH is \/nonexistent\/chromium, which is not an executable file/);
    expect(r.stderr).toMatch(HOW);
  });

  it('with CHROMIUM_PATH naming an executable: uses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'v4m-browser-'));
    temps.push(dir);
    const fake = path.join(dir, 'my-chromium');
    writeFileSync(fake, '#!/bin/sh\n');
    chmodSync(fake, 0o755);
    const r = spawnSync(process.execPath, ['test/support/chromium.mjs'], { cwd: repo, encoding: 'utf8', env: { ...process.env, CHROMIUM_PATH: fake } });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`browser tests use ${fake}\n`);
    expect(r.status).toBe(0);
  });
});

// Prints the first of its arguments that is an executable file (by name on PATH, or a path), and exits 1 then.
const PROBE = 'for c in "$@"; do p=$(command -v "$c" || true); if [ -n "$p" ] && [ -f "$p" ] && [ -x "$p" ]; then echo "$p"; exit 1; fi; done';

describe('.ci/without-chromium', () => {
  it('runs a command that finds no Chromium, and passes its exit code on', () => {
    const finder = spawnSync(path.join(repo, '.ci/without-chromium'), [process.execPath, 'test/support/chromium.mjs'], { cwd: repo, encoding: 'utf8', env: { ...process.env, CHROMIUM_PATH: '/usr/bin/chromium' } });
    expect(finder.stderr).toMatch(/^The browser tests need Chromium: no Chromium on PATH/m);
    expect(finder.status).toBe(1);
    // No executable is left under any name a test could try on PATH; in a mount namespace (as root), none at
    // Debian's paths either.
    const names = ['chromium', 'chromium-browser', 'google-chrome'];
    const probe = (paths: string[]) =>
      spawnSync(path.join(repo, '.ci/without-chromium'), ['sh', '-c', PROBE, 'probe', ...paths], { cwd: repo, encoding: 'utf8' });
    const onPath = probe(names);
    expect(onPath.stdout).toBe('');
    expect(onPath.status).toBe(0);
    if (/mount namespace/.test(onPath.stderr) && !/no mount namespace/.test(onPath.stderr)) {
      const absolute = probe(['/usr/bin/chromium', '/usr/lib/chromium/chromium']);
      expect(absolute.stdout).toBe('');
      expect(absolute.status).toBe(0);
    }
  });
});
