// The built CLI as a process, temporary packages and real git repositories for the fix-mode tests.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = fileURLToPath(new URL('../..', import.meta.url));
export const bin = path.join(repo, 'dist/src/cli/main.js');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run the CLI in `cwd`, with `input` piped to its standard input. */
export function cli(args: readonly string[], cwd: string, options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Run {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    input: options.input ?? '',
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const temps: string[] = [];

/** Remove every directory `pkg` made (call from afterAll). */
export function cleanTemps(): void {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
}

/** A temporary package (its own package.json) holding `files`. */
export function pkg(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'v4m-fix-'));
  temps.push(dir);
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "client", "private": true }\n');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** Run git in `dir` with a fixed identity and no user configuration. */
export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  });
}

/** Make `dir` a git repository with everything in it committed. */
export function commitAll(dir: string): void {
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'initial');
}
