// Many tests spawn the built CLI, a language server or tsc; on a loaded machine one spawn takes seconds.
// The per-test limit guards against hangs, not slowness (`npm run bench` measures speed).
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000 } });
