// Configuration: `v4-migrate.config.json`, or the "v4-migrate" key of package.json, the nearest one above
// each file. Validated against the shipped JSON schema; a bad file is one line naming file, key and what
// is allowed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import picomatch from 'picomatch';
import { UsageError } from './errors.js';
import { ownFile } from './own-files.js';
import type { Rule, Severity } from './rule.js';
import { checkAllow, type AllowEntry } from './suppress/allow.js';

export type SeveritySetting = 'off' | 'info' | 'warn' | 'error';

export interface Config {
  /** The file it was read from, and its directory (where ignorePatterns are rooted). */
  file: string;
  dir: string;
  rules?: Record<string, SeveritySetting>;
  apiBase?: string[];
  ignorePatterns?: string[];
  unsafeFixes?: boolean;
  format?: 'stylish' | 'json' | 'json-lines' | 'sarif' | 'github' | 'gitlab' | 'junit' | 'checkstyle' | 'html';
  /** v3 uses kept on purpose, each with its reason. */
  allow?: AllowEntry[];
  /** Report disable directives that silence nothing (true is 'warn'). */
  reportUnusedDisableDirectives?: boolean | 'off' | 'warn' | 'error';
  /** Report and fix test doubles of the service (nock, msw, fetch-mock); false leaves them out (default true). */
  testDoubles?: boolean;
}

export const CONFIG_FILE = 'v4-migrate.config.json';

let validator: ReturnType<Ajv['compile']> | undefined;
function validate(value: unknown): readonly ErrorObject[] {
  if (!validator) {
    // verbose: each error carries the schema it broke, which names the keys allowed where it happened.
    validator = new Ajv({ allErrors: false, verbose: true }).compile(JSON.parse(readFileSync(ownFile('schema/v4-migrate.config.schema.json')!, 'utf8')));
  }
  return validator(value) ? [] : (validator.errors ?? []);
}

/** Read and validate one configuration file (or package.json's key). Throws a one-line UsageError. */
export function loadConfig(file: string, known: readonly Rule[]): Config {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read the configuration ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check the path and its permissions, or run with --no-config`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not valid JSON (${(error as Error).message}); fix it or run with --no-config`);
  }
  const isPackage = path.basename(file) === 'package.json';
  const value = isPackage ? (json as Record<string, unknown>)['v4-migrate'] : json;
  return checkedConfig(value, file, isPackage ? `${file} ("v4-migrate" key)` : file, known);
}

/** Validate a configuration's value read from `file` (named `where` in messages). Throws a one-line UsageError. */
export function checkedConfig(value: unknown, file: string, where: string, known: readonly Rule[]): Config {
  const [error] = validate(value);
  if (error) throw new UsageError(`${where}: ${describe(error)}`);
  const config = { ...(value as Omit<Config, 'file' | 'dir'>), file, dir: path.dirname(file) };
  for (const id of Object.keys(config.rules ?? {})) {
    if (!known.some((r) => r.id === id)) throw new UsageError(`${where}: unknown rule "${id}" under "rules"; run v4-migrate rules for the list`);
  }
  checkAllow(config.allow ?? [], where, known);
  return config;
}

function describe(error: ErrorObject): string {
  const at = error.instancePath ? `"${error.instancePath.slice(1).replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.')}"` : 'the configuration';
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = (error.params as { additionalProperty: string }).additionalProperty;
      const allowed = Object.keys((error.parentSchema as { properties?: object }).properties ?? {}).filter((k) => !k.startsWith('$')).join(', ');
      return `unknown key "${key}"${error.instancePath ? ` in ${at}` : ''}; allowed: ${allowed}`;
    }
    case 'required': {
      const key = (error.params as { missingProperty: string }).missingProperty;
      return key === 'reason' ? `${at} needs a "reason": say why this v3 use is kept` : `${at} needs "${key}"`;
    }
    case 'pattern':
      return error.instancePath.endsWith('/reason') ? `${at} is empty; say why this v3 use is kept` : `${at} ${error.message ?? 'is not valid'}`;
    case 'enum':
      return `${at} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    case 'type':
      return `${at} must be ${(error.params as { type: string }).type === 'object' ? 'an object' : `a ${(error.params as { type: string }).type}`}`;
    default:
      return `${at} ${error.message ?? 'is not valid'}`;
  }
}

const nearest = new Map<string, Config | null>();

/** The configuration that applies to a file: the nearest config file or package.json key above it. */
export function findConfig(file: string, known: readonly Rule[]): Config | undefined {
  const seen: string[] = [];
  let dir = path.dirname(path.resolve(file));
  for (;;) {
    const cached = nearest.get(dir);
    if (cached !== undefined) return remember(seen, cached);
    seen.push(dir);
    const own = path.join(dir, CONFIG_FILE);
    if (existsSync(own)) return remember(seen, loadConfig(own, known));
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && hasKey(pkg)) return remember(seen, loadConfig(pkg, known));
    const parent = path.dirname(dir);
    if (parent === dir) return remember(seen, null);
    dir = parent;
  }
}

function hasKey(pkg: string): boolean {
  try {
    return Object.hasOwn(JSON.parse(readFileSync(pkg, 'utf8')) as object, 'v4-migrate');
  } catch {
    return false;
  }
}

function remember(dirs: string[], config: Config | null): Config | undefined {
  for (const d of dirs) nearest.set(d, config);
  return config ?? undefined;
}

/** Forget cached lookups (the language server calls this when a configuration changes). */
export function forgetConfigs(): void {
  nearest.clear();
}

/** The rules a configuration runs, with their severities. */
export function rulesFor(config: Config | undefined, catalogue: readonly Rule[]): { rules: Rule[]; severity: (rule: Rule) => Severity } {
  const settings = config?.rules ?? {};
  const rules = catalogue.filter((r) => {
    const setting = settings[r.id];
    return setting !== undefined ? setting !== 'off' : r.enabled !== false;
  });
  const severity = (r: Rule): Severity => {
    const setting = settings[r.id];
    if (setting === 'warn') return 'warning';
    if (setting === 'error' || setting === 'info') return setting;
    return r.severity ?? 'error';
  };
  return { rules, severity };
}

/** Whether a file is ignored by its configuration's ignorePatterns. */
export function isIgnored(config: Config | undefined, file: string): boolean {
  if (!config?.ignorePatterns?.length) return false;
  const relative = path.relative(config.dir, file).split(path.sep).join('/');
  return picomatch(config.ignorePatterns, { dot: true })(relative);
}
