// Mutation fuzz over the fixtures: random byte edits (inserted, deleted, replaced; multi-byte characters,
// invalid UTF-8, NUL, brackets, quotes, line breaks) and each mutant linted and fixed as the CLI does.
// Nothing may crash or hang (each file has a time bound, enforced by ending its worker), positions stay
// valid, and a fixed text parses, settles, and is what lands on disk.
// MUTATION_RUNS raises the number of cases (CI runs a bounded number); FUZZ_SEED=random varies them;
// MUTATION_TIMEOUT_MS is the bound per file (default 5 s, generous for shared CI machines: a hang is
// minutes, a file takes milliseconds).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fixtureCases } from './support/fixtures.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const RUNS = Number(process.env.MUTATION_RUNS ?? 120);
const TIMEOUT = Number(process.env.MUTATION_TIMEOUT_MS ?? 5000);
const workerFile = fileURLToPath(new URL('./support/mutation-worker.mjs', import.meta.url));

// Every fixture input, bytes as they are on disk.
const seeds = fixtureCases().map((c) => ({ name: c.name, file: path.basename(c.input), bytes: readFileSync(c.input) }));

// What an edit puts in: a random byte, or a piece chosen to upset a decoder, a lexer or a line counter.
const PIECES = ['é', '€', '😀', '\u2028', '\r', '\r\n', '\n', '\0', '(', ')', '{', '}', '[', ']', "'", '"', '`', '${', '/', '/*', '//', '\\', ';', ',', '+', '<', 'api/v3/', '/projects/', '<script>'].map((s) => Buffer.from(s));
const INVALID_UTF8 = [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0xc0, 0xaf]].map((b) => Buffer.from(b));
const insert = fc.oneof(fc.uint8Array({ minLength: 1, maxLength: 4 }).map((a) => Buffer.from(a)), fc.constantFrom(...PIECES), fc.constantFrom(...INVALID_UTF8));
const edit = fc.record({ kind: fc.constantFrom('insert', 'delete', 'replace'), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), length: fc.integer({ min: 1, max: 12 }), bytes: insert });
const mutant = fc.record({ seed: fc.constantFrom(...seeds), edits: fc.array(edit, { minLength: 1, maxLength: 6 }) });

function apply(bytes: Buffer, edits: readonly fc.RecordValue<{ kind: string; at: number; length: number; bytes: Buffer }>[]): Buffer {
  let out = bytes;
  for (const e of edits) {
    const at = Math.floor(e.at * (out.length + 1));
    const end = Math.min(out.length, at + e.length);
    if (e.kind === 'insert') out = Buffer.concat([out.subarray(0, at), e.bytes, out.subarray(at)]);
    else if (e.kind === 'delete') out = Buffer.concat([out.subarray(0, at), out.subarray(end)]);
    else out = Buffer.concat([out.subarray(0, at), e.bytes, out.subarray(end)]);
  }
  return out;
}

/** One worker, replaced when a file takes too long (the stuck one is terminated). */
class Checker {
  private worker = new Worker(workerFile);
  private next = 0;

  async check(file: string): Promise<string[]> {
    const id = this.next++;
    const worker = this.worker;
    const answer = new Promise<string[]>((resolve) => {
      const done = (problems: string[]) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        resolve(problems);
      };
      const onMessage = (m: { id: number; problems: string[] }) => m.id === id && done(m.problems);
      const onError = (error: Error) => done([`the worker died: ${error.stack ?? error.message}`]);
      worker.on('message', onMessage);
      worker.on('error', onError);
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string[]>((resolve) => {
      timer = setTimeout(() => resolve([`took longer than ${TIMEOUT} ms (a hang?)`]), TIMEOUT);
    });
    worker.postMessage({ id, file });
    const problems = await Promise.race([answer, timeout]);
    clearTimeout(timer);
    if (problems[0]?.startsWith('took longer')) {
      await this.worker.terminate();
      this.worker = new Worker(workerFile);
    }
    return problems;
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'v4m-mutants-'));
const checker = new Checker();
afterAll(async () => {
  await checker.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('mutation fuzz', () => {
  beforeAll(async () => {
    // The first file also loads the library; it is not what the time bound is about.
    writeFileSync(path.join(dir, 'package.json'), '{}');
    writeFileSync(path.join(dir, 'warm-up.js'), seeds[0]!.bytes);
    expect(await checker.check(path.join(dir, 'warm-up.js'))).toEqual([]);
  }, 60_000);

  it('has seeds: every fixture input', () => {
    expect(seeds.length).toBeGreaterThanOrEqual(20);
  });

  it(`neither crashes nor hangs on mutated fixtures, and fixes them soundly (${RUNS} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(mutant, async (m) => {
        const bytes = apply(m.seed.bytes, m.edits);
        // Each fixture's mutants in a package of their own: files of several fixtures in one folder would make
        // a package none of them is (one's server making another's calls its own API).
        const home = path.join(dir, m.seed.name.replace(/\//g, '-'));
        mkdirSync(home, { recursive: true });
        writeFileSync(path.join(home, 'package.json'), '{}');
        const file = path.join(home, m.seed.file);
        writeFileSync(file, bytes);
        const problems = await checker.check(file);
        // On failure the mutant is kept for replay: fast-check prints the seed, the bytes are here.
        if (problems.length > 0) writeFileSync(path.join(tmpdir(), `v4m-failing-mutant${path.extname(file)}`), bytes);
        expect(problems, `${m.seed.name} mutated: ${JSON.stringify(bytes.toString('latin1').slice(0, 200))}…`).toEqual([]);
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED === 'random' ? undefined : Number(process.env.FUZZ_SEED ?? 20261123) },
    );
  }, 600_000);
});
