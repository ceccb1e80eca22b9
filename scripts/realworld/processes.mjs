// Child processes for fetching and scoring, a few at a time.
import { spawn } from 'node:child_process';

/**
 * Run a command to its end and collect its output. Never rejects: a command that cannot start, or
 * is killed after `timeoutMs`, comes back with `error` set, so each caller words its own one-line failure.
 */
export function runProcess(command, args, { cwd, timeoutMs = 5 * 60_000, env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout = [];
    const stderr = [];
    let error;
    const timer = setTimeout(() => {
      error = new Error(`timed out after ${timeoutMs / 1000} s`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    child.on('error', (e) => { error ??= e; });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, error, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
}

/** `work(item)` for every item, at most `limit` at once; the results keep the items' order. */
export async function mapLimited(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The first line of a command's complaint worth showing (npm's warnings are not the reason it failed). */
export function firstComplaint(text) {
  const line = text.split('\n').map((l) => l.trim()).find((l) => l && !/^npm warn/i.test(l));
  return (line ?? '').slice(0, 200);
}
