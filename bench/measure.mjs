// Run one command as a whole process and measure it: wall-clock seconds, and CPU seconds and peak
// memory (maximum resident set size) through GNU time when the machine has it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const GNU_TIME = '/usr/bin/time';
const haveTime = existsSync(GNU_TIME) && spawnSync(GNU_TIME, ['-f', '%M', 'true'], { encoding: 'utf8' }).status === 0;

/** Whether CPU time and peak memory can be measured here (GNU time: `apt-get install time`). */
export const measuresMemory = haveTime;

/**
 * Run `cmd args` in `cwd`; returns wall-clock seconds, CPU seconds (user + system) and peak MiB
 * (undefined without GNU time), the exit status and the output (stderr without GNU time's own line).
 */
export function measure(cmd, args, { cwd, env } = {}) {
  const argv = haveTime ? [GNU_TIME, ['-f', '@@peak-kib %M %U %S', cmd, ...args]] : [cmd, args];
  const started = process.hrtime.bigint();
  const r = spawnSync(argv[0], argv[1], { cwd, env: env ? { ...process.env, ...env } : process.env, encoding: 'utf8', maxBuffer: 1 << 30 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (r.error) throw r.error;
  let stderr = r.stderr ?? '';
  let mib;
  let cpu;
  if (haveTime) {
    const at = stderr.lastIndexOf('@@peak-kib ');
    if (at !== -1) {
      const [kib, user, system] = stderr.slice(at + '@@peak-kib '.length).trim().split(' ').map(Number);
      mib = kib / 1024;
      cpu = user + system;
      stderr = stderr.slice(0, at);
    }
  }
  return { seconds, cpu, mib, status: r.status, stdout: r.stdout ?? '', stderr };
}

/** Median, minimum and maximum of a list of numbers. */
export function summary(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return { median, min: s[0], max: s[s.length - 1] };
}
