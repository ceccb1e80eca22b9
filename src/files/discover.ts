// Find the files to lint: explicit files as given, directories walked with fast-glob, and glob patterns
// (quoted, so the shell left them alone: 'src/**/*.ts') expanded as a walk would be.
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
const SOURCE = new RegExp(`\\.(${EXTENSIONS.join('|')})$`);
// Never linted, even when named: dependencies, and git's own files.
const NEVER = ['node_modules', '.git'];
const IGNORED = NEVER.map((dir) => `**/${dir}/**`);

/** A path that could not be read: a directory not listed, or a named file not reachable. */
export interface Unreadable {
  path: string;
  /** The error code (EACCES, EPERM, …). */
  reason: string;
  kind: 'file' | 'directory';
}

/**
 * A path named on the command line that is not linted, as ESLint skips it: one warning each. A shell glob
 * (`v4-migrate *`) names node_modules, README.md and the last run's reports along with the sources.
 */
export interface SkippedPath {
  path: string;
  /** Why, as the end of a sentence: "… is not linted: <why>". */
  why: string;
}

export interface Discovered {
  /** Sorted absolute paths of the files to lint. */
  files: string[];
  /** What could not be read; each becomes a finding and the run goes on. */
  unreadable: Unreadable[];
  /** Named paths not linted (node_modules, .git, files that are not sources); each becomes a warning. */
  skipped: SkippedPath[];
}

/** Why a named path is never linted (it is or lies in node_modules or .git), judged by the path as typed. */
function neverLinted(typed: string): string | undefined {
  const dir = path.normalize(typed).split(/[\\/]/).find((part) => NEVER.includes(part));
  if (dir === 'node_modules') return 'it is in node_modules, and installed dependencies are never linted';
  if (dir === '.git') return "it is in .git, git's own files, which are never linted";
  return undefined;
}

/**
 * Resolve paths to a sorted list of absolute file paths. Files found by walking a directory or matching a
 * glob skip what .gitignore and `ignorePatterns` (globs relative to cwd) exclude and what is not a source;
 * files named explicitly are kept, unless they are not sources or lie in node_modules or .git (those are
 * returned as skipped, to be warned about), or are in `exclude` (the reports this run writes, left out
 * silently). Symbolic links met while walking are never followed (so nothing outside the roots is reached,
 * and a link loop is harmless); `.d.ts` declarations are not walked (they hold no calls). A directory that
 * cannot be listed is returned as unreadable instead of ending the run. Throws a one-line error for a
 * missing path or a glob that matches no file. `deep` limits how many levels of directories a walk enters.
 */
export async function discover(paths: readonly string[], cwd: string, ignorePatterns: readonly string[] = [], exclude: readonly string[] = [], deep?: number): Promise<Discovered> {
  const ignoredByFlag = ignorePatterns.length ? picomatch([...ignorePatterns], { dot: true }) : () => false;
  const written = new Set(exclude.map((f) => path.resolve(cwd, f)));
  const out = new Set<string>();
  const unreadable: Unreadable[] = [];
  const skipped: SkippedPath[] = [];
  const excluded = (file: string) => gitIgnored(file) || ignoredByFlag(path.relative(cwd, file).split(path.sep).join('/'));

  /** Add the sources under a directory; returns how many it holds. */
  const walk = async (dir: string): Promise<number> => {
    // Relative, joined here: fast-glob's absolute paths turn a backslash in a name into a separator.
    const found = await fg(`**/*.{${EXTENSIONS.join(',')}}`, {
      cwd: dir,
      absolute: false,
      ignore: IGNORED,
      followSymbolicLinks: false,
      dot: false,
      onlyFiles: true,
      ...(deep !== undefined ? { deep } : {}),
      fs: { readdir: reportingReaddir(unreadable) },
    });
    let sources = 0;
    for (const f of found) {
      const file = path.join(dir, f);
      if (file.endsWith('.d.ts') || written.has(file) || excluded(file)) continue;
      out.add(file);
      sources++;
    }
    return sources;
  };

  for (const p of paths) {
    const abs = path.resolve(cwd, p);
    const never = neverLinted(p);
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
      // A quoted glob ('src/**/*.ts'): what it matches, as a walk finds it. A file named like a glob (Next.js's
      // `[id].js`) was found above.
      if (code === 'ENOENT' && picomatch.scan(p).isGlob) {
        await expandGlob(p);
        continue;
      }
      throw new UsageError(`no such file or directory: ${p}. Check the path, or run v4-migrate from the project root`);
    }
    if (never) {
      skipped.push({ path: abs, why: never });
      continue;
    }
    if (info.isFile()) {
      if (written.has(abs)) continue;
      if (SOURCE.test(abs)) out.add(abs);
      else skipped.push({ path: abs, why: `it is not a JavaScript or TypeScript file (${EXTENSIONS.map((e) => `.${e}`).join(' ')})` });
      continue;
    }
    if (!info.isDirectory()) throw new UsageError(`${p} is not a regular file or a directory (a pipe or a device?); name source files or directories, or use --stdin`);
    await walk(abs);
  }

  /** A glob's matches: its sources (not what a walk leaves out), and the directories it matches, walked. */
  async function expandGlob(pattern: string) {
    const matches = await fg(pattern, { cwd, absolute: true, ignore: IGNORED, followSymbolicLinks: false, dot: false, onlyFiles: false, markDirectories: true });
    let sources = 0;
    // `src/**` matches every folder of a tree: walking the topmost ones finds the rest.
    const walked: string[] = [];
    for (const m of matches.sort()) {
      const match = path.normalize(m);
      if (m.endsWith('/')) {
        if (walked.some((dir) => match.startsWith(dir))) continue;
        walked.push(match);
        sources += await walk(match);
      } else if (SOURCE.test(match) && !match.endsWith('.d.ts') && !written.has(match) && !excluded(match)) {
        out.add(match);
        sources++;
      }
    }
    if (sources === 0) {
      throw new UsageError(`no JavaScript or TypeScript files match the pattern ${pattern}${matches.length ? ` (it matches ${matches.length} other ${matches.length === 1 ? 'path' : 'paths'})` : ''}; check the pattern`);
    }
  }

  // A locked directory the user excluded is not worth a finding: judged by a file that would be in it.
  const reported = unreadable.filter((u) => u.kind === 'file' || !excluded(probeIn(u.path)));
  if (out.size === 0 && reported.length === 0 && skipped.length === 0) {
    throw new UsageError(`no JavaScript or TypeScript files (${EXTENSIONS.map((e) => `.${e}`).join(' ')}) under ${paths.join(', ')}; name a directory that holds some, or check .gitignore and --ignore-pattern`);
  }
  return { files: [...out].sort(), unreadable: reported, skipped };
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
