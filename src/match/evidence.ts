// The evidence model: when does a URL belong to this service, and which API version does a call use?
// `/api/v3` alone is not enough (other products have v3 APIs); see the README's "Evidence" section.
import type { ApiCall } from '../callsites/types.js';
import { segments } from '../callsites/url.js';
import { holeId } from '../callsites/marked.js';
import { baseKeyOf } from '../callsites/client-of.js';
import { hasRawProjectPath, v3RouteInfo } from '../api/v3-routes.js';
import { versionOfRoute } from '../api/version-routes.js';

/** What one package (the tree of the nearest package.json) shows about its API client. */
export interface PackageFacts {
  /** The API version its base URLs use: 'v3', 'v4', or undefined when none or both. */
  version: 'v3' | 'v4' | undefined;
  /** The code shows the service (a specific route, its token header, its host). */
  service: boolean;
  /**
   * The version the routes it calls belong to, when they are routes only one version has (`…/keys` is
   * v3, `…/jobs` v4) and none of the other's: for a client whose base URL is configured by its user.
   */
  routesVersion?: 'v3' | 'v4';
  /**
   * The API versions the package's own server declares routes under (`router.get('/api/v3/…')`,
   * `@Controller('api/v3/…')`): its calls of such a version are its own API unless the call names the service.
   */
  serves?: ('v3' | 'v4')[];
  /** Bases, hosts and wrappers (see `clientKeys`) that some call shows to be another product's. */
  others?: string[];
}

/** What one file contributes to its package's facts. */
export interface FileFacts {
  v3: boolean;
  v4: boolean;
  service: boolean;
  /** API versions of the server routes the file declares. */
  serves?: ('v3' | 'v4')[];
  /** Calls to routes only v3 has, or only v4 has. */
  v3Routes?: boolean;
  v4Routes?: boolean;
  /** Clients of the file's calls that speak to another product (see `clientKeys`). */
  others?: string[];
}

const SERVICE_HOST = /(^|[.-])gitlab([.-]|$)/i;
const FOREIGN_HOST = /(^|\.)(github\.com|githubusercontent\.com|bitbucket\.org|atlassian\.net|sentry\.io|airbrake\.io|errbit\.|pivotaltracker\.com|testrail\.|gitea\.|travis-ci\.(org|com)|circleci\.com|trello\.com|asana\.com|shortcut\.com|clubhouse\.io|openproject\.com|readthedocs\.(org|io|com))/i;
/**
 * Path words of other products' APIs that no route of the service has (test/evidence.test.ts holds
 * that): GitHub and GitHub Enterprise, OpenProject, Shortcut (Clubhouse), Airbrake and Errbit, Read the Docs.
 * A call with one among the first words of its path speaks to that product, and so does every call
 * through the same base, host or wrapper.
 */
