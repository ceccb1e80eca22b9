// A progress line on stderr for long runs: files read, then files checked with the findings so far (the bar
// spans both stages, each about half of the work). Drawn only on a
// terminal outside CI, only once a run has lasted about a second (short runs never flicker), at most ten
// times a second, and erased before the report is printed. The second can be lowered by the environment
// variable V4_MIGRATE_PROGRESS_DELAY_MS (milliseconds), a test seam: the tests draw the line through the CLI
// on a small tree instead of one that takes seconds (README, Development).
import type { LintProgress } from '../index.js';

export interface ProgressOptions {
  /** Writes to the terminal (stderr). */
  write: (text: string) => void;
  /** The terminal's width in columns. */
  columns?: number;
  /** Milliseconds since some fixed point (injected by tests). */
  now?: () => number;
  /** Nothing is drawn before the run has lasted this long (default 1000 ms). */
  delayMs?: number;
  /** At most one redraw per this many milliseconds (default 100 ms). */
  intervalMs?: number;
}

export interface Progress {
  update(progress: LintProgress): void;
  /** Erase the line, if anything was drawn. */
  clear(): void;
}

/** Whether a progress line belongs on this stream: a terminal, not a CI log, not a dumb terminal. */
export function wantsProgress(isTTY: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  // CI=false or CI=0 is how some setups say "not CI" (as ci-info reads it).
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  return Boolean(isTTY) && !ci && env.TERM !== 'dumb';
}

/** The delay V4_MIGRATE_PROGRESS_DELAY_MS sets (a whole number of milliseconds), or undefined for the default. */
export function progressDelay(env: NodeJS.ProcessEnv): number | undefined {
  const value = env.V4_MIGRATE_PROGRESS_DELAY_MS;
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

const BAR_WIDTH = 24;

/** A progress line that draws itself late and rarely; see the module comment. */
export function progressLine(options: ProgressOptions): Progress {
  const now = options.now ?? (() => performance.now());
  const delay = options.delayMs ?? 1000;
  const interval = options.intervalMs ?? 100;
  const start = now();
  let drawnAt: number | undefined;
  return {
    update(p) {
      const t = now();
      if (t - start < delay || (drawnAt !== undefined && t - drawnAt < interval)) return;
      drawnAt = t;
      options.write(`\r${fit(render(p), options.columns)}\x1b[K`);
    },
    clear() {
      if (drawnAt !== undefined) options.write('\r\x1b[K');
      drawnAt = undefined;
    },
  };
}

function render({ stage, done, total, findings }: LintProgress): string {
  const share = total > 0 ? done / total : 1;
  const filled = Math.min(BAR_WIDTH, Math.round((stage === 'read' ? share / 2 : 0.5 + share / 2) * BAR_WIDTH));
  const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled);
  const count = (n: number) => n.toLocaleString('en-US');
  const files = `${count(done)}/${count(total)} files`;
  if (stage === 'read') return `v4-migrate ${bar} reading ${files}`;
  return `v4-migrate ${bar} checking ${files} · ${count(findings)} finding${findings === 1 ? '' : 's'}`;
}

/** Cut the line to the terminal's width (one column spare, so the cursor never wraps). */
function fit(line: string, columns: number | undefined): string {
  if (!columns || columns < 2 || line.length < columns) return line;
  return line.slice(0, columns - 1);
}
