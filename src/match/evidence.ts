// The evidence model: when does a URL belong to this service, and which API version does a call use?
// `/api/v3` alone is not enough (other products have v3 APIs); see the README's "Evidence" section.
import { specifiersIn } from '../parse/specifiers.js';
import type { ApiCall } from '../callsites/types.js';
import { segments } from '../callsites/url.js';
import { holeId } from '../callsites/marked.js';
import { baseKeyOf } from '../callsites/client-of.js';
import { hasRawProjectPath, v3RouteInfo, withProjectId } from '../api/v3-routes.js';
import { versionOfRoute } from '../api/version-routes.js';
import { isServiceModule, PRODUCTS, SERVICE_PRODUCT } from '../callsites/names.js';

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
  /** Base literals (see `clientKeys`) that some call naming the service goes through. */
  serviceBases?: string[];
  /**
   * A prefix-only migration: the package's base URLs are all `/api/v4`, yet some of its requests are v3's alone
   * (a `/builds` route, a `merge_when_build_succeeds` parameter). Its code was written for v3.
   */
  prefixOnly?: true;
  /**
   * Client modules (`gl-got`) whose default base URL, `/api/v3` at the version the package depends on, some
   * call of the package relies on: the dependency's pin is itself a finding (rules/dependency-default-base.ts).
   */
  defaultV3?: string[];
  /**
   * Some call of a route of the service writes no version and has no client base: its version is the
   * package's (`version`, else `routesVersion`), which every versioned URL of the package decides.
   */
  unversioned?: true;
  /**
   * Some URL of the package writes `/api/v3` or `/api/v4` (a base or a whole URL). Without one, the base its
   * calls go through is set outside the code (an environment variable, a configuration file).
   */
  writesVersion?: true;
  /**
   * The package's name says another product and not the service (`n8n-nodes-openproject`): its calls are that
   * product's unless a call names the service itself.
   */
  namedFor?: string;
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
  /** Base literals of the file's calls that name the service (see PackageFacts). */
  serviceBases?: string[];
  /** Client modules whose v3 default base the file's calls rely on (see PackageFacts). */
  defaultV3?: string[];
  /** A call takes its version from the package (see PackageFacts). */
  unversioned?: true;
  /** The package is named for another product (its manifest; see PackageFacts). */
  namedFor?: string;
}

const SERVICE_HOST = /(^|[.-])gitlab([.-]|$)/i;
// Well-known hosts of other products, and hosts that have another product's name as a word of their own
// (`github.corp.example.com`, `ghe.example.org`, `harbor.internal`), as a service host has the service's.
const FOREIGN_HOST = /(^|\.)(github\.com|githubusercontent\.com|bitbucket\.org|atlassian\.net|sentry\.io|getsentry\.com|rollbar\.com|bugsnag\.com|airbrake\.io|errbit\.|pivotaltracker\.com|testrail\.|gitea\.|travis-ci\.(org|com)|circleci\.com|trello\.com|asana\.com|shortcut\.com|clubhouse\.io|openproject\.com|readthedocs\.(org|io|com))|(^|[.-])(github|ghe|bitbucket|gitea|gogs|jira|openproject|harbor|sonar|sonarqube|redmine|taiga|jenkins|teamcity|youtrack)([.-]|$)/i;
/**
 * Path words of other products' APIs that no route of the service has (test/evidence.test.ts holds
 * that): GitHub and GitHub Enterprise, OpenProject, Shortcut (Clubhouse), Airbrake and Errbit, Read the Docs,
 * Tricentis qTest (whose `/api/v3/projects/:id/builds` would otherwise read as the service's).
 * A call with one among the first words of its path speaks to that product, and so does every call
 * through the same base, host or wrapper.
 */
