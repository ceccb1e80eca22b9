// npm run bench: builds the corpora (downloaded once into bench/.corpus), then times, in the same run and
// alternating, the read floor, the parse floor, ESLint with one rule, and v4-migrate (cold, --fix on a
// copy). Prints ratios (the machines are shared and noisy: absolute times mean little) and writes
// bench/results/latest.json.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.dirname(here);
const corpusRoot = path.join(here, '.corpus');
const reps = Number(process.env.BENCH_REPS ?? 3);
const MAX_BYTES = 1024 * 1024;
const SOURCE = /\.(c|m)?(j|t)sx?$/;

/** Source files under dir, as v4-migrate discovers them (nested node_modules and .d.ts left out). */
function listSources(dir, out = [], top = true) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink() || (entry.isDirectory() && (entry.name === '.git' || (entry.name === 'node_modules' && !top)))) continue;
    if (entry.isDirectory()) listSources(full, out, false);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && statSync(full).size <= MAX_BYTES) out.push(full);
  }
  return out;
}

function thirdParty() {
  const dir = path.join(corpusRoot, 'third-party');
  const sources = path.join(dir, 'packages');
  const { packages } = JSON.parse(readFileSync(path.join(here, 'corpus.json'), 'utf8'));
  if (!existsSync(sources)) {
    const install = path.join(dir, 'install');
    mkdirSync(install, { recursive: true });
    writeFileSync(path.join(install, 'package.json'), '{ "name": "bench-corpus", "private": true }\n');
    console.error(`installing ${packages.length} packages into ${path.relative(repo, install)} (once)…`);
    execFileSync('npm', ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', '--legacy-peer-deps', ...packages], { cwd: install, stdio: 'inherit' });
    // Only the pinned packages themselves, outside any node_modules (which linters skip by default).
    for (const spec of packages) {
      const name = spec.slice(0, spec.lastIndexOf('@'));
      cpSync(path.join(install, 'node_modules', name), path.join(sources, name), { recursive: true });
    }
    rmSync(install, { recursive: true, force: true });
  }
  return { dir: sources, files: listSources(sources) };
}

function dense() {
  const dir = path.join(corpusRoot, 'dense');
  const fixtures = listSources(path.join(repo, 'fixtures/clients')).filter((f) => path.basename(f).startsWith('input.'));
  if (!existsSync(dir)) {
    // About 2,000 files of v3 client code: the fixtures, copied into packages of their own.
    for (let i = 0; i * fixtures.length < 2000; i++) {
      const pkg = path.join(dir, `p${i}`);
      mkdirSync(pkg, { recursive: true });
      writeFileSync(path.join(pkg, 'package.json'), `{ "name": "p${i}" }\n`);
      fixtures.forEach((f, k) => cpSync(f, path.join(pkg, `client${k}${path.extname(f)}`)));
    }
  }
  return { dir, files: listSources(dir) };
}

function stats(files) {
  let bytes = 0;
  let lines = 0;
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    bytes += text.length;
    lines += text.split('\n').length;
  }
  return { files: files.length, lines, bytes };
}

/** Run a command and return seconds and peak memory (MiB), measured by /usr/bin/time. */
function measure(cmd, args, cwd) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', cmd, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  const last = r.stderr.trim().split('\n').pop() ?? '';
  const [seconds, kib] = last.split(' ').map(Number);
  return { seconds, mib: kib / 1024, status: r.status };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function bench(name, corpus) {
  const list = path.join(corpusRoot, `${name}.files`);
  writeFileSync(list, corpus.files.join('\n') + '\n');
  const eslintConfig = path.join(corpusRoot, 'eslint.config.mjs');
  writeFileSync(eslintConfig, "export default [{ files: ['**/*.{js,mjs,cjs,jsx}'], rules: { 'no-restricted-syntax': ['error', 'Literal[value=/api\\\\/v3/]', 'TemplateElement[value.raw=/api\\\\/v3/]'] } }];\n");
  const copy = path.join(corpusRoot, `${name}-fix`);
  const tools = {
    read: () => measure(process.execPath, [path.join(here, 'floor.mjs'), 'read', list]),
    parse: () => measure(process.execPath, [path.join(here, 'floor.mjs'), 'parse', list]),
    'v4-migrate': () => measure(process.execPath, [path.join(repo, 'dist/src/cli/main.js'), '--format', 'json', '-o', '/dev/null', '--exit-zero', corpus.dir]),
    'v4-migrate --fix': () => {
      rmSync(copy, { recursive: true, force: true });
      cpSync(corpus.dir, copy, { recursive: true });
      return measure(process.execPath, [path.join(repo, 'dist/src/cli/main.js'), '--fix', '--format', 'json', '-o', '/dev/null', '--exit-zero', copy]);
    },
    eslint: () => measure(process.execPath, [path.join(repo, 'node_modules/eslint/bin/eslint.js'), '--no-ignore', '-c', eslintConfig, '--format', 'json', '-o', '/dev/null', corpus.dir], corpusRoot),
  };
  const runs = Object.fromEntries(Object.keys(tools).map((k) => [k, []]));
  for (let i = 0; i < reps; i++) for (const [k, run] of Object.entries(tools)) runs[k].push(run());
  const row = (k) => {
    const secs = runs[k].map((r) => r.seconds);
    return { median: median(secs), min: Math.min(...secs), max: Math.max(...secs), peakMiB: Math.max(...runs[k].map((r) => r.mib)) };
  };
  const table = Object.fromEntries(Object.keys(tools).map((k) => [k, row(k)]));
  const parse = table.parse.median;
  const v4 = table['v4-migrate'].median;
  return {
    corpus: { name, ...stats(corpus.files) },
    tools: table,
    ratios: {
      'read ÷ parse': table.read.median / parse,
      'v4-migrate ÷ parse': v4 / parse,
      'v4-migrate --fix ÷ parse': table['v4-migrate --fix'].median / parse,
      'eslint ÷ v4-migrate': table.eslint.median / v4,
    },
  };
}

execFileSync('npm', ['run', 'build', '--silent'], { cwd: repo, stdio: 'inherit' });
mkdirSync(corpusRoot, { recursive: true });
const results = [bench('third-party', thirdParty()), bench('dense', dense())];
for (const r of results) {
  console.log(`\n${r.corpus.name}: ${r.corpus.files} files, ${r.corpus.lines} lines, ${(r.corpus.bytes / 1e6).toFixed(1)} MB`);
  console.log('tool                 median s   min–max s      peak MiB   lines/s');
  for (const [k, v] of Object.entries(r.tools)) {
    console.log(`${k.padEnd(20)} ${v.median.toFixed(2).padStart(8)}   ${v.min.toFixed(2)}–${v.max.toFixed(2)}`.padEnd(46) + `${v.peakMiB.toFixed(0).padStart(8)}   ${Math.round(r.corpus.lines / v.median)}`);
  }
  for (const [k, v] of Object.entries(r.ratios)) console.log(`  ${k}: ${v.toFixed(2)}×`);
}
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results/latest.json'), JSON.stringify({ date: new Date().toISOString(), reps, results }, null, 2) + '\n');
