// .gitignore files are honoured as git does: each one applies to its own directory and below, up to the
// repository root (the directory holding .git).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

const perDir = new Map<string, Ignore | null>();
const repositoryRoots = new Map<string, boolean>();

function rulesIn(dir: string): Ignore | null {
  let rules = perDir.get(dir);
  if (rules === undefined) {
    const file = path.join(dir, '.gitignore');
    rules = existsSync(file) ? readRules(file) : null;
    perDir.set(dir, rules);
  }
  return rules;
}

/** An unreadable .gitignore is skipped, as git does (it warns and goes on). */
function readRules(file: string): Ignore | null {
  try {
    return ignore().add(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Whether git would ignore this file. */
export function gitIgnored(file: string): boolean {
  let dir = path.dirname(file);
  for (;;) {
    const rules = rulesIn(dir);
    if (rules?.ignores(path.relative(dir, file).split(path.sep).join('/'))) return true;
    if (isRepositoryRoot(dir)) return false;
    const parent = path.dirname(dir);
    if (parent === dir) return false;
    dir = parent;
  }
}

function isRepositoryRoot(dir: string): boolean {
  let root = repositoryRoots.get(dir);
  if (root === undefined) repositoryRoots.set(dir, (root = existsSync(path.join(dir, '.git'))));
  return root;
}
