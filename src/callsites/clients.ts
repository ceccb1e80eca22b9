// The client table: for every HTTP client, how a request is written with it — which names and modules
// are the client, which argument holds the URL, the method, the options, the body or the query, which
// option keys carry them, which calls make an instance that carries a base URL forward, and which
// builder methods add to a request. The recogniser (recognise.ts) only interprets these rows: adding a
// client is one row here. Test doubles of the service (nock, msw, fetch-mock) are rows too: what they
// declare is a request the client's tests expect, read like the request it stands for.
import type { Method } from './types.js';

// The verbs VueUse chains after `useFetch(url)`.
const VUEUSE_VERBS = { get: 'verb', post: 'verb', put: 'verb', patch: 'verb', delete: 'verb', head: 'verb' } as const;

/** What one argument of a request call holds. */
export type Slot =
  | 'url'
  /** A URL, or an options object that holds the URL (`axios(config)`, `request({ uri })`). */
  | 'urlOrOptions'
  | 'method'
  /** An HTTP method when the argument is one, else the URL (`superagent('POST', url)` or `superagent(url)`). */
  | 'methodOrUrl'
  | 'options'
  | 'body'
  | 'query'
  | 'headers'
  | 'callback'
  /** The arguments in any order, each read by what it is: a verb the method, a URL the base, an object the headers (bent). */
  | 'byKind'
  /** An argument that says nothing of the request (a user agent, request handlers). */
  | 'other'
  /** A cache key: the URL, or a list of the URL and the objects its fetcher sends with it (SWR's `[path, query]`). */
  | 'key';

/** How a request is written: its arguments in order, and the method when the form fixes it. */
export interface Form {
  args: readonly Slot[];
  method?: Method;
  /** What the request's promise, observable or success callback hands over, when not the row's. */
  yields?: Yields;
}

/** The response (status, headers and the body in a field or behind `.json()`), or the parsed body itself. */
export type Yields = 'response' | 'body';

export interface OptionKeys {
  url?: readonly string[];
  method?: readonly string[];
  query?: readonly string[];
  body?: readonly string[];
  headers?: readonly string[];
  /** A base URL the request's URL is relative to. */
  base?: readonly string[];
  /** Node's http options: the path (with its query) and the host, instead of a URL. */
  path?: readonly string[];
  host?: readonly string[];
}

/** A test double of the service: how messages name it, and what of a request it matches (`path`: the method and path only, as msw). */
export interface TestDouble {
  noun: string;
  matches: 'request' | 'path';
}

