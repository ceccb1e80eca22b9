// Whether files exist, answered from one read of each directory: generated-code detection asks for several
// names beside every file it looks at (`x.ts`, `x.coffee`, `x.js.map`, the package's manifest), and a
// run reads each directory once instead of asking the file system for each name.
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * A fresh `exists` for one run: the listings it reads are kept until the run ends, so a file created
 * during the run may be missed (as a file created just after it would be). Names compare exactly, as on
 * a case-sensitive file system.
 */
export function listedExists(): (file: string) => boolean {
  const listings = new Map<string, Set<string> | null>();
  return (file) => {
    const dir = path.dirname(file);
    let names = listings.get(dir);
    if (names === undefined) {
      try {
        names = new Set(readdirSync(dir));
      } catch {
        names = null;
      }
      listings.set(dir, names);
    }
    return names?.has(path.basename(file)) ?? false;
  };
}
