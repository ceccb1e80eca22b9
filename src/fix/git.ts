// The dirty check of `--fix` (as `ng update` and Next's codemods do): a migration is written only over
// committed files, so it can be reviewed, and undone, as one diff.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { shownPath } from '../report/paths.js';
import { fsPath, hasEscapedBytes, nameFromBytes } from '../files/byte-names.js';

/**
 * Spawned git's environment: our own repository discovery (not a hook's GIT_DIR), no pager and no prompt.
 * The user's own global and system configuration stay in force: only the checked tree is untrusted.
 */
function gitEnv(): NodeJS.ProcessEnv {
  const { GIT_DIR: _dir, GIT_WORK_TREE: _tree, GIT_EXTERNAL_DIFF: _diff, ...env } = process.env;
  return { ...env, GIT_PAGER: 'cat', PAGER: 'cat', GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' };
}

/**
 * Settings that would make `git status` run a program, overridden on its command line (where they win
 * over every configuration file). The repository's `.git/config` belongs to the tree being checked, which
 * may be hostile (a pull request in CI): nothing it names may run.
 * - `core.fsmonitor` runs a hook on every status; the builtin daemon is off too;
 * - hooks (`post-index-change` when the index is refreshed) are pointed at an empty place;
 * - `core.untrackedCache` and the fsmonitor's data are read from the index and could hide files;
 * - rename detection may read blobs, which in a partial clone fetches them (and `protocol.allow=never`
 *   forbids every transport, so `core.sshCommand`, `ext::` and remote helpers cannot start either);
 * - `status.submoduleSummary` runs git log in submodules; submodules are not entered at all
 *   (`--ignore-submodules`), so their own configuration is never read;
 * - the pager and external diff are never used by `--porcelain`, and are disabled anyway.
 * Clean filters (`filter.<driver>.clean`/`.process`), which status runs on files whose stat changed,
 * are named per driver: see `filterOverrides`.
 */
const SAFE_SETTINGS = [
  'core.fsmonitor=false',
  'core.useBuiltinFSMonitor=false',
  'core.hooksPath=/dev/null',
  'core.untrackedCache=false',
  'core.pager=cat',
  'pager.status=false',
  'core.sshCommand=false',
  'core.gitProxy=',
  'protocol.allow=never',
  'status.renames=false',
  'status.submoduleSummary=false',
  'diff.renames=false',
  'diff.external=',
  'submodule.recurse=false',
];

interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run git in `cwd` with the tree's executable settings disabled; undefined when git is not installed. */
function git(cwd: string, args: readonly string[], overrides: readonly string[] = []): Promise<GitRun | undefined> {
  const settings = [...SAFE_SETTINGS, ...overrides].flatMap((s) => ['-c', s]);
  return new Promise((resolve) => {
    // Bytes: a path that is not UTF-8 is read back as the string the tool names it by (byte-names.ts).
    execFile('git', ['--no-pager', ...settings, ...args], { cwd, env: gitEnv(), encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (code === 'ENOENT') resolve(undefined);
      else resolve({ code: typeof code === 'number' ? code : error ? 1 : 0, stdout: nameFromBytes(stdout), stderr: stderr.toString('utf8') || (error?.message ?? '') });
    });
  });
}

function statusError(cwd: string, run: GitRun): UsageError {
  return new UsageError(`cannot read the git status of ${cwd} (${run.stderr.trim().split('\n')[0]}); fix that, or pass --allow-dirty to write anyway`);
}

/**
 * Every filter driver the repository's own configuration defines (`.git/config`, its includes, the
 * worktree's configuration), each emptied: git runs no filter whose command is empty, and a driver that is
 * not `required` then leaves the bytes as they are. Drivers of the user's global or system configuration
 * (git-lfs) are the user's own programs and are left in place. A driver name `-c` cannot express is refused.
 */
async function filterOverrides(cwd: string): Promise<string[] | undefined> {
  // `git config` only reads files; its exit code 1 means no such key.
  const run = await git(cwd, ['config', '--null', '--show-scope', '--name-only', '--get-regexp', '^filter\\.']);
  if (run === undefined) return undefined;
  if (run.code !== 0 && run.code !== 1) throw statusError(cwd, run);
  const drivers = new Set<string>();
  // Entries are `scope\0name\0`.
  const fields = run.stdout.split('\0');
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [scope, name] = [fields[i]!, fields[i + 1]!];
    if (scope !== 'local' && scope !== 'worktree') continue;
    const driver = /^filter\.(.*)\.[^.]+$/s.exec(name)?.[1];
    if (driver === undefined) continue;
    if (/[=\n\0]/.test(driver)) throw new UsageError(`cannot check the git status of ${cwd} safely: its git configuration defines a filter named ${JSON.stringify(driver)}; pass --allow-dirty to write without the check`);
    drivers.add(driver);
  }
  return [...drivers].flatMap((d) => [`filter.${d}.clean=`, `filter.${d}.smudge=`, `filter.${d}.process=`, `filter.${d}.required=false`]);
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
    if (existsSync(fsPath(path.join(dir, '.git')))) {
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
    // Limited to our files by pathspec (in chunks, for the command line's length), taken literally. A
    // name that is not UTF-8 cannot be an argument: its nearest directory that is stands for it.
    const names = [...relative.keys()];
    const pathspecs = [...new Set(names.map(pathspecOf))];
    const filters = await filterOverrides(tree);
    if (filters === undefined) return [];
    for (let i = 0; i < pathspecs.length; i += 200) {
      const run = await git(tree, ['--literal-pathspecs', 'status', '--porcelain', '-z', '--no-renames', '--ignore-submodules=all', '--untracked-files=all', '--ignored=traditional', '--', ...pathspecs.slice(i, i + 200)], filters);
      if (run === undefined) return [];
      if (run.code !== 0) throw statusError(tree, run);
      const out = run.stdout;
      // A directory entry (`!! gen/`, `?? new/`) stands for every file below it.
      for (const entry of statusPaths(out)) {
        const files = entry.endsWith('/') ? names.filter((n) => n.startsWith(entry)).map((n) => relative.get(n)!) : [relative.get(entry)];
        for (const file of files) if (file && !dirty.includes(file)) dirty.push(file);
      }
    }
  }
  return dirty.sort();
}

/** A file's pathspec: its name, or for a name with bytes that are not UTF-8, its nearest directory whose name is (`.` at worst). */
function pathspecOf(name: string): string {
  let spec = name;
  while (hasEscapedBytes(spec) && spec.includes('/')) spec = spec.slice(0, spec.lastIndexOf('/'));
  return hasEscapedBytes(spec) ? '.' : spec;
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
  const shown = files.slice(0, 3).map((f) => shownPath(cwd, f));
  const more = files.length > shown.length ? ` and ${files.length - shown.length} more` : '';
  const count = files.length === 1 ? '1 file it would write has' : `${files.length} files it would write have`;
  return `not writing: ${count} uncommitted changes or ${files.length === 1 ? 'is' : 'are'} not committed to git (${shown.join(', ')}${more}); commit or stash first so the migration is one reviewable diff, or pass --allow-dirty`;
}
