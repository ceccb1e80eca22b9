import path from 'node:path';
import { visible } from './visible.js';

/** A result's path as reports show it: relative to the working directory, with `/` separators. */
export function relativePath(cwd: string, file: string): string {
  return (path.relative(cwd, file) || path.basename(file)).split(path.sep).join('/');
}

/** A path as a line of text (a text report, stderr) names it: relative, control characters escaped. */
export function shownPath(cwd: string, file: string): string {
  return visible(path.relative(cwd, file) || file);
}
