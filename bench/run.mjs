// npm run bench: builds the corpora (downloaded once into bench/.corpus), installs the peers (once, from
// bench/package-lock.json into bench/node_modules), checks that the prefilter drops no finding, then
// times every tool as a whole process, in the same run, alternating, BENCH_REPS times (default 3).
// Prints a table of wall-clock medians, min–max, CPU seconds, lines/second, ratios and peak memory,
// and writes bench/results/latest.json. The machines are shared and noisy: ratios mean more than
// seconds, and each ratio is taken within a repetition, then the median over repetitions.
// BENCH_BASELINE=<another checkout's built CLI (its dist/src/cli/main.js), or that checkout's directory>
// adds a row "v4-migrate (baseline)" to every corpus, timed in the same alternating repetitions as this
// build, a column "÷ base" (each tool's time ÷ the baseline's, within a repetition) and the findings of
// both; the baseline is not built here (`npm run build` in its checkout first), and such a run writes
// bench/results/vs-baseline.json instead of latest.json. Unset, nothing of this happens.
// BENCH_SCALE=1 adds the scale step (bench/scale.mjs, about 10 minutes with BENCH_REPS=3), BENCH_SCALE=only
// runs it alone: through the CLI on generated inputs, lint and --fix of one file of 1k–8k calls (8k ÷ 1k must
// be under 10), the html and json reports of 2,000 files with a token each ÷ without tokens, a warm --cache
// run ÷ a cold one on 100,000 small files (must be under 1), and the language server's code-action latency
// on a 1 MB document while it is linted and while fix-all runs (median within 200 ms), each against a
// baseline timed in the same repetitions. It writes bench/results/scale.json; unset, it does not run.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { corpusRoot, dense, here, isSource, repo, stats, thirdParty, typescriptFiles } from './corpus.mjs';
import { measure, measuresMemory, summary } from './measure.mjs';
import { astGrep, eslint, oxlint } from './peers.mjs';

const reps = Number(process.env.BENCH_REPS ?? 3);
if (!Number.isInteger(reps) || reps < 1) throw new Error(`BENCH_REPS must be a whole number ≥ 1, not ${process.env.BENCH_REPS}`);
const cli = path.join(repo, 'dist/src/cli/main.js');
const baseline = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : null;
const baselineCli = baseline && existsSync(baseline) && statSync(baseline).isDirectory() ? path.join(baseline, 'dist/src/cli/main.js') : baseline;
if (baselineCli && !existsSync(baselineCli)) throw new Error(`BENCH_BASELINE: no built CLI at ${baselineCli} (run npm run build in that checkout)`);
const BASE = 'v4-migrate (baseline)';
const scaleStep = process.env.BENCH_SCALE ?? '';
if (!['', '0', '1', 'only'].includes(scaleStep)) throw new Error(`BENCH_SCALE must be 1 (add the scale step) or only (run it alone), not ${scaleStep}`);

