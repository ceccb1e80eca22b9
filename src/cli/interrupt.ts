// Ctrl-C while --fix writes: the file being written is finished (it is renamed into place or its temp
// file removed), no further file is started, and the process ends with the signal's exit code. Outside
// the writes the handlers are not installed, so a signal ends the run at once, as it should: nothing is
// being changed then.

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
/** The shell's convention: 128 + the signal number. */
const EXIT_CODE: Record<(typeof SIGNALS)[number], number> = { SIGINT: 130, SIGTERM: 143 };

/**
 * Run `work` with SIGINT and SIGTERM turned into an abort of the signal it is given; resolves to its
 * value and, when it was interrupted, the exit code the process should end with.
 */
export async function uninterrupted<T>(work: (signal: AbortSignal) => Promise<T>): Promise<{ value: T; exitCode?: number }> {
  const controller = new AbortController();
  let exitCode: number | undefined;
  const handlers = SIGNALS.map((name) => {
    const handler = () => {
      exitCode ??= EXIT_CODE[name];
      controller.abort();
    };
    process.on(name, handler);
    return () => process.off(name, handler);
  });
  try {
    const value = await work(controller.signal);
    return { value, exitCode };
  } finally {
    for (const remove of handlers) remove();
  }
}