export const OTHER_PRODUCT_WORDS: ReadonlySet<string> = new Set([
  ...['repos', 'orgs', 'gists', 'pulls', 'rate_limit'],
  ...['work_packages', 'time_entries'],
  ...['stories', 'epics', 'workflows', 'iterations'],
  ...['notices'],
  ...['subprojects', 'redirects'],
]);
// A base written through a name that says another product: `${GHE_URL}/…`, `this.openprojectUrl + …`.
const OTHER_PRODUCT_NAME = /github|(^|[^a-z])ghe([^a-z]|$)|openproject|shortcut|clubhouse|airbrake|errbit|readthedocs|bitbucket|gitea|jira/i;
const TOKEN_TEXT = /PRIVATE-TOKEN|private_token/i;
// A module named for the service, imported: its SDKs (`gitlab`, `node-gitlab`, `@gitbeaker/rest`) or the
// package's own client module (`./gitlab`).
const SERVICE_IMPORT = /(?:require\s*\(\s*|\bfrom\s+|\bimport\s*\(\s*)['"][^'"\n]*(?:gitlab|gitbeaker|gl-got)[^'"\n]*['"]/i;
// A base URL written through a name that says the service: `${config.gitlabHost}`, `GITLAB_URL + …`.
const SERVICE_NAME = /gitlab/i;

export function isServiceHost(host: string | undefined): boolean {
  return host !== undefined && SERVICE_HOST.test(host);
}

export function isForeignHost(host: string | undefined): boolean {
  return host !== undefined && FOREIGN_HOST.test(host) && !SERVICE_HOST.test(host);
}

/**
 * What the hosts of a call's URL say: its own, or one of the other values the URL may have (a default
 * host, `options.uri || 'https://gitlab.com'`). The values of one URL are one product's.
 */
export function hostOf(call: Pick<ApiCall, 'url' | 'hosts'>): 'service' | 'other' | undefined {
  const hosts = [call.url.host, ...(call.hosts ?? [])];
  if (hosts.some(isForeignHost)) return 'other';
  return hosts.some(isServiceHost) ? 'service' : undefined;
}

const TOKEN_PARAM = /^private[-_]?token$/i;

/** The call sends the service's token parameter (its own vocabulary), written at the call. */
function sendsTokenParam(call: ApiCall): boolean {
  return call.params.some((p) => TOKEN_PARAM.test(p.name));
}

/** A configured base: a URL the call's text starts with, or a host name equal to the call's host. */
function matchesApiBase(call: ApiCall, apiBase: readonly string[]): boolean {
  return apiBase.some((base) => (base.includes('/') ? call.url.marked.startsWith(base.replace(/\/+$/, '')) : call.url.host === base));
}

/** Route segments as the route tables take them: literal text, or null for a dynamic segment. */
export function routeShape(call: Pick<ApiCall, 'url'>): (string | null)[] {
  return segments(call.url).map((s) => (s.dynamic ? null : s.text));
}

/** The v3 route table's view of a shape; a raw `group/name` project path counts as the project's segment. */
function routeInfo(shape: (string | null)[]) {
  const info = v3RouteInfo(shape);
  if (info.known || !hasRawProjectPath(shape)) return info;
  return v3RouteInfo(['projects', null, ...shape.slice(3)]);
}

/** The call's base (what comes before its version, or its path) holds a name that says the service. */
export function baseNamesService(call: Pick<ApiCall, 'url' | 'pieces'>): boolean {
  return baseNames(call, SERVICE_NAME);
}

function baseNames(call: Pick<ApiCall, 'url' | 'pieces'>, name: RegExp): boolean {
  const holes = call.pieces.filter((p) => p.kind === 'hole');
  const end = call.url.version ? call.url.versionAt : call.url.pathStart;
  for (const ch of call.url.marked.slice(0, end)) {
    const id = holeId(ch);
    if (id !== undefined && name.test(holes[id]?.code ?? '')) return true;
  }
  return false;
}

/**
 * What the call itself shows of another product: its host; else, unless the call names the service (its
 * host, its token), a word of that product's paths or a base named after it.
 */
function speaksOtherProduct(call: ApiCall, apiBase: readonly string[]): boolean {
  const host = hostOf(call);
  if (host === 'other') return true;
  if (saysService(call, apiBase)) return false;
  if (routeShape(call).slice(0, 3).some((w) => w !== null && OTHER_PRODUCT_WORDS.has(w))) return true;
  return baseNames(call, OTHER_PRODUCT_NAME) && !baseNames(call, SERVICE_NAME);
}

/**
 * What identifies the client a call goes through, across the files of a package: its hosts, the literal
 * its version is written in (its own or its instance's `baseURL`), and the wrapper that sends it. The
 * calls of one client speak to one product.
 */
function clientKeys(call: ApiCall): string[] {
  const keys: string[] = [];
  for (const host of [call.url.host, ...(call.hosts ?? [])]) if (host) keys.push(`host ${host.toLowerCase()}`);
  const base = call.url.version ? baseKeyOf(call.pieces) : call.baseKey;
  if (base) keys.push(`base ${base}`);
  // A wrapper is one product's client when its body writes the API's version itself; one that sends
  // whatever base it is given (a parameter, an instance's property) may serve several products.
  if (call.via && call.pieces.some((p) => p.kind === 'text' && p.foreign && p.text.includes('api/v'))) keys.push(`via ${call.via.start}:${call.via.end}`);
  return keys;
}

/**
 * The call goes to another product: by what it shows itself, or through a client another call shows to be
 * one, unless the call itself names the service.
 */
function isOtherProduct(call: ApiCall, pkg: Pick<PackageFacts, 'others'>, apiBase: readonly string[]): boolean {
  if (speaksOtherProduct(call, apiBase)) return true;
  const others = pkg.others;
  return others !== undefined && clientKeys(call).some((k) => others.includes(k)) && !saysService(call, apiBase);
}

/** Collect a file's evidence from its recognised calls and its text. */
export function fileFacts(calls: readonly ApiCall[], source: string, serves: readonly ('v3' | 'v4')[] = []): FileFacts {
  const facts: FileFacts = { v3: false, v4: false, service: TOKEN_TEXT.test(source) || SERVICE_IMPORT.test(source), ...(serves.length > 0 ? { serves: [...new Set(serves)] } : {}) };
  const others = new Set<string>();
  for (const call of calls) {
    if (speaksOtherProduct(call, [])) {
      for (const key of clientKeys(call)) others.add(key);
      continue;
    }
    const host = hostOf(call);
    const shape = routeShape(call);
    const info = routeInfo(shape);
    if (host === 'service' || call.headers.includes('private-token') || baseNamesService(call)) facts.service = true;
    if (info.specific && call.client !== 'url') facts.service = true;
    const version = call.url.version ?? call.baseVersion;
    // A version counts for the package when the URL is a bare base or a route of the service.
    if (version && (shape.length === 0 || info.known)) facts[version] = true;
    if (call.client !== 'url') {
      const only = versionOfRoute(shape, call.params.map((p) => p.name));
      if (only === 'v3') facts.v3Routes = true;
      else if (only === 'v4') facts.v4Routes = true;
    }
  }
  if (others.size > 0) facts.others = [...others].sort();
  return facts;
}

/** Combine the facts of a package's files. */
export function packageFacts(files: readonly FileFacts[]): PackageFacts {
  const v3 = files.some((f) => f.v3);
  const v4 = files.some((f) => f.v4);
  const v3Routes = files.some((f) => f.v3Routes);
  const v4Routes = files.some((f) => f.v4Routes);
  const routesVersion = v3Routes && !v4Routes ? 'v3' : v4Routes && !v3Routes ? 'v4' : undefined;
  const serves = [...new Set(files.flatMap((f) => f.serves ?? []))].sort();
  const others = [...new Set(files.flatMap((f) => f.others ?? []))].sort();
  return {
    version: v3 && !v4 ? 'v3' : v4 && !v3 ? 'v4' : undefined,
    service: files.some((f) => f.service),
    ...(routesVersion ? { routesVersion } : {}),
    ...(serves.length > 0 ? { serves } : {}),
    ...(others.length > 0 ? { others } : {}),
  };
}

export interface Scope {
  /** The effective version: the URL's own prefix, the client's base, or the package's. */
  version: 'v3' | 'v4' | undefined;
  /** True when the version came from the package rather than the call or its client. */
  fromPackage: boolean;
  /** The call is this service's v3 API (v3 rules apply). */
  v3: boolean;
  /** The call is this service's, in whatever version (rules about both versions apply). */
  service: boolean;
}

/** The call itself names the service: its host, the token header or parameter, or a configured base URL. */
function saysService(call: ApiCall, apiBase: readonly string[]): boolean {
  return hostOf(call) === 'service' || baseNamesService(call) || call.serviceClient === true || call.headers.includes('private-token') || sendsTokenParam(call) || matchesApiBase(call, apiBase);
}

/**
 * A call of the package's own API: a version its server serves, and nothing at the call (a host of the
 * service, its token, its client, a configured base) names the service.
 */
function ownApi(call: ApiCall, pkg: PackageFacts, version: 'v3' | 'v4' | undefined, apiBase: readonly string[]): boolean {
  return version !== undefined && pkg.serves?.includes(version) === true && !saysService(call, apiBase);
}

/** Decide whether v3 rules apply to a call, given its package's facts. */
export function scopeOf(call: ApiCall, pkg: PackageFacts, apiBase: readonly string[] = []): Scope {
  const own = call.url.version ?? call.baseVersion;
  const version = own ?? (call.url.relative ? (pkg.version ?? pkg.routesVersion) : undefined);
  const fromPackage = own === undefined && version !== undefined;
  if (isOtherProduct(call, pkg, apiBase) || ownApi(call, pkg, version, apiBase)) return { version, fromPackage, v3: false, service: false };
  const shape = routeShape(call);
  const info = routeInfo(shape);
  const hostSays = saysService(call, apiBase);
  let v3: boolean;
  if (shape.length === 0 || (shape.length === 1 && shape[0] === null)) v3 = version === 'v3' && (pkg.service || hostSays);
  else if (!info.known) v3 = false;
  else if (version === 'v3') v3 = info.specific || pkg.service || hostSays;
  // A v4 call (own prefix, client base or package) can still use a v3-only route, e.g. after a prefix-only
  // migration: v3 rules apply only where v4 has no such route (checked per rule in match/run.ts).
  else if (version === 'v4') v3 = true;
  else v3 = info.specific;
  return { version, fromPackage, v3, service: v3 || hostSays };
}

/**
 * Whether a call is this service's, v3 or v4 (for the inventory, which lists v4 calls too): the calls
 * v3 rules apply to, calls the host, token header or configured base says are the service's, and
 * versioned URLs in a package that shows the service. Well-known other hosts never are.
 */
export function isServiceCall(call: ApiCall, pkg: PackageFacts, apiBase: readonly string[] = []): boolean {
  if (isOtherProduct(call, pkg, apiBase)) return false;
  const scope = scopeOf(call, pkg, apiBase);
  if (scope.v3) return true;
  if (saysService(call, apiBase)) return true;
  return scope.version !== undefined && pkg.service && !ownApi(call, pkg, scope.version, apiBase);
}

/** Whether the v3 route table knows the call's path (a raw `group/name` project path included). */
export function isKnownV3Route(call: Pick<ApiCall, 'url'>): boolean {
  return routeInfo(routeShape(call)).known;
}
