// Where this package's own files are (package.json, schema/), from wherever its code runs: compiled in
// dist/src, bundled into dist/src/cli (the CLI), or from src in tests.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null | undefined;

/** The absolute path of a file of this package (`schema/x.json`), or undefined when the package cannot be found. */
export function ownFile(relative: string): string | undefined {
  if (root === undefined) root = findRoot();
  return root === null ? undefined : path.join(root, relative);
}

function findRoot(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  // At most three levels up (dist/src/cli): never a package.json of the project that installed this one.
  for (let up = 0; up < 3; up++) {
    dir = path.dirname(dir);
    const manifest = path.join(dir, 'package.json');
    try {
      if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'v4-migrate') return dir;
    } catch {
      // Not readable or not JSON: not ours.
    }
  }
  return null;
}
