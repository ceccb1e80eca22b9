// The exported v4 types accept what the document allows and reject what it does not (checked by tsc).
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { EVENT_ACTIONS, EVENT_TARGET_TYPES } from '../src/types.js';

const typesModule = fileURLToPath(new URL('../src/types.ts', import.meta.url));

/** Type-check a snippet that imports the types; returns the diagnostics' messages. */
function typeErrors(snippet: string): string[] {
  const file = path.join(path.dirname(typesModule), '__types_check__.ts');
  const source = `import type { Event, EventFilters } from './types.js';\n${snippet}\n`;
  const options: ts.CompilerOptions = { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, skipLibCheck: true, types: [] };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === file ? source : read(name));
  host.fileExists = ((exists) => (name: string) => path.resolve(name) === file || exists(name))(host.fileExists.bind(host));
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

it('accepts filters and records as the document describes them', () => {
  expect(
    typeErrors(`
      const f: EventFilters = { action: 'commented', target_type: 'merge_request', before: '2017-08-22', sort: 'asc' };
      declare const e: Event;
      const n: number | undefined = e.data?.commits[0] ? e.data.total_commits_count : undefined;
      const t: string | null = e.target_type;
      void f; void n; void t;`),
  ).toEqual([]);
});

it('rejects response spellings and timestamps in filters', () => {
  expect(typeErrors(`const f: EventFilters = { action: 'commented on' }; void f;`).length).toBe(1);
  expect(typeErrors(`const f: EventFilters = { target_type: 'MergeRequest' }; void f;`).length).toBe(1);
  expect(typeErrors(`const f: EventFilters = { sort: 'ASC' }; void f;`).length).toBe(1);
});

it('lists the filter vocabularies at run time too', () => {
  expect(EVENT_ACTIONS).toContain('commented');
  expect(EVENT_TARGET_TYPES).toEqual(['issue', 'milestone', 'merge_request', 'note', 'project', 'snippet', 'user']);
});