export const OTHER_PRODUCT_WORDS: ReadonlySet<string> = new Set([
  ...['repos', 'orgs', 'gists', 'pulls', 'rate_limit'],
  ...['work_packages', 'time_entries'],
  ...['stories', 'epics', 'workflows', 'iterations'],
  ...['notices'],
  ...['subprojects', 'redirects'],
  ...['test-cycles', 'test-suites', 'test-runs', 'test-cases', 'test-logs'],
]);
// A base written through a name that says another product (`${GHE_URL}/…`, `this.openprojectUrl + …`), or the
// service (`${config.gitlabHost}`, `GITLAB_URL + …`): the words of the products' table (callsites/names.ts).
const OTHER_PRODUCT_NAME = { test: (code: string) => PRODUCTS.some((p) => !p.service && p.word.test(code)) };
const SERVICE_NAME = SERVICE_PRODUCT.word;
const TOKEN_TEXT = /PRIVATE-TOKEN|private_token/i;
/**
 * The first import of a module of the service in a source text (`require('gitlab')`, `from './gitlab'`), as
 * written: the service's SDKs and wrappers (`gitlab`, `node-gitlab`, `@gitbeaker/rest`, `gl-got`) or the package's
 * own client module (`./gitlab`) are the service's by the products' table.
 */
function serviceImport(source: string): { text: string; module: string } | undefined {
  for (const imported of specifiersIn(source)) if (isServiceModule(imported.module)) return imported;
  return undefined;
}

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
  return v3RouteInfo(withProjectId(shape));
}

/** The call's base (what comes before its version, or its path) holds a name that says the service. */
export function baseNamesService(call: Pick<ApiCall, 'url' | 'pieces'>): boolean {
  return baseNames(call, SERVICE_NAME);
}

/** Something that tells whether a name says a product: a product's word, or any other product's. */
type NameTest = { test(code: string): boolean };

function baseNames(call: Pick<ApiCall, 'url' | 'pieces'>, name: NameTest): boolean {
  return baseNameCode(call, name) !== undefined;
}

/** The code of the first hole of the call's base whose text matches `name` (`config.gitlabHost`). */
function baseNameCode(call: Pick<ApiCall, 'url' | 'pieces'>, name: NameTest): string | undefined {
  const holes = call.pieces.filter((p) => p.kind === 'hole');
  const end = call.url.version ? call.url.versionAt : call.url.pathStart;
  for (const ch of call.url.marked.slice(0, end)) {
    const id = holeId(ch);
    const code = id === undefined ? undefined : holes[id]?.code;
    if (code !== undefined && name.test(code)) return code;
  }
  return undefined;
}

/**
 * What the call itself shows of another product: its host; else, unless the call names the service (its
 * host, its token), a word of that product's paths or a base named after it; else, unless the names around
 * the call say the service, names around it that say another product. With `why`, the evidence it weighed is
 * noted there (the service's signals too, when they are what keeps the call the service's).
 */
