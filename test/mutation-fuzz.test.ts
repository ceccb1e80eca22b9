// Mutation fuzz over the fixtures: random byte edits (inserted, deleted, replaced; multi-byte characters,
// invalid UTF-8, NUL, brackets, quotes, line breaks) and each mutant linted and fixed as the CLI does.
// Nothing may crash or hang (each file has a time bound, enforced by ending its worker), positions stay
// valid, and a fixed text parses, settles, and is what lands on disk.
// MUTATION_RUNS raises the number of cases (CI runs a bounded number); FUZZ_SEED=random varies them;
// MUTATION_TIMEOUT_MS is the bound per file (default 5 s, generous for shared CI machines: a hang is
// minutes, a file takes milliseconds).
// A second property mutates the code's structure rather than its bytes: calls lose their arguments (all, or
// all but the first), in each fixture with its package around it, so that the request is still recognised
// and what reads its answer meets a call it did not expect (`.pipe(toArray())`, `_.get(res)`).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseSource } from '../src/parse/parse.js';
import { nodesOf } from '../src/parse/walk.js';
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

// Every fixture with the argument lists of its calls: where each list starts and where its `)` is.
const calls = fixtureCases().flatMap((c) => {
  const text = readFileSync(c.input, 'utf8');
  const parsed = parseSource(text, c.input);
  if (!parsed.ok) return [];
  const lists = nodesOf(parsed.ast).flatMap((n) => {
    if ((n.type !== 'CallExpression' && n.type !== 'NewExpression' && n.type !== 'OptionalCallExpression') || n.arguments.length === 0) return [];
    const close = text.lastIndexOf(')', n.end! - 1);
    return close > n.arguments[0]!.start! ? [{ first: n.arguments[0]!.start!, afterFirst: n.arguments[0]!.end!, close }] : [];
  });
  return lists.length > 0 ? [{ fixture: c, text, lists }] : [];
});
const argumentCut = fc.record({ seed: fc.constantFrom(...calls), picks: fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), keepFirst: fc.boolean() }), { minLength: 1, maxLength: 8 }) });

/** The text with the chosen calls' arguments cut (nested choices inside a cut list are dropped with it). */
function cutArguments(seed: (typeof calls)[number], picks: readonly { at: number; keepFirst: boolean }[]): string {
  const cuts = picks.map((p) => {
    const list = seed.lists[Math.floor(p.at * seed.lists.length)]!;
    return { from: p.keepFirst ? list.afterFirst : list.first, to: list.close };
  });
  cuts.sort((a, b) => a.from - b.from);
  let out = '';
  let at = 0;
  for (const cut of cuts) {
    if (cut.from < at) continue;
    out += seed.text.slice(at, cut.from);
    at = cut.to;
  }
  return out + seed.text.slice(at);
}

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

  async check(file: string, inPackage = false): Promise<string[]> {
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
    worker.postMessage({ id, file, inPackage });
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

  it('has structural seeds: the calls of every fixture input that has some', () => {
    expect(calls.length).toBeGreaterThanOrEqual(100);
  });

  it(`neither crashes nor hangs on fixtures whose calls lost arguments, and fixes them soundly (${RUNS} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(argumentCut, async (m) => {
        const text = cutArguments(m.seed, m.picks);
        // The fixture's package around the mutant (its manifest, its other modules): the requests stay recognised.
        const home = mkdtempSync(path.join(dir, 'cut-'));
        const manifest = path.join(m.seed.fixture.dir, 'package.json');
        if (existsSync(manifest)) copyFileSync(manifest, path.join(home, 'package.json'));
        for (const other of m.seed.fixture.context) copyFileSync(other, path.join(home, path.basename(other)));
        const file = path.join(home, path.basename(m.seed.fixture.input));
        writeFileSync(file, text);
        const problems = await checker.check(file, true);
        if (problems.length > 0) writeFileSync(path.join(tmpdir(), `v4m-failing-cut${path.extname(file)}`), text);
        expect(problems, `${m.seed.fixture.name} with arguments cut`).toEqual([]);
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED === 'random' ? undefined : Number(process.env.FUZZ_SEED ?? 20261123) },
    );
  }, 600_000);
});
