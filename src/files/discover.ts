// Find the files to lint: explicit files as given, directories walked with fast-glob.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import picomatch from 'picomatch';
import { UsageError } from '../errors.js';
import { gitIgnored } from './gitignore.js';

export const EXTENSIONS = ['js', 'cjs', 'mjs', 'jsx', 'ts', 'cts', 'mts', 'tsx'];
const IGNORED = ['**/node_modules/**', '**/.git/**'];

/**
 * Resolve paths to a sorted list of absolute file paths. Files found by walking a directory skip what
 * .gitignore and `ignorePatterns` (globs relative to cwd) exclude; files named explicitly are kept.
 * Throws a one-line error for a missing path.
 */
export async function discover(paths: readonly string[], cwd: string, ignorePatterns: readonly string[] = []): Promise<string[]> {
  const ignoredByFlag = ignorePatterns.length ? picomatch([...ignorePatterns], { dot: true }) : () => false;
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
      const file = path.normalize(f);
      if (file.endsWith('.d.ts') || gitIgnored(file) || ignoredByFlag(path.relative(cwd, file).split(path.sep).join('/'))) continue;
      out.add(file);
    }
  }
  if (out.size === 0) {
    throw new UsageError(`no JavaScript or TypeScript files (${EXTENSIONS.map((e) => `.${e}`).join(' ')}) under ${paths.join(', ')}; name a directory that holds some, or check .gitignore and --ignore-pattern`);
  }
  return [...out].sort();
}