/** Install the peers from bench/package-lock.json, unless that exact lock is installed already. */
function installPeers() {
  const lock = readFileSync(path.join(here, 'package-lock.json'), 'utf8');
  const stamp = path.join(here, 'node_modules/.installed-lock.json');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lock) return;
  console.error('installing the peers (eslint 9, oxlint, @ast-grep/cli) into bench/node_modules (once)…');
  execFileSync('npm', ['ci', '--prefix', here, '--no-audit', '--no-fund'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
  writeFileSync(stamp, lock);
}

/**
 * v4-migrate's JSON report → source files linted, files with findings, and the findings as comparable text.
 * A package.json whose pins are findings (a client's v3 default base) is a result too, but not a source file
 * of the corpus: the dense corpus copies gl-got-default's 55 times.
 */
function v4Report(out) {
  const results = JSON.parse(out.stdout);
  const findings = results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${m.ruleId} ${m.message}`));
  return { files: results.filter((r) => isSource(path.basename(r.filePath))).length, withFindings: results.filter((r) => r.messages.length > 0).length, findings };
}

function v4(args, cwd, bin = cli) {
  return { cmd: process.execPath, args: [bin, '--format', 'json', '--exit-zero', ...args], cwd, ok: (s) => s === 0, count: v4Report };
}

function floor(mode, list) {
  return {
    cmd: process.execPath,
    args: [path.join(here, 'floor.mjs'), mode, list],
    ok: (s) => s === 0,
    count: (out) => ({ files: JSON.parse(out.stdout).files, withFindings: mode === 'regex' ? JSON.parse(out.stdout).matched : undefined }),
  };
}

/** Run a tool once, checked: it must succeed and lint every file of the corpus. */
function runChecked(name, tool, files) {
  tool.prepare?.();
  const r = measure(tool.cmd, tool.args, { cwd: tool.cwd });
  if (!tool.ok(r.status)) throw new Error(`${name} failed (exit ${r.status}):\n${r.stderr.slice(0, 2000)}`);
  const counted = tool.count(r);
  if (counted.files !== files) throw new Error(`${name} linted ${counted.files} files, not the corpus's ${files}: the tools must do the same work`);
  return { seconds: r.seconds, cpu: r.cpu, mib: r.mib, ...counted };
}

/** The prefilter must drop no finding: the same findings with and without it, exactly. */
function checkPrefilter(corpus) {
  const on = v4Report(measure(process.execPath, [cli, '--format', 'json', '--exit-zero', corpus.dir]));
  const off = v4Report(measure(process.execPath, [cli, '--format', 'json', '--exit-zero', '--no-prefilter', corpus.dir]));
  const a = new Set(on.findings);
  const b = new Set(off.findings);
  const missing = off.findings.filter((f) => !a.has(f));
  const extra = on.findings.filter((f) => !b.has(f));
  if (missing.length || extra.length || on.files !== off.files || on.findings.length !== off.findings.length) {
    throw new Error(
      `PREFILTER IS NOT EXACT on the ${corpus.name} corpus: ${missing.length} findings lost, ${extra.length} gained with it\n` +
        [...missing.slice(0, 10).map((f) => `  lost:   ${f}`), ...extra.slice(0, 10).map((f) => `  gained: ${f}`)].join('\n'),
    );
  }
  console.error(`${corpus.name}: the prefilter drops no finding (${on.findings.length} findings in ${on.withFindings} files, with and without it)`);
  return { files: on.files, withFindings: on.withFindings, findings: on.findings };
}

/** Whether this build of v4-migrate has --cache (another branch adds it): the CLI rejects unknown flags. */
function cacheAvailable(dir) {
  const r = measure(process.execPath, [cli, '--format', 'json', '--exit-zero', '--cache', '--cache-location', path.join(corpusRoot, 'probe.cache'), dir]);
  rmSync(path.join(corpusRoot, 'probe.cache'), { recursive: true, force: true });
  return !(r.status === 2 && /Unknown argument/i.test(r.stderr));
}

/** The tools timed on one corpus, in the order of the first repetition. */
function toolsFor(corpus, list, withCache) {
  const copy = path.join(corpusRoot, `${corpus.name}-fix`);
  const cache = path.join(corpusRoot, `${corpus.name}.v4cache`);
  const tools = {
    'read floor': floor('read', list),
    'regex floor': floor('regex', list),
    'parse floor': floor('parse', list),
    eslint: eslint(corpus.dir),
    'oxlint 1 thread': oxlint(corpus.dir, 1),
    'oxlint 2 threads': oxlint(corpus.dir, 2),
    'ast-grep 2 threads': astGrep(corpus.dir),
    'v4-migrate': v4([corpus.dir]),
    ...(baselineCli && { [BASE]: v4([corpus.dir], undefined, baselineCli) }),
    'v4-migrate --fix': {
      // The fresh copy is not committed to the corpus's (empty) git repository: --fix's dirty guard would refuse it.
      ...v4(['--fix', '--allow-dirty', copy]),
      prepare: () => {
        rmSync(copy, { recursive: true, force: true });
        cpSync(corpus.dir, copy, { recursive: true });
      },
    },
  };
  if (withCache) tools['v4-migrate --cache (warm)'] = v4(['--cache', '--cache-location', cache, corpus.dir]);
  return tools;
}

/**
 * Time `tools` REPS times, alternating (each repetition starts one tool later), every run checked.
 * Returns each tool's summary, and `ratio(a, b)`: the median over repetitions of a's time ÷ b's time in
 * the same repetition, which a shared machine's changing load disturbs less than a ratio of medians.
 */
function timeAll(tools, files) {
  const names = Object.keys(tools);
  const runs = Object.fromEntries(names.map((n) => [n, []]));
  for (let rep = 0; rep < reps; rep++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + rep) % names.length];
      const run = runChecked(name, tools[name], files);
      runs[name].push(run);
      console.error(`  [${rep + 1}/${reps}] ${name}: ${run.seconds.toFixed(2)} s`);
    }
  }
  const timed = Object.fromEntries(
    names.map((n) => {
      const s = summary(runs[n].map((r) => r.seconds));
      const mib = runs[n].map((r) => r.mib).filter((m) => m !== undefined);
      const cpu = runs[n].map((r) => r.cpu).filter((c) => c !== undefined);
      const findings = baselineCli && runs[n][0].findings ? { findings: runs[n][0].findings.length } : {};
      return [n, { ...s, cpu: cpu.length ? summary(cpu).median : null, peakMiB: mib.length ? Math.max(...mib) : null, files: runs[n][0].files, withFindings: runs[n][0].withFindings ?? null, ...findings }];
    }),
  );
  const ratio = (a, b) => summary(runs[a].map((r, i) => r.seconds / runs[b][i].seconds)).median;
  return { timed, ratio };
}

