// The call-site model: what the recogniser makes of the AST, independent of any rule.
import type { Node } from '@babel/types';
import type { BodyRead } from './response.js';
import type { Binding } from './scope.js';
import type { TestDouble } from './clients.js';
import type { Named } from './names.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
export const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];

/** The method a text names (`del` is DELETE, as some clients spell it), if it names one. */
export function toMethod(text: string): Method | undefined {
  const upper = text.toUpperCase();
  if (upper === 'DEL') return 'DELETE';
  return (METHODS as readonly string[]).includes(upper) ? (upper as Method) : undefined;
}

/**
 * Which client library or idiom the call was written with (derived, never declared by rules): a client of
 * the table (callsites/clients.ts), `wrapper` (a hand-made client), `route` (a route written as data) or
 * `url` (a bare URL).
 */
export type ClientKind = string;

/**
 * One character run of a URL. Text comes from a literal in the source; a hole is an expression whose
 * value is not known statically. Both remember where they came from so fixes can edit in place.
 */
export type Piece = TextPiece | HolePiece;

export interface TextPiece {
  kind: 'text';
  text: string;
  /** The literal this text was read from, or null for text the evaluator made up (`/` of a join). */
  literal: LiteralRef | null;
  /** Offset of `text[0]` inside the literal's cooked value. */
  offset: number;
  /** Written in a wrapper's body, not at this call: never edited here, and findings about it belong there. */
  foreign?: true;
  /**
   * For such text, the literal it is written in: what ties the calls of a wrapper to the base URL they share
   * (they move with it, or hold it back), never a place to edit from the call.
   */
  writtenIn?: Node;
}

export interface LiteralRef {
  node: Node;
  /** The cooked value of the whole literal. */
  value: string;
  /** Source offset of each cooked character (and of the end), escapes included; null when unmappable. */
  offsets: readonly number[] | null;
  quote: "'" | '"' | '`';
  /** The literal sits in a `const` declaration reached through a binding, not in the call itself. */
  viaBinding: boolean;
  /** The identifier that reached it when viaBinding (kept as code when the URL is rebuilt). */
  bindingRef?: Node;
  /** That name holds other values too (set in branches, reassigned): its text is not this call's alone. */
  oneOfSeveral?: true;
  /** A route template whose placeholders a function fills (`route.replace(/:(\w+)/g, …)`): the name's text is not the URL sent. */
  filled?: true;
  /** When viaBinding: the value expression it is written in (a declaration's init, an assignment's value). */
  root?: Node;
}

export interface HolePiece {
  kind: 'hole';
  node: Node;
  /** Source text of the expression. */
  code: string;
  /** An Express-style `:name` or printf placeholder filled from elsewhere: the name it stands for. */
  placeholder?: string;
  /** The identifier through which the evaluator reached this hole, when it came from a binding. */
  bindingRef?: Node;
  /** For a counter variable: the number it is declared with (`let page = 0`). */
  initial?: NumberSite;
  /** For a call of a function of the module with one returned value: that value's code (`day(since)` → `d.toISOString()`). */
  returns?: string;
  /** A parameter of the function around the call (and the keys into it): what a wrapper's caller passes. */
  param?: { binding: Binding; path: readonly string[] };
  /** The value is a capture group of a pattern that only matches text with a `/` (a chat command's `group/name`). */
  slashed?: true;
  /** An expression of a wrapper's body (`node` is then the call that reached it): never edited here. */
  foreign?: true;
  /** A route template whose placeholders a function fills (LiteralRef.filled), not yet known (a parameter). */
  filled?: true;
  /**
   * A rest parameter spread into a list that is joined (`[base, ...segments].join('/')`): the caller's arguments
   * from the parameter's place on, joined with this separator.
   */
  rest?: string;
  /**
   * The value is what the function a caller passes for the parameter returns, called here with these arguments
   * (`getPagedApiUrl(page, 100)` in a pager handed a URL builder).
   */
  calledWith?: Node & { type: 'CallExpression' };
  /** For a key of an object a function is given (`params.id`): the code every caller in the package passes there. */
  passed?: readonly string[];
}

/** A number literal in the source: where a counter starts. */
export interface NumberSite {
  value: number;
  start: number;
  end: number;
}

/** The statically known value of a parameter, or the code of the expression when it is not. */
export type ParamValue =
  | { kind: 'string'; literal: string; code: string }
  | { kind: 'number'; literal: number; code: string }
  | { kind: 'boolean'; literal: boolean; code: string }
  | { kind: 'array'; literal: readonly (string | number)[] | null; code: string }
  | { kind: 'expression'; code: string; initial?: NumberSite; returns?: string };

/** A parameter of a call: in the URL's query string, or a property of a params/body object. */
export interface ParamRef {
  name: string;
  where: 'query' | 'object';
  value: ParamValue;
  /** Engine bookkeeping used to turn ParamOps into edits. */
  readonly site: ParamSite;
  /** Sent by a wrapper's body, not written at this call: findings about it belong to the wrapper. */
  foreign?: true;
}