function speaksOtherProduct(call: ApiCall, apiBase: readonly string[], why?: Reason[]): boolean {
  const host = hostOf(call);
  if (host === 'other') {
    why?.push({ kind: 'other-host', detail: [call.url.host, ...(call.hosts ?? [])].find(isForeignHost) });
    return true;
  }
  if (namesService(call, apiBase, why)) return false;
  const word = routeShape(call)
    .slice(0, 3)
    .find((w): w is string => w !== null && OTHER_PRODUCT_WORDS.has(w));
  if (word !== undefined) {
    why?.push({ kind: 'other-route', detail: word });
    return true;
  }
  if (baseNames(call, OTHER_PRODUCT_NAME) && !baseNames(call, SERVICE_NAME)) {
    why?.push({ kind: 'other-base-name', detail: baseNameCode(call, OTHER_PRODUCT_NAME) });
    return true;
  }
  if (call.named) why?.push(call.named.service ? { kind: 'service-name', detail: call.named.name } : { kind: 'other-name', detail: `${call.named.product}: ${call.named.name}` });
  return call.named?.service === false;
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
function isOtherProduct(call: ApiCall, pkg: Pick<PackageFacts, 'others' | 'namedFor'>, apiBase: readonly string[], why?: Reason[]): boolean {
  if (speaksOtherProduct(call, apiBase, why)) return true;
  if (pkg.namedFor !== undefined && !saysService(call, apiBase)) {
    why?.push({ kind: 'other-package', detail: pkg.namedFor });
    return true;
  }
  const others = pkg.others;
  if (others === undefined) return false;
  const key = clientKeys(call).find((k) => others.includes(k));
  if (key === undefined || saysService(call, apiBase)) return false;
  why?.push({ kind: 'other-client', detail: key });
  return true;
}

/**
 * Where a fact of a file was seen (for explanations, `explain.ts`): `fact` is the FileFacts key it sets,
 * `call` the call that shows it, or `text` what its source says (a token header's name, an import).
 */
export type FactNote = (fact: 'service' | 'v3' | 'v4' | 'v3Routes' | 'v4Routes' | 'others' | 'serviceBases', seen: { call?: ApiCall; text?: string; detail: string; key?: string }) => void;

/** Collect a file's evidence from its recognised calls and its text; `note` hears where each fact is seen. */
export function fileFacts(calls: readonly ApiCall[], source: string, serves: readonly ('v3' | 'v4')[] = [], note?: FactNote): FileFacts {
  const token = TOKEN_TEXT.exec(source);
  const imported = token ? undefined : serviceImport(source);
  const facts: FileFacts = { v3: false, v4: false, service: token !== null || imported !== undefined, ...(serves.length > 0 ? { serves: [...new Set(serves)] } : {}) };
  if (note && token) note('service', { text: token[0], detail: `${token[0]} in the code` });
  else if (note && imported) note('service', { text: imported.text, detail: `import of ${imported.module}` });
  const others = new Set<string>();
  const defaultV3 = new Set<string>();
  const serviceBases = new Set<string>();
  // The clients (hosts, bases, wrappers) of the calls that show another product, and the base literals of those
  // that name the service.
  for (const call of calls) {
    const other = speaksOtherProduct(call, []);
    const service = namesService(call, []);
    if (!other && !service) continue;
    for (const key of clientKeys(call)) {
      if (other) {
        others.add(key);
        note?.('others', { call, key, detail: otherProductOf(call) });
      }
      if (service && key.startsWith('base ')) {
        serviceBases.add(key);
        note?.('serviceBases', { call, key, detail: 'a call that names the service' });
      }
    }
  }
  for (const call of calls) {
    if (call.baseFrom === 'dependency' && call.baseVersion === 'v3' && call.clientModule) defaultV3.add(call.clientModule);
    // Another product's call, or one through the same host, base or wrapper (qTest's `/projects/:id/builds`
    // beside its `/test-suites`): no evidence of the service, whatever its route.
    if (speaksOtherProduct(call, []) || (clientKeys(call).some((k) => others.has(k)) && !saysService(call, []))) continue;
    const host = hostOf(call);
    const shape = routeShape(call);
    const info = routeInfo(shape);
    if (host === 'service' || call.headers.includes('private-token') || baseNamesService(call) || call.named?.service) {
      facts.service = true;
      note?.('service', { call, detail: host === 'service' ? `host ${serviceHostOf(call)}` : call.headers.includes('private-token') ? 'PRIVATE-TOKEN header' : baseNamesService(call) ? `base ${baseNameCode(call, SERVICE_NAME)}` : `named ${call.named!.name}` });
    }
    if (info.specific && call.client !== 'url') {
      facts.service = true;
      note?.('service', { call, detail: `route ${routeText(call)}, the service's alone` });
    }
    const version = call.url.version ?? call.baseVersion;
    if (!version && call.url.relative && info.known) facts.unversioned = true;
    // A version counts for the package when the URL is a bare base or a route of the service.
    if (version && (shape.length === 0 || info.known)) {
      facts[version] = true;
      note?.(version, { call, detail: `base URL ${baseText(call)}` });
    }
    if (call.client !== 'url') {
      const only = versionOfRoute(shape, call.params.map((p) => p.name));
      if (only === 'v3') facts.v3Routes = true;
      else if (only === 'v4') facts.v4Routes = true;
      if (only) note?.(only === 'v3' ? 'v3Routes' : 'v4Routes', { call, detail: `route ${routeText(call)} is ${only}-only` });
    }
  }
  if (others.size > 0) facts.others = [...others].sort();
  if (serviceBases.size > 0) facts.serviceBases = [...serviceBases].sort();
  if (defaultV3.size > 0) facts.defaultV3 = [...defaultV3].sort();
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
  const serviceBases = [...new Set(files.flatMap((f) => f.serviceBases ?? []))].sort();
  const defaultV3 = [...new Set(files.flatMap((f) => f.defaultV3 ?? []))].sort();
  const namedFor = files.find((f) => f.namedFor !== undefined)?.namedFor;
  return {
    version: v3 && !v4 ? 'v3' : v4 && !v3 ? 'v4' : undefined,
    service: files.some((f) => f.service),
    ...(routesVersion ? { routesVersion } : {}),
    ...(v4 && !v3 && v3Routes ? { prefixOnly: true as const } : {}),
    ...(serves.length > 0 ? { serves } : {}),
    ...(others.length > 0 ? { others } : {}),
    ...(serviceBases.length > 0 ? { serviceBases } : {}),
    ...(defaultV3.length > 0 ? { defaultV3 } : {}),
    ...(files.some((f) => f.unversioned) ? { unversioned: true as const } : {}),
    ...(v3 || v4 ? { writesVersion: true as const } : {}),
    ...(namedFor ? { namedFor } : {}),
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
  /**
   * A v4 call of a prefix-only migration (PackageFacts.prefixOnly): code written for v3, so v3 rules judge it
   * on every route, v4's too (the `membership` its project list no longer implies), not only where v4 has none.
   */
  prefixOnly?: true;
}

/**
 * The kinds of evidence, strongest first: a kind decides over every kind below it (`weight`), and kinds of
 * one weight agree or are weighed together as the README says. `says` is what the kind argues for. The
 * README's table of the evidence model is generated from this list.
 */
export const EVIDENCE_KINDS = [
  { kind: 'other-host', weight: 90, says: 'other product', what: "a well-known host of another product (`api.github.com`, `*.atlassian.net`, Sentry, Shortcut, …), or a host with another product's name as a word (`github.corp.example.com`, `harbor.internal`), in the call's URL or among its default hosts" },
  { kind: 'service-host', weight: 80, says: 'service', what: "a host whose name has the service's name as a word (`gitlab.example.com`) in the call's URL or among its default hosts" },
  { kind: 'service-base-name', weight: 80, says: 'service', what: "the call's base is written through a name that says the service (`${config.gitlabHost}/api/v3`)" },
  { kind: 'service-client', weight: 80, says: 'service', what: "the call is sent with the service's own client (`gl-got`)" },
  { kind: 'token-header', weight: 80, says: 'service', what: 'the call sends the `PRIVATE-TOKEN` header' },
  { kind: 'token-param', weight: 80, says: 'service', what: 'the call sends the `private_token` parameter' },
  { kind: 'api-base', weight: 80, says: 'service', what: 'the call starts with a base URL, or goes to a host, configured in `apiBase`' },
  { kind: 'other-route', weight: 70, says: 'other product', what: "a word of another product's paths among the path's first three (`repos`, `work_packages`, `stories`, `notices`, …)" },
  { kind: 'other-base-name', weight: 70, says: 'other product', what: 'the base is written through a name that says another product (`${GHE_URL}`, `this.openprojectUrl`)' },
  { kind: 'other-name', weight: 65, says: 'other product', what: "the nearest name around the call says another product: an OAuth strategy or SDK of it (`new GitHubStrategy(…)`, `passport-github2`, `@octokit/…`), the key, name, class or function it is written in (`github: { url }`, `class GheClient`), a string beside it (`provider: 'github'`); a place naming two products says nothing" },
  { kind: 'service-name', weight: 65, says: 'service', what: "the nearest name around the call says the service: the name or key its URL or client is held under (`GITLAB_API`, `gitlab: { url }`, `const gitlab = axios.create(…)`), an OAuth strategy or class named for it (`passport-gitlab2`, `class GitLabStrategy`, `this.name = 'gitlab'`), a string beside it (`provider: 'gitlab'`, `passport.use('gitlab', …)`)" },
  { kind: 'other-package', weight: 60, says: 'other product', what: "the package is named for another product and not for the service (`n8n-nodes-openproject`): its calls are that product's unless a call names the service itself (its host, its token, a name beside it)" },
  { kind: 'other-client', weight: 60, says: 'other product', what: 'the call goes through the same host, base literal or wrapper as a call that shows another product' },
  { kind: 'service-base', weight: 55, says: 'service', what: "the call goes through the same base literal as a call that names the service (its host, its token): a base constant (`const API = 'https://host/api/v3'`) the service's requests are sent under" },
  { kind: 'own-server', weight: 50, says: 'own API', what: "the package's own server declares routes under the call's API version" },
  { kind: 'specific-route', weight: 40, says: 'service', what: "the route is the service's alone (`/projects/:id/builds`, `/projects/fork/:id`, `/projects/:id/repository/…`)" },
  { kind: 'package-service', weight: 30, says: 'service', what: "the package shows the service elsewhere: its name or keywords, a dependency on or import of the service's client, the token header in its code, a call to a host of the service, a call named for it, a route specific to it" },
  { kind: 'url-version', weight: 25, says: 'version', what: 'the version: the URL carries `/api/v3` or `/api/v4` itself' },
  { kind: 'base-version', weight: 25, says: 'version', what: "the version: the client's base URL carries it (axios `baseURL`, got `prefixUrl`, a wrapper's base)" },
  { kind: 'dependency-default', weight: 25, says: 'version', what: "the version: the client's default base at the version the package depends on (`gl-got` before 8: v3)" },
  { kind: 'package-version', weight: 25, says: 'version', what: "the version of a relative path: the package's base URLs, when they are all of one version" },
  { kind: 'routes-version', weight: 25, says: 'version', what: "the version of a relative path whose package has no base URL of one version: the routes the package calls, when some are only one version's and none only the other's" },
  { kind: 'v3-only-route', weight: 22, says: 'v3', what: 'the route (with the parameters it sends) is v3\'s and not v4\'s' },
  { kind: 'shared-route', weight: 20, says: 'none', what: "the route is in the service's v3 table but other products have it too (`/projects`, `/user`): the service's only with evidence above" },
  { kind: 'unknown-route', weight: 20, says: 'none', what: 'the route is in neither of the service\'s route tables: no v3 rule fits it' },
  { kind: 'v4-route-gap', weight: 20, says: 'v4', what: 'a v4 call: v3 rules judge it only where v4 has no such route, and rules about parameters and ids judge it too' },
  { kind: 'prefix-only', weight: 20, says: 'v3', what: "a v4 call in a package whose base URLs are all `/api/v4` but some of whose requests are v3's alone (a prefix-only migration): its code was written for v3, so v3 rules judge it on v4's routes too (the `membership` a plain project list now needs)" },
  { kind: 'no-evidence', weight: 0, says: 'none', what: 'nothing above speaks for the service: the call is not reported' },
] as const;

export type EvidenceKind = (typeof EVIDENCE_KINDS)[number]['kind'];

/** One piece of evidence a decision weighed (noted only when a decision is explained). */
export interface Reason {
  kind: EvidenceKind;
  /** What was seen: a host, a header, a path word, a base's code, a client key. */
  detail?: string;
}

/**
 * The call itself names the service: its host, the token header or parameter, or a configured base URL (the
 * kinds of weight 80), or the nearest name around it (weight 65, below another product's path words and base
 * names).
 */
function saysService(call: ApiCall, apiBase: readonly string[]): boolean {
  return namesService(call, apiBase) || call.named?.service === true;
}

/** The call's own text names the service (the kinds of weight 80): its host, base name, client, token, a configured base. */
function namesService(call: ApiCall, apiBase: readonly string[], why?: Reason[]): boolean {
  if (!why) return hostOf(call) === 'service' || baseNamesService(call) || call.serviceClient === true || call.headers.includes('private-token') || sendsTokenParam(call) || matchesApiBase(call, apiBase);
  // Explaining: every signal that speaks, not only the first.
  const before = why.length;
  if (hostOf(call) === 'service') why.push({ kind: 'service-host', detail: serviceHostOf(call) });
  if (baseNamesService(call)) why.push({ kind: 'service-base-name', detail: baseNameCode(call, SERVICE_NAME) });
  if (call.serviceClient === true) why.push({ kind: 'service-client', detail: call.clientModule ?? call.client });
  if (call.headers.includes('private-token')) why.push({ kind: 'token-header' });
  if (sendsTokenParam(call)) why.push({ kind: 'token-param', detail: call.params.find((p) => TOKEN_PARAM.test(p.name))!.name });
  if (matchesApiBase(call, apiBase)) why.push({ kind: 'api-base', detail: apiBase.find((b) => matchesApiBase(call, [b])) });
  return why.length > before;
}

/**
 * A call of the package's own API: a version its server serves, and nothing at the call (a host of the
 * service, its token, its client, a configured base) names the service.
 */
function ownApi(call: ApiCall, pkg: PackageFacts, version: 'v3' | 'v4' | undefined, apiBase: readonly string[], why?: Reason[]): boolean {
  const own = version !== undefined && pkg.serves?.includes(version) === true && !saysService(call, apiBase) && serviceBaseOf(call, pkg) === undefined;
  if (own) why?.push({ kind: 'own-server', detail: version });
  return own;
}

/** The base literal the call shares with a call that names the service, if it shares one. */
function serviceBaseOf(call: ApiCall, pkg: Pick<PackageFacts, 'serviceBases'>): string | undefined {
  return pkg.serviceBases && clientKeys(call).find((k) => pkg.serviceBases!.includes(k));
}

/** Decide whether v3 rules apply to a call, given its package's facts. */
export function scopeOf(call: ApiCall, pkg: PackageFacts, apiBase: readonly string[] = []): Scope {
  return decide(call, pkg, apiBase);
}

/**
 * The one decision, for scopeOf (no `why`: nothing but the answer is built) and for explainScope (every
 * piece of evidence it weighed is noted in `why`).
 */
function decide(call: ApiCall, pkg: PackageFacts, apiBase: readonly string[], why?: Reason[]): Scope {
  const own = call.url.version ?? call.baseVersion;
  const version = own ?? (call.url.relative ? (pkg.version ?? pkg.routesVersion) : undefined);
  const fromPackage = own === undefined && version !== undefined;
  if (why && version) why.push(versionReason(call, pkg));
  if (isOtherProduct(call, pkg, apiBase, why) || ownApi(call, pkg, version, apiBase, why)) return { version, fromPackage, v3: false, service: false };
  const shape = routeShape(call);
  const info = routeInfo(shape);
  const hostSays = saysService(call, apiBase);
  const sharedBase = serviceBaseOf(call, pkg);
  if (why && sharedBase && !hostSays) why.push({ kind: 'service-base', detail: sharedBase });
  let v3: boolean;
  if (shape.length === 0 || (shape.length === 1 && shape[0] === null)) v3 = version === 'v3' && (pkg.service || hostSays);
  else if (!info.known) v3 = false;
  else if (version === 'v3') v3 = info.specific || pkg.service || hostSays;
  // A v4 call (own prefix, client base or package) can still use a v3-only route, e.g. after a prefix-only
  // migration: v3 rules apply only where v4 has no such route (checked per rule in match/run.ts).
  else if (version === 'v4') v3 = true;
  else v3 = info.specific;
  const prefixOnly = version === 'v4' && pkg.prefixOnly === true && v3;
  if (why) {
    if (shape.length > 0 && !(shape.length === 1 && shape[0] === null)) {
      const only = call.client === 'url' ? undefined : versionOfRoute(shape, call.params.map((p) => p.name));
      if (only === 'v3') why.push({ kind: 'v3-only-route', detail: routeText(call) });
      if (!info.known) why.push({ kind: 'unknown-route', detail: routeText(call) });
      else if (info.specific) why.push({ kind: 'specific-route', detail: routeText(call) });
      else why.push({ kind: 'shared-route', detail: routeText(call) });
      if (version === 'v4' && info.known) why.push(prefixOnly ? { kind: 'prefix-only' } : { kind: 'v4-route-gap', detail: routeText(call) });
    }
    if (pkg.service) why.push({ kind: 'package-service' });
    if (!v3 && !hostSays && !(version !== undefined && pkg.service)) why.push({ kind: 'no-evidence' });
  }
  return { version, fromPackage, v3, service: v3 || hostSays, ...(prefixOnly ? { prefixOnly: true as const } : {}) };
}

/**
 * Where the version of a call that has one comes from, in the order `decide` takes them: its URL, its
 * client's base (written, or the client's default at the version depended on), its package's base URLs,
 * its package's routes.
 */
function versionReason(call: ApiCall, pkg: PackageFacts): Reason {
  if (call.url.version) return { kind: 'url-version', detail: baseText(call) };
  if (call.baseVersion) return call.baseFrom === 'dependency' ? { kind: 'dependency-default', detail: call.clientModule } : { kind: 'base-version', detail: call.baseKey?.replace(/^\d+:/, '') };
  return pkg.version ? { kind: 'package-version', detail: pkg.version } : { kind: 'routes-version', detail: pkg.routesVersion };
}

/** Who a call decided, and the evidence it weighed, strongest first (for `inventory`'s explanations). */
export interface ScopeExplained {
  scope: Scope;
  /** `service`: this service's (the inventory lists it); `other product`, `own API`, or nothing known. */
  service: 'service' | 'other product' | 'own API' | 'unknown';
  reasons: Reason[];
}

/**
 * Explain the decision scopeOf and isServiceCall make for a call: the same decision, run again with its
 * evidence noted. Only the inventory asks; linting never builds reasons.
 */
export function explainScope(call: ApiCall, pkg: PackageFacts, apiBase: readonly string[] = []): ScopeExplained {
  const why: Reason[] = [];
  const scope = decide(call, pkg, apiBase, why);
  const service = isServiceCall(call, pkg, apiBase) ? 'service' : isOtherProduct(call, pkg, apiBase) ? 'other product' : ownApi(call, pkg, scope.version, apiBase) ? 'own API' : 'unknown';
  const seen = new Set<string>();
  const reasons = why.filter((r) => {
    const key = `${r.kind}:${r.detail ?? ''}`;
    return !seen.has(key) && (seen.add(key), true);
  });
  return { scope, service, reasons: reasons.sort((a, b) => WEIGHT.get(b.kind)! - WEIGHT.get(a.kind)!) };
}

const WEIGHT: ReadonlyMap<EvidenceKind, number> = new Map(EVIDENCE_KINDS.map((k) => [k.kind, k.weight]));

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

/** The first host of the service among the call's hosts. */
function serviceHostOf(call: Pick<ApiCall, 'url' | 'hosts'>): string | undefined {
  return [call.url.host, ...(call.hosts ?? [])].find(isServiceHost);
}

/** The route as the inventory shows it (`/projects/*\/builds`). */
function routeText(call: Pick<ApiCall, 'url'>): string {
  return '/' + routeShape(call).map((w) => w ?? '*').join('/');
}

/** The URL up to its route (`https://host/api/v3`, `…/api/v3` when the base is not literal). */
function baseText(call: Pick<ApiCall, 'url'>): string {
  const end = call.url.version ? call.url.versionAt + 2 : call.url.pathStart;
  const text = call.url.marked.slice(0, end).replace(/[\ue000-\uf8ff]+/g, '…');
  return text === '' ? '/' : text;
}

/** What shows a call to be another product's (for explanations): its host, its path word, its base's name. */
function otherProductOf(call: ApiCall): string {
  const why: Reason[] = [];
  speaksOtherProduct(call, [], why);
  const r = why.find((w) => w.kind.startsWith('other-'));
  return r ? describeOther(r) : 'another product';
}

// The products the words of OTHER_PRODUCT_WORDS belong to.
const PRODUCT_OF_WORD: Readonly<Record<string, string>> = {
  repos: 'GitHub', orgs: 'GitHub', gists: 'GitHub', pulls: 'GitHub', rate_limit: 'GitHub',
  work_packages: 'OpenProject', time_entries: 'OpenProject',
  stories: 'Shortcut', epics: 'Shortcut', workflows: 'Shortcut', iterations: 'Shortcut',
  notices: 'Airbrake',
  subprojects: 'Read the Docs', redirects: 'Read the Docs',
  'test-cycles': 'qTest', 'test-suites': 'qTest', 'test-runs': 'qTest', 'test-cases': 'qTest', 'test-logs': 'qTest',
};

/** An other-product reason in words: `host api.github.com`, `OpenProject's path word work_packages`, `base ${GHE_URL}`. */
export function describeOther(r: Reason): string {
  if (r.kind === 'other-host') return `another product's host ${r.detail}`;
  if (r.kind === 'other-route') return `${PRODUCT_OF_WORD[r.detail ?? ''] ?? "another product"}'s path word ${r.detail}`;
  if (r.kind === 'other-base-name') return `base named for another product: ${r.detail}`;
  if (r.kind === 'other-name') return `named for ${r.detail}`;
  return 'another product';
}

/** Whether the v3 route table knows the call's path (a raw `group/name` project path included). */
export function isKnownV3Route(call: Pick<ApiCall, 'url'>): boolean {
  return routeInfo(routeShape(call)).known;
}
