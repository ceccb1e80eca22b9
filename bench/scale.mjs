// The scale step of the benchmark (BENCH_SCALE=1 npm run bench, or BENCH_SCALE=only for this step alone):
// the costs that issue 15 found growing faster than the input, measured as whole processes through the real
// CLI on generated inputs (bench/scale-gen.mjs), each against a baseline timed in the same repetitions:
//   calls   one file holding 1k, 2k, 4k and 8k v3 calls: lint (stylish) and --fix; the 8k ÷ 1k ratio must be
//           under 10 (near-linear; it was 29 for --fix when applying edits was quadratic);
//   tokens  the html and json reports of 2,000 files with a token each, ÷ the same files without tokens
//           (masking was tokens × report size: 98 s instead of 19 s);
//   cache   100,000 small files (one in 100 calls the service): a warm --cache run ÷ a cold run, which must
//           be under 1 (the warm run was the slower), with the read floor (reading every file) beside them;
//   lsp     the language server (lsp --stdio) on a 1 MB document: the latency of code-action requests
//           while the document is linted and while "fix all" runs, against the same requests on a small
//           document (the guarantee: a median within 200 ms).
// Ratios are taken within each repetition (each repetition alternates the order), then the median over
// repetitions, for wall-clock and CPU time (GNU time), since the machine is shared and its load changes.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { here } from './corpus.mjs';
import { measure, summary } from './measure.mjs';
import { bigDocument, callsFile, writeCallsPackage, writeTokenTree, writeTree } from './scale-gen.mjs';

const CALLS = [1000, 2000, 4000, 8000];
const TOKEN_FILES = 2000;
const TREE_FILES = 100_000;
const LSP_REQUESTS = 20;
const LSP_BYTES = 1024 * 1024;

/** Run the CLI once as a whole process, checked: it must succeed. */
function run(cli, args, cwd, check) {
  const r = measure(process.execPath, [cli, ...args], { cwd, env: { NO_COLOR: '1' } });
  if (r.status !== 0) throw new Error(`v4-migrate ${args.join(' ')} failed (exit ${r.status}):\n${r.stderr.slice(0, 2000)}`);
  check?.(r);
  return r;
}

/**
 * Time `tasks` (name → () => measured run) `reps` times, alternating their order; returns each task's
 * median/min/max seconds, median CPU seconds and peak MiB, and `ratio(a, b)`: the median over repetitions
 * of a ÷ b within a repetition, for wall-clock (`seconds`) or CPU time (`cpu`).
 */
function timeAll(tasks, reps, label) {
  const names = Object.keys(tasks);
  const runs = Object.fromEntries(names.map((n) => [n, []]));
  for (let rep = 0; rep < reps; rep++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + rep) % names.length];
      const r = tasks[name]();
      runs[name].push(r);
      console.error(`  ${label} [${rep + 1}/${reps}] ${name}: ${r.seconds.toFixed(2)} s`);
    }
  }
  const timed = Object.fromEntries(
    names.map((n) => {
      const cpu = runs[n].map((r) => r.cpu).filter((c) => c !== undefined);
      const mib = runs[n].map((r) => r.mib).filter((m) => m !== undefined);
      return [n, { ...summary(runs[n].map((r) => r.seconds)), cpu: cpu.length ? summary(cpu).median : null, peakMiB: mib.length ? Math.max(...mib) : null }];
    }),
  );
  const ratio = (a, b, field = 'seconds') => {
    if (runs[a][0][field] === undefined) return null;
    return summary(runs[a].map((r, i) => r[field] / runs[b][i][field])).median;
  };
  return { timed, ratio };
}

