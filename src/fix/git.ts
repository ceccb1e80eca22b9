// The dirty check of `--fix` (as `ng update` and Next's codemods do): a migration is written only over
// committed files, so it can be reviewed, and undone, as one diff.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';

/** Spawned git's environment: our own repository discovery, not a hook's GIT_DIR. */
function gitEnv(): NodeJS.ProcessEnv {
  const { GIT_DIR: _dir, GIT_WORK_TREE: _tree, ...env } = process.env;
  return env;
}

/** Run git in `cwd`; undefined when git is not installed. */
function git(cwd: string, args: readonly string[]): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    execFile('git', [...args], { cwd, env: gitEnv(), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') resolve(undefined);
      else if (error) reject(new UsageError(`cannot read the git status of ${cwd} (${(stderr || error.message).trim().split('\n')[0]}); fix that, or pass --allow-dirty to write anyway`));
      else resolve(stdout);
    });
  });
}

/** The work tree a file belongs to: the nearest directory above it holding `.git` (a directory, or a file in worktrees and submodules). */
function workTreeOf(file: string, cache: Map<string, string | null>): string | null {
  const seen: string[] = [];
  let dir = path.dirname(file);
  let found: string | null = null;
  for (;;) {
    const known = cache.get(dir);
    if (known !== undefined) {
      found = known;
      break;
    }
    seen.push(dir);
    if (existsSync(path.join(dir, '.git'))) {
      found = dir;
      break;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const d of seen) cache.set(d, found);
  return found;
}

/**
 * The files among `files` that git shows as not committed: changed (staged or not), untracked or
 * ignored. Files outside any git work tree, or on a machine without git, are never dirty.
 */
export async function uncommittedFiles(files: readonly string[]): Promise<string[]> {
  const cache = new Map<string, string | null>();
  const byTree = new Map<string, string[]>();
  for (const file of files) {
    const tree = workTreeOf(path.resolve(file), cache);
    if (tree) byTree.set(tree, [...(byTree.get(tree) ?? []), path.resolve(file)]);
  }
  const dirty: string[] = [];
  for (const [tree, treeFiles] of byTree) {
    const relative = new Map(treeFiles.map((f) => [path.relative(tree, f).split(path.sep).join('/'), f]));
    // Limited to our files by pathspec (in chunks, for the command line's length), taken literally.
    const names = [...relative.keys()];
    for (let i = 0; i < names.length; i += 200) {
      const out = await git(tree, ['--literal-pathspecs', 'status', '--porcelain', '-z', '--untracked-files=all', '--ignored=traditional', '--', ...names.slice(i, i + 200)]);
      if (out === undefined) return [];
      // A directory entry (`!! gen/`, `?? new/`) stands for every file below it.
      for (const entry of statusPaths(out)) {
        const files = entry.endsWith('/') ? names.filter((n) => n.startsWith(entry)).map((n) => relative.get(n)!) : [relative.get(entry)];
        for (const file of files) if (file && !dirty.includes(file)) dirty.push(file);
      }
    }
  }
  return dirty.sort();
}

/** Paths of `git status --porcelain -z`: `XY path`, and for renames and copies the original path after it. */
export function statusPaths(out: string): string[] {
  const fields = out.split('\0');
  const paths: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i]!;
    if (entry.length < 4) continue;
    paths.push(entry.slice(3));
    if (entry[0] === 'R' || entry[0] === 'C') paths.push(fields[++i]!);
  }
  return paths;
}

/** The one-line refusal naming the first few files. */
export function dirtyMessage(files: readonly string[], cwd: string): string {
  const shown = files.slice(0, 3).map((f) => path.relative(cwd, f) || f);
  const more = files.length > shown.length ? ` and ${files.length - shown.length} more` : '';
  const count = files.length === 1 ? '1 file it would write has' : `${files.length} files it would write have`;
  return `not writing: ${count} uncommitted changes or ${files.length === 1 ? 'is' : 'are'} not committed to git (${shown.join(', ')}${more}); commit or stash first so the migration is one reviewable diff, or pass --allow-dirty`;
}
