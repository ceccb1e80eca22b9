// Tests spawn the CLI as a process, and CI machines are often shared: a test's time limit is there to
// catch a hang, not to time the code (speed is measured by `npm run bench`).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 60_000 },
});
