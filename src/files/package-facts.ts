// A whole package, for front ends that see one file at a time (ESLint, the editor): its evidence and its
// files, gathered once per package root and kept for the life of the process (the editor forgets a package
// when a file of it changes), so that a file is analysed with the wrappers and values its package defines.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { EXTENSIONS } from './discover.js';
import { isMarkedRoot, packageRootSync } from './package-root.js';
import { dependencyMajors, forgetManifest, manifestFacts } from './package-deps.js';
import { analyseAdmitted, analyseEdited, type Analysed, type PackageFile } from '../lint.js';
import { mayContainApiCall } from '../prefilter.js';
import { packageFacts, type PackageFacts } from '../match/evidence.js';

/** A package as front ends that lint one file at a time need it: its evidence and its other files. */
export interface PackageContext {
  root: string;
  facts: PackageFacts;
  /** Its files as read from disk, with whether the text prefilter admits each. */
  files: readonly PackageFile[];
  dependencies: ReadonlyMap<string, number>;
  /** The analysis of those files as they are on disk. */
  analysed: ReadonlyMap<string, Analysed>;
  /** The files that define the package's wrappers. */
  wrapperFiles: ReadonlySet<string>;
}

const cache = new Map<string, PackageContext | null>();
// A package this large is not scanned whole: its files speak for themselves.
const MAX_FILES = 2000;

/** The package a file belongs to (synchronous: ESLint rules cannot wait); undefined outside any package. */
export function packageContextSync(file: string): PackageContext | undefined {
  const root = packageRootSync(file);
  const cached = cache.get(root);
  if (cached !== undefined) return cached ?? undefined;
  // The package as a run over the tree groups it (files/analyse-files.ts): the tree of its marker (package.json,
  // or a repository's root for code without one) less the packages inside it; for files outside any package,
  // the folder they are in, never the folders below it (never a whole /tmp).
  const paths = fg
    .sync(`**/*.{${EXTENSIONS.join(',')}}`, { cwd: root, absolute: true, deep: isMarkedRoot(root) ? Infinity : 1, ignore: ['**/node_modules/**', '**/.git/**', '**/*.d.ts'], followSymbolicLinks: false, suppressErrors: true })
    .filter((f) => packageRootSync(path.normalize(f)) === root);
  if (paths.length > MAX_FILES) {
    cache.set(root, null);
    return undefined;
  }
  const files: PackageFile[] = [];
  for (const f of paths) {
    try {
      const text = readFileSync(f, 'utf8');
      files.push({ filePath: path.normalize(f), text, admitted: mayContainApiCall(text) });
    } catch {
      continue;
    }
  }
  const dependencies = dependencyMajors(root);
  const analysed = analyseAdmitted(files, undefined, dependencies);
  const context: PackageContext = { root, files, dependencies, analysed, wrapperFiles: analysed.wrapperFiles, facts: packageFacts([...[...analysed.values()].map((a) => a.facts), manifestFacts(root)]) };
  cache.set(root, context);
  return context;
}

/** The facts of the package a file belongs to. */
export function packageFactsOfSync(file: string): PackageFacts | undefined {
  return packageContextSync(file)?.facts;
}

/**
 * One file analysed as part of its package (wrappers and exported values of its other files count), with
 * `text` as its content: what is on disk is analysed once, an edited text with the rest of the package.
 */
export function analyseInPackage(context: PackageContext, filePath: string, text: string): Analysed {
  const onDisk = context.files.find((f) => f.filePath === filePath);
  const known = onDisk?.text === text ? context.analysed.get(filePath) : undefined;
  if (known) return known;
  return analyseEdited(filePath, text, context.files, context.wrapperFiles, context.dependencies);
}

/** Forget what is known of a package (a file in it changed). */
export function forgetPackageFacts(file?: string): void {
  if (file === undefined) {
    cache.clear();
    forgetManifest();
  } else {
    cache.delete(packageRootSync(file));
    forgetManifest(packageRootSync(file));
  }
}
