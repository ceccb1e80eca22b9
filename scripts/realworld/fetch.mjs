// Fetching a corpus's packages: `npm pack NAME@VERSION`, the tarball's sha1 checked against the recorded
// one (the annotations' line numbers belong to those bytes), unpacked without its top `package/` folder
// into <cache>/<role>/<name@version>/, the layout of ../shared/realworld/fetch.sh.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fetchedDir } from './corpora.mjs';
import { firstComplaint, mapLimited, runProcess } from './processes.mjs';

// Several at once: each `npm pack` spends most of its time starting npm and waiting for the registry.
const PARALLEL_FETCHES = 4;
// Written last, so a folder without it is a fetch that was cut short and is done again. Same content as
// fetch.sh's marker, so a cache made by either is used by both.
const MARKER = '.fetched';

const specOf = (source) => `${source.name}@${source.version}`;
const markerText = (source) => `${specOf(source)} ${source.sha1}\n`;

/**
 * Fetch every source not yet unpacked under `cacheDir`. Returns the one-line reason of each source that
 * failed and how many were fetched; `log` hears one line per fetched source.
 */
export async function fetchSources(sources, cacheDir, log = () => {}) {
  mkdirSync(cacheDir, { recursive: true });
  markAsRepositoryRoot(cacheDir);
  const missing = sources.filter((source) => !isUnpacked(source, cacheDir));
  const outcomes = await mapLimited(missing, PARALLEL_FETCHES, async (source) => {
    const failure = await fetchOne(source, cacheDir);
    if (!failure) log(`fetched ${source.role} ${specOf(source)}`);
    return failure;
  });
  const failures = outcomes.filter(Boolean);
  return { fetched: missing.length - failures.length, failures };
}

function isUnpacked(source, cacheDir) {
  try {
    return readFileSync(path.join(cacheDir, fetchedDir(source), MARKER), 'utf8') === markerText(source);
  } catch {
    return false;
  }
}

// The CLI honours .gitignore files up to the repository root, as git does, and the project's own
// .gitignore ignores .cache/: without a repository boundary here every fetched file would be ignored
// (and `dist/`, a root of one source, too). An empty `.git` folder is that boundary: the CLI stops at
// it, and git itself never looks inside an ignored folder.
function markAsRepositoryRoot(cacheDir) {
  mkdirSync(path.join(cacheDir, '.git'), { recursive: true });
}

/** Fetch, check and unpack one source; the reason it failed, or undefined. */
async function fetchOne(source, cacheDir) {
  const what = `${source.role} ${specOf(source)}`;
  const target = path.join(cacheDir, fetchedDir(source));
  // A scratch folder beside the target, so that the unpacked folder is renamed into place, never copied.
  const scratch = mkdtempSync(path.join(cacheDir, '.fetching-'));
  try {
    const pack = await runProcess('npm', ['pack', specOf(source), '--silent'], { cwd: scratch });
    if (pack.error || pack.status !== 0) {
      return `cannot fetch ${what}: npm pack failed: ${pack.error?.message ?? (firstComplaint(pack.stderr) || `exit ${pack.status}`)}`;
    }
    const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz'));
    if (!tarball) return `cannot fetch ${what}: npm pack wrote no tarball`;
    const sha1 = createHash('sha1').update(readFileSync(path.join(scratch, tarball))).digest('hex');
    if (sha1 !== source.sha1) return `cannot fetch ${what}: tarball sha1 ${sha1}, recorded ${source.sha1} (the registry served other bytes)`;
    const unpacked = path.join(scratch, 'unpacked');
    mkdirSync(unpacked);
    // Old tarballs make tar warn about unknown pax keywords: only its exit status counts.
    const untar = await runProcess('tar', ['--no-same-owner', '-xzf', path.join(scratch, tarball), '-C', unpacked]);
    if (untar.error || untar.status !== 0) return `cannot fetch ${what}: tar failed: ${untar.error?.message ?? (firstComplaint(untar.stderr) || `exit ${untar.status}`)}`;
    rmSync(target, { recursive: true, force: true });
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(packageFolder(unpacked), target);
    writeFileSync(path.join(target, MARKER), markerText(source));
    return undefined;
  } catch (error) {
    return `cannot fetch ${what}: ${error.message}`;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// npm tarballs hold one top folder, normally `package/`; its contents are the package.
function packageFolder(unpacked) {
  const entries = readdirSync(unpacked);
  const single = entries.length === 1 ? path.join(unpacked, entries[0]) : undefined;
  return single && statSync(single).isDirectory() ? single : unpacked;
}
