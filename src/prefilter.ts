// The cheap text test run before parsing: a file whose text cannot hold a v3 call, a token or evidence for
// its package is never parsed. It must never drop a file that has a finding, so every test below is a
// necessary condition of what the recogniser and the rules need (test/prefilter.test.ts and the
// benchmark compare findings with and without it):
//
// - An API version: `api/v` not followed by another version's number (`/api/v3`, `api/v${n}`,
//   `'api/v' + n`; not `/api/v1`), or `v3`/`v4` opening a literal or a path segment after one, in a file
//   that has an `api` path to join it to (`'/api/' + 'v3'`, `${api}/v3`), or as a `version: 'v3'` option
//   in a file with a connection option (`url`, `host`, `token`, …) to sit beside.
//   Every version the recogniser sees is `api/vN` in the joined text of literals, or that option.
// - A token: `private-token`/`private_token` (header, parameter), a `glpat-` token of the service, or a
//   `…token` key, variable or property assigned a literal (or given one as a `||`/`??` default) of 8
//   characters or more without white space.
// - The first word of a service route where a path starts: opening a literal, after its leading slash,
//   or right after a template hole (`'projects/'`, `"/users"`, `${base}groups`), ended where a segment
//   ends; or after the method of a route string (`'DELETE /projects/:id/star'`). A route's first segment is always a literal word, and the recogniser only takes paths whose
//   first segment is one.
//
// - A file whose name makes it a Next.js API route under `/api/v3` or `/api/v4` (`pages/api/v3/x.js`): it
//   declares its package's own API (servers.ts), which the package's other calls are judged by.
//
// Matches on comment lines (`//` outside template literals, or a block comment's `*` lines) do not
// count: license headers and doc examples are full of URLs. Words are assumed written plainly, neither split over two literals
// nor spelt with escapes, as the recogniser's own text tests also assume.
//
// A route word alone proves a v3 call only through a route that is v3 on its shape (`specific`: all the
// route's later words must be in the file too, as path segments); the
// other v3 routes (`/user`, `/events`, …) need an API version, from the call itself or from its package.
// So a file naming only such routes is parsed only when a file of its package names an API version
// (`PackagePrefilter` decides that once all of them have been read). Type-aware mode turns the prefilter off
// (values may come from other modules).
import { SERVICE_ROOT_WORDS, V3_ROUTES } from './api/v3-routes.js';
import { CONNECTION_WORDS } from './callsites/url.js';
import { servedPathOfFile } from './callsites/servers.js';

const SERVED_VERSION = /^\/api\/v[34](?:\/|$)/;

/** What a file's text alone shows. */
export interface TextEvidence {
  /** It may hold a v3 call, a token or its package's evidence on its own: parse it. */
  parse: boolean;
  /** It names an API version, so its package's other files may be v3 through it. */
  version: boolean;
  /** It names routes that are v3 only with a version: parse it when a file of its package names one. */
  needsVersion: boolean;
}

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const byLength = (a: string, b: string) => b.length - a.length;

// For each route word, the literal words of each specific v3 route it opens (`users` → [block], [unblock], [keys], [emails]).
const SPECIFIC = new Map<string, string[][]>();
for (const route of V3_ROUTES) {
  if (!route.specific) continue;
  const [first, ...rest] = route.path.split('/').filter(Boolean) as [string, ...string[]];
  const words = rest.filter((w) => !w.startsWith(':') && w !== '**');
  SPECIFIC.set(first, [...(SPECIFIC.get(first) ?? []), words]);
}

