// The JSON Schema of `--format json` (schema/results.schema.json) against real output of the built CLI:
// the fixtures, with --fix (output, fixedCount), and the files that cannot be checked.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANGE_IDS } from '../src/changes.js';
import { METHODS } from '../src/callsites/types.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'dist/src/cli/main.js');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function json(args: string[], cwd = repo): unknown {
  const r = spawnSync(process.execPath, [bin, '--format', 'json', ...args], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout);
}

const schema = JSON.parse(readFileSync(path.join(repo, 'schema/results.schema.json'), 'utf8')) as {
  definitions: { message: { properties: { changes: { items: { pattern: string } }; request: { properties: { method: { enum: string[] } } } } } };
};
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

function expectValid(value: unknown): void {
  const ok = validate(value);
  expect(validate.errors ?? []).toEqual([]);
  expect(ok).toBe(true);
}

describe('results.schema.json', () => {
  it('accepts the output of the fixtures run', () => {
    const results = json(['fixtures']) as { messages: { fix?: unknown; suggestions?: unknown; request?: unknown; fatal?: boolean; testDouble?: true }[] }[];
    const messages = results.flatMap((r) => r.messages);
    // The run holds every optional part the schema describes.
    for (const key of ['fix', 'suggestions', 'request', 'fatal', 'testDouble'] as const) expect(messages.some((m) => m[key] !== undefined), key).toBe(true);
    expectValid(results);
  });

  it('accepts the output of --fix and of files that cannot be checked', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'v4m-schema-'));
    temps.push(dir);
    cpSync(path.join(repo, 'fixtures/clients/fetch-helpers'), dir, { recursive: true });
    writeFileSync(path.join(dir, 'binary.js'), Buffer.from([0x66, 0x00, 0x01]));
    const fixed = json(['--fix', '.'], dir) as { output?: string; fixedCount?: number }[];
    expect(fixed.some((r) => r.output !== undefined && (r.fixedCount ?? 0) > 0)).toBe(true);
    expectValid(fixed);
  });

  it('rejects what is not the shape', () => {
    const [result] = json(['fixtures/clients/fetch-helpers']) as Record<string, unknown>[];
    expect(validate([{ ...result, messages: [{ ruleId: 'x' }] }])).toBe(false);
    expect(validate([{ ...result, extra: 1 }])).toBe(false);
  });

  it('allows every change ID and method the tool knows', () => {
    const pattern = new RegExp(schema.definitions.message.properties.changes.items.pattern);
    expect(CHANGE_IDS.filter((id) => !pattern.test(id))).toEqual([]);
    expect(schema.definitions.message.properties.request.properties.method.enum).toEqual([...METHODS]);
  });
});
