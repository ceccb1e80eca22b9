// Type-aware mode sees values that live in other modules, and responses that only their declared types
// connect to a call; without it, those calls and reads stay unknown. Every file of the fixture is asserted
// in both modes: `<name>.findings.json` without --project, `<name>.findings.typeaware.json` with it.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lintFiles } from '../src/index.js';
import { findingsOf, renderFindings } from './support/fixtures.js';

const dir = fileURLToPath(new URL('../fixtures/edge/typeaware/', import.meta.url));
const tsconfig = path.join(dir, 'tsconfig.json');
const files = readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => path.join(dir, f));
const update = process.env.UPDATE_FIXTURES === '1';
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

/** The expected findings of a fixture file in one mode (the input's own files drop the `input.` prefix). */
function expectedFile(file: string, typeaware: boolean): string {
  const base = path.basename(file, '.ts');
  const name = `${base === 'input' ? '' : base + '.'}findings${typeaware ? '.typeaware' : ''}.json`;
  return path.join(dir, name);
}

describe('type-aware mode (--project)', () => {
  it.each([false, true])('reports exactly the expected findings in every file (type-aware: %s)', async (typeaware) => {
    const results = await lintFiles(files, typeaware ? { project: tsconfig } : {});
    for (const file of files) {
      const result = results.find((r) => r.filePath === file)!;
      const expected = expectedFile(file, typeaware);
      if (update) writeFileSync(expected, renderFindings(findingsOf(result)));
      expect(existsSync(expected), expected).toBe(true);
      expect(renderFindings(findingsOf(result)), file).toBe(readFileSync(expected, 'utf8'));
    }
  });

  it('finds strictly more than the file-local mode, and the same where the file says enough', async () => {
    const [typed, plain] = await Promise.all([lintFiles(files, { project: tsconfig }), lintFiles(files)]);
    const ids = (rs: typeof typed) => rs.flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)}:${m.line}:${m.column}:${m.ruleId}`));
    expect(ids(typed)).toEqual(expect.arrayContaining(ids(plain)));
    expect(ids(typed).length).toBeGreaterThan(ids(plain).length);
  });

  it('follows a declared response type into other modules and says where the call is', async () => {
    const results = await lintFiles(files, { project: tsconfig });
    const view = results.find((r) => r.filePath.endsWith('view.ts'))!;
    const lines = readFileSync(path.join(dir, 'view.ts'), 'utf8').split('\n');
    const at = (ruleId: string) => view.messages.filter((m) => m.ruleId === ruleId).map((m) => lines[m.line - 1]!.slice(m.column - 1, m.endColumn - 1));
    expect(at('subscribed-list-field')).toEqual(['issue.subscribed']);
    expect(at('note-votes-field')).toEqual(['n.upvote', 'n.downvote']);
    expect(at('pipelines-list-fields')).toEqual(['b.duration', 'a.duration', 'sorted[0].user.name']);
    // A single `Issue` parameter is not a list item: `subscribed` is still there on a single issue.
    expect(view.messages.every((m) => lines[m.line - 1]!.includes('title(issue') === false)).toBe(true);
    expect(view.messages.find((m) => m.ruleId === 'note-votes-field')!.message).toMatch(/this `Note` comes from the call at issues\.ts:11/);
    // Read by flow and reached by a declared type: one finding, not two.
    const issues = results.find((r) => r.filePath.endsWith('issues.ts'))!;
    expect(issues.messages.filter((m) => m.ruleId === 'pipelines-list-fields')).toHaveLength(1);
  });

  it('fixes through imported constants without touching them', async () => {
    const [input] = (await lintFiles(files, { project: tsconfig, fix: true })).filter((r) => r.filePath === path.join(dir, 'input.ts'));
    expect(input!.output).toContain("fetch(API_ROOT + ROUTES.projects + '?membership=true')");
    expect(input!.output).toContain('fetch(`${API_ROOT}/projects/${id}/jobs`)');
  });

  it("follows the directives of the file a typed finding lands in", async () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'v4m-typed-'));
    temps.push(copy);
    cpSync(dir, copy, { recursive: true });
    const view = path.join(copy, 'view.ts');
    writeFileSync(view, readFileSync(view, 'utf8').replace('  return notes.filter', '  // v4-migrate-disable-next-line note-votes-field -- votes come from another service\n  return notes.filter'));
    const results = await lintFiles([path.join(copy, 'issues.ts'), view], { project: path.join(copy, 'tsconfig.json') });
    const result = results.find((r) => r.filePath === view)!;
    expect(result.messages.filter((m) => m.ruleId === 'note-votes-field')).toEqual([]);
    expect(result.suppressedMessages!.map((m) => [m.ruleId, m.suppressions[0]!.justification])).toEqual([
      ['note-votes-field', 'votes come from another service'],
      ['note-votes-field', 'votes come from another service'],
    ]);
    expect(result.messages.map((m) => m.ruleId)).toContain('subscribed-list-field');
  });

  it('places a typed finding in a file --fix rewrites where the read is after the rewrite', async () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'v4m-typed-'));
    temps.push(copy);
    cpSync(dir, copy, { recursive: true });
    // A fix earlier on the same line (`builds` → `jobs`) moves the read two columns left.
    const line = 'export async function failed(id: number) { await fetch(`${API_ROOT}/projects/${id}/builds`); return (await listIssues(id)).filter((i) => i.subscribed); }\n';
    writeFileSync(path.join(copy, 'issues.ts'), readFileSync(path.join(copy, 'issues.ts'), 'utf8') + line);
    // The whole package: the base URL this call goes through is in config.ts, and moves with it.
    const results = await lintFiles([copy], { project: path.join(copy, 'tsconfig.json'), fix: true });
    const issues = results.find((r) => r.filePath === path.join(copy, 'issues.ts'))!;
    const output = issues.output!;
    expect(output).toContain('/projects/${id}/jobs`');
    const finding = issues.messages.find((m) => m.ruleId === 'subscribed-list-field' && m.line === output.split('\n').length - 1)!;
    expect(output.split('\n')[finding.line - 1]!.slice(finding.column - 1, finding.endColumn - 1)).toBe('i.subscribed');
  });
});