export interface ClientRow {
  /** The name reports use. */
  client: string;
  /** Modules whose default or namespace import is the client; `module#export` for a named export. */
  modules?: readonly string[];
  /** Names that are the client without an import (globals, AngularJS's injected services). */
  globals?: readonly string[];
  /**
   * Names a framework gives the client on `this` or on a context object, with no assignment in the code
   * (Nuxt's `this.$axios`, `context.$axios`, `({ $axios })`).
   */
  injected?: readonly string[];
  /** The member holding the settings every request of the client gets (default `defaults`: `axios.defaults.baseURL = …`). */
  settings?: string;
  /** A type annotation that makes a name the client (Angular's injected `HttpClient`). */
  types?: readonly string[];
  /** A constructor whose instances are the client (`new XMLHttpRequest()`). */
  constructors?: readonly string[];
  /** What the row's modules export is a class: `new X(…)` of it is the client (`new HttpClient('agent')`). */
  instantiated?: true;
  /** Calling the client itself. */
  call?: Form;
  /**
   * Members named for a verb (`get`, `post`, `del`, …): their arguments, and others for verbs that send a body
   * (`withBody`: POST, PUT and PATCH unless the row says which); `emptyBody`, the code a fix that changes the verb
   * writes for a body those verbs must be given (Angular's `post(url, body)`: `null`).
   */
  verbs?: { args: readonly Slot[]; bodyArgs?: readonly Slot[]; withBody?: readonly Method[]; only?: readonly Method[]; emptyBody?: string };
  /** Other members that send a request; a member of a member is named with its dot (`'paginate.all'`). */
  members?: Readonly<Record<string, Form>>;
  /** Members that make a new client carrying these options forward (`create`, `extend`, `defaults`). */
  factories?: readonly string[];
  /** The factories' arguments, when not one options object: `url` is a base every request's URL is appended to (`createClient(base)`). */
  factoryArgs?: readonly Slot[];
  /**
   * Methods chained after a request that add to it: `.query(obj)`, `.send(obj)`, `.set(name, value)`; `verb`
   * names the method by its own name, and is given the body (VueUse's `useFetch(url).post(body)`); `end`
   * closes the request, so what follows is the next one's (nock's `.reply(…)`).
   */
  chain?: Readonly<Record<string, 'query' | 'body' | 'headers' | 'base' | 'end' | 'verb'>>;
  /**
   * The request is an object held in a name, and the `chain` members called on it later in the same function
   * add to it: the receiver of the request call (XHR's `xhr.open(…)`, then `xhr.send(body)`) or the name its
   * result is put in (`const req = https.request(o)`, then `req.write(body)`). `opens` starts another request.
   */
  held?: { on: 'receiver' | 'result'; opens?: string };
  /**
   * Calling the client makes an instance whose requests' URLs begin with the call's `url` argument (nock's scope:
   * `nock(base)`, supertest's `request(base)`, bent's `bent(base, 'DELETE')`); only the instance sends (its `call`).
   */
  scope?: { args: readonly Slot[] };
  /** Members (chained after a request, or on the instance) that hand back the instance, so another request can follow. */
  returns?: readonly string[];
  /** Matcher prefixes written before the URL (`begin:`, `express:` of fetch-mock): not part of the URL. */
  urlPrefixes?: readonly string[];
  /**
   * A test double of the service: the request it declares is how the client's tests see the service, and must
   * move with the client. `noun` names it in messages; `matches: 'path'` when it matches only the method and
   * the path (msw), so what else the request sends is not known from it.
   */
  double?: TestDouble;
  options: OptionKeys;
  /** What a request hands over (default: the response). */
  yields?: Yields;
  /** The call's value is its result at once, not a promise of it (a React hook's state: `const { data } = useSWR(…)`). */
  immediate?: true;
  /** With a GET, the body slot is sent as the query string (needle, jQuery). */
  bodyIsQueryForGet?: boolean;
  /**
   * A query option replaces the query string of the URL instead of adding to it (got's and ky's `searchParams`):
   * a parameter added to such a call's URL would be dropped.
   */
  queryReplacesUrl?: true;
  /** The call defines requests of several methods (a `$resource`'s actions): no method is assumed. */
  anyMethod?: boolean;
  /** The service's own client: whatever it is sent to is the service. */
  service?: true;
  /**
   * What the parameters of the callback a request is given receive, in order (request's `(err, response, body)`,
   * jQuery's success `(data)`); `other` for one that holds nothing of the answer (restify's `req`).
   */
  callback?: readonly ('error' | 'response' | 'body' | 'other')[];
  /** The API version the client's own default base URL has, by the installed major version (`[[0, 'v3'], [8, 'v4']]`). */
  defaultVersion?: readonly (readonly [number, 'v3' | 'v4'])[];
}

const VERB_URL_OPTIONS: ClientRow['verbs'] = { args: ['url', 'options'] };

