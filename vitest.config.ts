// The fast suite (`npm test`): everything but the browser tests, which run apart (`npm run test:browser`,
// vitest.browser.config.ts) because they need Chromium installed on the machine.
// Many tests spawn the built CLI, a language server, npm or tsc, and wait for it: a worker per core keeps
// both cores busy (vitest's default leaves one idle on a 2-core machine). The per-test limit guards against
// hangs, not slowness (`npm run bench` measures speed). The project's tests live in test/: the benchmark's
// corpus (bench/.corpus) and the real-world corpus (.cache/realworld, fetched by `npm run realworld`) are
// real npm packages, some with test files of their own, that are linted, never run as tests.
// V4_MIGRATE_LONG_TESTS=1 runs the soak and sample loops whole (test/support/long.ts says which): every kill
// point of the interrupted --fix runs, every package fixture, the largest documents; without it each runs a
// representative, deterministic part, so that `npm test` stays within its few minutes (README, Development).
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export const shared = {
  testTimeout: 60_000,
  hookTimeout: 60_000,
  maxWorkers: availableParallelism(),
  exclude: [...configDefaults.exclude, 'bench/**', '.cache/**'],
};

// Test files that mock a module of the tool (vi.mock) run each in a fresh worker of their own. The others share
// their workers' loaded modules (isolate: false): the tool's sources, ESLint and TypeScript are loaded once per
// worker instead of once per file, and no test file depends on another's leftovers (each makes its own
// temporary trees).
const MOCKING = ['test/robustness.test.ts'];
const exclude = [...shared.exclude, 'test/browser/**'];

export default defineConfig({
  test: {
    ...shared,
    exclude,
    projects: [
      { extends: true, test: { name: 'shared', isolate: false, exclude: [...exclude, ...MOCKING] } },
      { extends: true, test: { name: 'isolated', include: MOCKING } },
    ],
  },
});
