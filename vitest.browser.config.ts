// The browser suite (`npm run test:browser`): the tests under test/browser/, which drive Debian's Chromium
// (test/support/chromium.mjs finds it).
import { defineConfig } from 'vitest/config';
import { shared } from './vitest.config.js';

export default defineConfig({
  test: { ...shared, include: ['test/browser/**/*.test.ts'] },
});
