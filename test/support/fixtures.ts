// Shared by the fixture and CLI tests: the fixture folders and the findings.json view of a result.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LintResult } from '../../src/results.js';

const root = fileURLToPath(new URL('../../fixtures/', import.meta.url));

export interface FixtureCase {
  name: string;
  dir: string;
  input: string;
  /** `expected.txt`: the input after --fix (text, so that linting fixtures/ does not lint the outputs). */
  expected: string;
  /** Other source files of the fixture's package, linted with the input for evidence. */
  context: string[];
  /** Its package.json, when it has findings of its own (`package.findings.json`: manifest rules). */
  manifest?: string;
}

/** Every fixture folder with an `input.*` file. */
export function fixtureCases(): FixtureCase[] {
  const out: FixtureCase[] = [];
  for (const group of ['clients', 'negative', 'edge']) {
    const groupDir = path.join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const name of readdirSync(groupDir).sort()) {
      const dir = path.join(groupDir, name);
      const files = readdirSync(dir).sort();
      // The input is a linted file (`input.coffee` beside a compiled `input.js` is not one).
      const input = files.find((f) => /^input\.[cm]?[jt]sx?$/.test(f));
      if (!input) continue;
      const context = files.filter((f) => f !== input && /\.[cm]?[jt]sx?$/.test(f)).map((f) => path.join(dir, f));
      const manifest = files.includes('package.findings.json') ? { manifest: path.join(dir, 'package.json') } : {};
      out.push({ name: `${group}/${name}`, dir, input: path.join(dir, input), expected: path.join(dir, 'expected.txt'), context, ...manifest });
    }
  }
  return out;
}

/** The findings.json view of a result: no messages, one finding per line; a finding on a test double says so. */
export function findingsOf(result: LintResult) {
  return result.messages.map((m) => ({ line: m.line, column: m.column, ruleId: m.ruleId, changes: [...m.changes], fix: m.fixClass, ...(m.testDouble ? { testDouble: true } : {}) }));
}

export function renderFindings(findings: ReturnType<typeof findingsOf>): string {
  return findings.length === 0 ? '[]\n' : '[\n' + findings.map((f) => JSON.stringify(f)).join(',\n') + '\n]\n';
}


/** Where the expected findings of a fixture file live: findings.json for the input, <name>.findings.json for context files. */
export function findingsFile(c: FixtureCase, file: string): string {
  return file === c.input ? path.join(c.dir, 'findings.json') : path.join(c.dir, `${path.basename(file).replace(/\.[^.]+$/, '')}.findings.json`);
}
