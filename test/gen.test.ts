// Generated files are never stale: the same comparison as `npm run gen -- --check`.
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { generatedFiles, staleFiles } from '../scripts/gen.js';

const root = fileURLToPath(new URL('..', import.meta.url));

it('rules/index.ts, docs/RULES.md and the README table are up to date', () => {
  expect(staleFiles(root, generatedFiles(root, rules))).toEqual([]);
});
