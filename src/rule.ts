// The one module a rule imports: the rule shape, the call-site model rules read, and defineRule.
import type { ChangeId } from './changes.js';
import type { ApiCall, Method, NumberSite, ParamRef } from './callsites/types.js';
import type { ResponseFacts, StatusCheck, StringCompare } from './callsites/response.js';
import type { SecretSite } from './callsites/secrets.js';
import { compileRoute, type CompiledRoute } from './match/route-pattern.js';

export type { ChangeId } from './changes.js';
export type { ApiCall, Method, NumberSite, ParamRef, ParamValue, ClientKind } from './callsites/types.js';
export type { BodyRead, StatusCheck, ResponseFacts, StringCompare } from './callsites/response.js';
export type { SecretSite } from './callsites/secrets.js';

export type Release = '8.17' | '9.0';
/** The vocabulary of CHANGES.md: applied by --fix, applied only with --unsafe-fixes, or explained. */
export type FixClass = 'safe' | 'unsafe' | 'report';
export type Category = 'prefix' | 'endpoint' | 'method' | 'param' | 'status' | 'response' | 'auth' | 'events';
export type Severity = 'error' | 'warning' | 'info';

/**
 * A route as rules write it. `path` is relative to the API root: `/projects/:id/builds{/**}`.
 * `:x` matches one segment, `{/**}` any rest (kept by the rewrite), `(a|b)` one of several words.
 */
export interface Route {
  method?: Method | readonly Method[];
  path: string;
  /** The call must carry this parameter (query string or params object). */
  param?: string;
  /** v4 side only: query parameters the rewrite adds (`{ owned: 'true' }`). */
  query?: Record<string, string>;
  /** v3 side only: the API version of the calls the rule inspects (default 'v3'; 'any' for both). */
  version?: 'v3' | 'v4' | 'any';
}

export interface Invalid {
  code: string;
  /** The text after applying this example's one finding; absent when the finding carries no fix. */
  output?: string;
  /** The finding's fix class when it is lower than the rule's. */
  fix?: 'safe' | 'unsafe';
  filename?: string;
}
export type Valid = string | { code: string; filename?: string };

/** A change to a parameter, wherever it is written (query string or params object). */
export type ParamOp =
  | { op: 'rename'; param: ParamRef; to: string }
  | { op: 'value'; param: ParamRef; literal: string | number | boolean }
  | { op: 'wrap'; param: ParamRef; before: string; after: string }
  | { op: 'code'; param: ParamRef; code: string }
  | { op: 'remove'; param: ParamRef };

/** What a rule wants done to one call; the engine turns it into text edits composed with the others. */
export interface Rewrite {
  /** New route path; `:name` reuses the capture of that name, `{/**}` the matched rest. */
  path?: string;
  /** Values for `:name`s of `path` (and `query` values written `:name`) that the v3 path did not have. */
  bind?: Record<string, { code: string } | { text: string }>;
  method?: Method;
  query?: Record<string, string>;
  params?: readonly ParamOp[];
  /** New code for path captures that are one expression (`issue.id` → `issue.iid`), edited in place. */
  captureCode?: Record<string, string>;
  /** New values for status codes the response handling compares with (`=== 422` → `=== 400`). */
  statusCodes?: readonly { check: StatusCheck; code: number }[];
  /** Request headers to add (name → JS code of the value), in the call's options object. */
  headers?: Record<string, string>;
  /** New first values for counters that feed a parameter (`let page = 0` → `let page = 1`). */
  counterStarts?: readonly { initial: NumberSite; value: number }[];
  /** New values for string literals a response field is compared with (`=== 'issue'` → `=== 'Issue'`). */
  compareValues?: readonly { compare: StringCompare; value: string }[];
  /** Change the URL's `/api/v3` prefix to `/api/v4` (the prefix rule). */
  version?: 'v4';
  /** Lower this finding's fix class to unsafe. */
  unsafe?: boolean;
}

