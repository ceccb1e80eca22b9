// Find the files to lint: explicit files as given, directories walked.
import { readdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { UsageError } from '../errors.js';
import { gitIgnored } from './gitignore.js';

export const EXTENSIONS = ['js', 'cjs', 'mjs', 'jsx', 'ts', 'cts', 'mts', 'tsx'];
const SOURCE_NAME = new RegExp(`\\.(?:${EXTENSIONS.join('|')})$`);

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
    for (const file of sourcesUnder(abs, [])) {
      if (file.endsWith('.d.ts') || gitIgnored(file) || ignoredByFlag(path.relative(cwd, file).split(path.sep).join('/'))) continue;
      out.add(file);
    }
  }
  if (out.size === 0) throw new UsageError(`no JavaScript or TypeScript files found in ${paths.join(', ')}`);
  return [...out].sort();
}

/**
 * The source files under a directory: no hidden entry (`.git` among them), no `node_modules`, and no
 * symbolic link, to a file or a directory, so a walk never leaves its roots.
 */
function sourcesUnder(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') sourcesUnder(full, out);
    } else if (entry.isFile() && SOURCE_NAME.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}