/** Lint and --fix on one file of 1k–8k calls. */
export function benchCalls(cli, work, reps) {
  const problems = {};
  const tasks = {};
  for (const n of CALLS) {
    const dir = path.join(work, `calls-${n}`);
    writeCallsPackage(dir, n);
    const copy = path.join(work, `calls-${n}-fix`);
    // The lint run's summary gives the findings; --fix must fix every one, and leave no v3 URL.
    tasks[`lint ${n}`] = () =>
      run(cli, ['--exit-zero', dir], work, (r) => {
        const m = /✖ (\d+) problems/.exec(r.stdout);
        if (!m) throw new Error(`lint of ${n} calls: no summary line`);
        if (problems[n] !== undefined && problems[n] !== Number(m[1])) throw new Error(`lint of ${n} calls: ${m[1]} findings, then ${problems[n]}`);
        problems[n] = Number(m[1]);
      });
    tasks[`--fix ${n}`] = () => {
      rmSync(copy, { recursive: true, force: true });
      cpSync(dir, copy, { recursive: true });
      return run(cli, ['--fix', '--allow-dirty', '--exit-zero', copy], work, (r) => {
        const m = /(\d+) findings? fixed in 1 file/.exec(r.stdout);
        if (!m) throw new Error(`--fix of ${n} calls: ${r.stdout.slice(0, 500)}`);
        if (problems[n] !== undefined && Number(m[1]) !== problems[n]) throw new Error(`--fix of ${n} calls fixed ${m[1]} of ${problems[n]} findings`);
        if (readFileSync(path.join(copy, 'client.js'), 'utf8').includes('/api/v3')) throw new Error(`--fix of ${n} calls left a v3 URL`);
      });
    };
  }
  // The lint runs first, so that each --fix is checked against its findings.
  for (const n of CALLS) tasks[`lint ${n}`]();
  const { timed, ratio } = timeAll(tasks, reps, 'calls');
  const bytes = Object.fromEntries(CALLS.map((n) => [n, Buffer.byteLength(callsFile(n))]));
  const rows = Object.fromEntries(CALLS.map((n) => [n, { bytes: bytes[n], findings: problems[n], lint: timed[`lint ${n}`], fix: timed[`--fix ${n}`] }]));
  const last = CALLS[CALLS.length - 1];
  const ratios = {
    [`lint ${last} ÷ ${CALLS[0]}`]: ratio(`lint ${last}`, `lint ${CALLS[0]}`),
    [`lint ${last} ÷ ${CALLS[0]} (CPU)`]: ratio(`lint ${last}`, `lint ${CALLS[0]}`, 'cpu'),
    [`--fix ${last} ÷ ${CALLS[0]}`]: ratio(`--fix ${last}`, `--fix ${CALLS[0]}`),
    [`--fix ${last} ÷ ${CALLS[0]} (CPU)`]: ratio(`--fix ${last}`, `--fix ${CALLS[0]}`, 'cpu'),
  };
  return { sizes: rows, ratios, met: ratios[`--fix ${last} ÷ ${CALLS[0]}`] < 10 && ratios[`lint ${last} ÷ ${CALLS[0]}`] < 10 };
}

/** The html and json reports of 2,000 files with a token each ÷ the same files without. */
export function benchTokens(cli, work, reps) {
  const withTokens = path.join(work, 'tokens');
  const without = path.join(work, 'no-tokens');
  writeTokenTree(withTokens, { files: TOKEN_FILES, withTokens: true });
  writeTokenTree(without, { files: TOKEN_FILES, withTokens: false });
  // Every token must be hidden: none of the file's glpat- values may reach the report.
  const masked = (r) => {
    if (r.stdout.includes('glpat-')) throw new Error('a token reached the report');
  };
  const tasks = {};
  for (const format of ['html', 'json']) {
    tasks[`${format}, tokens`] = () => run(cli, ['--format', format, '--exit-zero', withTokens], work, masked);
    tasks[`${format}, no tokens`] = () => run(cli, ['--format', format, '--exit-zero', without], work);
  }
  const { timed, ratio } = timeAll(tasks, reps, 'tokens');
  const ratios = {};
  for (const format of ['html', 'json']) {
    ratios[`${format}: tokens ÷ none`] = ratio(`${format}, tokens`, `${format}, no tokens`);
    ratios[`${format}: tokens ÷ none (CPU)`] = ratio(`${format}, tokens`, `${format}, no tokens`, 'cpu');
  }
  return { files: TOKEN_FILES, tools: timed, ratios };
}