/** A v3 call matched by a rule's `v3` route. */
export interface MatchedCall {
  call: ApiCall;
  /** Path captures by name, as written (`${id}`, `' + id + '`, `:id`, `42`); `**` holds a `{/**}` rest. */
  captures: Readonly<Record<string, string>>;
  /** The route path's segments: literal text, or null where the segment is dynamic. */
  segments: readonly (string | null)[];
  /**
   * A capture's value: `text` when it is literal, `code` when it is one expression; undefined when mixed.
   * `passedIn`: the expression is a parameter of the function around the call, handed to a wrapper whose body
   * writes the route (its callers say what it holds, and the wrapper's own call judges its parameter).
   * `slashed`: the expression is a capture group of a pattern that only matches text with a `/` in it.
   * `passed`: the expression is a key of an object the function around the call is given (`params.id`), and this
   * is the code every caller in the package passes there (`mr.iid`).
   */
  capture(name: string): { text: string } | { code: string; passedIn?: true; slashed?: true; passed?: readonly string[] } | undefined;
  /** The parameter named by `v3.param`, when the route names one. */
  param: ParamRef | undefined;
  /** Look up any parameter of the call by name. */
  findParam(name: string): ParamRef | undefined;
  /** The effective API version of the call (own prefix, client base, or package). */
  version: 'v3' | 'v4' | undefined;
  /**
   * Where the `/api/vN` prefix is written: in this call's own literal, elsewhere (a shared base), or nowhere:
   * it is the default base of the client at the version the package depends on (`dependency`).
   */
  prefixWritten: 'here' | 'elsewhere' | 'dependency' | undefined;
  /** The call's method is not known statically (a rule needing one reports without fixing). */
  methodUnknown: boolean;
  /** How the code handles the call's result: fields read from the body, status codes compared. */
  response(): ResponseFacts;
}

/** What a `check` rule sees. */
export interface CheckContext {
  match: MatchedCall;
}

/** A finding a rule returns from `check`: by default on the call's URL, with the rule's message. */
export interface CheckFinding {
  message?: string;
  rewrite?: Rewrite | null;
  /** Report at this parameter instead of the call. */
  at?: ParamRef;
  /** Report at this path capture (`:x` of the route) instead of the call. */
  atCapture?: string;
  /** Report at a place in the response handling (a body read, a status check); `file` when it is in another file. */
  atSpan?: { start: number; end: number; file?: string; typeName?: string };
}

interface Common {
  /** kebab-case = file name = docs anchor = suppression key */
  id: string;
  changes: readonly [ChangeId, ...ChangeId[]];
  release: Release;
  category: Category;
  /** One line, no trailing period; `{v3}` `{v4}` `{param}` `{method}` are filled from the call. */
  message: string;
  /** Markdown: why the v3 call breaks and how to migrate by hand. */
  docs: string;
  severity?: Severity;
  enabled?: boolean;
  examples: { invalid: readonly Invalid[]; valid: readonly Valid[] };
  /** More tests, not rendered in docs. */
  cases?: { invalid?: readonly Invalid[]; valid?: readonly Valid[] };
  /**
   * A parameter rule whose change is to the path (the parameter moves into it): its findings point where the
   * route is written, as a renamed endpoint's do, not at the parameter (which may be set far from the call).
   * An endpoint rule whose change is to what the request asks (a filter to add), `call`: when the route is
   * all in a base URL the call reads (`apiRoot = origin + '/api/v3/projects/'`, from which other requests go
   * on), its findings point at the request rather than at that base.
   */
  pointsAt?: 'route' | 'call';
}
type Fixing = { fix: 'safe' | 'unsafe'; fixTitle: string; fixSafety?: string };

export type RuleSpec = Common &
  (
    | (Fixing & { v3: Route; v4: Partial<Route>; when?: (m: MatchedCall) => boolean })
    | (Fixing & { v3: Route; rewrite: (m: MatchedCall) => Rewrite | null; when?: (m: MatchedCall) => boolean })
    | { fix: 'report'; v3: Route; when?: (m: MatchedCall) => boolean; fixTitle?: undefined; fixSafety?: undefined }
    | {
        fix: FixClass;
        fixTitle?: string;
        fixSafety?: string;
        v3: Route;
        check: (ctx: CheckContext) => readonly CheckFinding[];
      }
    // A file rule: about tokens written into the file, whatever calls use them.
    | { fix: 'report'; v3?: undefined; fixTitle?: undefined; fixSafety?: undefined; secrets: (sites: readonly SecretSite[]) => readonly SecretSite[] }
    // A manifest rule: about a package.json's dependencies, as the package's code uses them (report only:
    // package.json is never written).
    | { fix: 'report'; v3?: undefined; fixTitle?: undefined; fixSafety?: undefined; dependencies: (pins: readonly DependencyPin[]) => readonly { pin: DependencyPin; message?: string }[] }
  );

