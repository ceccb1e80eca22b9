// What a package's manifest says: the major versions of its dependencies, from the lock file's resolved
// versions where there is one (what is installed), else from the lowest version each range in
// package.json allows (clients whose default base URL changed with their major version, gl-got before 8
// sent to /api/v3, need them); and whether the package names the service.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FileFacts } from '../match/evidence.js';

// The service's name, in the package's own name or keywords, or in a dependency's name (its SDKs and
// wrappers: `gitlab`, `node-gitlab`, `gitlab-api`), and its clients whose names do not say so.
const NAMES_SERVICE = /gitlab/i;
const SERVICE_PACKAGES = /^(?:gl-got|gitbeaker|@gitbeaker\/.+)$/;

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];
const majorsCache = new Map<string, ReadonlyMap<string, number>>();
const manifests = new Map<string, Record<string, unknown> | undefined>();

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
  // npm's lock file (v2/v3: `packages`, v1: `dependencies`) says what is resolved.
  const lock = readJson(path.join(root, 'package-lock.json'));
  const resolved = (name: string): unknown => (lock?.packages as Record<string, { version?: unknown }> | undefined)?.[`node_modules/${name}`]?.version ?? (lock?.dependencies as Record<string, { version?: unknown }> | undefined)?.[name]?.version;
  for (const name of majors.keys()) {
    const version = resolved(name);
    const major = typeof version === 'string' ? /^(\d+)\./.exec(version)?.[1] : undefined;
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
  const words = [manifest?.name, ...(Array.isArray(manifest?.keywords) ? manifest.keywords : [])].filter((w): w is string => typeof w === 'string');
  const service = words.some((w) => NAMES_SERVICE.test(w)) || dependencies(manifest).some(([d]) => NAMES_SERVICE.test(d) || SERVICE_PACKAGES.test(d));
  return { v3: false, v4: false, service };
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
