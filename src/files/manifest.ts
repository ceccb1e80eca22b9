// A package.json as a file of a run: its dependencies on clients whose default base URL depends on their
// version (gl-got before 8 sends to /api/v3), with where each version is written, for manifest rules
// (rules/dependency-default-base.ts). It holds no call and is never fixed.
import path from 'node:path';
import type { Analysed } from '../lint.js';
import type { DependencyPin } from '../rule.js';
import { CLIENTS } from '../callsites/clients.js';
import { jsonPlaces, lowestMajor } from './package-deps.js';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** Whether a path names a package.json (the file manifest rules read). */
export function isManifest(filePath: string): boolean {
  return path.basename(filePath) === 'package.json';
}

/**
 * A package.json analysed: its pins of clients with a version-dependent default base. `majors` are the
 * versions installed (the lock file's), else `resolved` says what the lock file resolves a module to; a pin
 * with neither counts the lowest major its range allows (in `text`: an editor's, as typed).
 */
export function analyseManifest(filePath: string, text: string, majors?: ReadonlyMap<string, number>, resolved?: (module: string) => string | undefined): Analysed {
  const places = jsonPlaces(text);
  let manifest: Record<string, unknown> | undefined;
  try {
    manifest = JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>;
  } catch {
    manifest = undefined;
  }
  const pins: DependencyPin[] = [];
  const seen = new Set<string>();
  for (const field of DEPENDENCY_FIELDS) {
    const deps = manifest?.[field];
    if (!deps || typeof deps !== 'object') continue;
    for (const [module, range] of Object.entries(deps as Record<string, unknown>)) {
      const row = CLIENTS.find((c) => c.defaultVersion && c.modules?.includes(module));
      const place = places.get(`${field}/${module}`);
      if (!row?.defaultVersion || typeof range !== 'string' || !place || seen.has(module)) continue;
      const locked = resolved?.(module);
      const lockedMajor = locked !== undefined ? /^(\d+)\./.exec(locked)?.[1] : undefined;
      const major = majors?.get(module) ?? (lockedMajor !== undefined ? Number(lockedMajor) : lowestMajor(range));
      if (major === undefined) continue;
      seen.add(module);
      const defaultVersion = [...row.defaultVersion].reverse().find(([from]) => major >= from)?.[1] ?? row.defaultVersion[0]![1];
      const firstV4 = row.defaultVersion.find(([, v]) => v === 'v4')?.[0];
      pins.push({
        module,
        range,
        start: place[0],
        end: place[1],
        major,
        defaultVersion,
        ...(locked !== undefined && locked !== range ? { resolved: locked } : {}),
        ...(firstV4 !== undefined ? { firstV4 } : {}),
        ...(row.options.base?.[0] ? { baseOption: row.options.base[0] } : {}),
      });
    }
  }
  return { filePath, text, calls: [], secrets: [], facts: { v3: false, v4: false, service: false }, pins, unfixable: 'package.json is never rewritten' };
}
