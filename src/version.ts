// The version of this package, read from its package.json (the CLI's --version, the cache's identity).
import { readFileSync } from 'node:fs';
import { ownFile } from './own-files.js';

/** This package's version ("unknown" if its package.json cannot be found). */
export const TOOL_VERSION: string = readVersion();

function readVersion(): string {
  const file = ownFile('package.json');
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : 'unknown';
}
