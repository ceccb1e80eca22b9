// Split a marked URL into base, API version, route path and query; list its path segments and
// query entries. Pure string work over the marked text.
import { HOLE_CLASS, hasHole, holeId } from './marked.js';
import type { UrlParts } from './types.js';
import { memoOn } from '../memo.js';

const SCHEME_HOST = new RegExp(`^(?:[a-z][a-z0-9+.-]*:)?//([^/?#${HOLE_CLASS}]*)`, 'i');
// A hole right after the version is the rest of the path (`${base}/api/v3${path}`); a hole right before it
// is a base that ends in a slash (`config.url + 'api/v3/projects'`).
const VERSION = /(?:^|[/\ue000-\uf8ff])api\/(v[34])(?=[/?#\ue000-\uf8ff]|$)/;
// A base kept in a variable: holes, or a template engine's placeholder (`<%= base %>/projects/…`, `{{ root }}/…`).
const LEADING_HOLES = new RegExp(`^(?:[${HOLE_CLASS}]+|(?:<%[=-]?\\s*[\\w$.]+\\s*%>|\\{\\{\\s*[\\w$.]+\\s*\\}\\})(?=/|$))`);

/** Split a marked URL. */
export function splitUrl(marked: string): UrlParts {
  const queryAt = marked.search(QUERY_START);
  const pathEnd = queryAt === -1 ? marked.length : queryAt;
  let start = 0;
  let host: string | undefined;
  const sh = SCHEME_HOST.exec(marked);
  if (sh) {
    host = sh[1] || undefined;
    start = sh[0].length;
  }
  const path = marked.slice(start, pathEnd);
  const v = VERSION.exec(path);
  if (v) {
    const versionAt = start + v.index + v[0].indexOf('v');
    return {
      marked,
      version: v[1] as 'v3' | 'v4',
      versionAt,
      pathStart: versionAt + 2,
      pathEnd,
      host,
      relative: false,
    };
  }
  // `${base}/projects/…`: a base kept in a variable, version unknown.
  const lead = sh ? null : LEADING_HOLES.exec(path);
  const pathStart = start + (lead ? lead[0].length : 0);
  // `${url}/v3/projects/…` of a base configured as `https://host/api`: the version right after a base the
  // code does not show (whose route then decides whose API it is, as for any version: match/evidence.ts).
  const bare = lead ? BARE_VERSION.exec(marked.slice(pathStart, pathEnd)) : null;
  if (bare) return { marked, version: bare[1] as 'v3' | 'v4', versionAt: pathStart + 1, pathStart: pathStart + 3, pathEnd, host, relative: false };
  return { marked, version: undefined, versionAt: -1, pathStart, pathEnd, host, relative: !sh };
}

const QUERY_START = /[?#]/;
const BARE_VERSION = /^\/(v[34])(?=\/[a-z])/;

// `version: 'v3'` chooses a client's API version only among that client's options: beside where it
// connects or how it signs in (`new Gitlab({ url, token, version: 'v3' })`). A validation library's
// `{ version: 'v4' }` (an IP version) or a socket library's protocol option is no such thing.
export const VERSION_OPTION_KEY = /^(api_?version|version)$/i;
export const CONNECTION_WORDS = 'url|uri|host|hostname|base_?url|base_?uri|endpoint|api_?url|server|(?:private_?|access_?|oauth_?|api_?)?token|gitlab\\w*';
const CONNECTION_KEY = new RegExp(`^(?:${CONNECTION_WORDS})$`, 'i');

/** Whether an object's keys are those of a client's connection options (see above). */
export function isConnectionOptions(keys: readonly string[]): boolean {
  return keys.some((k) => CONNECTION_KEY.test(k));
}

export interface Segment {
  /** The segment's text (marked). */
  text: string;
  start: number;
  end: number;
  /** The segment's value is not known statically: a hole, a `:param`, a `{param}`, or mixed. */
  dynamic: boolean;
  /** The name of an Express-style `:param` or `{param}` template segment. */
  placeholder?: string;
}

// A URI template's path expansion (`{/id}`), or an Express-style optional segment (`(/:id)`).
const PATH_EXPANSION = /^(?:\{\/([A-Za-z_$][\w$]*)\}|\(\/:([A-Za-z_$][\w$]*)\))/;

/** The route path's segments (empty segments dropped). Every rule asks for the same call's: split once. */
export const segments: (url: UrlParts) => readonly Segment[] = memoOn(split);

function split(url: UrlParts): Segment[] {
  const out: Segment[] = [];
  let i = url.pathStart;
  while (i < url.pathEnd) {
    let j = url.marked.indexOf('/', i);
    if (j === -1 || j > url.pathEnd) j = url.pathEnd;
    // A URI template's path expansion (`fork{/id}`, RFC 6570, as vue-resource and Octokit write them) or an
    // optional segment (`keys(/:key_id)`, as Express and route tables of old clients write them) is a
    // segment of its own, the slash inside its brackets.
    const expansion = url.marked[j - 1] === '{' || url.marked[j - 1] === '(' ? PATH_EXPANSION.exec(url.marked.slice(j - 1, url.pathEnd)) : null;
    if (expansion) {
      if (j - 1 > i) out.push({ text: url.marked.slice(i, j - 1), start: i, end: j - 1, dynamic: hasHole(url.marked.slice(i, j - 1)), placeholder: undefined });
      out.push({ text: expansion[0], start: j - 1, end: j - 1 + expansion[0].length, dynamic: true, placeholder: expansion[1] ?? expansion[2] });
      i = j - 1 + expansion[0].length;
      continue;
    }
    if (j > i) {
      const text = url.marked.slice(i, j);
      // `:id`, `{id}`, and `{!id}` (ngx-resource's required parameter) or `{+id}` (RFC 6570's reserved expansion).
      const placeholder = /^:([A-Za-z_$][\w$]*)$/.exec(text)?.[1] ?? /^\{[!+]?([A-Za-z_$][\w$]*)\}$/.exec(text)?.[1];
      out.push({ text, start: i, end: j, dynamic: placeholder !== undefined || hasHole(text), placeholder });
    }
    i = j + 1;
  }
  return out;
}

export interface QueryEntry {
  key: string;
  keyStart: number;
  keyEnd: number;
  value: string;
  valueStart: number;
  valueEnd: number;
  /** Start of the whole `key=value` entry and end (before the next `&` or the end). */
  start: number;
  end: number;
}

// A hole, then `&name=`: the hole ends with a query the code does not show.
const QUERY_AFTER_HOLE = /[\ue000-\uf8ff]&(?=[\w.[\]-]+=)/;

/** The `key=value` entries of the URL's query string (keys with holes are skipped). */
export function queryEntries(url: UrlParts): QueryEntry[] {
  const { marked } = url;
  // A query opened by a value the code does not show: `${path}&private_token=${token}`, whose callers pass a
  // path with its own `?…` (there is no other `?` in the URL).
  const afterValue = marked[url.pathEnd] === '?' ? -1 : marked.slice(0, url.pathEnd).search(QUERY_AFTER_HOLE);
  if (marked[url.pathEnd] !== '?' && afterValue === -1) return [];
  const from = afterValue === -1 ? url.pathEnd : afterValue + 1;
  const hashAt = marked.indexOf('#', from);
  const end = hashAt === -1 ? marked.length : hashAt;
  const out: QueryEntry[] = [];
  let i = from + 1;
  while (i <= end) {
    let j = marked.indexOf('&', i);
    if (j === -1 || j > end) j = end;
    const eq = marked.indexOf('=', i);
    const keyEnd = eq !== -1 && eq < j ? eq : j;
    const key = marked.slice(i, keyEnd);
    if (key && !hasHole(key)) {
      const valueStart = keyEnd < j ? keyEnd + 1 : j;
      out.push({ key: safeDecode(key), keyStart: i, keyEnd, value: marked.slice(valueStart, j), valueStart, valueEnd: j, start: i, end: j });
    }
    if (j === end) break;
    i = j + 1;
  }
  return out;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The hole ids in a marked string, in order. */
export function holeIds(marked: string): number[] {
  const out: number[] = [];
  for (const ch of marked) {
    const id = holeId(ch);
    if (id !== undefined) out.push(id);
  }
  return out;
}

/**
 * The route path as a reader (and a baseline fingerprint) wants it: `/projects/:id/builds`. A named
 * placeholder keeps its name; any other dynamic segment is `*`, so the template does not change when the
 * expression that fills it is renamed.
 */
export function pathTemplate(url: UrlParts): string {
  return '/' + segments(url).map((s) => (s.placeholder ? `:${s.placeholder}` : s.dynamic ? '*' : s.text)).join('/');
}