function benchCorpus(corpus) {
  const list = path.join(corpusRoot, `${corpus.name}.files`);
  writeFileSync(list, corpus.files.join('\n') + '\n');
  const files = corpus.files.length;
  const exact = checkPrefilter(corpus);
  const withCache = cacheAvailable(corpus.dir);
  const tools = toolsFor(corpus, list, withCache);
  if (withCache) {
    // One run fills the cache; a warm run must then report exactly what a cold run does.
    runChecked('v4-migrate --cache (priming run)', tools['v4-migrate --cache (warm)'], files);
    const warm = runChecked('v4-migrate --cache (warm check)', tools['v4-migrate --cache (warm)'], files);
    if (warm.findings.join('\n') !== exact.findings.join('\n')) throw new Error(`v4-migrate --cache reports other findings than a cold run on the ${corpus.name} corpus`);
  }
  console.error(`${corpus.name}: timing ${Object.keys(tools).length} tools × ${reps}…`);
  const { timed, ratio } = timeAll(tools, files);
  const st = { ...stats(corpus.files), withFindings: exact.withFindings, findings: exact.findings.length };
  for (const [name, t] of Object.entries(timed)) {
    t.linesPerSecond = st.lines / t.median;
    t.vsParseFloor = ratio(name, 'parse floor');
    if (baselineCli) t.vsBaseline = ratio(name, BASE);
  }
  const ratios = {
    ...(baselineCli && { 'v4-migrate ÷ baseline': ratio('v4-migrate', BASE), 'baseline ÷ parse floor': ratio(BASE, 'parse floor'), 'eslint ÷ baseline': ratio('eslint', BASE) }),
    'v4-migrate ÷ parse floor': ratio('v4-migrate', 'parse floor'),
    'eslint ÷ v4-migrate': ratio('eslint', 'v4-migrate'),
    'oxlint 1 thread ÷ v4-migrate': ratio('oxlint 1 thread', 'v4-migrate'),
    'oxlint 2 threads ÷ v4-migrate': ratio('oxlint 2 threads', 'v4-migrate'),
    'ast-grep 2 threads ÷ v4-migrate': ratio('ast-grep 2 threads', 'v4-migrate'),
    'v4-migrate --fix ÷ v4-migrate': ratio('v4-migrate --fix', 'v4-migrate'),
    'warm ÷ cold': withCache ? ratio('v4-migrate --cache (warm)', 'v4-migrate') : null,
  };
  return { corpus: { name: corpus.name, ...st }, tools: timed, ratios, cache: withCache ? 'measured' : 'not available (this build has no --cache)' };
}