/** 100,000 small files: cold, warm --cache, and the read floor. */
export function benchCache(cli, work, reps) {
  const dir = path.join(work, 'tree');
  const started = process.hrtime.bigint();
  const { files, calling } = writeTree(dir, { files: TREE_FILES });
  console.error(`  cache: wrote ${TREE_FILES.toLocaleString('en-US')} files (${calling} with calls) in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`);
  const cache = path.join(work, 'tree.v4cache');
  const list = path.join(work, 'tree.files');
  writeFileSync(list, files.join('\n') + '\n');
  // The default report (stylish), as in CI: a warm run must print exactly what a cold one does.
  const cold = () => run(cli, ['--exit-zero', dir], work);
  const warm = () => run(cli, ['--exit-zero', '--cache', '--cache-location', cache, dir], work);
  const reference = cold().stdout;
  // Each file with calls: the api-prefix finding of its base, and one finding of each of its two calls.
  if (!reference.includes(`${calling * 3} problems`)) throw new Error(`cold run on the tree: expected ${calling * 3} problems:\n${reference.slice(-500)}`);
  warm(); // fills the cache
  const same = (r) => {
    if (r.stdout !== reference) throw new Error('a warm --cache run printed another report than a cold run');
  };
  const { timed, ratio } = timeAll(
    {
      'read floor': () => measure(process.execPath, [path.join(here, 'floor.mjs'), 'read', list]),
      'v4-migrate (cold)': () => run(cli, ['--exit-zero', dir], work, same),
      'v4-migrate --cache (warm)': () => run(cli, ['--exit-zero', '--cache', '--cache-location', cache, dir], work, same),
    },
    reps,
    'cache',
  );
  const cacheBytes = readFileSync(cache).length;
  const ratios = {
    'warm ÷ cold': ratio('v4-migrate --cache (warm)', 'v4-migrate (cold)'),
    'warm ÷ cold (CPU)': ratio('v4-migrate --cache (warm)', 'v4-migrate (cold)', 'cpu'),
    'cold ÷ read floor': ratio('v4-migrate (cold)', 'read floor'),
    'warm ÷ read floor': ratio('v4-migrate --cache (warm)', 'read floor'),
  };
  return { files: TREE_FILES, withCalls: calling, cacheMiB: cacheBytes / 2 ** 20, tools: timed, ratios, met: ratios['warm ÷ cold'] < 1 };
}

/** CPU seconds a process has used so far (Linux), or undefined. */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One session of the language server: code-action latencies on a small document, then on a 1 MB one. */
async function lspSession(cli) {
  const server = spawn(process.execPath, [cli, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  const published = new Map();
  connection.onNotification('textDocument/publishDiagnostics', (p) => published.set(p.uri, p));
  connection.listen();
  const diagnostics = async (uri, timeout = 120_000) => {
    const until = Date.now() + timeout;
    while (!published.has(uri)) {
      if (Date.now() > until) throw new Error(`no diagnostics for ${uri}`);
      await sleep(5);
    }
    return published.get(uri).diagnostics;
  };
  const timed = async (request) => {
    const started = process.hrtime.bigint();
    const value = await request();
    return { ms: Number(process.hrtime.bigint() - started) / 1e6, value };
  };
  const quickFixes = (uri, range, diags = []) => connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: diags, only: ['quickfix'] } });
  try {
    await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    void connection.sendNotification('initialized', {});

    // The baseline: quick fixes on a small document whose diagnostics are in.
    const small = 'file:///tmp/v4m-bench-small.js';
    void connection.sendNotification('textDocument/didOpen', { textDocument: { uri: small, languageId: 'javascript', version: 1, text: "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n" } });
    const [smallDiag] = await diagnostics(small);
    const idle = [];
    for (let i = 0; i < LSP_REQUESTS; i++) {
      const r = await timed(() => quickFixes(small, smallDiag.range, [smallDiag]));
      if (!r.value.length) throw new Error('no quick fix on the small document');
      idle.push(r.ms);
    }

    // The 1 MB document: requests while its lint runs (spaced, so they span the lint), then while fix-all runs.
    const uri = 'file:///tmp/v4m-bench-one-megabyte.js';
    const { text, firstCallLine } = bigDocument(LSP_BYTES);
    const atCall = { start: { line: firstCallLine, character: 0 }, end: { line: firstCallLine, character: 10 } };
    const opened = process.hrtime.bigint();
    void connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'javascript', version: 1, text } });
    const duringLint = [];
    let beforeDiagnostics = 0;
    for (let i = 0; i < LSP_REQUESTS; i++) {
      const r = await timed(() => quickFixes(uri, atCall));
      duringLint.push(r.ms);
      if (!published.has(uri)) beforeDiagnostics++;
      await sleep(50);
    }
    const big = await diagnostics(uri);
    const lintSeconds = Number(process.hrtime.bigint() - opened) / 1e9;
    const calls = text.split('/builds').length - 1;
    if (big.filter((d) => d.code === 'builds-endpoint').length !== calls) throw new Error(`1 MB document: ${big.length} diagnostics for ${calls} calls`);

    const builds = big.find((d) => d.code === 'builds-endpoint');
    const fixStarted = process.hrtime.bigint();
    let fixSeconds;
    const fixAll = connection
      .sendRequest('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 1_000_000, character: 0 } }, context: { diagnostics: [], only: ['source.fixAll.v4-migrate'] } })
      .then((actions) => ((fixSeconds = Number(process.hrtime.bigint() - fixStarted) / 1e9), actions));
    const duringFixAll = [];
    let beforeFixAll = 0;
    for (let i = 0; i < LSP_REQUESTS; i++) {
      const r = await timed(() => quickFixes(uri, builds.range, [builds]));
      if (!r.value.some((a) => a.isPreferred)) throw new Error('no preferred quick fix on the 1 MB document');
      duringFixAll.push(r.ms);
      if (fixSeconds === undefined) beforeFixAll++;
      await sleep(20);
    }
    const [action] = await fixAll;
    const edits = action?.edit?.changes?.[uri]?.length ?? 0;
    if (edits === 0) throw new Error('fix-all on the 1 MB document made no edit');
    const cpu = cpuOf(server.pid);
    await connection.sendRequest('shutdown');
    void connection.sendNotification('exit');
    return { idle, duringLint, beforeDiagnostics, duringFixAll, beforeFixAll, lintSeconds, fixSeconds, serverCpu: cpu, bytes: Buffer.byteLength(text), calls };
  } finally {
    connection.dispose();
    if (server.exitCode === null) {
      await Promise.race([new Promise((resolve) => server.once('exit', resolve)), sleep(2000)]);
      if (server.exitCode === null) server.kill();
    }
  }
}

