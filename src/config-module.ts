// A configuration written in JavaScript (`--config v4-migrate.config.mjs`). Importing a module runs its
// code, so one is loaded only when the user names it: the configuration found beside the files is
// always JSON (`v4-migrate.config.json` or package.json's key), and a `v4-migrate.config.js` there is
// never looked at.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkedConfig, loadConfig, type Config } from './config.js';
import { UsageError } from './errors.js';
import type { Rule } from './rule.js';

const MODULE = /\.(c|m)?js$/i;

/** Load the configuration the user named: a JavaScript module (its default export) or a JSON file. */
export async function loadNamedConfig(file: string, known: readonly Rule[]): Promise<Config> {
  if (!MODULE.test(file)) return loadConfig(file, known);
  let exported: { default?: unknown };
  try {
    exported = (await import(pathToFileURL(path.resolve(file)).href)) as { default?: unknown };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ERR_MODULE_NOT_FOUND' ? 'no such file' : (error as Error).message.split('\n')[0];
    throw new UsageError(`cannot load the configuration ${file}: ${reason}`);
  }
  if (exported.default === undefined) throw new UsageError(`${file} has no default export; export the configuration object (export default { rules: { … } })`);
  return checkedConfig(exported.default, file, file, known);
}