const ci = (word: string) => [...word].map((c) => `[${c.toUpperCase()}${c.toLowerCase()}]`).join('');
// Group 1: a version literal; group 2: a route word; group 3: the token header or parameter; group 4:
// a `…token` key, variable or property with a literal value or default. `api/v` is a version too.
const TRIGGER = new RegExp(
  [
    'api/v(?:[34](?![0-9])|[^0-9])',
    `['"\`}](?:(?:GET|POST|PUT|PATCH|DELETE|HEAD) +)?/?(?:(v[34])(?![\\w$])|(${[...SERVICE_ROOT_WORDS].map(escape).sort(byLength).join('|')})(?=[/?#'"\`\\\\]))`,
    `(${ci('private')}[-_]${ci('token')}|glpat-)`,
    `(${ci('token')}['"\`\\]]?\\s*(?::|=(?![=>]))[\\s(]*(?:[^'"\`\\n;,{}]*?(?:\\|\\||\\?\\?)\\s*)?)(['"\`])`,
  ].join('|'),
  'g',
);
// A bare `v3` is a version only joined to an `api` path (`'/api/' + 'v3'`), or as a `version` option.
const API_PATH = /api[/'"`]/;
const VERSION_KEY = /(?:api_?)?version['"`]?\s*:[\s(]*$/i;
// …beside a connection option (`{ url, token, version: 'v3' }`): a key or a shorthand property of that name.
const CONNECTION_KEY = new RegExp(`(?:^|[^\\w$])(?:${CONNECTION_WORDS})['"\`]?\\s*:|[{,]\\s*(?:${CONNECTION_WORDS})\\s*[,}]`, 'i');
// The shortest token the token rule reports: a private token's value has 8 characters, any other 20.
const MIN_PRIVATE_TOKEN = 8;
const MIN_TOKEN = 20;
const PRIVATE_BEFORE = /private[-_]?$/i;

/**
 * Whether a match sits on a comment line: `// …` outside any template literal, or a block comment's
 * ` * …` line. Decided from the line alone plus a running count of backticks, and in doubt a line is
 * code: a mistake here only costs a parse.
 */
class CommentLines {
  private counted = 0;
  private backticks = 0;

  constructor(private readonly text: string) {}

  /** Matches must be asked about in increasing order. */
  has(at: number): boolean {
    const text = this.text;
    let i = text.lastIndexOf('\n', at - 1) + 1;
    while (i < at && (text[i] === ' ' || text[i] === '\t')) i++;
    // Code after a block comment closes on the same line: `*/ fetch('/projects')`.
    if (text.slice(i, at).includes('*/')) return false;
    if (text.startsWith('//', i)) return this.outsideTemplate(i);
    if (text.startsWith('/*', i)) return true;
    if (text[i] !== '*') return false;
    // ` * text` inside an open block comment, not a generator method (`*items() {`).
    const next = text[i + 1];
    const bullet = next === undefined || next === ' ' || next === '\t' || next === '\r' || next === '\n' || next === '*';
    return bullet && text.lastIndexOf('/*', i) > text.lastIndexOf('*/', i);
  }

  /** An even number of backticks before `at`: the line is not inside a multi-line template literal. */
  private outsideTemplate(at: number): boolean {
    for (let i = this.counted; i < at; i++) if (this.text.charCodeAt(i) === 96) this.backticks++;
    this.counted = Math.max(this.counted, at);
    return this.backticks % 2 === 0;
  }
}

// A later path segment is a word after `/` or opening a literal, and ends where a segment ends.
const segmentWords = new Map<string, RegExp>();
function segmentWord(word: string): RegExp {
  let re = segmentWords.get(word);
  if (!re) segmentWords.set(word, (re = new RegExp(`['"\`/]${escape(word)}(?=[/?#'"\`\\\\])`)));
  return re;
}

/** Whether some specific v3 route opened by `word` has all its literal words in the text as path segments. */
function specificPossible(word: string, text: string): boolean {
  return (SPECIFIC.get(word) ?? []).some((words) => words.every((w) => segmentWord(w).test(text)));
}

/**
 * Whether the literal (opening at `at`) given to a name ending in `token` (at `key`) can be a token: one
 * word, of 8 characters or more for a private token, of 20 or more for any other name (secrets.ts).
 */
function tokenValue(text: string, key: number, at: number): boolean {
  const end = text.indexOf(text[at]!, at + 1);
  if (end === -1) return true;
  const min = PRIVATE_BEFORE.test(text.slice(Math.max(0, key - 8), key)) ? MIN_PRIVATE_TOKEN : MIN_TOKEN;
  return end - at - 1 >= min && !/\s/.test(text.slice(at + 1, end));
}

/** Read what a file's text shows (one regular-expression pass, stopping early once a version is found). */
export function textEvidence(text: string): TextEvidence {
  const found: TextEvidence = { parse: false, version: false, needsVersion: false };
  const comments = new CommentLines(text);
  TRIGGER.lastIndex = 0;
  for (let m = TRIGGER.exec(text); m; m = TRIGGER.exec(text)) {
    if (comments.has(m.index)) continue;
    if (m[2] !== undefined) {
      // Once the file is parsed anyway, only a version (for its package) is still worth looking for.
      if (found.parse) continue;
      if (specificPossible(m[2], text)) found.parse = true;
      else found.needsVersion = true;
    } else if (m[3] !== undefined) {
      found.parse = true;
    } else if (m[4] !== undefined) {
      if (tokenValue(text, m.index, m.index + m[4].length)) found.parse = true;
    } else if (m[1] !== undefined && !API_PATH.test(text) && !(VERSION_KEY.test(text.slice(Math.max(0, m.index - 40), m.index)) && CONNECTION_KEY.test(text))) {
      continue;
    } else {
      found.version = found.parse = true;
      return found;
    }
  }
  return found;
}

/** Whether the text may hold anything a rule looks for (for front ends that see one file at a time). */
export function mayContainApiCall(text: string): boolean {
  const e = textEvidence(text);
  return e.parse || e.needsVersion;
}

/**
 * The prefilter over one package: admits files as they are read, and once all are read names the files
 * that waited for a version in the package (see above) and must be parsed after all.
 */
export class PackagePrefilter {
  private version = false;
  private readonly waiting: string[] = [];

  /** Whether to parse this file now. */
  admit(file: string, text: string): boolean {
    return this.admitEvidence(file, textEvidence(text));
  }

  /** `admit`, from what `textEvidence` found in the file's text (the cache keeps it for unchanged files). */
  admitEvidence(file: string, e: TextEvidence): boolean {
    if (e.version) this.version = true;
    else if (!e.parse && e.needsVersion) this.waiting.push(file);
    // A Next.js API route under /api/v3 serves the package's own API: its name is the evidence.
    return e.parse || SERVED_VERSION.test(servedPathOfFile(file) ?? '');
  }

  /** The files held back that must be parsed: a file of the package names an API version. */
  late(): readonly string[] {
    return this.version ? this.waiting : [];
  }
}