export async function benchLsp(cli, reps) {
  const sessions = [];
  for (let rep = 0; rep < reps; rep++) {
    const s = await lspSession(cli);
    sessions.push(s);
    console.error(`  lsp [${rep + 1}/${reps}] code actions: idle median ${summary(s.idle).median.toFixed(1)} ms, while linting 1 MB median ${summary(s.duringLint).median.toFixed(1)} ms (max ${Math.max(...s.duringLint).toFixed(1)}), while fix-all median ${summary(s.duringFixAll).median.toFixed(1)} ms; lint ${s.lintSeconds.toFixed(2)} s`);
  }
  const all = (field) => sessions.flatMap((s) => s[field]);
  const stats = (xs) => ({ median: summary(xs).median, max: Math.max(...xs), n: xs.length });
  const row = {
    'small document (baseline)': stats(all('idle')),
    '1 MB, while it is linted': { ...stats(all('duringLint')), answeredBeforeDiagnostics: sessions.reduce((n, s) => n + s.beforeDiagnostics, 0) },
    '1 MB, while fix-all runs': { ...stats(all('duringFixAll')), answeredBeforeFixAll: sessions.reduce((n, s) => n + s.beforeFixAll, 0) },
  };
  const ratio = (field) => summary(sessions.map((s) => summary(s[field]).median / summary(s.idle).median)).median;
  return {
    bytes: sessions[0].bytes,
    calls: sessions[0].calls,
    requestsPerPhase: LSP_REQUESTS,
    latencyMs: row,
    lintSeconds: summary(sessions.map((s) => s.lintSeconds)),
    fixAllSeconds: summary(sessions.map((s) => s.fixSeconds)),
    serverCpuSeconds: sessions.every((s) => s.serverCpu !== undefined) ? summary(sessions.map((s) => s.serverCpu)).median : null,
    ratios: { 'while linted ÷ baseline (median)': ratio('duringLint'), 'while fix-all ÷ baseline (median)': ratio('duringFixAll') },
    met: row['1 MB, while it is linted'].median < 200 && row['1 MB, while fix-all runs'].median < 200,
  };
}