export const CLIENTS: readonly ClientRow[] = [
  {
    client: 'fetch',
    modules: ['node-fetch', 'cross-fetch', 'isomorphic-fetch', 'whatwg-fetch', 'undici#fetch', 'node-fetch-native', 'make-fetch-happen'],
    globals: ['fetch'],
    call: { args: ['url', 'options'] },
    options: { method: ['method'], body: ['body'], query: ['query', 'params'], headers: ['headers'], base: ['baseURL', 'baseUrl'] },
  },
  {
    // ofetch, and Nuxt's global `$fetch`: the call hands over the parsed body, `raw` the response;
    // `create({ baseURL })` makes an instance.
    client: 'ofetch',
    modules: ['ofetch#ofetch', 'ofetch#$fetch', 'ofetch', 'ohmyfetch#$fetch', 'ohmyfetch#ofetch'],
    globals: ['$fetch', 'ofetch'],
    call: { args: ['url', 'options'] },
    members: { raw: { args: ['url', 'options'], yields: 'response' }, native: { args: ['url', 'options'], yields: 'response' } },
    factories: ['create'],
    yields: 'body',
    options: { method: ['method'], body: ['body'], query: ['query', 'params'], headers: ['headers'], base: ['baseURL', 'baseUrl'] },
  },
  {
    // Nuxt 3's data composables (auto-imported, or from `#app`/`#imports`): ofetch's options, the body in a `data` ref.
    client: 'nuxt-fetch',
    modules: ['#app#useFetch', '#app#useLazyFetch', '#imports#useFetch', '#imports#useLazyFetch', 'nuxt/app#useFetch', 'nuxt/app#useLazyFetch'],
    globals: ['useFetch', 'useLazyFetch'],
    call: { args: ['url', 'options'] },
    options: { method: ['method'], body: ['body'], query: ['query', 'params'], headers: ['headers'], base: ['baseURL', 'baseUrl'] },
  },
  {
    client: 'undici',
    modules: ['undici#request'],
    call: { args: ['url', 'options'] },
    options: { method: ['method'], body: ['body'], query: ['query'], headers: ['headers'] },
  },
  {
    // redaxios has axios's API; Nuxt's axios module injects it as `$axios`, whose `$get`… hand over the body.
    client: 'axios',
    modules: ['axios', 'redaxios'],
    globals: ['axios'],
    injected: ['$axios'],
    call: { args: ['urlOrOptions', 'options'] },
    verbs: { args: ['url', 'options'], bodyArgs: ['url', 'body', 'options'] },
    members: {
      request: { args: ['urlOrOptions'] },
      options: { args: ['url', 'options'] },
      $get: { args: ['url', 'options'], method: 'GET', yields: 'body' },
      $delete: { args: ['url', 'options'], method: 'DELETE', yields: 'body' },
      $head: { args: ['url', 'options'], method: 'HEAD', yields: 'body' },
      $post: { args: ['url', 'body', 'options'], method: 'POST', yields: 'body' },
      $put: { args: ['url', 'body', 'options'], method: 'PUT', yields: 'body' },
      $patch: { args: ['url', 'body', 'options'], method: 'PATCH', yields: 'body' },
    },
    factories: ['create'],
    options: { url: ['url'], method: ['method'], query: ['params'], body: ['data'], headers: ['headers'], base: ['baseURL'] },
  },
  {
    client: 'got',
    modules: ['got'],
    globals: ['got'],
    call: { args: ['urlOrOptions', 'options'] },
    verbs: VERB_URL_OPTIONS,
    members: {
      stream: { args: ['url', 'options'] },
      paginate: { args: ['url', 'options'], method: 'GET' },
      'paginate.all': { args: ['url', 'options'], method: 'GET' },
      'paginate.each': { args: ['url', 'options'], method: 'GET' },
    },
    factories: ['extend', 'create'],
    options: { url: ['url'], method: ['method'], query: ['searchParams', 'query'], body: ['json', 'form', 'body'], headers: ['headers'], base: ['prefixUrl', 'baseUrl'] },
    queryReplacesUrl: true,
  },
  {
    // The service's own got wrapper: `endpoint` is the base, `token` the credential; before 8 its default base was v3.
    client: 'gl-got',
    modules: ['gl-got'],
    service: true,
    call: { args: ['url', 'options'] },
    verbs: VERB_URL_OPTIONS,
    options: { method: ['method'], query: ['query', 'searchParams'], body: ['body', 'json'], headers: ['headers'], base: ['endpoint'] },
    queryReplacesUrl: true,
    defaultVersion: [
      [0, 'v3'],
      [8, 'v4'],
    ],
  },
  {
    client: 'ky',
    modules: ['ky', 'ky-universal'],
    globals: ['ky'],
    call: { args: ['url', 'options'] },
    verbs: VERB_URL_OPTIONS,
    factories: ['create', 'extend'],
    options: { method: ['method'], query: ['searchParams'], body: ['json', 'body'], headers: ['headers'], base: ['prefixUrl'] },
    queryReplacesUrl: true,
  },
  {
    client: 'superagent',
    modules: ['superagent', 'superagent-bluebird-promise'],
    globals: ['superagent'],
    call: { args: ['methodOrUrl', 'url', 'callback'] },
    verbs: { args: ['url', 'callback'] },
    factories: ['agent'],
    chain: { query: 'query', send: 'body', field: 'body', attach: 'body', set: 'headers', use: 'base' },
    callback: ['error', 'response'],
    options: {},
  },
  {
    client: 'request',
    modules: ['request', 'requestretry', 'postman-request', 'teeny-request'],
    globals: ['request'],
    call: { args: ['urlOrOptions', 'options', 'callback'] },
    verbs: { args: ['urlOrOptions', 'options', 'callback'] },
    factories: ['defaults'],
    callback: ['error', 'response', 'body'],
    options: { url: ['url', 'uri'], method: ['method'], query: ['qs'], body: ['form', 'json', 'body', 'formData'], headers: ['headers'], base: ['baseUrl'] },
  },
  {
    // request's promise wrappers: the same requests, whose promise resolves to the body (parsed with `json: true`).
    client: 'request',
    modules: ['request-promise', 'request-promise-native', 'request-promise-any'],
    globals: ['rp', 'requestPromise'],
    call: { args: ['urlOrOptions', 'options', 'callback'] },
    verbs: { args: ['urlOrOptions', 'options', 'callback'] },
    factories: ['defaults'],
    yields: 'body',
    callback: ['error', 'response', 'body'],
    options: { url: ['url', 'uri'], method: ['method'], query: ['qs'], body: ['form', 'json', 'body', 'formData'], headers: ['headers'], base: ['baseUrl'] },
  },
  {
    // restify-clients: `createJsonClient({ url, headers })` makes a client on a base, whose verbs call back
    // `(err, req, res, obj)`.
    client: 'restify',
    modules: ['restify-clients'],
    factories: ['createJsonClient', 'createStringClient', 'createHttpClient', 'createClient'],
    verbs: { args: ['url', 'callback'], bodyArgs: ['url', 'body', 'callback'] },
    callback: ['error', 'other', 'response', 'body'],
    options: { url: ['path'], headers: ['headers'], base: ['url'] },
  },
  {
    client: 'needle',
    modules: ['needle'],
    call: { args: ['method', 'url', 'body', 'options', 'callback'] },
    // `needle.delete(url, data, options)` sends a body too.
    verbs: { args: ['url', 'options', 'callback'], bodyArgs: ['url', 'body', 'options', 'callback'], withBody: ['POST', 'PUT', 'PATCH', 'DELETE'] },
    members: { request: { args: ['method', 'url', 'body', 'options', 'callback'] } },
    factories: ['defaults'],
    bodyIsQueryForGet: true,
    options: { headers: ['headers'] },
  },
  {
    client: 'restler',
    modules: ['restler'],
    verbs: { args: ['url', 'options'] },
    members: {
      json: { args: ['url', 'body', 'options', 'method'] },
      postJson: { args: ['url', 'body', 'options'], method: 'POST' },
      putJson: { args: ['url', 'body', 'options'], method: 'PUT' },
      patchJson: { args: ['url', 'body', 'options'], method: 'PATCH' },
    },
    options: { query: ['query'], body: ['data'], headers: ['headers'], base: ['baseURL'] },
  },
  {
    client: 'unirest',
    modules: ['unirest'],
    call: { args: ['method', 'url', 'headers', 'body', 'callback'] },
    verbs: { args: ['url', 'headers', 'body', 'callback'] },
    chain: { query: 'query', send: 'body', field: 'body', form: 'body', headers: 'headers', header: 'headers', set: 'headers' },
    options: {},
  },
  {
    // sync-request and its asynchronous twin then-request: `request('GET', url, { qs, json, headers })`.
    client: 'sync-request',
    modules: ['sync-request', 'then-request'],
    call: { args: ['method', 'url', 'options'] },
    options: { query: ['qs'], body: ['json', 'body', 'form'], headers: ['headers'] },
  },
  {
    client: 'phin',
    modules: ['phin'],
    call: { args: ['urlOrOptions', 'callback'] },
    options: { url: ['url'], method: ['method'], body: ['data'], headers: ['headers'] },
  },
  {
    // bent: `bent(base, 'DELETE', 'json', 204, headers)` makes a function that sends that method to base + path.
    client: 'bent',
    modules: ['bent'],
    scope: { args: ['byKind'] },
    call: { args: ['url', 'body', 'headers'] },
    yields: 'body',
    options: {},
  },
  {
    // supertest given a URL (`request(base).put(path).set(…).send(…)`) sends to that server; given an app, it
    // tests the app in-process (its own API, never reported: see isTestClient in recognise.ts).
    client: 'supertest',
    modules: ['supertest', 'supertest-as-promised'],
    scope: { args: ['url'] },
    verbs: { args: ['url'] },
    chain: { query: 'query', send: 'body', field: 'body', set: 'headers', auth: 'headers' },
    options: {},
  },
  {
    // VueUse's `useFetch(url, options)`: a GET unless a verb is chained after it (`.post(body)`, `.delete()`),
    // before what reads the result (`.json()`); `createFetch({ baseUrl, options })` makes one on a base.
    client: 'vueuse',
    modules: ['@vueuse/core#useFetch'],
    call: { args: ['url', 'options'] },
    chain: VUEUSE_VERBS,
    options: { method: ['method'], body: ['body'], headers: ['headers'] },
  },
  {
    client: 'vueuse',
    modules: ['@vueuse/core#createFetch'],
    scope: { args: ['options'] },
    call: { args: ['url', 'options'] },
    chain: VUEUSE_VERBS,
    options: { method: ['method'], body: ['body'], headers: ['headers'], base: ['baseUrl'] },
  },
  {
    // openapi-fetch: `createClient({ baseUrl })` makes the client; its members are the methods in capitals, given
    // the path as the API's document writes it (`'/projects/{id}'`) and `{ params: { path, query }, body }`.
    client: 'openapi-fetch',
    modules: ['openapi-fetch'],
    scope: { args: ['options'] },
    members: Object.fromEntries((['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method) => [method, { args: ['url', 'options'], method }])),
    options: { query: ['params.query'], body: ['body'], headers: ['headers'], base: ['baseUrl'] },
  },
  {
    // simple-get: `get(opts, cb)`, `get.concat(opts, cb)`, `get.post(opts, cb)`…
    client: 'simple-get',
    modules: ['simple-get'],
    call: { args: ['urlOrOptions', 'callback'] },
    verbs: { args: ['urlOrOptions', 'callback'] },
    members: { concat: { args: ['urlOrOptions', 'callback'] } },
    options: { url: ['url'], method: ['method'], body: ['body'], headers: ['headers'] },
  },
  {
    client: 'tiny-json-http',
    modules: ['tiny-json-http'],
    verbs: { args: ['urlOrOptions', 'callback'] },
    options: { url: ['url'], body: ['data'], headers: ['headers'] },
  },
  {
    // SWR: the key is the URL its fetcher GETs (or a list of it and the query the fetcher sends); the hook's
    // state holds the fetched body in `data`.
    client: 'swr',
    modules: ['swr', 'swr/immutable', 'swr/infinite'],
    call: { args: ['key', 'callback'], method: 'GET' },
    immediate: true,
    options: {},
  },
  {
    // Meteor's HTTP (`meteor/http`, or the global): `HTTP.call(method, url, options, callback)` and the verbs
    // (`HTTP.del` is DELETE); `data` is the JSON body, `params` the query (a POST's form body), `query` query
    // text. On the server, without a callback, it answers at once.
    client: 'meteor-http',
    modules: ['meteor/http#HTTP'],
    globals: ['HTTP'],
    members: { call: { args: ['method', 'url', 'options', 'callback'] } },
    verbs: { args: ['url', 'options', 'callback'] },
    immediate: true,
    options: { query: ['params', 'query'], body: ['data', 'content'], headers: ['headers'] },
  },
  {
    // Google Apps Script's `UrlFetchApp.fetch(url, params)`: it answers at once, not with a promise; the body is
    // the `payload`, the method lower case (`'delete'`).
    client: 'apps-script',
    globals: ['UrlFetchApp'],
    members: { fetch: { args: ['url', 'options'] } },
    immediate: true,
    options: { method: ['method'], body: ['payload'], headers: ['headers'] },
  },
  {
    client: 'jquery',
    modules: ['jquery'],
    globals: ['$', 'jQuery'],
    members: {
      ajax: { args: ['urlOrOptions', 'options'] },
      get: { args: ['url', 'body', 'callback'], method: 'GET' },
      post: { args: ['url', 'body', 'callback'], method: 'POST' },
      getJSON: { args: ['url', 'body', 'callback'], method: 'GET' },
    },
    yields: 'body',
    callback: ['body'],
    bodyIsQueryForGet: true,
    options: { url: ['url'], method: ['type', 'method'], body: ['data'], headers: ['headers'] },
  },
  {
    // vue-resource: `Vue.http` (Vue imported or global) and a component's `this.$http`; `Vue.http.options.root`
    // is the base of every request.
    client: 'vue-resource',
    modules: ['vue#http'],
    globals: ['Vue.http'],
    injected: ['$http'],
    call: { args: ['options'] },
    verbs: { args: ['url', 'options'], bodyArgs: ['url', 'body', 'options'] },
    members: { jsonp: { args: ['url', 'options'], method: 'GET' } },
    settings: 'options',
    options: { url: ['url'], method: ['method'], query: ['params'], body: ['body'], headers: ['headers'], base: ['root'] },
  },
  {
    // vue-resource's resources: `Vue.resource(url, params, actions)`, `this.$resource(…)`; a URI template
    // whose actions are called later (the method is not known here).
    client: 'vue-resource',
    modules: ['vue#resource'],
    globals: ['Vue.resource'],
    injected: ['$resource'],
    call: { args: ['url', 'query', 'options'] },
    anyMethod: true,
    options: {},
  },
  {
    // AngularJS's injected $http: `$http(config)` and its shortcuts.
    client: 'angularjs',
    globals: ['$http'],
    call: { args: ['options'] },
    verbs: { args: ['url', 'options'], bodyArgs: ['url', 'body', 'options'] },
    members: { jsonp: { args: ['url', 'options'], method: 'GET' } },
    options: { url: ['url'], method: ['method'], query: ['params'], body: ['data'], headers: ['headers'] },
  },
  {
    // AngularJS's $resource: a URL template whose actions are called later (the method is not known here).
    client: 'resource',
    globals: ['$resource'],
    call: { args: ['url', 'query', 'options'] },
    anyMethod: true,
    options: {},
  },
  {
    // Angular's HttpClient, injected by type.
    client: 'angular',
    types: ['HttpClient'],
    verbs: { args: ['url', 'options'], bodyArgs: ['url', 'body', 'options'], emptyBody: 'null' },
    members: { request: { args: ['method', 'url', 'options'] }, jsonp: { args: ['url', 'callback'], method: 'GET' } },
    options: { query: ['params'], body: ['body'], headers: ['headers'] },
    // Unless the options ask for `observe: 'response'`, which the response flow does not tell apart.
    yields: 'body',
  },
  {
    // The Http service of Angular 2–4 (@angular/http): its observables hand over a Response (`res.json()`).
    client: 'angular',
    types: ['Http'],
    verbs: { args: ['url', 'options'], bodyArgs: ['url', 'body', 'options'], emptyBody: 'null' },
    members: { request: { args: ['url', 'options'] } },
    options: { query: ['params', 'search'], body: ['body'], headers: ['headers'] },
  },
  {
    client: 'rxjs',
    modules: ['rxjs/ajax#ajax', 'rxjs/observable/dom/ajax#ajax', 'rxjs/internal/observable/dom/ajax#ajax'],
    call: { args: ['urlOrOptions'] },
    verbs: { args: ['url', 'headers'], bodyArgs: ['url', 'body', 'headers'] },
    members: { getJSON: { args: ['url', 'headers'], method: 'GET', yields: 'body' } },
    options: { url: ['url'], method: ['method'], body: ['body'], headers: ['headers'], query: ['queryParams'] },
  },
  {
    client: 'xhr',
    constructors: ['XMLHttpRequest', 'XDomainRequest'],
    members: { open: { args: ['method', 'url'] } },
    chain: { send: 'body', setRequestHeader: 'headers' },
    held: { on: 'receiver', opens: 'open' },
    options: {},
  },
  {
    // d3's loaders: `d3.json(url, init)` (d3-fetch; before d3 5, `d3.json(url, callback)`), and `json(url)` imported
    // from d3-fetch. Each hands over the parsed file.
    client: 'd3',
    modules: ['d3', 'd3-fetch', 'd3-request', ...['json', 'text', 'csv', 'tsv'].flatMap((m) => [`d3#${m}`, `d3-fetch#${m}`])],
    call: { args: ['url', 'options'] },
    members: Object.fromEntries(['json', 'text', 'csv', 'tsv', 'xml', 'blob', 'buffer'].map((m) => [m, { args: ['url', 'options'] as const }])),
    yields: 'body',
    options: { method: ['method'], body: ['body'], headers: ['headers'] },
  },
  {
    // request-json: `createClient(base)` makes the client, whose verbs' paths are appended to that base.
    client: 'request-json',
    modules: ['request-json'],
    factories: ['createClient', 'newClient'],
    factoryArgs: ['url', 'options'],
    verbs: { args: ['url', 'callback'], bodyArgs: ['url', 'body', 'callback'] },
    options: {},
  },
  {
    // GitHub Actions' HTTP client, `new HttpClient(userAgent)`: verbs take (url, headers) or (url, data, headers);
    // the *Json members send and parse JSON.
    client: 'actions-http',
    modules: ['@actions/http-client#HttpClient'],
    instantiated: true,
    verbs: { args: ['url', 'headers'], bodyArgs: ['url', 'body', 'headers'], emptyBody: "''" },
    members: {
      getJson: { args: ['url', 'headers'], method: 'GET' },
      postJson: { args: ['url', 'body', 'headers'], method: 'POST' },
      putJson: { args: ['url', 'body', 'headers'], method: 'PUT' },
      patchJson: { args: ['url', 'body', 'headers'], method: 'PATCH' },
      request: { args: ['method', 'url', 'body', 'headers'] },
    },
    options: {},
  },
  {
    // typed-rest-client: `new RestClient(userAgent, baseUrl, handlers, options)`, whose members are named for what
    // they do to a resource (`create` POSTs, `replace` PUTs, `update` PATCHes); a response's body is its `result`.
    client: 'typed-rest-client',
    modules: ['typed-rest-client/RestClient#RestClient', 'typed-rest-client#RestClient'],
    instantiated: true,
    factoryArgs: ['other', 'url', 'other', 'options'],
    members: {
      get: { args: ['url', 'options'], method: 'GET' },
      del: { args: ['url', 'options'], method: 'DELETE' },
      create: { args: ['url', 'body', 'options'], method: 'POST' },
      replace: { args: ['url', 'body', 'options'], method: 'PUT' },
      update: { args: ['url', 'body', 'options'], method: 'PATCH' },
    },
    options: { query: ['queryParameters'], headers: ['additionalHeaders'] },
  },
  {
    // Node's http and https.
    client: 'http',
    modules: ['http', 'https', 'node:http', 'node:https', 'follow-redirects#http', 'follow-redirects#https'],
    members: { request: { args: ['urlOrOptions', 'options', 'callback'] }, get: { args: ['urlOrOptions', 'options', 'callback'], method: 'GET' } },
    chain: { write: 'body', end: 'body', setHeader: 'headers' },
    held: { on: 'result' },
    options: { url: ['url'], method: ['method'], headers: ['headers'], path: ['path'], host: ['hostname', 'host'] },
  },
  {
    // Electron's `net`: Node's `request(options)` (its `url` option too), and Chromium's `fetch(url, init)`.
    client: 'electron-net',
    modules: ['electron#net'],
    members: { request: { args: ['urlOrOptions', 'callback'] }, fetch: { args: ['url', 'options'] } },
    chain: { write: 'body', end: 'body', setHeader: 'headers' },
    held: { on: 'result' },
    options: { url: ['url'], method: ['method'], headers: ['headers'], body: ['body'], path: ['path'], host: ['hostname', 'host'] },
  },
  {
    // centra: `centra(url, method)` makes a request that `.send()` sends; `.header`, `.query` and `.body` add to it,
    // chained or on the name it is kept in.
    client: 'centra',
    modules: ['centra'],
    call: { args: ['url', 'method'] },
    chain: { header: 'headers', query: 'query', body: 'body' },
    held: { on: 'result' },
    options: {},
  },
  {
    // Node's http2: `connect(authority)` makes a session, whose `request(headers)` sends to that authority the
    // path and method its pseudo-headers name (`':path'`, `':method'`).
    client: 'http2',
    modules: ['http2', 'node:http2'],
    factories: ['connect'],
    factoryArgs: ['url', 'options', 'callback'],
    members: { request: { args: ['options', 'other'] } },
    chain: { write: 'body', end: 'body' },
    held: { on: 'result' },
    options: { method: [':method'], path: [':path'] },
  },
];

// What hands back nock's scope (or an interceptor, whose reply hands back the scope): another interceptor may follow.
const NOCK_RETURNS = [
  // Interceptor modifiers, then the replies that hand back the scope, then the scope's own settings.
  ...['query', 'matchHeader', 'basicAuth', 'times', 'once', 'twice', 'thrice', 'optionally', 'delay', 'delayBody', 'delayConnection', 'socketDelay'],
  ...['reply', 'replyWithError', 'replyWithFile'],
  ...['persist', 'defaultReplyHeaders', 'replyContentLength', 'replyDate', 'filteringPath', 'filteringRequestBody'],
];
const FETCH_MOCK_VERBS = ['get', 'post', 'put', 'patch', 'delete', 'head'];

/** Test doubles of the service: a request declared in a client's tests, reported and fixed with the client. */
export const DOUBLES: readonly ClientRow[] = [
  {
    // nock(base, options).get(path, body).query(q).reply(…): an interceptor is a request with its scope's base.
    client: 'nock',
    modules: ['nock'],
    scope: { args: ['url', 'options'] },
    verbs: { args: ['url', 'body'] },
    members: { intercept: { args: ['url', 'method', 'body'] } },
    chain: { query: 'query', matchHeader: 'headers', reply: 'end', replyWithError: 'end', replyWithFile: 'end' },
    returns: NOCK_RETURNS,
    options: { headers: ['reqheaders'] },
    double: { noun: 'nock interceptor', matches: 'request' },
  },
  {
    // msw 1 (`rest`) and 2 (`http`): `rest.get(url, resolver)`; `all` matches every method. `graphql` is no REST call.
    client: 'msw',
    modules: ['msw#rest', 'msw#http'],
    verbs: { args: ['url', 'callback'] },
    members: { all: { args: ['url', 'callback'] } },
    anyMethod: true,
    options: {},
    double: { noun: 'msw handler', matches: 'path' },
  },
  {
    // fetch-mock: `fetchMock.get(url, response, options)`, `.mock(url | { url, method }, response, { method })`.
    client: 'fetch-mock',
    modules: ['fetch-mock', 'fetch-mock-jest', '@fetch-mock/jest', '@fetch-mock/vitest'],
    globals: ['fetchMock'],
    verbs: { args: ['urlOrOptions', 'callback', 'options'] },
    members: Object.fromEntries([
      ...['mock', 'route', 'once'].map((name) => [name, { args: ['urlOrOptions', 'callback', 'options'] as const }]),
      ...FETCH_MOCK_VERBS.map((verb) => [`${verb}Once`, { args: ['urlOrOptions', 'callback', 'options'] as const, method: verb.toUpperCase() as Method }]),
    ]),
    factories: ['sandbox', 'createInstance'],
    // Each route hands back fetch-mock, so routes chain: `fetchMock.get(a, 200).post(b, 201)`.
    returns: [...FETCH_MOCK_VERBS, ...FETCH_MOCK_VERBS.map((verb) => `${verb}Once`), 'mock', 'route', 'once'],
    urlPrefixes: ['begin:', 'path:', 'express:', 'glob:'],
    options: { url: ['url'], method: ['method'], query: ['query'], body: ['body'], headers: ['headers'] },
    double: { noun: 'fetch-mock route', matches: 'request' },
  },
];

const byModule = new Map<string, ClientRow>();
const byGlobal = new Map<string, ClientRow>();
const byType = new Map<string, ClientRow>();
const byConstructor = new Map<string, ClientRow>();
const byInjected = new Map<string, ClientRow>();
for (const row of [...CLIENTS, ...DOUBLES]) {
  for (const i of row.injected ?? []) byInjected.set(i, row);
  for (const m of row.modules ?? []) byModule.set(m, row);
  for (const g of row.globals ?? []) byGlobal.set(g, row);
  for (const t of row.types ?? []) byType.set(t, row);
  for (const c of row.constructors ?? []) byConstructor.set(c, row);
}

/** The client a module's import is: `import axios from 'axios'`, `import { fetch } from 'undici'` (name 'fetch'). */
export function clientOfModule(module: string, imported: string): ClientRow | undefined {
  return byModule.get(`${module}#${imported}`) ?? (imported === 'default' || imported === '*' ? byModule.get(module) : undefined);
}

/** The client a global name is (`fetch`, `$`, `$http`). */
export function clientOfGlobal(name: string): ClientRow | undefined {
  return byGlobal.get(name);
}

/** The client a framework injects under a name (`this.$axios`, `({ $axios })`). */
export function clientOfInjected(name: string): ClientRow | undefined {
  return byInjected.get(name);
}

/** The client a declared type is (`http: HttpClient`). */
export function clientOfType(name: string): ClientRow | undefined {
  return byType.get(name);
}

/** The client a constructor makes (`new XMLHttpRequest()`). */
export function clientOfConstructor(name: string): ClientRow | undefined {
  return byConstructor.get(name);
}

const callbacks = new Map(CLIENTS.flatMap((row) => (row.callback ? [[row.client, row.callback] as const] : [])));

/** What the parameters of a callback handed to a client's request receive (see ClientRow.callback). */
export function callbackRoles(client: string): ClientRow['callback'] {
  return callbacks.get(client);
}

/** Every client name reports may use: the table's, plus hand-made wrappers, route data and bare URLs. */
export const CLIENT_NAMES: readonly string[] = [...new Set([...CLIENTS.map((r) => r.client), ...DOUBLES.map((r) => r.client), 'wrapper', 'route', 'url'])];
