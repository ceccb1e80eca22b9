// Many tests spawn the built CLI, a language server or tsc; on a loaded machine one spawn takes seconds.
// The per-test limit guards against hangs, not slowness (`npm run bench` measures speed). The project's
// tests live in test/: the benchmark's corpus (bench/.corpus) and the real-world corpus (.cache/realworld,
// fetched by `npm run realworld`) are real npm packages, some with test files of their own, that are
// linted, never run as tests.
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 60_000, exclude: [...configDefaults.exclude, 'bench/**', '.cache/**'] },
});
