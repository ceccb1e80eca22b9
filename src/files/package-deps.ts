// What a package's manifest says: the major versions of its dependencies, from the lock file's resolved
// versions where there is one (what is installed), else from the lowest version each range in
// package.json allows (clients whose default base URL changed with their major version, gl-got before 8
// sent to /api/v3, need them); and whether the package names the service.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FileFacts } from '../match/evidence.js';
import { isServiceModule, productsOfName, SERVICE_PRODUCT } from '../callsites/names.js';

// The service's name, in the package's own name or keywords (its word in the products' table), or a dependency
// on one of its modules (its SDKs, wrappers and OAuth strategies: `gitlab`, `node-gitlab`, `passport-gitlab2`,
// and those whose names do not say so: `gl-got`, `@gitbeaker/rest`).
const NAMES_SERVICE = SERVICE_PRODUCT.word;

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];
const majorsCache = new Map<string, ReadonlyMap<string, number>>();
const manifests = new Map<string, Record<string, unknown> | undefined>();
const locks = new Map<string, Record<string, unknown> | undefined>();

/** Forget what was read of a package's manifest and lock file (they changed: an editor's watched files), or of all. */
export function forgetManifest(root?: string): void {
  for (const cache of [majorsCache, manifests, locks]) {
    if (root === undefined) cache.clear();
    else cache.delete(root);
  }
}

/** The package.json of a package root, read once per run. */
function manifestOf(root: string): Record<string, unknown> | undefined {
  if (!manifests.has(root)) manifests.set(root, readJson(path.join(root, 'package.json')));
  return manifests.get(root);
}

/** Every dependency of a manifest, with the range it asks for. */
function dependencies(manifest: Record<string, unknown> | undefined): [string, unknown][] {
  return DEPENDENCY_FIELDS.flatMap((field) => {
    const deps = manifest?.[field];
    return deps && typeof deps === 'object' ? Object.entries(deps as Record<string, unknown>) : [];
  });
}

/** Dependency name → major version, for the package whose root directory this is. */
export function dependencyMajors(root: string): ReadonlyMap<string, number> {
  const cached = majorsCache.get(root);
  if (cached) return cached;
  const majors = new Map<string, number>();
  for (const [name, range] of dependencies(manifestOf(root))) {
    const major = typeof range === 'string' ? lowestMajor(range) : undefined;
    if (major !== undefined && !majors.has(name)) majors.set(name, major);
  }
  // npm's lock file says what is resolved.
  for (const name of majors.keys()) {
    const version = lockedVersion(root, name);
    const major = version !== undefined ? /^(\d+)\./.exec(version)?.[1] : undefined;
    if (major !== undefined) majors.set(name, Number(major));
  }
  majorsCache.set(root, majors);
  return majors;
}

/**
 * The package's manifest as evidence: a package named for the service (`gitlab-notifier`, a `gitlab`
 * keyword) or depending on one of its SDKs speaks to the service, as much as one sending its token header
 * does. It names no API version.
 */
export function manifestFacts(root: string): FileFacts {
  const manifest = manifestOf(root);
  const service = serviceWordOf(manifest) !== undefined;
  const other = service ? undefined : otherProductOf(manifest);
  return { v3: false, v4: false, service, ...(other ? { namedFor: other } : {}) };
}

/**
 * The other product a package is named for (`n8n-nodes-openproject`, `jira-sync`), when its name says one
 * product and it is not the service: only the name, as keywords list neighbours as often as the subject.
 */
function otherProductOf(manifest: Record<string, unknown> | undefined): string | undefined {
  const named = typeof manifest?.name === 'string' ? productsOfName(manifest.name) : [];
  return named.length === 1 && !named[0]!.service ? named[0]!.product : undefined;
}

/** The other product a package's name says, with the name (for explanations). */
export function manifestOtherWitness(root: string): { detail: string; place: ManifestPlace | undefined } | undefined {
  const manifest = manifestOf(root);
  const product = serviceWordOf(manifest) ? undefined : otherProductOf(manifest);
  return product === undefined ? undefined : { detail: `${product}: package name ${String(manifest!.name)}`, place: manifestPlace(root, 'name') };
}

