// Find the files to lint: explicit files as given, directories walked with fast-glob.
import { readdir as fsReaddir } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import picomatch from 'picomatch';
import { UsageError } from '../errors.js';
import { gitIgnored } from './gitignore.js';
import { fsPath, nameFromBytes } from './byte-names.js';

/** Source extensions; `.vue` and `.svelte` files are linted through their `<script>` blocks. */
export const EXTENSIONS = ['js', 'cjs', 'mjs', 'jsx', 'ts', 'cts', 'mts', 'tsx', 'vue', 'svelte'];
const IGNORED = ['**/node_modules/**', '**/.git/**'];
// What reports are named (`-o` refuses source extensions). Never linted, even when named on the command
// line, as a shell glob (`v4-migrate *`) does with the report of the last run: a JSON report is a valid
// JavaScript expression full of v3 URLs.
const REPORT = /\.(json|jsonl|ndjson|sarif|xml|html?|txt|log)$/i;

/** A path that could not be read: a directory not listed, or a named file not reachable. */
export interface Unreadable {
  path: string;
  /** The error code (EACCES, EPERM, …). */
  reason: string;
  kind: 'file' | 'directory';
}

export interface Discovered {
  /** Sorted absolute paths of the files to lint. */
  files: string[];
  /** What could not be read; each becomes a finding and the run goes on. */
  unreadable: Unreadable[];
}

/**
 * Resolve paths to a sorted list of absolute file paths. Files found by walking a directory skip what
 * .gitignore and `ignorePatterns` (globs relative to cwd) exclude; files named explicitly are kept,
 * unless they are reports (by name, or in `exclude`: the reports this run writes). Symbolic links met
 * while walking are never followed (so nothing outside the roots is reached, and a link loop is
 * harmless); `.d.ts` declarations are not linted (they hold no calls). A directory that cannot be
 * listed is returned as unreadable instead of ending the run. Throws a one-line error for a missing path.
 */
export async function discover(paths: readonly string[], cwd: string, ignorePatterns: readonly string[] = [], exclude: readonly string[] = []): Promise<Discovered> {
  const ignoredByFlag = ignorePatterns.length ? picomatch([...ignorePatterns], { dot: true }) : () => false;
  const written = new Set(exclude.map((f) => path.resolve(cwd, f)));
  const out = new Set<string>();
  const unreadable: Unreadable[] = [];
  const excluded = (file: string) => gitIgnored(file) || ignoredByFlag(path.relative(cwd, file).split(path.sep).join('/'));
  for (const p of paths) {
    const abs = path.resolve(cwd, p);
    let info;
    try {
      info = await stat(abs);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      if (code === 'EACCES' || code === 'EPERM') {
        unreadable.push({ path: abs, reason: code, kind: 'file' });
        continue;
      }
      if (code === 'ELOOP') throw new UsageError(`${p}: too many levels of symbolic links (a link loop?). Name the file the links should lead to`);
      throw new UsageError(`no such file or directory: ${p}. Check the path, or run v4-migrate from the project root`);
    }
    if (info.isFile()) {
      if (!REPORT.test(abs) && !written.has(abs)) out.add(abs);
      continue;
    }
    if (!info.isDirectory()) throw new UsageError(`${p} is not a regular file or a directory (a pipe or a device?); name source files or directories, or use --stdin`);
    // Relative, joined here: fast-glob's absolute paths turn a backslash in a name into a separator.
    const found = await fg(`**/*.{${EXTENSIONS.join(',')}}`, {
      cwd: abs,
      absolute: false,
      ignore: IGNORED,
      followSymbolicLinks: false,
      dot: false,
      onlyFiles: true,
      fs: { readdir: reportingReaddir(unreadable) },
    });
    for (const f of found) {
      const file = path.join(abs, f);
      if (file.endsWith('.d.ts') || written.has(file) || excluded(file)) continue;
      out.add(file);
    }
  }
  // A locked directory the user excluded is not worth a finding: judged by a file that would be in it.
  const reported = unreadable.filter((u) => u.kind === 'file' || !excluded(probeIn(u.path)));
  if (out.size === 0 && reported.length === 0) {
    throw new UsageError(`no JavaScript or TypeScript files (${EXTENSIONS.map((e) => `.${e}`).join(' ')}) under ${paths.join(', ')}; name a directory that holds some, or check .gitignore and --ignore-pattern`);
  }
  return { files: [...out].sort(), unreadable: reported };
}

/** A file that would lie in a directory, to ask the ignore rules about the directory. */
export function probeIn(dir: string): string {
  return path.join(dir, 'file.js');
}

/**
 * fs.readdir for the walker: a directory it may not list is recorded and walked as empty, so one locked
 * directory does not end the run. One that vanished meanwhile holds nothing to lint. Names are read as
 * bytes, so that one that is not UTF-8 is found and can be opened (byte-names.ts).
 */
function reportingReaddir(unreadable: Unreadable[]): typeof fsReaddir {
  return ((dir: string, ...rest: unknown[]) => {
    const done = rest.pop() as (error: NodeJS.ErrnoException | null, entries: unknown[]) => void;
    const options = (rest[0] ?? {}) as { withFileTypes?: boolean };
    fsReaddir(fsPath(dir), { ...options, encoding: 'buffer' } as never, (error: NodeJS.ErrnoException | null, entries: unknown[]) => {
      if (!error) return done(null, entries.map((e) => (Buffer.isBuffer(e) ? nameFromBytes(e) : Object.assign(e as object, { name: nameFromBytes((e as { name: Buffer }).name) }))));
      if (error.code !== 'ENOENT' && error.code !== 'ENOTDIR') unreadable.push({ path: path.normalize(dir), reason: error.code ?? error.message, kind: 'directory' });
      done(null, []);
    });
  }) as typeof fsReaddir;
}