/** The whole scale step: generated inputs in a temporary directory, removed afterwards. */
export async function benchScale(cli, reps) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'v4m-bench-scale-'));
  try {
    console.error(`scale: one file of ${CALLS.join(', ')} calls × ${reps}…`);
    const calls = benchCalls(cli, work, reps);
    console.error(`scale: ${TOKEN_FILES} files with and without tokens × ${reps}…`);
    const tokens = benchTokens(cli, work, reps);
    console.error(`scale: the language server on a 1 MB document × ${reps}…`);
    const lsp = await benchLsp(cli, reps);
    console.error(`scale: ${TREE_FILES.toLocaleString('en-US')} files, cold and warm --cache × ${reps}…`);
    const cache = benchCache(cli, work, reps);
    return { calls, tokens, cache, lsp };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const f2 = (v) => (v === null || v === undefined ? 'n/a' : v.toFixed(2));
const ratioText = (v) => (v === null ? 'n/a' : `${v.toFixed(2)}×`);

/** The scale step's figures as text, and as Markdown tables for the README. */
export function printScale(s) {
  const out = [];
  out.push('\nscale: one file of N v3 calls (lint, then --fix), seconds');
  out.push(`${'calls'.padStart(6)} ${'KB'.padStart(6)} ${'findings'.padStart(9)} ${'lint s'.padStart(8)} ${'cpu s'.padStart(7)} ${'MiB'.padStart(6)} ${'--fix s'.padStart(8)} ${'cpu s'.padStart(7)} ${'MiB'.padStart(6)}`);
  for (const [n, r] of Object.entries(s.calls.sizes)) {
    out.push(`${n.padStart(6)} ${String(Math.round(r.bytes / 1024)).padStart(6)} ${String(r.findings).padStart(9)} ${f2(r.lint.median).padStart(8)} ${f2(r.lint.cpu).padStart(7)} ${(r.lint.peakMiB?.toFixed(0) ?? 'n/a').padStart(6)} ${f2(r.fix.median).padStart(8)} ${f2(r.fix.cpu).padStart(7)} ${(r.fix.peakMiB?.toFixed(0) ?? 'n/a').padStart(6)}`);
  }
  for (const [k, v] of Object.entries(s.calls.ratios)) out.push(`  ${k}: ${ratioText(v)}`);
  out.push(`\nscale: ${s.tokens.files} files, reports with and without a token in each`);
  for (const [k, v] of Object.entries(s.tokens.tools)) out.push(`  ${k.padEnd(18)} ${f2(v.median).padStart(7)} s (${f2(v.min)}–${f2(v.max)}), cpu ${f2(v.cpu)} s, ${v.peakMiB?.toFixed(0) ?? 'n/a'} MiB`);
  for (const [k, v] of Object.entries(s.tokens.ratios)) out.push(`  ${k}: ${ratioText(v)}`);
  out.push(`\nscale: ${s.cache.files.toLocaleString('en-US')} files (${s.cache.withCalls} with calls), cache ${s.cache.cacheMiB.toFixed(1)} MiB`);
  for (const [k, v] of Object.entries(s.cache.tools)) out.push(`  ${k.padEnd(26)} ${f2(v.median).padStart(7)} s (${f2(v.min)}–${f2(v.max)}), cpu ${f2(v.cpu)} s, ${v.peakMiB?.toFixed(0) ?? 'n/a'} MiB`);
  for (const [k, v] of Object.entries(s.cache.ratios)) out.push(`  ${k}: ${ratioText(v)}`);
  out.push(`\nscale: language server, code actions (${s.lsp.requestsPerPhase} requests a phase and repetition), ms`);
  for (const [k, v] of Object.entries(s.lsp.latencyMs)) out.push(`  ${k.padEnd(27)} median ${v.median.toFixed(1).padStart(6)}, max ${v.max.toFixed(1).padStart(7)} (n=${v.n}${v.answeredBeforeDiagnostics !== undefined ? `, ${v.answeredBeforeDiagnostics} before the diagnostics` : ''}${v.answeredBeforeFixAll !== undefined ? `, ${v.answeredBeforeFixAll} before fix-all's answer` : ''})`);
  out.push(`  lint of the 1 MB document: ${f2(s.lsp.lintSeconds.median)} s; fix-all: ${f2(s.lsp.fixAllSeconds.median)} s; server CPU per session: ${f2(s.lsp.serverCpuSeconds)} s`);
  for (const [k, v] of Object.entries(s.lsp.ratios)) out.push(`  ${k}: ${ratioText(v)}`);
  out.push('\nscale targets');
  out.push(`  ${s.calls.met ? '✓' : '✗'} 8k calls in one file under 10× 1k (lint and --fix)`);
  out.push(`  ${s.cache.met ? '✓' : '✗'} warm --cache faster than cold at ${s.cache.files.toLocaleString('en-US')} files`);
  out.push(`  ${s.lsp.met ? '✓' : '✗'} code actions on a 1 MB document: median within 200 ms while it is linted and while fix-all runs`);
  return out.join('\n');
}
