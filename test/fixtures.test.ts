// Whole client files: findings must equal findings.json exactly, --fix must produce expected.* byte for
// byte, and fixing the output again must change nothing. A new case is a new folder.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lintFiles, lintText } from '../src/index.js';
import type { LintResult } from '../src/results.js';

const root = fileURLToPath(new URL('../fixtures/', import.meta.url));
const update = process.env.UPDATE_FIXTURES === '1';

export interface FixtureCase {
  name: string;
  dir: string;
  input: string;
  expected: string | undefined;
}

/** Every fixture folder with an `input.*` file. */
export function fixtureCases(): FixtureCase[] {
  const out: FixtureCase[] = [];
  for (const group of ['clients', 'negative', 'edge']) {
    const groupDir = path.join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const name of readdirSync(groupDir).sort()) {
      const dir = path.join(groupDir, name);
      const files = readdirSync(dir);
      const input = files.find((f) => f.startsWith('input.'));
      if (!input) continue;
      const expected = files.find((f) => f.startsWith('expected.'));
      out.push({ name: `${group}/${name}`, dir, input: path.join(dir, input), expected: expected && path.join(dir, expected) });
    }
  }
  return out;
}

/** The findings.json view of a result: no messages, one finding per line. */
export function findingsOf(result: LintResult) {
  return result.messages.map((m) => ({ line: m.line, column: m.column, ruleId: m.ruleId, changes: [...m.changes], fix: m.fixClass }));
}

export function renderFindings(findings: ReturnType<typeof findingsOf>): string {
  return findings.length === 0 ? '[]\n' : '[\n' + findings.map((f) => JSON.stringify(f)).join(',\n') + '\n]\n';
}

const cases = fixtureCases();

describe.each(cases.map((c) => [c.name, c] as [string, FixtureCase]))('fixture %s', (_name, c) => {
  it('reports exactly the expected findings', async () => {
    const [result] = await lintFiles([c.input], { prefilter: false });
    const actual = renderFindings(findingsOf(result!));
    const file = path.join(c.dir, 'findings.json');
    if (update) writeFileSync(file, actual);
    expect(actual).toBe(readFileSync(file, 'utf8'));
  });

  it('fixes to the expected output, and a second fix changes nothing', async () => {
    const [result] = await lintFiles([c.input], { fix: true, prefilter: false });
    const source = readFileSync(c.input, 'utf8');
    const output = result!.output ?? source;
    if (update && output !== source) writeFileSync(c.expected ?? path.join(c.dir, 'expected' + path.extname(c.input)), output);
    const expected = c.expected ? readFileSync(c.expected, 'utf8') : source;
    expect(output).toBe(expected);
    const again = lintText(output, { filename: c.input, fix: true });
    expect(again.output ?? output).toBe(output);
  });

  it('finds the same with and without the prefilter', async () => {
    const [plain] = await lintFiles([c.input], { prefilter: false });
    const [filtered] = await lintFiles([c.input], { prefilter: true });
    expect(findingsOf(filtered!)).toEqual(findingsOf(plain!));
  });
});

it('has fixtures in at least eight client styles and four negative cases', () => {
  expect(cases.filter((c) => c.name.startsWith('clients/')).length).toBeGreaterThanOrEqual(8);
  expect(cases.filter((c) => c.name.startsWith('negative/')).length).toBeGreaterThanOrEqual(4);
});
