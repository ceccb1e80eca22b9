// Type-aware mode sees values that live in other modules; without it, those calls stay unknown.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lintFiles } from '../src/index.js';
import { findingsOf, renderFindings } from './support/fixtures.js';

const dir = fileURLToPath(new URL('../fixtures/edge/typeaware/', import.meta.url));
const files = [path.join(dir, 'input.ts'), path.join(dir, 'config.ts')];
const update = process.env.UPDATE_FIXTURES === '1';

describe('type-aware mode (--project)', () => {
  it('reports the findings only the type checker can make', async () => {
    const results = await lintFiles(files, { project: path.join(dir, 'tsconfig.json') });
    const input = results.find((r) => r.filePath === files[0])!;
    const expectedFile = path.join(dir, 'findings.typeaware.json');
    if (update) writeFileSync(expectedFile, renderFindings(findingsOf(input)));
    expect(renderFindings(findingsOf(input))).toBe(readFileSync(expectedFile, 'utf8'));
  });

  it('finds strictly more than the file-local mode, and the same where the file says enough', async () => {
    const [typed, plain] = await Promise.all([lintFiles(files, { project: path.join(dir, 'tsconfig.json') }), lintFiles(files)]);
    const ids = (rs: typeof typed) => rs.find((r) => r.filePath === files[0])!.messages.map((m) => `${m.line}:${m.ruleId}`);
    expect(ids(typed)).toEqual(expect.arrayContaining(ids(plain)));
    expect(ids(typed).length).toBeGreaterThan(ids(plain).length);
  });

  it('fixes through imported constants without touching them', async () => {
    const [input] = (await lintFiles(files, { project: path.join(dir, 'tsconfig.json'), fix: true })).filter((r) => r.filePath === files[0]);
    expect(input!.output).toContain("fetch(API_ROOT + ROUTES.projects + '?membership=true')");
    expect(input!.output).toContain('fetch(`${API_ROOT}/projects/${id}/jobs`)');
  });
});
