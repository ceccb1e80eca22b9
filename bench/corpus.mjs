// The benchmark's corpora, built once into bench/.corpus (ignored by git). Each corpus is pruned to exactly
// the files every tool lints (sources and package.json; no declaration file, no .min.js, no file over
// 1 MB, nothing hidden, no nested node_modules, no symlinks), so tools that walk a directory all see the same files, and each is a
// git repository of its own, so the outer repository's .gitignore (which ignores bench/.corpus) does not
// apply to it.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.dirname(here);
export const corpusRoot = path.join(here, '.corpus');

const MAX_BYTES = 1024 * 1024;
const SOURCE = /\.[cm]?[jt]sx?$/;
const TYPESCRIPT = /\.[cm]?tsx?$/;
// Declaration files (.d.ts, .d.mts, .d.cts) hold no calls: left out of the corpus.
const DECLARATION = /\.d\.[cm]?ts$/;
// Minified bundles (`.min.js`) are left out too: oxlint skips them by default, and nobody lints them.
const MINIFIED = /\.min\.[cm]?js$/;
// About 2,000 files of v3 client code in the dense corpus.
const DENSE_FILES = 2000;

/** Whether v4-migrate (and so every tool in the benchmark) lints this file name. */
export function isSource(name) {
  return SOURCE.test(name) && !DECLARATION.test(name);
}

/** Source files under dir, sorted. */
export function listSources(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listSources(full, out);
    else if (entry.isFile() && isSource(entry.name)) out.push(full);
  }
  return out.sort();
}

/** Remove everything under dir that is not a source file to lint or a package.json. */
function prune(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const keep = entry.isDirectory()
      ? !entry.name.startsWith('.') && entry.name !== 'node_modules'
      : entry.isFile() && !entry.name.startsWith('.') && (entry.name === 'package.json' || (isSource(entry.name) && !MINIFIED.test(entry.name) && lstatSync(full).size <= MAX_BYTES));
    if (!keep) rmSync(full, { recursive: true, force: true });
    else if (entry.isDirectory()) prune(full);
  }
}

/** Make dir a git repository of its own (an empty one: only its boundary matters). */
function ownRepository(dir) {
  execFileSync('git', ['init', '--quiet', dir], { stdio: 'ignore' });
}

/** Build (once per pinned list) and return the third-party corpus: the pinned npm packages' own files. */
export function thirdParty() {
  const dir = path.join(corpusRoot, 'third-party');
  const { packages } = JSON.parse(readFileSync(path.join(here, 'corpus.json'), 'utf8'));
  const stamp = path.join(corpusRoot, 'third-party.stamp');
  const pinned = JSON.stringify(packages);
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== pinned) {
    rmSync(dir, { recursive: true, force: true });
    const install = path.join(corpusRoot, 'install');
    rmSync(install, { recursive: true, force: true });
    mkdirSync(install, { recursive: true });
    writeFileSync(path.join(install, 'package.json'), '{ "name": "bench-corpus", "private": true }\n');
    console.error(`installing ${packages.length} pinned packages into ${path.relative(repo, install)} (once)…`);
    execFileSync('npm', ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', '--legacy-peer-deps', '--no-package-lock', ...packages], { cwd: install, stdio: ['ignore', 'ignore', 'inherit'] });
    // Only the pinned packages themselves, not their dependencies.
    for (const spec of packages) {
      const name = spec.slice(0, spec.lastIndexOf('@'));
      cpSync(path.join(install, 'node_modules', name), path.join(dir, name), { recursive: true, verbatimSymlinks: true });
    }
    rmSync(install, { recursive: true, force: true });
    prune(dir);
    ownRepository(dir);
    writeFileSync(stamp, pinned);
  }
  return { name: 'third-party', dir, files: listSources(dir) };
}

/** Build (once) and return the dense corpus: the client fixtures, each case folder copied until ~2,000 files. */
export function dense() {
  const dir = path.join(corpusRoot, 'dense');
  const fixtures = path.join(repo, 'fixtures/clients');
  const cases = readdirSync(fixtures).sort();
  // Each case keeps its package.json (its evidence) and its source files; findings and expected output stay behind.
  const perRound = cases.reduce((n, c) => n + readdirSync(path.join(fixtures, c)).filter(isSource).length, 0);
  const rounds = Math.ceil(DENSE_FILES / perRound);
  const stamp = path.join(corpusRoot, 'dense.stamp');
  const signature = JSON.stringify(cases.map((c) => [c, ...readdirSync(path.join(fixtures, c)).sort().map((f) => readFileSync(path.join(fixtures, c, f), 'utf8').length)]));
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== signature) {
    rmSync(dir, { recursive: true, force: true });
    for (let i = 0; i < rounds; i++) {
      for (const c of cases) {
        const target = path.join(dir, `copy${String(i).padStart(3, '0')}`, c);
        mkdirSync(target, { recursive: true });
        for (const f of readdirSync(path.join(fixtures, c))) {
          if (f === 'package.json' || isSource(f)) cpSync(path.join(fixtures, c, f), path.join(target, f));
        }
      }
    }
    ownRepository(dir);
    writeFileSync(stamp, signature);
  }
  return { name: 'dense', dir, files: listSources(dir) };
}

/** The TypeScript files of a corpus. */
export function typescriptFiles(files) {
  return files.filter((f) => TYPESCRIPT.test(f));
}

/** Files, lines and bytes of a list of files. */
export function stats(files) {
  let bytes = 0;
  let lines = 0;
  for (const f of files) {
    const text = readFileSync(f);
    bytes += text.length;
    let n = 1;
    for (let i = text.indexOf(10); i !== -1; i = text.indexOf(10, i + 1)) n++;
    lines += n;
  }
  return { files: files.length, lines, bytes };
}
