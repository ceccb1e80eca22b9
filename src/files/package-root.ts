// The package a file belongs to: the directory of the nearest project manifest above it.
import { existsSync } from 'node:fs';
import path from 'node:path';

// What marks a project's root: npm's manifest, and for code that has none, Bower's and Deno's, or the
// repository itself.
const MARKERS = ['package.json', 'bower.json', 'deno.json', 'deno.jsonc', '.git'];

// Directory → the nearest directory at or above it with a marker, or null when there is none.
const cache = new Map<string, string | null>();

/**
 * The package root of a file: the directory of the nearest marker above it, or, when there is none, the
 * file's own directory. Files are grouped the same whichever of them is looked up first, so a file's
 * findings do not depend on the other files of the run.
 */
export function packageRootSync(file: string): string {
  const start = path.dirname(file);
  return nearestManifestDir(start) ?? start;
}

/** Whether a directory is a package root by a marker of its own (not only as the folder of files that have none). */
export function isMarkedRoot(dir: string): boolean {
  return MARKERS.some((m) => existsSync(path.join(dir, m)));
}

function nearestManifestDir(start: string): string | null {
  const seen: string[] = [];
  let dir = start;
  let found: string | null;
  for (;;) {
    const cached = cache.get(dir);
    if (cached !== undefined) {
      found = cached;
      break;
    }
    seen.push(dir);
    if (MARKERS.some((m) => existsSync(path.join(dir, m)))) {
      found = dir;
      break;
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      found = null;
      break;
    }
    dir = parent;
  }
  for (const d of seen) cache.set(d, found);
  return found;
}
