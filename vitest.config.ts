// Many tests spawn the built CLI, a language server or tsc; on a loaded machine one spawn takes seconds.
// The per-test limit guards against hangs, not slowness (`npm run bench` measures speed). The project's
// tests live in test/: the benchmark's corpus (bench/.corpus: real npm packages, some with test files of
// their own) is linted by `npm run bench`, never run as tests.
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 60_000, exclude: [...configDefaults.exclude, 'bench/**'] },
});
