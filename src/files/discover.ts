// Find the files to lint: explicit files as given, directories walked with fast-glob.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { UsageError } from '../errors.js';

export const EXTENSIONS = ['js', 'cjs', 'mjs', 'jsx', 'ts', 'cts', 'mts', 'tsx'];
const IGNORED = ['**/node_modules/**', '**/.git/**'];

/** Resolve paths to a sorted list of absolute file paths. Throws a one-line error for a missing path. */
export async function discover(paths: readonly string[], cwd: string): Promise<string[]> {
  const out = new Set<string>();
  for (const p of paths) {
    const abs = path.resolve(cwd, p);
    let info;
    try {
      info = await stat(abs);
    } catch {
      throw new UsageError(`no such file or directory: ${p}. Check the path, or run v4-migrate from the project root`);
    }
    if (info.isFile()) {
      out.add(abs);
      continue;
    }
    const found = await fg(`**/*.{${EXTENSIONS.join(',')}}`, {
      cwd: abs,
      absolute: true,
      ignore: IGNORED,
      followSymbolicLinks: false,
      dot: false,
      onlyFiles: true,
    });
    for (const f of found) {
      if (!f.endsWith('.d.ts')) out.add(path.normalize(f));
    }
  }
  if (out.size === 0) throw new UsageError(`no JavaScript or TypeScript files found in ${paths.join(', ')}`);
  return [...out].sort();
}
