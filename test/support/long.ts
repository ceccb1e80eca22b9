// The long tests: `V4_MIGRATE_LONG_TESTS=1 npm test` runs the soak and sample loops whole (every kill point,
// every fixture package, the largest documents); `npm test` runs a representative, deterministic part of
// each, named in its test. See README, Development.
export const LONG_TESTS = process.env.V4_MIGRATE_LONG_TESTS === '1';

/** `all` under V4_MIGRATE_LONG_TESTS=1, else `sample`. */
export const longOr = <T>(all: T, sample: T): T => (LONG_TESTS ? all : sample);
