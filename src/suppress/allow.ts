// The configuration's `allow` list: v3 uses kept on purpose (a fallback for old servers), each with the
// reason why. An entry names what it allows by rule, change ID, method, route and files (all it names must
// match); allowed findings are neither reported nor fixed, and show in the JSON report as suppressed.
import path from 'node:path';
import picomatch from 'picomatch';
import { UsageError } from '../errors.js';
import type { NamedRule } from '../directives.js';

/** One entry of `allow` as written in the configuration. */
export interface AllowEntry {
  rule?: string;
  change?: string;
  method?: string;
  /** A route as reports show it (`/projects/*\/builds`, `:id` for a value also works) or a glob of routes. */
  path?: string;
  /** Globs of files, relative to the configuration's directory. */
  files?: string[];
  reason: string;
}

/** What the allow list sees of a finding. */
export interface AllowSubject {
  rule: NamedRule;
  request?: { method?: string; path: string };
  filePath: string;
}

/** The reason a finding is allowed, or undefined. */
export type AllowList = (subject: AllowSubject) => string | undefined;

/** Check what the schema does not: an entry names something, and the rules and change IDs it names exist. Throws a one-line UsageError. */
export function checkAllow(entries: readonly AllowEntry[], where: string, known: readonly NamedRule[]): void {
  entries.forEach((e, i) => {
    if (e.rule === undefined && e.change === undefined && e.method === undefined && e.path === undefined && e.files === undefined) {
      throw new UsageError(`${where}: "allow[${i}]" allows everything; name at least one of rule, change, method, path, files`);
    }
    if (e.rule !== undefined && !known.some((r) => r.id === e.rule)) throw new UsageError(`${where}: unknown rule "${e.rule}" in "allow[${i}].rule"; run v4-migrate rules for the list (change IDs go under "change")`);
    if (e.change !== undefined && !known.some((r) => r.changes.includes(e.change!))) throw new UsageError(`${where}: unknown change ID "${e.change}" in "allow[${i}].change"; run v4-migrate rules for the list`);
  });
}

/** The matcher of one configuration's allow list; `dir` is where its `files` globs are rooted. */
export function allowList(entries: readonly AllowEntry[] | undefined, dir: string): AllowList | undefined {
  if (!entries?.length) return undefined;
  const compiled = entries.map((e) => {
    const files = e.files?.length ? picomatch(e.files, { dot: true }) : undefined;
    const route = e.path !== undefined ? picomatch(routeKey(e.path.replace(/^\/?api\/v[34](?=\/|$)/, ''))) : undefined;
    const method = e.method?.toUpperCase();
    return (s: AllowSubject): boolean => {
      if (e.rule !== undefined && s.rule.id !== e.rule) return false;
      if (e.change !== undefined && !s.rule.changes.includes(e.change)) return false;
      if (method !== undefined && s.request?.method?.toUpperCase() !== method) return false;
      if (route && !(s.request && route(routeKey(s.request.path)))) return false;
      if (files && !files(path.relative(dir, s.filePath).split(path.sep).join('/'))) return false;
      return true;
    };
  });
  return (s) => {
    const i = compiled.findIndex((matches) => matches(s));
    return i === -1 ? undefined : entries[i]!.reason.trim();
  };
}

/** A route with every value (`:id`, `{id}`, `*`) as `*` and one leading slash, so both sides compare alike. */
function routeKey(route: string): string {
  return ('/' + route.replace(/^\/+/, '')).replace(/\/(?::[^/]+|\{[^/}]+\})(?=\/|$)/g, '/*');
}

const compiled = new WeakMap<object, AllowList | undefined>();

/** The allow list of a configuration (compiled once per configuration). */
export function allowFor(config: { allow?: readonly AllowEntry[]; dir: string } | undefined): AllowList | undefined {
  if (!config?.allow) return undefined;
  if (!compiled.has(config)) compiled.set(config, allowList(config.allow, config.dir));
  return compiled.get(config);
}