/** What in a manifest names the service, and where (its key path, for `manifestPlaces`). */
function serviceWordOf(manifest: Record<string, unknown> | undefined): { detail: string; place: string } | undefined {
  if (typeof manifest?.name === 'string' && NAMES_SERVICE.test(manifest.name)) return { detail: `package name ${manifest.name}`, place: 'name' };
  const keywords = Array.isArray(manifest?.keywords) ? (manifest.keywords as unknown[]) : [];
  const k = keywords.findIndex((w) => typeof w === 'string' && NAMES_SERVICE.test(w));
  if (k !== -1) return { detail: `package keyword ${String(keywords[k])}`, place: `keywords/${k}` };
  for (const field of DEPENDENCY_FIELDS) {
    const deps = manifest?.[field];
    if (!deps || typeof deps !== 'object') continue;
    const name = Object.keys(deps).find(isServiceModule);
    if (name !== undefined) return { detail: `dependency on ${name}`, place: `${field}/${name}` };
  }
  return undefined;
}

/** A place in a package's package.json: its absolute path and the offsets of a value. */
export interface ManifestPlace {
  file: string;
  text: string;
  start: number;
  end: number;
}

/** Where the manifest names the service (for explanations), with what it says. */
export function manifestServiceWitness(root: string): { detail: string; place: ManifestPlace | undefined } | undefined {
  const word = serviceWordOf(manifestOf(root));
  return word && { detail: word.detail, place: manifestPlace(root, word.place) };
}

/**
 * How the package asks for a dependency: the range package.json gives it, where that range is written, and
 * the version the lock file resolves it to when there is one.
 */
export function dependencyPin(root: string, name: string): { range: string; resolved?: string; place: ManifestPlace } | undefined {
  for (const field of DEPENDENCY_FIELDS) {
    const range = (manifestOf(root)?.[field] as Record<string, unknown> | undefined)?.[name];
    const place = typeof range === 'string' ? manifestPlace(root, `${field}/${name}`) : undefined;
    if (typeof range !== 'string' || !place) continue;
    const resolved = lockedVersion(root, name);
    return { range, place, ...(resolved !== undefined && resolved !== range ? { resolved } : {}) };
  }
  return undefined;
}

/** The place of a value in the package's package.json, by its key path (`dependencies/gl-got`, `keywords/0`). */
function manifestPlace(root: string, key: string): ManifestPlace | undefined {
  const file = path.join(root, 'package.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const at = jsonPlaces(text).get(key);
  return at && { file, text, start: at[0], end: at[1] };
}

/**
 * The offsets of every value of a JSON text by its key path (`a/b/0`), the last of duplicate keys winning as
 * in JSON.parse; empty when the text is not JSON.
 */
export function jsonPlaces(text: string): Map<string, [number, number]> {
  const places = new Map<string, [number, number]>();
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const space = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const string = (): string => {
    if (text[i] !== '"') throw new SyntaxError();
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) throw new SyntaxError();
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (key: string): void => {
    space();
    const start = i;
    if (text[i] === '{') {
      i++;
      space();
      if (text[i] === '}') i++;
      else
        for (;;) {
          space();
          const name = string();
          space();
          if (text[i++] !== ':') throw new SyntaxError();
          value(key === '' ? name : `${key}/${name}`);
          space();
          const c = text[i++];
          if (c === '}') break;
          if (c !== ',') throw new SyntaxError();
        }
    } else if (text[i] === '[') {
      i++;
      space();
      if (text[i] === ']') i++;
      else
        for (let n = 0; ; n++) {
          value(key === '' ? String(n) : `${key}/${n}`);
          space();
          const c = text[i++];
          if (c === ']') break;
          if (c !== ',') throw new SyntaxError();
        }
    } else if (text[i] === '"') string();
    else {
      const m = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 64));
      if (!m) throw new SyntaxError();
      i += m[0].length;
    }
    if (key !== '') places.set(key, [start, i]);
  };
  try {
    value('');
    return places;
  } catch {
    return new Map();
  }
}

/** The version npm's lock file (v2/v3: `packages`, v1: `dependencies`) resolves a dependency to. */
export function lockedVersion(root: string, name: string): string | undefined {
  const lock = locks.has(root) ? locks.get(root) : locks.set(root, readJson(path.join(root, 'package-lock.json'))).get(root);
  const version = (lock?.packages as Record<string, { version?: unknown }> | undefined)?.[`node_modules/${name}`]?.version ?? (lock?.dependencies as Record<string, { version?: unknown }> | undefined)?.[name]?.version;
  return typeof version === 'string' ? version : undefined;
}
/** The lowest major version a semver range allows (`^6.1.0` → 6, `~5` → 5, `>=4 <8` → 4); undefined for `*`, tags, URLs. */
export function lowestMajor(range: string): number | undefined {
  const m = /^\s*(?:[~^]|>=?|=)?\s*v?(\d+)(?:\.|\s|$|x|\*)/.exec(range.split('||')[0]!);
  return m ? Number(m[1]) : undefined;
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
