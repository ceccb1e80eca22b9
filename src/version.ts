// The version of this package, read from its package.json (the CLI's --version, the cache's identity).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** This package's version ("unknown" if its package.json cannot be found). */
export const TOOL_VERSION: string = readVersion();

function readVersion(): string {
  // Compiled into dist/src (two levels below the package) or run from src (one level below).
  for (const up of ['../../package.json', '../package.json']) {
    const file = fileURLToPath(new URL(up, import.meta.url));
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return 'unknown';
}