/** Type-aware mode on the TypeScript files of the third-party corpus, against the same files without it. */
function benchTypeAware(corpus) {
  const files = typescriptFiles(corpus.files);
  const dir = path.join(corpusRoot, 'typescript');
  mkdirSync(dir, { recursive: true });
  const tsconfig = path.join(dir, 'tsconfig.json');
  writeFileSync(tsconfig, JSON.stringify({ compilerOptions: { target: 'es2022', module: 'esnext', moduleResolution: 'bundler', noEmit: true, skipLibCheck: true, strict: false }, files }, null, 2) + '\n');
  const list = path.join(corpusRoot, 'typescript.files');
  writeFileSync(list, files.join('\n') + '\n');
  console.error(`type-aware: timing on ${files.length} TypeScript files × ${reps}…`);
  const { timed, ratio } = timeAll(
    {
      'parse floor': floor('parse', list),
      'v4-migrate': v4(files),
      ...(baselineCli && { [BASE]: v4(files, undefined, baselineCli) }),
      'v4-migrate --no-prefilter': v4(['--no-prefilter', ...files]),
      'v4-migrate --project': v4(['--project', tsconfig, ...files]),
    },
    files.length,
  );
  const st = stats(files);
  for (const [name, t] of Object.entries(timed)) {
    t.linesPerSecond = st.lines / t.median;
    t.vsParseFloor = ratio(name, 'parse floor');
    if (baselineCli) t.vsBaseline = ratio(name, BASE);
  }
  return {
    corpus: { name: 'third-party TypeScript', ...st },
    tools: timed,
    ratios: {
      ...(baselineCli && { 'v4-migrate ÷ baseline': ratio('v4-migrate', BASE) }),
      '--project ÷ plain': ratio('v4-migrate --project', 'v4-migrate'),
      '--project ÷ --no-prefilter': ratio('v4-migrate --project', 'v4-migrate --no-prefilter'),
    },
  };
}