/** A dependency of a package.json as manifest rules see it: a client of the table whose default base depends on its version. */
export interface DependencyPin {
  /** The dependency's name (`gl-got`). */
  module: string;
  /** The range package.json asks for (`^7.0.0`), where it is written (the string's offsets in package.json). */
  range: string;
  start: number;
  end: number;
  /** The major version installed (the lock file's) or, without a lock file, the lowest the range allows. */
  major: number;
  /** The version the lock file resolves it to, when there is one. */
  resolved?: string;
  /** The API version of the client's default base at `major`. */
  defaultVersion: 'v3' | 'v4';
  /** The first major version whose default base is v4, if there is one. */
  firstV4?: number;
  /** The option that sets the client's base URL (`endpoint`). */
  baseOption?: string;
}

/** Whether a rule judges calls (not tokens of a file, not a package.json's dependencies). */
export function isCallRule(rule: Rule): boolean {
  return !('secrets' in rule) && !('dependencies' in rule);
}

/** The v4 route table, for rules that check methods against it. */
export { v4MethodsFor } from './api/v4-routes.js';
/** The events API's filter vocabularies (document §4). */
export { EVENT_ACTIONS, EVENT_TARGET_TYPES } from './types.js';
/** The service's project sub-resources (`issues`, `repository`, `events`, …). */
export { hasRawProjectPath, PROJECT_RESOURCES } from './api/v3-routes.js';

/** The three events endpoints of the document (§4): `/events`, `/users/:id/events`, `/projects/:id/events`. */
export function onEventsRoute(segments: readonly (string | null)[]): boolean {
  if (segments.length === 1) return segments[0] === 'events';
  return segments.length === 3 && (segments[0] === 'users' || segments[0] === 'projects') && segments[2] === 'events';
}

/**
 * Comparisons of a response field with a word of `table` (`e.target_type === 'issue'`), on the events
 * endpoints: each with the value it should be compared with instead.
 */
export function eventFieldCompares(m: MatchedCall, field: string, table: Readonly<Record<string, string>>): { compare: StringCompare; to: string }[] {
  if (!onEventsRoute(m.segments)) return [];
  return m
    .response()
    .reads.filter((r) => r.path.length === 1 && r.path[0] === field)
    .flatMap((r) => r.compared.filter((c) => Object.hasOwn(table, c.value)).map((compare) => ({ compare, to: table[compare.value]! })));
}

/** A literal string value of a parameter (query-string or object), or undefined for an expression. */
export function literalText(param: ParamRef): string | undefined {
  return param.value.kind === 'string' ? param.value.literal : undefined;
}

/**
 * The value a moved file path takes in a v4 path: a string literal encoded in place, an expression wrapped
 * in `encodeURIComponent` (unless it already is). Undefined for a value that is not a single string.
 */
export function filePathBinding(param: ParamRef): { text: string } | { code: string } | undefined {
  const v = param.value;
  if (v.kind === 'string') return { text: encodeURIComponent(v.literal) };
  if (v.kind !== 'expression' || /[\ue000-\uf8ff]/.test(v.code)) return undefined;
  return { code: /^encodeURIComponent\(/.test(v.code) ? v.code : `encodeURIComponent(${v.code})` };
}

/** Raw file content by path (blob-filepath, commit-blob-endpoint): `…/repository/files/:file_path/raw?ref=:sha`. */
export function rawFileRewrite(m: MatchedCall): Rewrite | null {
  const param = m.findParam('filepath') ?? m.findParam('file_path');
  const bind = param && filePathBinding(param);
  if (!param || !bind) return null;
  return { path: '/projects/:id/repository/files/:file_path/raw', bind: { file_path: bind }, query: { ref: ':sha' }, params: [{ op: 'remove', param }] };
}

/** The `iid[]` array filter renamed `iids[]` (merge requests, milestones), pointing at the parameter. */
export function iidsFilterRename(m: MatchedCall): CheckFinding[] {
  const param = m.findParam('iid[]') ?? m.findParam('iid');
  if (!param) return [];
  return [{ at: param, rewrite: { params: [{ op: 'rename', param, to: param.name === 'iid' ? 'iids' : 'iids[]' }] } }];
}

/** A rule ready to run: the spec plus its compiled v3 route. */
export type Rule = RuleSpec & { readonly route: CompiledRoute };

/** Declare a rule. Compiles the v3 route once and freezes the record. */
export function defineRule<const S extends RuleSpec>(spec: S): Rule {
  const base: RuleSpec = spec;
  return Object.freeze({ ...base, route: compileRoute(base.v3 ?? { path: '{/**}' }) });
}
