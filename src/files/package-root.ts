// The package a file belongs to: the directory of the nearest package.json above it.
import { existsSync } from 'node:fs';
import path from 'node:path';

const cache = new Map<string, string>();

/** The package root of a file (its own directory when no package.json is found above it). */
export function packageRootSync(file: string): string {
  const start = path.dirname(file);
  const seen: string[] = [];
  let dir = start;
  for (;;) {
    const cached = cache.get(dir);
    if (cached !== undefined) return remember(seen, cached);
    seen.push(dir);
    if (existsSync(path.join(dir, 'package.json'))) return remember(seen, dir);
    const parent = path.dirname(dir);
    if (parent === dir) return remember(seen, start);
    dir = parent;
  }
}

function remember(dirs: string[], root: string): string {
  for (const d of dirs) cache.set(d, root);
  return root;
}
