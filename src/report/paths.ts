import path from 'node:path';

/** A result's path as reports show it: relative to the working directory, with `/` separators. */
export function relativePath(cwd: string, file: string): string {
  return (path.relative(cwd, file) || path.basename(file)).split(path.sep).join('/');
}