function targets(third, den) {
  const v4Peak = (r) => Math.max(...['v4-migrate', 'v4-migrate --fix', 'v4-migrate --cache (warm)'].map((k) => r.tools[k]?.peakMiB ?? 0));
  const list = [
    ['third-party cold ≤ 0.15× the parse floor', third.ratios['v4-migrate ÷ parse floor'], (v) => v <= 0.15, (v) => `${v.toFixed(2)}×`],
    ['third-party: faster than oxlint on 1 thread', third.ratios['oxlint 1 thread ÷ v4-migrate'], (v) => v > 1, (v) => `oxlint takes ${v.toFixed(2)}× as long`],
    ['third-party: faster than oxlint on 2 threads', third.ratios['oxlint 2 threads ÷ v4-migrate'], (v) => v > 1, (v) => `oxlint takes ${v.toFixed(2)}× as long`],
    ['third-party: faster than ast-grep on 2 threads', third.ratios['ast-grep 2 threads ÷ v4-migrate'], (v) => v > 1, (v) => `ast-grep takes ${v.toFixed(2)}× as long`],
    ['dense cold ≤ 1.5× the parse floor', den.ratios['v4-migrate ÷ parse floor'], (v) => v <= 1.5, (v) => `${v.toFixed(2)}×`],
    ['ESLint ≥ 10× v4-migrate (third-party)', third.ratios['eslint ÷ v4-migrate'], (v) => v >= 10, (v) => `${v.toFixed(1)}×`],
    ['warm (--cache) ≤ 5 % of cold (third-party)', third.ratios['warm ÷ cold'], (v) => v <= 0.05, (v) => `${(v * 100).toFixed(1)} %`],
    ['warm (--cache) ≤ 5 % of cold (dense)', den.ratios['warm ÷ cold'], (v) => v <= 0.05, (v) => `${(v * 100).toFixed(1)} %`],
    ['peak memory ≤ 400 MB (third-party)', measuresMemory ? v4Peak(third) : null, (v) => v * 1.048576 <= 400, (v) => `${v.toFixed(0)} MiB`],
    ['peak memory ≤ 400 MB (dense)', measuresMemory ? v4Peak(den) : null, (v) => v * 1.048576 <= 400, (v) => `${v.toFixed(0)} MiB`],
  ];
  return list.map(([target, value, met, show]) => ({ target, value, met: value === null ? null : met(value), shown: value === null ? 'not measured' : show(value) }));
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');

function printCorpus(r) {
  const c = r.corpus;
  console.log(`\n${c.name}: ${fmt(c.files)} files, ${fmt(c.lines)} lines, ${(c.bytes / 1e6).toFixed(1)} MB` + (c.withFindings !== undefined ? `; ${fmt(c.withFindings)} files with findings (${fmt(c.findings)} findings)` : ''));
  console.log(`${'tool'.padEnd(28)} ${'median s'.padStart(9)} ${'min–max s'.padStart(13)} ${'cpu s'.padStart(7)} ${'lines/s'.padStart(11)} ${'÷ parse'.padStart(8)} ${'peak MiB'.padStart(9)}${baselineCli ? ' ' + '÷ base'.padStart(7) : ''}`);
  for (const [k, v] of Object.entries(r.tools)) {
    const range = `${v.min.toFixed(2)}–${v.max.toFixed(2)}`;
    console.log(`${k.padEnd(28)} ${v.median.toFixed(2).padStart(9)} ${range.padStart(13)} ${(v.cpu === null ? 'n/a' : v.cpu.toFixed(2)).padStart(7)} ${fmt(v.linesPerSecond).padStart(11)} ${(v.vsParseFloor.toFixed(2) + '×').padStart(8)} ${(v.peakMiB === null ? 'n/a' : v.peakMiB.toFixed(0)).padStart(9)}${baselineCli ? ' ' + (v.vsBaseline.toFixed(2) + '×').padStart(7) : ''}`);
  }
  if (baselineCli) console.log(`  findings: v4-migrate ${fmt(r.tools['v4-migrate'].findings)} in ${fmt(r.tools['v4-migrate'].withFindings)} files; baseline ${fmt(r.tools[BASE].findings)} in ${fmt(r.tools[BASE].withFindings)} files (${baselineCli})`);
  for (const [k, v] of Object.entries(r.ratios)) console.log(`  ${k}: ${v === null ? 'not available' : v.toFixed(2) + '×'}`);
  if (r.cache && r.cache !== 'measured') console.log(`  v4-migrate --cache: ${r.cache}`);
}

/** The same figures as Markdown, for the README's Performance section. */
function markdown(results) {
  const lines = [];
  for (const r of results) {
    lines.push(`| ${r.corpus.name} (${fmt(r.corpus.files)} files, ${(r.corpus.lines / 1e6).toFixed(2)} M lines) | median s | min–max s | CPU s | lines/s | ÷ parse floor | peak MiB |`, '|---|---|---|---|---|---|---|');
    for (const [k, v] of Object.entries(r.tools)) {
      lines.push(`| ${k} | ${v.median.toFixed(2)} | ${v.min.toFixed(2)}–${v.max.toFixed(2)} | ${v.cpu === null ? 'n/a' : v.cpu.toFixed(2)} | ${fmt(v.linesPerSecond)} | ${v.vsParseFloor.toFixed(2)}× | ${v.peakMiB === null ? 'n/a' : v.peakMiB.toFixed(0)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

const machine = () => ({ cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.arch()}`, load: os.loadavg() });
mkdirSync(path.join(here, 'results'), { recursive: true });

if (scaleStep !== 'only') {
  installPeers();
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: repo, stdio: 'inherit' });
  mkdirSync(corpusRoot, { recursive: true });
  const tp = thirdParty();
  const dn = dense();
  const third = benchCorpus(tp);
  const den = benchCorpus(dn);
  const typeAware = benchTypeAware(tp);
  const met = targets(third, den);

  for (const r of [third, den, typeAware]) printCorpus(r);
  console.log('\ntargets');
  for (const t of met) console.log(`  ${t.met === null ? '·' : t.met ? '✓' : '✗'} ${t.target}: ${t.shown}`);
  console.log('\n' + markdown([third, den, typeAware]));

  const written = path.join(here, baselineCli ? 'results/vs-baseline.json' : 'results/latest.json');
  writeFileSync(written, JSON.stringify({ date: new Date().toISOString(), reps, machine: machine(), ...(baselineCli && { baseline: baselineCli }), results: [third, den], typeAware, targets: met }, null, 2) + '\n');
  console.error(`\nwrote ${path.relative(repo, written)}`);
} else {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: repo, stdio: 'inherit' });
}

if (scaleStep === '1' || scaleStep === 'only') {
  // Loaded only here: the default run does not even read it.
  const { benchScale, printScale } = await import('./scale.mjs');
  const started = new Date().toISOString();
  const scale = await benchScale(cli, reps);
  console.log(printScale(scale));
  const written = path.join(here, 'results/scale.json');
  writeFileSync(written, JSON.stringify({ date: started, reps, machine: machine(), ...scale }, null, 2) + '\n');
  console.error(`\nwrote ${path.relative(repo, written)}`);
}
