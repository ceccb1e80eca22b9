// Which corpora are scored and what each expects: realworld/corpora.json, the expectations files it
// names (or --corpus adds), and the vendored copies of ../shared/realworld kept in step with it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A problem with the corpora's files: reported as one line, exit status 2. */
export class SetupError extends Error {}

/** The folder under the project root where fetched sources are unpacked. */
export const CACHE_DIR = '.cache/realworld';

function readJson(file, what) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new SetupError(`${what} not found: ${file}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SetupError(`${what} ${file} is not valid JSON: ${error.message}`);
  }
}

/** The corpus entries of `<root>/realworld/corpora.json`, their paths made absolute. */
export function listedCorpora(root) {
  const listFile = path.join(root, 'realworld', 'corpora.json');
  const list = readJson(listFile, 'the list of corpora');
  if (!Array.isArray(list.corpora)) throw new SetupError(`${listFile}: "corpora" must be an array`);
  const here = path.dirname(listFile);
  return list.corpora.map((entry, index) => {
    if (typeof entry?.name !== 'string' || typeof entry.expectations !== 'string') {
      throw new SetupError(`${listFile}: corpus ${index + 1} needs a "name" and an "expectations" path`);
    }
    return {
      name: entry.name,
      expectationsFile: path.resolve(here, entry.expectations),
      sourcesFile: entry.fetch ? path.resolve(here, entry.fetch) : undefined,
      upstreamDir: entry.upstream ? path.resolve(here, entry.upstream) : undefined,
    };
  });
}

/**
 * A corpus given on the command line: its sources live beside its expectations file. Named after the
 * folder that holds it (corpus/styles/expectations.json is "styles"), or the file's own name otherwise.
 */
export function corpusFromPath(file) {
  const expectationsFile = path.resolve(file);
  const base = path.basename(expectationsFile, '.json');
  const name = base === 'expectations' ? path.basename(path.dirname(expectationsFile)) : base;
  return { name, expectationsFile };
}

/** Every corpus to score, each with its validated sources; names must be unique (score.json keys). */
export function loadCorpora(root, extraFiles) {
  const entries = [...listedCorpora(root), ...extraFiles.map(corpusFromPath)];
  const seen = new Set();
  for (const { name } of entries) {
    if (seen.has(name)) throw new SetupError(`two corpora are named "${name}": rename one (its name keys realworld/score.json)`);
    seen.add(name);
  }
  return entries.map((entry) => loadCorpus(root, entry));
}

function loadCorpus(root, entry) {
  const expectations = readJson(entry.expectationsFile, `the expectations of corpus "${entry.name}"`);
  const sources = validSources(expectations, entry.expectationsFile);
  // A fetched corpus's dirs are relative to the cache; one kept in the repository, to its expectations file.
  const fetchList = entry.sourcesFile ? readFetchList(entry.sourcesFile) : undefined;
  const dataDir = fetchList ? path.join(root, CACHE_DIR) : path.dirname(entry.expectationsFile);
  if (fetchList) checkEveryDirIsFetched(sources, fetchList, entry.sourcesFile);
  return { ...entry, dataDir, fetchList, sources: namedSources(sources) };
}

const isItem = (item) => Array.isArray(item) && item.length === 3 && typeof item[0] === 'string'
  && Number.isInteger(item[1]) && typeof item[2] === 'string';

function validSources(expectations, file) {
  if (!Array.isArray(expectations?.sources)) throw new SetupError(`${file}: "sources" must be an array`);
  return expectations.sources.map((source, index) => {
    const where = `${file}: source ${index + 1}`;
    if (typeof source?.dir !== 'string' || typeof source.role !== 'string') throw new SetupError(`${where} needs a "dir" and a "role"`);
    if (!Array.isArray(source.roots) || source.roots.length === 0) throw new SetupError(`${where} (${source.dir}) needs a non-empty "roots" list`);
    const lists = {};
    for (const kind of ['must', 'report', 'maybe']) {
      const items = source[kind] ?? [];
      const bad = Array.isArray(items) ? items.find((item) => !isItem(item)) : items;
      if (bad !== undefined) throw new SetupError(`${where} (${source.dir}): ${kind} items are [file, line, changeId], not ${JSON.stringify(bad)}`);
      lists[kind] = items;
    }
    return { dir: source.dir, role: source.role, roots: source.roots, ...lists };
  });
}

// Two entries may scan one dir (a release's lib and its tests): their roots then tell them apart.
function namedSources(sources) {
  const dirCount = new Map();
  for (const { dir } of sources) dirCount.set(dir, (dirCount.get(dir) ?? 0) + 1);
  return sources.map((s) => ({ ...s, name: dirCount.get(s.dir) > 1 ? `${s.dir} [${s.roots.join(' ')}]` : s.dir }));
}

/** The folder a fetched package is unpacked into, relative to the cache: `v3/@scope__x@1.0.0`. */
export function fetchedDir({ role, name, version }) {
  return `${role}/${name.replaceAll('/', '__')}@${version}`;
}

function readFetchList(file) {
  const list = readJson(file, 'the list of sources to fetch');
  const valid = (s) => ['role', 'name', 'version'].every((k) => typeof s?.[k] === 'string') && /^[0-9a-f]{40}$/.test(s.sha1 ?? '');
  if (!Array.isArray(list.sources) || !list.sources.every(valid)) {
    throw new SetupError(`${file}: "sources" must list { role, name, version, sha1 (40 hex digits) }`);
  }
  return list.sources;
}

function checkEveryDirIsFetched(sources, fetchList, sourcesFile) {
  const fetched = new Set(fetchList.map(fetchedDir));
  const unknown = sources.find((s) => !fetched.has(s.dir));
  if (unknown) throw new SetupError(`${unknown.dir} is scored but ${sourcesFile} does not fetch it`);
}

// ---- The vendored copies of ../shared/realworld ----

/** The sources fetch.sh records (`role name@version sha1` lines of its SOURCES block), in its order. */
export function sourcesOfFetchScript(text) {
  const block = /^SOURCES='([^']*)'/m.exec(text);
  if (!block) throw new SetupError("fetch.sh has no SOURCES='…' block: its format changed, update sourcesOfFetchScript");
  const sources = [];
  for (const line of block[1].split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length !== 3) continue;
    const [role, spec, sha1] = fields;
    // The version follows the last "@": a scoped name starts with one.
    const at = spec.lastIndexOf('@');
    sources.push({ role, name: spec.slice(0, at), version: spec.slice(at + 1), sha1 });
  }
  return sources;
}

/** sources.json's text for a list of sources: one source a line, so that a diff shows what changed. */
export function renderFetchList(sources) {
  const field = (key, value) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  const lines = sources.map((s) => `    { ${['role', 'name', 'version', 'sha1'].map((key) => field(key, s[key])).join(', ')} }`);
  return '{\n'
    + '  "about": "The packages of the development corpus, as recorded in ../shared/realworld/fetch.sh: npm pack NAME@VERSION must give a tarball with this sha1 (the line numbers of expectations.json belong to those bytes). Refresh with `npm run realworld -- --refresh-vendored`.",\n'
    + `  "sources": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

/** What differs between a corpus's vendored files and the upstream folder they were copied from. */
export function staleVendoredFiles(corpus) {
  if (!corpus.upstreamDir || !existsSync(corpus.upstreamDir)) return [];
  const stale = [];
  const upstreamExpectations = path.join(corpus.upstreamDir, 'expectations.json');
  if (existsSync(upstreamExpectations) && !readFileSync(upstreamExpectations).equals(readFileSync(corpus.expectationsFile))) {
    stale.push({ file: corpus.expectationsFile, upstream: upstreamExpectations });
  }
  const fetchScript = path.join(corpus.upstreamDir, 'fetch.sh');
  if (corpus.sourcesFile && existsSync(fetchScript)
    && renderFetchList(sourcesOfFetchScript(readFileSync(fetchScript, 'utf8'))) !== readFileSync(corpus.sourcesFile, 'utf8')) {
    stale.push({ file: corpus.sourcesFile, upstream: fetchScript });
  }
  return stale;
}

/** Copy the upstream expectations byte for byte and rewrite the fetch list from fetch.sh. */
export function refreshVendoredFiles(corpus) {
  if (!corpus.upstreamDir || !existsSync(corpus.upstreamDir)) return [];
  writeFileSync(corpus.expectationsFile, readFileSync(path.join(corpus.upstreamDir, 'expectations.json')));
  const written = [corpus.expectationsFile];
  if (corpus.sourcesFile) {
    const fetchScript = readFileSync(path.join(corpus.upstreamDir, 'fetch.sh'), 'utf8');
    writeFileSync(corpus.sourcesFile, renderFetchList(sourcesOfFetchScript(fetchScript)));
    written.push(corpus.sourcesFile);
  }
  return written;
}
