// The version of this package, read from its package.json (the CLI's --version, the cache's identity).
import { readFileSync } from 'node:fs';
import { ownFile } from './own-files.js';

/** This package's version ("unknown" if its package.json cannot be found). */
export const TOOL_VERSION: string = readVersion();

/**
 * The build: a digest of the compiled code that `npm run build` writes to dist/build-id. Two builds of the
 * same version (from git, between releases) may find other things in the same file, so a cache written by
 * one must not serve the other. Empty when there is no such file (running from the sources).
 */
export const BUILD_ID: string = readBuildId();

function readVersion(): string {
  const file = ownFile('package.json');
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : 'unknown';
}

function readBuildId(): string {
  const file = ownFile('dist/build-id');
  try {
    return file ? readFileSync(file, 'utf8').trim() : '';
  } catch {
    return '';
  }
}
