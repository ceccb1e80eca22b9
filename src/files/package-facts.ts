// The evidence of a whole package, for front ends that see one file at a time (ESLint, the editor):
// gathered once per package root and kept for the life of the process.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { EXTENSIONS } from './discover.js';
import { packageRootSync } from './package-root.js';
import { dependencyMajors } from './package-deps.js';
import { analyseAdmitted, type PackageFile } from '../lint.js';
import { mayContainApiCall } from '../prefilter.js';
import { packageFacts, type FileFacts, type PackageFacts } from '../match/evidence.js';

const cache = new Map<string, PackageFacts>();
// A package this large is not scanned whole: its files speak for themselves.
const MAX_FILES = 2000;

/** The facts of the package a file belongs to (synchronous: ESLint rules cannot wait). */
export function packageFactsOfSync(file: string): PackageFacts | undefined {
  const root = packageRootSync(file);
  // Outside any package (no package.json above it) a file speaks for itself: never scan a whole /tmp.
  if (!existsSync(path.join(root, 'package.json'))) return undefined;
  const cached = cache.get(root);
  if (cached) return cached;
  const files = fg.sync(`**/*.{${EXTENSIONS.join(',')}}`, { cwd: root, absolute: true, ignore: ['**/node_modules/**', '**/.git/**', '**/*.d.ts'], followSymbolicLinks: false, suppressErrors: true });
  if (files.length > MAX_FILES) return undefined;
  const texts: PackageFile[] = [];
  for (const f of files) {
    try {
      const text = readFileSync(f, 'utf8');
      texts.push({ filePath: path.normalize(f), text, admitted: mayContainApiCall(text) });
    } catch {
      continue;
    }
  }
  const facts: FileFacts[] = [...analyseAdmitted(texts, undefined, dependencyMajors(root)).values()].map((a) => a.facts);
  const result = packageFacts(facts);
  cache.set(root, result);
  return result;
}

/** Forget what is known of a package (a file in it changed). */
export function forgetPackageFacts(file?: string): void {
  if (file === undefined) cache.clear();
  else cache.delete(packageRootSync(file));
}

