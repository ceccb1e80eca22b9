// The major versions of a package's dependencies: from the lock file's resolved versions where there is
// one (what is installed), else from the lowest version each range in package.json allows. Clients whose
// default base URL changed with their major version (gl-got before 8 sent to /api/v3) need them.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const cache = new Map<string, ReadonlyMap<string, number>>();

/** Dependency name → major version, for the package whose root directory this is. */
export function dependencyMajors(root: string): ReadonlyMap<string, number> {
  const cached = cache.get(root);
  if (cached) return cached;
  const majors = new Map<string, number>();
  const manifest = readJson(path.join(root, 'package.json'));
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
    const deps = manifest?.[field];
    if (!deps || typeof deps !== 'object') continue;
    for (const [name, range] of Object.entries(deps as Record<string, unknown>)) {
      const major = typeof range === 'string' ? lowestMajor(range) : undefined;
      if (major !== undefined && !majors.has(name)) majors.set(name, major);
    }
  }
  // npm's lock file (v2/v3: `packages`, v1: `dependencies`) says what is resolved.
  const lock = readJson(path.join(root, 'package-lock.json'));
  const resolved = (name: string): unknown => (lock?.packages as Record<string, { version?: unknown }> | undefined)?.[`node_modules/${name}`]?.version ?? (lock?.dependencies as Record<string, { version?: unknown }> | undefined)?.[name]?.version;
  for (const name of majors.keys()) {
    const version = resolved(name);
    const major = typeof version === 'string' ? /^(\d+)\./.exec(version)?.[1] : undefined;
    if (major !== undefined) majors.set(name, Number(major));
  }
  cache.set(root, majors);
  return majors;
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