export type ParamSite =
  | { kind: 'query'; keyStart: number; keyEnd: number; valueStart: number; valueEnd: number }
  | { kind: 'property'; property: Node; object: Node; editable: boolean }
  /** Set on the object before the call (`params.file_path = p`, `params.set('ref', r)`): reported, not edited. */
  | { kind: 'written'; node: Node };

/** Where the HTTP method is written, so a method change can rewrite it in place. */
export type MethodSite =
  | { kind: 'member'; node: Node; style: 'identifier' | 'string' }
  | { kind: 'literal'; node: Node }
  | { kind: 'none' };

export interface ApiCall {
  client: ClientKind;
  /** Undefined when the method cannot be known statically. */
  method: Method | undefined;
  /**
   * When the method is unknown but is one of a few (the requests a framework's resource sends to its URL: a
   * Backbone collection's `fetch` GETs and `create` POSTs): rules about other methods do not judge the call.
   */
  methodsPossible?: readonly Method[];
  methodSite: MethodSite;
  /** The URL expression as pieces (holes kept). */
  pieces: readonly Piece[];
  /** The root node of the URL expression, replaced whole when a fix must rebuild it. */
  urlNode: Node;
  /** The URL as written at the call (where findings point). */
  urlArg: Node;
  /** A bare URL that is one among other text of its literal (a link in a template's markup): findings point at it. */
  embedded?: true;
  /** The API version of a base URL the call is made against (axios `baseURL`, got `prefixUrl`, …). */
  baseVersion: 'v3' | 'v4' | undefined;
  /** Which base URL that is (the literal its version is written in): calls through one base are one product's. */
  baseKey?: string;
  /** Sent with the service's own client (gl-got): the service's, whatever its URL. */
  serviceClient?: boolean;
  /** The request hands over the parsed body (jQuery, Angular's HttpClient, `ajax.getJSON`), not a response. */
  yieldsBody?: true;
  /** Its value is its result at once, not a promise (a hook's state: `const { data } = useSWR(…)`). */
  immediate?: true;
  /** Its query option replaces the URL's query string (got's, ky's `searchParams`): a parameter added to the URL would be lost. */
  queryReplacesUrl?: true;
  /**
   * A test double of the service declares this request (a nock interceptor, an msw handler, a fetch-mock
   * route): how messages name it. It answers the request rather than sending it, so nothing handles a response.
   */
  testDouble?: TestDouble;
  /** The base is the client's default, for the version of the client the package depends on (gl-got before 8: v3). */
  baseFrom?: 'dependency';
  /** That client's module name. */
  clientModule?: string;
  /** The split URL (see callsites/url.ts). */
  url: UrlParts;
  /** Parameters from the URL's query string and from params/body objects. */
  params: readonly ParamRef[];
  /** Some of what the call sends cannot be seen here (an options object passed through, a spread): absent is not proven. */
  paramsOpen: boolean;
  /** Header names the call sets (lower case). */
  headers: readonly string[];
  /** The request options object, and its `headers` object when written inline (where a header is added). */
  options?: { node: Node; headers: Node | undefined; editable: boolean };
  /** The whole call (or the literal, for a bare URL). */
  node: Node;
  /** The call sits in code that chooses between v3 and v4 (version check, fallback): never auto-fixed. */
  versionGuarded: boolean;
  /** The path from the file's root to the call (response flow starts here). */
  ancestors: readonly Node[];
  /** Hosts of the other values the URL may have (`options.uri || 'https://gitlab.com'`): one product's. */
  hosts?: readonly string[];
  /** The call runs a wrapper of the package (this function) that sends the request: its body holds the rest of the URL. */
  via?: Node;
  /**
   * The nearest name around the call that says a product (`GITLAB_API`, `gitlab: { url }`, `new GitHubStrategy(…)`,
   * `passport.use('gitlab', …)`, `class GitLabClient`): see names.ts.
   */
  named?: Named;
  /** Type-aware mode: reads of the result found through its declared type, here or in other files. */
  typedReads?: readonly BodyRead[];
}

/** A URL split into base, API version, route path and query, over a string whose holes are marks. */
export interface UrlParts {
  /** The URL with every hole replaced by one private-use character (U+E000 + hole index). */
  marked: string;
  /** `'v3' | 'v4'` when the URL itself carries `/api/vN`; otherwise undefined. */
  version: 'v3' | 'v4' | undefined;
  /** Index in `marked` where `vN` of the version prefix starts, when there is one. */
  versionAt: number;
  /** The route path: [start, end) in `marked`. */
  pathStart: number;
  pathEnd: number;
  /** Host name when the URL has a literal scheme and host. */
  host: string | undefined;
  /** Whether the path is relative to a base kept elsewhere (no scheme/host and no version prefix). */
  relative: boolean;
}
