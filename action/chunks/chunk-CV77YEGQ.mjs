import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// src/memo.ts
function memoOn(compute) {
  const slot = /* @__PURE__ */ Symbol("memo");
  return (key, fixed) => {
    const holder = key;
    if (slot in holder) return holder[slot];
    const value = compute(key, fixed);
    if (Object.isExtensible(key)) Object.defineProperty(key, slot, { value });
    return value;
  };
}

// src/parse/walk.ts
var SKIP = /* @__PURE__ */ new Set(["loc", "start", "end", "extra", "leadingComments", "trailingComments", "innerComments", "range", "errors", "tokens", "comments"]);
var programFlat = memoOn(flatten);
var last;
function flatOf(root) {
  if (root.type === "File" || root.type === "Program") return programFlat(root);
  if (last?.root !== root) last = { root, flat: flatten(root) };
  return last.flat;
}
function flatten(root) {
  const flat = { nodes: [], depths: [], keys: [] };
  const stack = [root];
  const stackDepths = [0];
  const stackKeys = [""];
  const children = [];
  const childKeys = [];
  while (stack.length > 0) {
    const node = stack.pop();
    const depth = stackDepths.pop();
    flat.nodes.push(node);
    flat.depths.push(depth);
    flat.keys.push(stackKeys.pop());
    const record = node;
    const keys = Object.keys(record);
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k];
      const value = record[key];
      if (value === null || typeof value !== "object" || SKIP.has(key)) continue;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          if (!isNode(value[i])) continue;
          children.push(value[i]);
          childKeys.push(key);
        }
      } else if (isNode(value)) {
        children.push(value);
        childKeys.push(key);
      }
    }
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push(children[i]);
      stackDepths.push(depth + 1);
      stackKeys.push(childKeys[i]);
    }
    children.length = 0;
    childKeys.length = 0;
  }
  return flat;
}
function flatTree(root) {
  return flatOf(root);
}
function nodesOf(root) {
  return flatOf(root).nodes;
}
function walk(root, visit) {
  const { nodes, depths } = flatOf(root);
  const ancestors = [];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    while (ancestors.length > depths[i]) ancestors.pop();
    visit(node, ancestors);
    ancestors.push(node);
  }
}
function isNode(value) {
  return typeof value === "object" && value !== null && typeof value.type === "string";
}
function unwrap(node) {
  let current = node;
  for (; ; ) {
    switch (current.type) {
      case "TSAsExpression":
      case "TSSatisfiesExpression":
      case "TSNonNullExpression":
      case "TSTypeAssertion":
      case "ParenthesizedExpression":
        current = current.expression;
        continue;
      default:
        return current;
    }
  }
}
function convertedToText(node, href = false) {
  const n = unwrap(node);
  if (n.type === "CallExpression" && n.callee.type === "Identifier" && n.callee.name === "String" && n.arguments.length === 1) return unwrap(n.arguments[0]);
  if (n.type === "CallExpression" && n.arguments.length === 0 && n.callee.type === "MemberExpression" && propertyName(n.callee.property, n.callee.computed) === "toString") return unwrap(n.callee.object);
  if (n.type === "TemplateLiteral" && n.expressions.length === 1 && n.quasis.every((q) => q.value.raw === "")) return unwrap(n.expressions[0]);
  if (href && n.type === "MemberExpression" && propertyName(n.property, n.computed) === "href") return unwrap(n.object);
  return n;
}
function isWrittenText(node) {
  const n = unwrap(node);
  return n.type === "StringLiteral" || n.type === "TemplateLiteral" || n.type === "BinaryExpression" && n.operator === "+";
}
function propertyName(node, computed) {
  if (!computed && node.type === "Identifier") return node.name;
  if (node.type === "StringLiteral") return node.value;
  if (node.type === "PrivateName") return `#${node.id.name}`;
  if (computed && node.type === "TemplateLiteral" && node.expressions.length === 0) return node.quasis[0].value.cooked ?? void 0;
  return void 0;
}
function isNothing(node) {
  const n = unwrap(node);
  return n.type === "NullLiteral" || n.type === "Identifier" && n.name === "undefined";
}
function dotted(node, withThis = false) {
  const n = unwrap(node);
  if (n.type === "Identifier") return n.name;
  if (withThis && n.type === "ThisExpression") return "this";
  if ((n.type === "MemberExpression" || n.type === "OptionalMemberExpression") && !n.computed) {
    const object = dotted(n.object, withThis);
    const prop = propertyName(n.property, false);
    return object && prop ? `${object}.${prop}` : void 0;
  }
  return void 0;
}
function propertyNamed(object, names) {
  for (const p of object.properties) {
    if (p.type === "ObjectProperty" && names.includes(propertyName(p.key, p.computed) ?? "")) return unwrap(p.value);
  }
  return void 0;
}
function keysListed(node) {
  let n = unwrap(node);
  for (let i = 0; i < 4 && n.type === "CallExpression"; i++) {
    const callee = unwrap(n.callee);
    const name = dotted(callee);
    if ((name === "Object.keys" || name === "Object.entries") && n.arguments.length === 1) return n.arguments[0];
    const step = callee.type === "MemberExpression" && !callee.computed ? propertyName(callee.property, false) : void 0;
    if (step !== "map" && step !== "filter" && step !== "reduce") return void 0;
    n = unwrap(callee.object);
  }
  return void 0;
}
function parametersOf(fn) {
  const first = fn.params[0];
  return first?.type === "Identifier" && first.name === "this" ? fn.params.slice(1) : fn.params;
}
function invocation(call) {
  const callee = unwrap(call.callee);
  const args = call.arguments;
  if (callee.type !== "MemberExpression" && callee.type !== "OptionalMemberExpression") return { callee, args, indirect: false };
  const name = propertyName(callee.property, callee.computed);
  const object = unwrap(callee.object);
  if (name === "apply" && object.type === "Identifier" && object.name === "Reflect" && args[0] && args[0].type !== "SpreadElement") return { callee: unwrap(args[0]), args: listed(args[2]), indirect: true };
  if (name === "call") return { callee: object, args: args.slice(1), indirect: true };
  if (name === "apply") return { callee: object, args: listed(args[1]), indirect: true };
  return { callee, args, indirect: false };
}
function listed(array) {
  if (!array) return [];
  const n = unwrap(array);
  if (n.type === "ArrayExpression" && n.elements.every((e) => e !== null)) return n.elements;
  return [{ type: "SpreadElement", argument: n, start: n.start, end: n.end }];
}
function boundCall(node) {
  const n = unwrap(node);
  if (n.type !== "CallExpression") return void 0;
  const callee = unwrap(n.callee);
  if (callee.type !== "MemberExpression" || propertyName(callee.property, callee.computed) !== "bind") return void 0;
  return { target: callee.object, bound: n.arguments.slice(1) };
}
function requiredModule(node) {
  if (node.type !== "CallExpression" || node.callee.type !== "Identifier" || node.callee.name !== "require") return void 0;
  const arg = node.arguments[0];
  if (arg?.type === "StringLiteral") return arg.value;
  return arg?.type === "TemplateLiteral" && arg.expressions.length === 0 ? arg.quasis[0].value.cooked ?? void 0 : void 0;
}
function constructs(node) {
  return node.type === "NewExpression" || node.type === "CallExpression" && node.callee.type === "Super";
}

// src/callsites/clients.ts
var VUEUSE_VERBS = { get: "verb", post: "verb", put: "verb", patch: "verb", delete: "verb", head: "verb" };
var VERB_URL_OPTIONS = { args: ["url", "options"] };
var CLIENTS = [
  {
    client: "fetch",
    modules: ["node-fetch", "cross-fetch", "isomorphic-fetch", "whatwg-fetch", "undici#fetch", "node-fetch-native", "make-fetch-happen"],
    globals: ["fetch"],
    call: { args: ["url", "options"] },
    options: { method: ["method"], body: ["body"], query: ["query", "params"], headers: ["headers"], base: ["baseURL", "baseUrl"] }
  },
  {
    // ofetch, and Nuxt's global `$fetch`: the call hands over the parsed body, `raw` the response;
    // `create({ baseURL })` makes an instance.
    client: "ofetch",
    modules: ["ofetch#ofetch", "ofetch#$fetch", "ofetch", "ohmyfetch#$fetch", "ohmyfetch#ofetch"],
    globals: ["$fetch", "ofetch"],
    call: { args: ["url", "options"] },
    members: { raw: { args: ["url", "options"], yields: "response" }, native: { args: ["url", "options"], yields: "response" } },
    factories: ["create"],
    yields: "body",
    options: { method: ["method"], body: ["body"], query: ["query", "params"], headers: ["headers"], base: ["baseURL", "baseUrl"] }
  },
  {
    // Nuxt 3's data composables (auto-imported, or from `#app`/`#imports`): ofetch's options, the body in a `data` ref.
    client: "nuxt-fetch",
    modules: ["#app#useFetch", "#app#useLazyFetch", "#imports#useFetch", "#imports#useLazyFetch", "nuxt/app#useFetch", "nuxt/app#useLazyFetch"],
    globals: ["useFetch", "useLazyFetch"],
    call: { args: ["url", "options"] },
    options: { method: ["method"], body: ["body"], query: ["query", "params"], headers: ["headers"], base: ["baseURL", "baseUrl"] }
  },
  {
    client: "undici",
    modules: ["undici#request"],
    call: { args: ["url", "options"] },
    options: { method: ["method"], body: ["body"], query: ["query"], headers: ["headers"] }
  },
  {
    // redaxios has axios's API; Nuxt's axios module injects it as `$axios`, whose `$get`… hand over the body.
    client: "axios",
    modules: ["axios", "redaxios"],
    globals: ["axios"],
    injected: ["$axios"],
    call: { args: ["urlOrOptions", "options"] },
    verbs: { args: ["url", "options"], bodyArgs: ["url", "body", "options"] },
    members: {
      request: { args: ["urlOrOptions"] },
      options: { args: ["url", "options"] },
      $get: { args: ["url", "options"], method: "GET", yields: "body" },
      $delete: { args: ["url", "options"], method: "DELETE", yields: "body" },
      $head: { args: ["url", "options"], method: "HEAD", yields: "body" },
      $post: { args: ["url", "body", "options"], method: "POST", yields: "body" },
      $put: { args: ["url", "body", "options"], method: "PUT", yields: "body" },
      $patch: { args: ["url", "body", "options"], method: "PATCH", yields: "body" }
    },
    factories: ["create"],
    options: { url: ["url"], method: ["method"], query: ["params"], body: ["data"], headers: ["headers"], base: ["baseURL"] }
  },
  {
    client: "got",
    modules: ["got"],
    globals: ["got"],
    call: { args: ["urlOrOptions", "options"] },
    verbs: VERB_URL_OPTIONS,
    members: {
      stream: { args: ["url", "options"] },
      paginate: { args: ["url", "options"], method: "GET" },
      "paginate.all": { args: ["url", "options"], method: "GET" },
      "paginate.each": { args: ["url", "options"], method: "GET" }
    },
    factories: ["extend", "create"],
    options: { url: ["url"], method: ["method"], query: ["searchParams", "query"], body: ["json", "form", "body"], headers: ["headers"], base: ["prefixUrl", "baseUrl"] },
    queryReplacesUrl: true
  },
  {
    // The service's own got wrapper: `endpoint` is the base, `token` the credential; before 8 its default base was v3.
    client: "gl-got",
    modules: ["gl-got"],
    service: true,
    call: { args: ["url", "options"] },
    verbs: VERB_URL_OPTIONS,
    options: { method: ["method"], query: ["query", "searchParams"], body: ["body", "json"], headers: ["headers"], base: ["endpoint"] },
    queryReplacesUrl: true,
    defaultVersion: [
      [0, "v3"],
      [8, "v4"]
    ]
  },
  {
    client: "ky",
    modules: ["ky", "ky-universal"],
    globals: ["ky"],
    call: { args: ["url", "options"] },
    verbs: VERB_URL_OPTIONS,
    factories: ["create", "extend"],
    options: { method: ["method"], query: ["searchParams"], body: ["json", "body"], headers: ["headers"], base: ["prefixUrl"] },
    queryReplacesUrl: true
  },
  {
    client: "superagent",
    modules: ["superagent", "superagent-bluebird-promise"],
    globals: ["superagent"],
    call: { args: ["methodOrUrl", "url", "callback"] },
    verbs: { args: ["url", "callback"] },
    factories: ["agent"],
    chain: { query: "query", send: "body", field: "body", attach: "body", set: "headers", use: "base" },
    callback: ["error", "response"],
    options: {}
  },
  {
    client: "request",
    modules: ["request", "requestretry", "postman-request", "teeny-request"],
    globals: ["request"],
    call: { args: ["urlOrOptions", "options", "callback"] },
    verbs: { args: ["urlOrOptions", "options", "callback"] },
    factories: ["defaults"],
    callback: ["error", "response", "body"],
    options: { url: ["url", "uri"], method: ["method"], query: ["qs"], body: ["form", "json", "body", "formData"], headers: ["headers"], base: ["baseUrl"] }
  },
  {
    // request's promise wrappers: the same requests, whose promise resolves to the body (parsed with `json: true`).
    client: "request",
    modules: ["request-promise", "request-promise-native", "request-promise-any"],
    globals: ["rp", "requestPromise"],
    call: { args: ["urlOrOptions", "options", "callback"] },
    verbs: { args: ["urlOrOptions", "options", "callback"] },
    factories: ["defaults"],
    yields: "body",
    callback: ["error", "response", "body"],
    options: { url: ["url", "uri"], method: ["method"], query: ["qs"], body: ["form", "json", "body", "formData"], headers: ["headers"], base: ["baseUrl"] }
  },
  {
    // restify-clients: `createJsonClient({ url, headers })` makes a client on a base, whose verbs call back
    // `(err, req, res, obj)`.
    client: "restify",
    modules: ["restify-clients"],
    factories: ["createJsonClient", "createStringClient", "createHttpClient", "createClient"],
    verbs: { args: ["url", "callback"], bodyArgs: ["url", "body", "callback"] },
    callback: ["error", "other", "response", "body"],
    options: { url: ["path"], headers: ["headers"], base: ["url"] }
  },
  {
    client: "needle",
    modules: ["needle"],
    call: { args: ["method", "url", "body", "options", "callback"] },
    // `needle.delete(url, data, options)` sends a body too.
    verbs: { args: ["url", "options", "callback"], bodyArgs: ["url", "body", "options", "callback"], withBody: ["POST", "PUT", "PATCH", "DELETE"] },
    members: { request: { args: ["method", "url", "body", "options", "callback"] } },
    factories: ["defaults"],
    bodyIsQueryForGet: true,
    options: { headers: ["headers"] }
  },
  {
    client: "restler",
    modules: ["restler"],
    verbs: { args: ["url", "options"] },
    members: {
      json: { args: ["url", "body", "options", "method"] },
      postJson: { args: ["url", "body", "options"], method: "POST" },
      putJson: { args: ["url", "body", "options"], method: "PUT" },
      patchJson: { args: ["url", "body", "options"], method: "PATCH" }
    },
    options: { query: ["query"], body: ["data"], headers: ["headers"], base: ["baseURL"] }
  },
  {
    client: "unirest",
    modules: ["unirest"],
    call: { args: ["method", "url", "headers", "body", "callback"] },
    verbs: { args: ["url", "headers", "body", "callback"] },
    chain: { query: "query", send: "body", field: "body", form: "body", headers: "headers", header: "headers", set: "headers" },
    options: {}
  },
  {
    // sync-request and its asynchronous twin then-request: `request('GET', url, { qs, json, headers })`.
    client: "sync-request",
    modules: ["sync-request", "then-request"],
    call: { args: ["method", "url", "options"] },
    options: { query: ["qs"], body: ["json", "body", "form"], headers: ["headers"] }
  },
  {
    client: "phin",
    modules: ["phin"],
    call: { args: ["urlOrOptions", "callback"] },
    options: { url: ["url"], method: ["method"], body: ["data"], headers: ["headers"] }
  },
  {
    // bent: `bent(base, 'DELETE', 'json', 204, headers)` makes a function that sends that method to base + path.
    client: "bent",
    modules: ["bent"],
    scope: { args: ["byKind"] },
    call: { args: ["url", "body", "headers"] },
    yields: "body",
    options: {}
  },
  {
    // supertest given a URL (`request(base).put(path).set(…).send(…)`) sends to that server; given an app, it
    // tests the app in-process (its own API, never reported: see isTestClient in recognise.ts).
    client: "supertest",
    modules: ["supertest", "supertest-as-promised"],
    scope: { args: ["url"] },
    verbs: { args: ["url"] },
    chain: { query: "query", send: "body", field: "body", set: "headers", auth: "headers" },
    options: {}
  },
  {
    // VueUse's `useFetch(url, options)`: a GET unless a verb is chained after it (`.post(body)`, `.delete()`),
    // before what reads the result (`.json()`); `createFetch({ baseUrl, options })` makes one on a base.
    client: "vueuse",
    modules: ["@vueuse/core#useFetch"],
    call: { args: ["url", "options"] },
    chain: VUEUSE_VERBS,
    options: { method: ["method"], body: ["body"], headers: ["headers"] }
  },
  {
    client: "vueuse",
    modules: ["@vueuse/core#createFetch"],
    scope: { args: ["options"] },
    call: { args: ["url", "options"] },
    chain: VUEUSE_VERBS,
    options: { method: ["method"], body: ["body"], headers: ["headers"], base: ["baseUrl"] }
  },
  {
    // openapi-fetch: `createClient({ baseUrl })` makes the client; its members are the methods in capitals, given
    // the path as the API's document writes it (`'/projects/{id}'`) and `{ params: { path, query }, body }`.
    client: "openapi-fetch",
    modules: ["openapi-fetch"],
    scope: { args: ["options"] },
    members: Object.fromEntries(["GET", "POST", "PUT", "PATCH", "DELETE"].map((method) => [method, { args: ["url", "options"], method }])),
    options: { query: ["params.query"], body: ["body"], headers: ["headers"], base: ["baseUrl"] }
  },
  {
    // simple-get: `get(opts, cb)`, `get.concat(opts, cb)`, `get.post(opts, cb)`…
    client: "simple-get",
    modules: ["simple-get"],
    call: { args: ["urlOrOptions", "callback"] },
    verbs: { args: ["urlOrOptions", "callback"] },
    members: { concat: { args: ["urlOrOptions", "callback"] } },
    options: { url: ["url"], method: ["method"], body: ["body"], headers: ["headers"] }
  },
  {
    client: "tiny-json-http",
    modules: ["tiny-json-http"],
    verbs: { args: ["urlOrOptions", "callback"] },
    options: { url: ["url"], body: ["data"], headers: ["headers"] }
  },
  {
    // SWR: the key is the URL its fetcher GETs (or a list of it and the query the fetcher sends); the hook's
    // state holds the fetched body in `data`.
    client: "swr",
    modules: ["swr", "swr/immutable", "swr/infinite"],
    call: { args: ["key", "callback"], method: "GET" },
    immediate: true,
    options: {}
  },
  {
    // Meteor's HTTP (`meteor/http`, or the global): `HTTP.call(method, url, options, callback)` and the verbs
    // (`HTTP.del` is DELETE); `data` is the JSON body, `params` the query (a POST's form body), `query` query
    // text. On the server, without a callback, it answers at once.
    client: "meteor-http",
    modules: ["meteor/http#HTTP"],
    globals: ["HTTP"],
    members: { call: { args: ["method", "url", "options", "callback"] } },
    verbs: { args: ["url", "options", "callback"] },
    immediate: true,
    options: { query: ["params", "query"], body: ["data", "content"], headers: ["headers"] }
  },
  {
    // Google Apps Script's `UrlFetchApp.fetch(url, params)`: it answers at once, not with a promise; the body is
    // the `payload`, the method lower case (`'delete'`).
    client: "apps-script",
    globals: ["UrlFetchApp"],
    members: { fetch: { args: ["url", "options"] } },
    immediate: true,
    options: { method: ["method"], body: ["payload"], headers: ["headers"] }
  },
  {
    client: "jquery",
    modules: ["jquery"],
    globals: ["$", "jQuery"],
    members: {
      ajax: { args: ["urlOrOptions", "options"] },
      get: { args: ["url", "body", "callback"], method: "GET" },
      post: { args: ["url", "body", "callback"], method: "POST" },
      getJSON: { args: ["url", "body", "callback"], method: "GET" }
    },
    yields: "body",
    callback: ["body"],
    bodyIsQueryForGet: true,
    options: { url: ["url"], method: ["type", "method"], body: ["data"], headers: ["headers"] }
  },
  {
    // vue-resource: `Vue.http` (Vue imported or global) and a component's `this.$http`; `Vue.http.options.root`
    // is the base of every request.
    client: "vue-resource",
    modules: ["vue#http"],
    globals: ["Vue.http"],
    injected: ["$http"],
    call: { args: ["options"] },
    verbs: { args: ["url", "options"], bodyArgs: ["url", "body", "options"] },
    members: { jsonp: { args: ["url", "options"], method: "GET" } },
    settings: "options",
    options: { url: ["url"], method: ["method"], query: ["params"], body: ["body"], headers: ["headers"], base: ["root"] }
  },
  {
    // vue-resource's resources: `Vue.resource(url, params, actions)`, `this.$resource(…)`; a URI template
    // whose actions are called later (the method is not known here).
    client: "vue-resource",
    modules: ["vue#resource"],
    globals: ["Vue.resource"],
    injected: ["$resource"],
    call: { args: ["url", "query", "options"] },
    anyMethod: true,
    options: {}
  },
  {
    // AngularJS's injected $http: `$http(config)` and its shortcuts.
    client: "angularjs",
    globals: ["$http"],
    call: { args: ["options"] },
    verbs: { args: ["url", "options"], bodyArgs: ["url", "body", "options"] },
    members: { jsonp: { args: ["url", "options"], method: "GET" } },
    options: { url: ["url"], method: ["method"], query: ["params"], body: ["data"], headers: ["headers"] }
  },
  {
    // AngularJS's $resource: a URL template whose actions are called later (the method is not known here).
    client: "resource",
    globals: ["$resource"],
    call: { args: ["url", "query", "options"] },
    anyMethod: true,
    options: {}
  },
  {
    // Angular's HttpClient, injected by type.
    client: "angular",
    types: ["HttpClient"],
    verbs: { args: ["url", "options"], bodyArgs: ["url", "body", "options"], emptyBody: "null" },
    members: { request: { args: ["method", "url", "options"] }, jsonp: { args: ["url", "callback"], method: "GET" } },
    options: { query: ["params"], body: ["body"], headers: ["headers"] },
    // Unless the options ask for `observe: 'response'`, which the response flow does not tell apart.
    yields: "body"
  },
  {
    // The Http service of Angular 2–4 (@angular/http): its observables hand over a Response (`res.json()`).
    client: "angular",
    types: ["Http"],
    verbs: { args: ["url", "options"], bodyArgs: ["url", "body", "options"], emptyBody: "null" },
    members: { request: { args: ["url", "options"] } },
    options: { query: ["params", "search"], body: ["body"], headers: ["headers"] }
  },
  {
    client: "rxjs",
    modules: ["rxjs/ajax#ajax", "rxjs/observable/dom/ajax#ajax", "rxjs/internal/observable/dom/ajax#ajax"],
    call: { args: ["urlOrOptions"] },
    verbs: { args: ["url", "headers"], bodyArgs: ["url", "body", "headers"] },
    members: { getJSON: { args: ["url", "headers"], method: "GET", yields: "body" } },
    options: { url: ["url"], method: ["method"], body: ["body"], headers: ["headers"], query: ["queryParams"] }
  },
  {
    client: "xhr",
    constructors: ["XMLHttpRequest", "XDomainRequest"],
    members: { open: { args: ["method", "url"] } },
    chain: { send: "body", setRequestHeader: "headers" },
    held: { on: "receiver", opens: "open" },
    options: {}
  },
  {
    // d3's loaders: `d3.json(url, init)` (d3-fetch; before d3 5, `d3.json(url, callback)`), and `json(url)` imported
    // from d3-fetch. Each hands over the parsed file.
    client: "d3",
    modules: ["d3", "d3-fetch", "d3-request", ...["json", "text", "csv", "tsv"].flatMap((m) => [`d3#${m}`, `d3-fetch#${m}`])],
    call: { args: ["url", "options"] },
    members: Object.fromEntries(["json", "text", "csv", "tsv", "xml", "blob", "buffer"].map((m) => [m, { args: ["url", "options"] }])),
    yields: "body",
    options: { method: ["method"], body: ["body"], headers: ["headers"] }
  },
  {
    // request-json: `createClient(base)` makes the client, whose verbs' paths are appended to that base.
    client: "request-json",
    modules: ["request-json"],
    factories: ["createClient", "newClient"],
    factoryArgs: ["url", "options"],
    verbs: { args: ["url", "callback"], bodyArgs: ["url", "body", "callback"] },
    options: {}
  },
  {
    // GitHub Actions' HTTP client, `new HttpClient(userAgent)`: verbs take (url, headers) or (url, data, headers);
    // the *Json members send and parse JSON.
    client: "actions-http",
    modules: ["@actions/http-client#HttpClient"],
    instantiated: true,
    verbs: { args: ["url", "headers"], bodyArgs: ["url", "body", "headers"], emptyBody: "''" },
    members: {
      getJson: { args: ["url", "headers"], method: "GET" },
      postJson: { args: ["url", "body", "headers"], method: "POST" },
      putJson: { args: ["url", "body", "headers"], method: "PUT" },
      patchJson: { args: ["url", "body", "headers"], method: "PATCH" },
      request: { args: ["method", "url", "body", "headers"] }
    },
    options: {}
  },
  {
    // typed-rest-client: `new RestClient(userAgent, baseUrl, handlers, options)`, whose members are named for what
    // they do to a resource (`create` POSTs, `replace` PUTs, `update` PATCHes); a response's body is its `result`.
    client: "typed-rest-client",
    modules: ["typed-rest-client/RestClient#RestClient", "typed-rest-client#RestClient"],
    instantiated: true,
    factoryArgs: ["other", "url", "other", "options"],
    members: {
      get: { args: ["url", "options"], method: "GET" },
      del: { args: ["url", "options"], method: "DELETE" },
      create: { args: ["url", "body", "options"], method: "POST" },
      replace: { args: ["url", "body", "options"], method: "PUT" },
      update: { args: ["url", "body", "options"], method: "PATCH" }
    },
    options: { query: ["queryParameters"], headers: ["additionalHeaders"] }
  },
  {
    // Node's http and https.
    client: "http",
    modules: ["http", "https", "node:http", "node:https", "follow-redirects#http", "follow-redirects#https"],
    members: { request: { args: ["urlOrOptions", "options", "callback"] }, get: { args: ["urlOrOptions", "options", "callback"], method: "GET" } },
    chain: { write: "body", end: "body", setHeader: "headers" },
    held: { on: "result" },
    options: { url: ["url"], method: ["method"], headers: ["headers"], path: ["path"], host: ["hostname", "host"] }
  },
  {
    // Electron's `net`: Node's `request(options)` (its `url` option too), and Chromium's `fetch(url, init)`.
    client: "electron-net",
    modules: ["electron#net"],
    members: { request: { args: ["urlOrOptions", "callback"] }, fetch: { args: ["url", "options"] } },
    chain: { write: "body", end: "body", setHeader: "headers" },
    held: { on: "result" },
    options: { url: ["url"], method: ["method"], headers: ["headers"], body: ["body"], path: ["path"], host: ["hostname", "host"] }
  },
  {
    // centra: `centra(url, method)` makes a request that `.send()` sends; `.header`, `.query` and `.body` add to it,
    // chained or on the name it is kept in.
    client: "centra",
    modules: ["centra"],
    call: { args: ["url", "method"] },
    chain: { header: "headers", query: "query", body: "body" },
    held: { on: "result" },
    options: {}
  },
  {
    // Node's http2: `connect(authority)` makes a session, whose `request(headers)` sends to that authority the
    // path and method its pseudo-headers name (`':path'`, `':method'`).
    client: "http2",
    modules: ["http2", "node:http2"],
    factories: ["connect"],
    factoryArgs: ["url", "options", "callback"],
    members: { request: { args: ["options", "other"] } },
    chain: { write: "body", end: "body" },
    held: { on: "result" },
    options: { method: [":method"], path: [":path"] }
  }
];
var NOCK_RETURNS = [
  // Interceptor modifiers, then the replies that hand back the scope, then the scope's own settings.
  ...["query", "matchHeader", "basicAuth", "times", "once", "twice", "thrice", "optionally", "delay", "delayBody", "delayConnection", "socketDelay"],
  ...["reply", "replyWithError", "replyWithFile"],
  ...["persist", "defaultReplyHeaders", "replyContentLength", "replyDate", "filteringPath", "filteringRequestBody"]
];
var FETCH_MOCK_VERBS = ["get", "post", "put", "patch", "delete", "head"];
var DOUBLES = [
  {
    // nock(base, options).get(path, body).query(q).reply(…): an interceptor is a request with its scope's base.
    client: "nock",
    modules: ["nock"],
    scope: { args: ["url", "options"] },
    verbs: { args: ["url", "body"] },
    members: { intercept: { args: ["url", "method", "body"] } },
    chain: { query: "query", matchHeader: "headers", reply: "end", replyWithError: "end", replyWithFile: "end" },
    returns: NOCK_RETURNS,
    options: { headers: ["reqheaders"] },
    double: { noun: "nock interceptor", matches: "request" }
  },
  {
    // msw 1 (`rest`) and 2 (`http`): `rest.get(url, resolver)`; `all` matches every method. `graphql` is no REST call.
    client: "msw",
    modules: ["msw#rest", "msw#http"],
    verbs: { args: ["url", "callback"] },
    members: { all: { args: ["url", "callback"] } },
    anyMethod: true,
    options: {},
    double: { noun: "msw handler", matches: "path" }
  },
  {
    // fetch-mock: `fetchMock.get(url, response, options)`, `.mock(url | { url, method }, response, { method })`.
    client: "fetch-mock",
    modules: ["fetch-mock", "fetch-mock-jest", "@fetch-mock/jest", "@fetch-mock/vitest"],
    globals: ["fetchMock"],
    verbs: { args: ["urlOrOptions", "callback", "options"] },
    members: Object.fromEntries([
      ...["mock", "route", "once"].map((name) => [name, { args: ["urlOrOptions", "callback", "options"] }]),
      ...FETCH_MOCK_VERBS.map((verb) => [`${verb}Once`, { args: ["urlOrOptions", "callback", "options"], method: verb.toUpperCase() }])
    ]),
    factories: ["sandbox", "createInstance"],
    // Each route hands back fetch-mock, so routes chain: `fetchMock.get(a, 200).post(b, 201)`.
    returns: [...FETCH_MOCK_VERBS, ...FETCH_MOCK_VERBS.map((verb) => `${verb}Once`), "mock", "route", "once"],
    urlPrefixes: ["begin:", "path:", "express:", "glob:"],
    options: { url: ["url"], method: ["method"], query: ["query"], body: ["body"], headers: ["headers"] },
    double: { noun: "fetch-mock route", matches: "request" }
  }
];
var byModule = /* @__PURE__ */ new Map();
var byGlobal = /* @__PURE__ */ new Map();
var byType = /* @__PURE__ */ new Map();
var byConstructor = /* @__PURE__ */ new Map();
var byInjected = /* @__PURE__ */ new Map();
for (const row of [...CLIENTS, ...DOUBLES]) {
  for (const i of row.injected ?? []) byInjected.set(i, row);
  for (const m of row.modules ?? []) byModule.set(m, row);
  for (const g of row.globals ?? []) byGlobal.set(g, row);
  for (const t of row.types ?? []) byType.set(t, row);
  for (const c of row.constructors ?? []) byConstructor.set(c, row);
}
function clientOfModule(module, imported) {
  return byModule.get(`${module}#${imported}`) ?? (imported === "default" || imported === "*" ? byModule.get(module) : void 0);
}
function clientOfGlobal(name) {
  return byGlobal.get(name);
}
function clientOfInjected(name) {
  return byInjected.get(name);
}
function clientOfType(name) {
  return byType.get(name);
}
function clientOfConstructor(name) {
  return byConstructor.get(name);
}
var callbacks = new Map(CLIENTS.flatMap((row) => row.callback ? [[row.client, row.callback]] : []));
function callbackRoles(client) {
  return callbacks.get(client);
}
var CLIENT_NAMES = [.../* @__PURE__ */ new Set([...CLIENTS.map((r) => r.client), ...DOUBLES.map((r) => r.client), "wrapper", "route", "url"])];

// src/callsites/scope.ts
var FUNCTIONS = /* @__PURE__ */ new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression", "ObjectMethod", "ClassMethod", "ClassPrivateMethod"]);
var TYPE_KEYS = /* @__PURE__ */ new Set(["typeAnnotation", "returnType", "typeParameters", "superTypeParameters", "implements", "typeArguments", "predicate"]);
var TYPE_DECLARATIONS = /* @__PURE__ */ new Set(["TSInterfaceDeclaration", "TSTypeAliasDeclaration", "TSDeclareFunction", "TSDeclareMethod", "DeclareClass", "DeclareFunction", "TypeAlias", "InterfaceDeclaration", "OpaqueType"]);
function isFunction(node) {
  return FUNCTIONS.has(node.type);
}
function returnedValues(fn) {
  const f = fn;
  if (!f.body) return [];
  if (f.body.type !== "BlockStatement") return [f.body];
  const out = [];
  const stack = [f.body];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node.type === "ReturnStatement" && node.argument) out.push(node.argument);
    if (isFunction(node) && node !== fn) continue;
    for (const key of Object.keys(node)) {
      if (key === "loc" || key === "extra" || key.endsWith("Comments")) continue;
      const value = node[key];
      if (Array.isArray(value)) {
        for (const v of value) if (v && typeof v.type === "string") stack.push(v);
      } else if (value && typeof value.type === "string") stack.push(value);
    }
  }
  return out;
}
function heldValue(b) {
  if (b.path.length > 0 || b.writes.length > 0) return void 0;
  return b.kind === "function" || b.kind === "const" || b.kind === "let" || b.kind === "var" ? b.init : void 0;
}
function changedThrough(b, methods, scopes) {
  return b.reads.some((r) => {
    const member = scopes.parentOf(r);
    return member?.type === "MemberExpression" && member.object === r && methods.has(propertyName(member.property, member.computed) ?? "");
  });
}
function functionBoundTo(id, scopes) {
  const b = id.type === "Identifier" ? scopes.bindingOf(id) : void 0;
  let value = b && heldValue(b);
  while (value && (value.type === "ParenthesizedExpression" || value.type === "TSAsExpression")) value = value.expression;
  return value && isFunction(value) ? value : void 0;
}
var PARENT = /* @__PURE__ */ Symbol("parent");
var BINDING = /* @__PURE__ */ Symbol("binding");
function classAround(node, scopes) {
  let n = scopes.parentOf(node);
  while (n && n.type !== "ClassDeclaration" && n.type !== "ClassExpression") n = scopes.parentOf(n);
  return n;
}
function declaredSuperclass(cls, scopes) {
  const parent = cls.superClass ? unwrap(cls.superClass) : void 0;
  const b = parent?.type === "Identifier" ? scopes.bindingOf(parent) : void 0;
  const declared = b && b.writes.length === 0 && b.init ? unwrap(b.init) : void 0;
  return declared?.type === "ClassDeclaration" || declared?.type === "ClassExpression" ? declared : void 0;
}
function classLine(cls, scopes) {
  const out = [];
  for (let c = cls; c && !out.includes(c) && out.length <= 8; c = declaredSuperclass(c, scopes)) out.push(c);
  return out;
}
function programOf(node) {
  let n = node;
  for (let up = n[PARENT]; up; up = n[PARENT]) n = up;
  return n;
}
function isNewUrl(node) {
  const n = unwrap(node);
  return n.type === "NewExpression" && n.callee.type === "Identifier" && n.callee.name === "URL";
}
function analyseScopes(program) {
  const declared = /* @__PURE__ */ new Map();
  const scopeOfNode = /* @__PURE__ */ new Map();
  const refs = [];
  const writes = [];
  const all = [];
  const root = { node: program, parent: void 0, fn: program, bindings: /* @__PURE__ */ new Map() };
  scopeOfNode.set(program, root);
  const declare = (scope, id, kind, extra = {}) => {
    if (id.type !== "Identifier") return;
    const existing = scope.bindings.get(id.name);
    if (existing && (kind === "var" || kind === "function") && (existing.kind === "var" || existing.kind === "function" || existing.kind === "param")) {
      declared.set(id, existing);
      id[BINDING] = existing;
      if (extra.init) existing.writes.push({ node: id, operator: "=", value: extra.init });
      return;
    }
    const binding = { name: id.name, kind, id, scope, path: [], writes: [], reads: [], ...extra };
    scope.bindings.set(id.name, binding);
    declared.set(id, binding);
    id[BINDING] = binding;
    all.push(binding);
  };
  const declarePattern = (scope, pattern, kind, extra, path = []) => {
    if (!pattern) return;
    switch (pattern.type) {
      case "Identifier":
        declare(scope, pattern, kind, { ...extra, path });
        break;
      case "AssignmentPattern": {
        const { fallback: _outer, ...rest } = extra;
        declarePattern(scope, pattern.left, kind, pattern.left.type === "Identifier" ? { ...rest, fallback: pattern.right } : rest, path);
        break;
      }
      case "ObjectPattern":
        for (const p of pattern.properties) {
          if (p.type === "RestElement") declarePattern(scope, p.argument, kind, { ...extra, path: [] }, ["\u2026"]);
          else {
            const key = !p.computed && p.key.type === "Identifier" ? p.key.name : p.key.type === "StringLiteral" ? p.key.value : "?";
            declarePattern(scope, p.value, kind, extra, [...path, key]);
          }
        }
        break;
      case "ArrayPattern":
        pattern.elements.forEach((e, i) => declarePattern(scope, e, kind, extra, [...path, String(i)]));
        break;
      case "RestElement":
        declarePattern(scope, pattern.argument, kind, extra, [...path, "\u2026"]);
        break;
      case "TSParameterProperty":
        declarePattern(scope, pattern.parameter, kind, extra, path);
        break;
    }
  };
  const functionScopeOf = (scope) => {
    let s = scope;
    while (s.node !== s.fn) s = s.parent;
    return s;
  };
  const patternWrites = (target, scope, node, operator, value) => {
    switch (target.type) {
      case "Identifier":
        writes.push({ id: target, scope, write: { node, operator, value } });
        break;
      case "AssignmentPattern":
        patternWrites(target.left, scope, node, "", void 0);
        break;
      case "ObjectPattern":
        for (const p of target.properties) patternWrites(p.type === "RestElement" ? p.argument : p.value, scope, node, "", void 0);
        break;
      case "ArrayPattern":
        for (const e of target.elements) if (e) patternWrites(e, scope, node, "", void 0);
        break;
      case "RestElement":
        patternWrites(target.argument, scope, node, "", void 0);
        break;
      case "MemberExpression":
        if (operator === "+=" && !target.computed && target.object.type === "Identifier" && propertyName(target.property, false) === "pathname") {
          writes.push({ id: target.object, scope, write: { node, operator, value } });
        }
        break;
    }
  };
  const { nodes, depths, keys } = flatTree(program);
  const nodeAt = [];
  const innerAt = [];
  const outerAt = [];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    const depth = depths[i];
    const key = keys[i];
    const parent = depth > 0 ? nodeAt[depth - 1] : void 0;
    if (parent && TYPE_KEYS.has(key)) {
      i = endOfSubtree(depths, i);
      continue;
    }
    const outer = parent ? childScopeFor(parent, key, innerAt[depth - 1], outerAt[depth - 1]) : root;
    if (parent) node[PARENT] = parent;
    if (TYPE_DECLARATIONS.has(node.type)) {
      i = endOfSubtree(depths, i);
      continue;
    }
    let scope = outer;
    switch (node.type) {
      case "FunctionDeclaration":
      case "FunctionExpression":
      case "ArrowFunctionExpression":
      case "ObjectMethod":
      case "ClassMethod":
      case "ClassPrivateMethod": {
        if (node.type === "FunctionDeclaration" && node.id) declare(outer, node.id, "function", { init: node });
        scope = { node, parent: outer, fn: node, bindings: /* @__PURE__ */ new Map() };
        if (node.type === "FunctionExpression" && node.id) declare(scope, node.id, "function", { init: node });
        parametersOf(node).forEach((p, index) => declarePattern(scope, p, "param", { fn: node, index }));
        break;
      }
      case "StaticBlock":
        scope = { node, parent: outer, fn: node, bindings: /* @__PURE__ */ new Map() };
        break;
      case "ClassDeclaration":
      case "ClassExpression":
        if (node.type === "ClassDeclaration" && node.id) declare(outer, node.id, "class", { init: node });
        scope = { node, parent: outer, fn: outer.fn, bindings: /* @__PURE__ */ new Map() };
        if (node.type === "ClassExpression" && node.id) declare(scope, node.id, "class", { init: node });
        break;
      case "BlockStatement":
        if (parent && FUNCTIONS.has(parent.type) && key === "body") break;
        if (parent?.type === "CatchClause" && key === "body") break;
        scope = { node, parent: outer, fn: outer.fn, bindings: /* @__PURE__ */ new Map() };
        break;
      case "ForStatement":
      case "ForInStatement":
      case "ForOfStatement":
      case "SwitchStatement":
      case "TSModuleBlock":
        scope = { node, parent: outer, fn: outer.fn, bindings: /* @__PURE__ */ new Map() };
        break;
      case "CatchClause":
        scope = { node, parent: outer, fn: outer.fn, bindings: /* @__PURE__ */ new Map() };
        declarePattern(scope, node.param, "catch", {});
        break;
      case "VariableDeclaration": {
        const target = node.kind === "var" ? functionScopeOf(outer) : outer;
        const loop = parent && (parent.type === "ForOfStatement" || parent.type === "ForInStatement") && key === "left";
        for (const d of node.declarations) {
          const kind = loop ? "loop" : node.kind === "var" ? "var" : node.kind === "let" ? "let" : "const";
          declarePattern(target, d.id, kind, loop ? { init: parent.right } : d.init ? { init: d.init } : {});
        }
        break;
      }
      case "ImportDeclaration":
        for (const s of node.specifiers) {
          const imported = s.type === "ImportDefaultSpecifier" ? "default" : s.type === "ImportNamespaceSpecifier" ? "*" : s.imported.type === "Identifier" ? s.imported.name : s.imported.value;
          declare(root, s.local, "import", { module: node.source.value, imported });
        }
        break;
      case "TSEnumDeclaration":
        declare(outer, node.id, "const", { init: node });
        break;
      case "AssignmentExpression":
        patternWrites(node.left, outer, node, node.operator, node.right);
        break;
      case "UpdateExpression":
        if (node.argument.type === "Identifier") writes.push({ id: node.argument, scope: outer, write: { node, operator: "", value: void 0 } });
        break;
      case "Identifier":
        if (parent && isRead(parent, key)) refs.push({ id: node, scope: outer });
        break;
    }
    if ((node.type === "ForInStatement" || node.type === "ForOfStatement") && node.left.type !== "VariableDeclaration") {
      patternWrites(node.left, outer, node, "", void 0);
    }
    if (scope !== outer) scopeOfNode.set(node, scope);
    nodeAt[depth] = node;
    innerAt[depth] = scope;
    outerAt[depth] = outer;
  }
  const resolve = (name, scope) => {
    for (let s = scope; s; s = s.parent) {
      const b = s.bindings.get(name);
      if (b) return b;
    }
    return void 0;
  };
  for (const { id, scope } of refs) {
    if (id.type !== "Identifier" || declared.has(id)) continue;
    const b = resolve(id.name, scope);
    if (b) {
      b.reads.push(id);
      id[BINDING] = b;
    }
  }
  for (const { id, scope, write } of writes) {
    if (id.type !== "Identifier") continue;
    const b = resolve(id.name, scope);
    if (b && write.node.type === "AssignmentExpression" && write.node.left.type === "MemberExpression" && !(b.init && isNewUrl(b.init))) continue;
    if (b) {
      b.writes.push(write);
      id[BINDING] = b;
    }
  }
  for (const b of all) {
    b.reads.sort((x, y) => x.start - y.start);
    b.writes.sort((x, y) => x.node.start - y.node.start);
  }
  const functionCache = /* @__PURE__ */ new Map();
  return {
    bindingOf: (id) => id[BINDING],
    parentOf: (node) => node[PARENT],
    functionOf(node) {
      const cached = functionCache.get(node);
      if (cached) return cached;
      let n = node[PARENT];
      while (n && !FUNCTIONS.has(n.type) && n.type !== "StaticBlock") n = n[PARENT];
      const fn = n ?? program;
      functionCache.set(node, fn);
      return fn;
    },
    all,
    program: root
  };
}
function endOfSubtree(depths, i) {
  let j = i + 1;
  while (j < depths.length && depths[j] > depths[i]) j++;
  return j - 1;
}
function childScopeFor(node, key, inner, outer) {
  if (inner === outer) return inner;
  if (key === "key" || key === "decorators") return outer;
  if (node.type === "FunctionDeclaration" && key === "id") return outer;
  if ((node.type === "ClassDeclaration" || node.type === "ClassExpression") && key === "superClass") return outer;
  return inner;
}
function isRead(parent, key) {
  switch (parent.type) {
    case "MemberExpression":
    case "OptionalMemberExpression":
      return key === "object" || parent.computed === true;
    case "ObjectProperty":
      return key === "value" || parent.computed && key === "key";
    case "ObjectMethod":
    case "ClassMethod":
    case "ClassPrivateMethod":
    case "ClassProperty":
    case "ClassAccessorProperty":
      return key !== "key" || "computed" in parent && parent.computed === true;
    case "VariableDeclarator":
      return key === "init";
    case "FunctionDeclaration":
    case "FunctionExpression":
    case "ArrowFunctionExpression":
      return key === "body";
    case "ClassDeclaration":
    case "ClassExpression":
      return key === "superClass";
    case "AssignmentExpression":
      return key === "right" || parent.operator !== "=";
    case "AssignmentPattern":
      return key === "right";
    case "CatchClause":
    case "ImportSpecifier":
    case "ImportDefaultSpecifier":
    case "ImportNamespaceSpecifier":
    case "LabeledStatement":
    case "BreakStatement":
    case "ContinueStatement":
    case "MetaProperty":
    case "ObjectPattern":
    case "ArrayPattern":
    case "RestElement":
    case "TSEnumMember":
    case "TSEnumDeclaration":
    case "TSParameterProperty":
    case "TSModuleDeclaration":
    case "TSQualifiedName":
    case "TSTypeReference":
      return false;
    case "ExportSpecifier":
      return key === "local";
    case "ForInStatement":
    case "ForOfStatement":
      return key === "right";
    default:
      return true;
  }
}

// src/callsites/response.ts
var CHAIN = /* @__PURE__ */ new Set(["query", "send", "set", "field", "type", "accept", "auth", "timeout", "retry", "withCredentials", "responseType", "ok", "use"]);
var BODY_CALLS = /* @__PURE__ */ new Set(["json", "text"]);
var TEXT_GETTERS = /* @__PURE__ */ new Set(["getContentText"]);
var ITERATE = /* @__PURE__ */ new Set(["map", "forEach", "filter", "find", "findIndex", "some", "every", "flatMap", "reduce", "sort"]);
var LIST_KEEPING = /* @__PURE__ */ new Set(["filter", "sort"]);
var SAME_ITEMS = /* @__PURE__ */ new Set(["reverse", "slice", "concat", "toReversed", "toSorted"]);
var SAME_VALUE_METHODS = /* @__PURE__ */ new Set(["parse"]);
var SAME_VALUE_FUNCTIONS = /* @__PURE__ */ new Set(["structuredClone", "Object.freeze", "_.cloneDeep", "cloneDeep", "_.clone"]);
var STATUS = /* @__PURE__ */ new Set(["status", "statusCode"]);
var STATUS_GETTERS = /* @__PURE__ */ new Set([...STATUS, "getResponseCode", "getStatus"]);
var NO_FACTS = { handled: false, reads: [], statuses: [], headers: [] };
function responseFacts(call, ancestors) {
  if (call.node.type !== "CallExpression") return call.client === "route" ? { ...NO_FACTS, passedOn: true } : NO_FACTS;
  if (call.client === "url") return NO_FACTS;
  const aliases = handlersOf(call, ancestors);
  if (aliases.length === 0) {
    const elsewhere = ancestors[ancestors.length - 1]?.type !== "ExpressionStatement";
    return { ...NO_FACTS, handled: elsewhere, passedOn: elsewhere && passedOn(ancestors) };
  }
  const found = { reads: [], statuses: [], headers: [] };
  const program = programOf2(ancestors);
  const seen = /* @__PURE__ */ new Set();
  for (let i = 0; i < aliases.length && i < 50; i++) {
    const alias = aliases[i];
    const key = `${alias.name}:${alias.role}:${alias.region.start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (alias.inline) followMember(alias, alias.inline.node, alias.inline.ancestors, aliases, found);
    else scan(alias, aliases, found, program);
  }
  return { handled: true, ...found };
}
function callersOfReturning(expr, ancestors, depth) {
  const returning = returningFunction(expr, ancestors, depth);
  if (!returning) return void 0;
  const { fn, at } = returning;
  const holder = ancestors[at - 1];
  const name = fn.type === "FunctionDeclaration" ? fn.id?.name : (fn.type === "ArrowFunctionExpression" || fn.type === "FunctionExpression") && holder?.type === "VariableDeclarator" && holder.init === fn && holder.id.type === "Identifier" ? holder.id.name : void 0;
  const program = programOf2(ancestors);
  if (!name || !program) return void 0;
  const out = [];
  walk(program, (node, path) => {
    if (node.type === "CallExpression" && node.callee.type === "Identifier" && node.callee.name === name && (node.start < fn.start || node.start >= fn.end)) out.push({ node, ancestors: [...path] });
  });
  return out.length > 0 ? out : void 0;
}
function programOf2(ancestors) {
  const root = ancestors[0];
  return root?.type === "File" ? root.program : root;
}
function passedOn(ancestors) {
  let i = ancestors.length - 1;
  while (i >= 0 && (isAwaited(ancestors[i]) || ancestors[i].type === "ParenthesizedExpression")) i--;
  const parent = ancestors[i];
  return parent !== void 0 && parent.type !== "ExpressionStatement";
}
var MAX_RETURNS = 2;
function handlersOf(call, ancestors, from) {
  const out = [];
  const opened = !from && call.client === "xhr" && call.node.type === "CallExpression" ? unwrap(call.node.callee) : void 0;
  const receiver = opened?.type === "MemberExpression" ? unwrap(opened.object) : void 0;
  if (receiver?.type === "Identifier") {
    const region = enclosingFunction(ancestors) ?? ancestors[0];
    return region ? [{ name: receiver.name, role: "response", region }, ...xhrHandlers(receiver.name, region)] : [];
  }
  let expr = from?.node ?? call.node;
  let depth = ancestors.length - 1;
  let role = from?.role ?? (call.yieldsBody ? "body" : "response");
  for (; ; ) {
    const member = ancestors[depth];
    const outer = ancestors[depth - 1];
    if (!member || !outer || member.type !== "MemberExpression" || member.object !== expr || outer.type !== "CallExpression" || outer.callee !== member) break;
    const name = propertyName(member.property, member.computed) ?? "";
    const handed = name === "then" || name === "catch" ? handsOn(outer, name, role) : void 0;
    if (BODY_CALLS.has(name)) role = "body";
    else if (handed) role = handed;
    else if (!CHAIN.has(name)) break;
    expr = outer;
    depth -= 2;
  }
  for (let outer = handedBack(expr, ancestors, depth); outer !== void 0; outer = handedBack(expr, ancestors, depth)) {
    expr = ancestors[outer];
    depth = outer - 1;
  }
  if (!from && joinedAt(expr, ancestors, depth, role, out)) return out;
  const returns = from?.returns ?? 0;
  const callers = returns < MAX_RETURNS ? callersOfReturning(expr, ancestors, depth) : void 0;
  if (callers) return callers.flatMap((c) => handlersOf(call, c.ancestors, { node: c.node, role, returns: returns + 1 }));
  const fnRegion = enclosingFunction(ancestors.slice(0, depth + 1));
  const parent = ancestors[depth];
  const grand = ancestors[depth - 1];
  const roles = call.client === "wrapper" && role === "response" ? call.via && returnsStatus(call.via) ? ["status"] : ["response", "body"] : [role];
  if (call.immediate && parent && !isAwaited(parent)) {
    bindTarget(parent, expr, role, fnRegion, out);
    if (parent.type === "MemberExpression" && parent.object === expr && fnRegion) out.push({ name: "", role, region: fnRegion, inline: { node: expr, ancestors: ancestors.slice(0, depth + 1) } });
  }
  if (parent && isAwaited(parent)) {
    for (const r of roles) bindTarget(ancestors[depth - 1], parent, r, fnRegion, out);
    const member = ancestors[depth - 1];
    if (member?.type === "MemberExpression" && member.object === parent && fnRegion) out.push({ name: "", role, region: fnRegion, inline: { node: parent, ancestors: ancestors.slice(0, depth) } });
    const tryStatement = enclosingTry(ancestors.slice(0, depth));
    if (tryStatement?.handler?.param) bindPattern(tryStatement.handler.param, "error", tryStatement.handler.body, out);
  } else if (parent?.type === "MemberExpression" && parent.object === expr && grand?.type === "CallExpression" && grand.callee === parent) {
    const method = propertyName(parent.property, parent.computed);
    for (const r of roles) {
      if (method === "pipe" || method === "subscribe") observableHandlers(grand, method, r, ancestors.slice(0, depth - 1), out);
      else if (method === "its" && fnRegion) out.push({ name: "", role: r, region: fnRegion, inline: { node: expr, ancestors: ancestors.slice(0, depth + 1) } });
      else promiseHandlers(grand, method, r, ancestors.slice(0, depth - 1), out);
    }
  }
  if (!from && call.node.type === "CallExpression") {
    for (const arg of call.node.arguments) {
      const fn = unwrap(arg);
      if (isFunction2(fn)) callbackParams(fn, call.client, out);
      if (fn.type === "ObjectExpression") {
        for (const p of fn.properties) {
          const key = p.type === "ObjectProperty" || p.type === "ObjectMethod" ? propertyName(p.key, p.computed) : void 0;
          const value = p.type === "ObjectProperty" ? unwrap(p.value) : p.type === "ObjectMethod" ? p : void 0;
          if (!value || !isFunction2(value)) continue;
          const first = value.params[0];
          if (key === "success" && first?.type === "Identifier") out.push({ name: first.name, role: "body", region: value.body });
          if (key === "error" && first?.type === "Identifier") out.push({ name: first.name, role: "response", region: value.body });
        }
      }
    }
  }
  return out;
}
var JOINS = /* @__PURE__ */ new Set(["Promise.all", "axios.all", "$q.all", "Q.all", "RSVP.all", "Bluebird.all", "bluebird.all"]);
function joinedAt(expr, ancestors, depth, role, out) {
  const list = ancestors[depth];
  const join = ancestors[depth - 1];
  if (list?.type !== "ArrayExpression" || join?.type !== "CallExpression" || join.arguments[0] !== list || !JOINS.has(dotted(join.callee) ?? "")) return false;
  const index = list.elements.indexOf(expr);
  if (index === -1) return false;
  const parent = ancestors[depth - 2];
  const region = enclosingFunction(ancestors.slice(0, depth - 1));
  const item = (pattern, within) => {
    const target = pattern?.type === "ArrayPattern" ? pattern.elements[index] : void 0;
    if (target && target.type !== "RestElement" && within) bindPattern(target, role, within, out);
  };
  if (parent && isAwaited(parent)) {
    const holder = ancestors[depth - 3];
    if (holder?.type === "VariableDeclarator" && holder.init === parent) item(holder.id, region);
    else if (holder?.type === "AssignmentExpression" && holder.right === parent) item(holder.left, region);
    return true;
  }
  const call = ancestors[depth - 3];
  if (parent?.type !== "MemberExpression" || parent.object !== join || call?.type !== "CallExpression" || call.callee !== parent || propertyName(parent.property, parent.computed) !== "then") return true;
  const handler = call.arguments[0] ? unwrap(call.arguments[0]) : void 0;
  if (handler && isFunction2(handler)) item(handler.params[0], handler.body);
  const spread = handler?.type === "CallExpression" && /(^|\.)spread$/.test(dotted(handler.callee) ?? "") ? unwrap(handler.arguments[0]) : void 0;
  if (spread && isFunction2(spread) && spread.params[index]) bindPattern(spread.params[index], role, spread.body, out);
  return true;
}
function isAwaited(node) {
  return node.type === "AwaitExpression" || node.type === "YieldExpression" && !node.delegate && node.argument !== null;
}
function bindTarget(holder, value, role, region, out) {
  const target = heldIn(holder, value);
  if (target && region) bindPattern(target, role, region, out);
}
function declares(name, ancestors) {
  const parent = ancestors[ancestors.length - 1];
  const grand = ancestors[ancestors.length - 2];
  if (parent?.type === "ObjectProperty") return grand?.type === "ObjectPattern" || parent.key === name && !parent.computed;
  if (parent?.type === "MemberExpression" || parent?.type === "OptionalMemberExpression") return parent.property === name && !parent.computed;
  return parent?.type === "ArrayPattern" || parent?.type === "RestElement" || parent?.type === "AssignmentPattern" && parent.left === name;
}
function copiedInto(node, ancestors) {
  let value = node;
  let i = ancestors.length - 1;
  while (i >= 0 && TYPE_WRAPPERS.has(ancestors[i].type)) value = ancestors[i--];
  return heldIn(ancestors[i], value);
}
var TYPE_WRAPPERS = /* @__PURE__ */ new Set(["TSAsExpression", "TSSatisfiesExpression", "TSNonNullExpression", "TSTypeAssertion", "ParenthesizedExpression"]);
function heldIn(holder, value) {
  if (holder?.type === "VariableDeclarator" && holder.init === value) return holder.id;
  if (holder?.type === "AssignmentExpression" && holder.operator === "=" && holder.right === value) return holder.left;
  return void 0;
}
function bindPattern(id, role, region, out) {
  if (id.type === "Identifier") out.push({ name: id.name, role, region });
  else if (id.type === "ObjectPattern") {
    for (const p of id.properties) {
      if (p.type !== "ObjectProperty") continue;
      const key = propertyName(p.key, p.computed);
      const target = p.value.type === "AssignmentPattern" ? p.value.left : p.value;
      if (!key) continue;
      if (role === "body" || role === "element") {
        if (target.type === "Identifier") out.push({ name: target.name, role, region, field: [key] });
        continue;
      }
      const as = STATUS.has(key) ? "status" : role === "response" && (key === "data" || key === "body") ? "body" : role === "error" && key === "response" ? "response" : void 0;
      if (as && (role === "response" || role === "error")) bindPattern(target, as, region, out);
    }
  } else if (id.type === "ArrayPattern" && role === "body") {
    for (const el of id.elements) if (el?.type === "Identifier") out.push({ name: el.name, role: "element", region });
  }
}
function promiseHandlers(call, method, role, ancestors, out) {
  const [okArg, failArg] = call.arguments.map((a) => unwrap(a));
  const state = method === "then" && okArg?.type === "Identifier" && role !== "status" ? stateOfSetter(okArg.name, call, programOf2(ancestors)) : void 0;
  if (state) out.push({ ...state, role });
  if (method === "then" && okArg && isFunction2(okArg)) {
    const first = okArg.params[0];
    if (first) bindPattern(first, role, okArg.body, out);
    const returned = okArg.body.type !== "BlockStatement" ? unwrap(okArg.body) : void 0;
    const toBody = returned && first?.type === "Identifier" && isBodyOf(returned, first.name);
    const member = ancestors[ancestors.length - 1];
    const next = ancestors[ancestors.length - 2];
    if (toBody && member?.type === "MemberExpression" && member.object === call && next?.type === "CallExpression" && propertyName(member.property, member.computed) === "then") {
      promiseHandlers(next, "then", "body", ancestors.slice(0, -2), out);
    }
  }
  if (method === "done" && okArg && isFunction2(okArg) && okArg.params[0]) bindPattern(okArg.params[0], role, okArg.body, out);
  const fail = method === "catch" || method === "fail" ? okArg : method === "then" ? failArg : void 0;
  if (fail && isFunction2(fail) && fail.params[0]) bindPattern(fail.params[0], "error", fail.body, out);
  if (method === "end" && okArg && isFunction2(okArg)) callbackParams(okArg, "superagent", out);
  if (method === "then" || method === "finally" || method === "done") laterCatch(call, ancestors, out);
}
var OPERATORS = /* @__PURE__ */ new Set(["map", "tap", "filter", "switchMap", "mergeMap", "concatMap", "exhaustMap", "flatMap", "first", "find", "takeWhile", "do"]);
var PASS_ON = /* @__PURE__ */ new Set(["tap", "filter", "first", "find", "takeWhile", "do", "take", "retry", "share", "shareReplay", "delay", "timeout", "debounceTime", "distinctUntilChanged", "catchError"]);
var FLATTENING = /* @__PURE__ */ new Set(["switchMap", "mergeMap", "concatMap", "exhaustMap", "flatMap"]);
function emitsItemsOf(fn) {
  const param = fn.params[0];
  if (param?.type !== "Identifier" || fn.body.type === "BlockStatement") return false;
  let body = unwrap(fn.body);
  if (body.type === "CallExpression" && body.callee.type === "Identifier" && body.callee.name === "from" && body.arguments.length === 1) body = unwrap(body.arguments[0]);
  return body.type === "Identifier" && body.name === param.name;
}
function observableHandlers(call, method, role, ancestors, out) {
  let current = role;
  const bindFirst = (fn, as) => {
    if (fn && isFunction2(fn) && fn.params[0]) bindPattern(fn.params[0], as, fn.body, out);
  };
  if (method === "subscribe") {
    const [next2, error] = call.arguments.map((a) => unwrap(a));
    if (next2?.type === "ObjectExpression") {
      for (const p of next2.properties) {
        const key = p.type === "ObjectProperty" || p.type === "ObjectMethod" ? propertyName(p.key, p.computed) : void 0;
        const value = p.type === "ObjectProperty" ? unwrap(p.value) : p.type === "ObjectMethod" ? p : void 0;
        if (key === "next") bindFirst(value, role);
        if (key === "error") bindFirst(value, "error");
      }
    } else {
      bindFirst(next2, role);
      bindFirst(error, "error");
    }
    return;
  }
  for (const arg of call.arguments) {
    const op = unwrap(arg);
    if (op.type !== "CallExpression" || op.callee.type !== "Identifier") {
      current = void 0;
      continue;
    }
    const name = op.callee.name;
    const fn = op.arguments[0] ? unwrap(op.arguments[0]) : void 0;
    if (current === "body" && (FLATTENING.has(name) ? fn !== void 0 && isFunction2(fn) && emitsItemsOf(fn) : name === "mergeAll" || name === "concatAll")) {
      current = "element";
      continue;
    }
    if (name === "catchError") bindFirst(fn, "error");
    else if (current && OPERATORS.has(name)) {
      bindFirst(fn, current);
      if (name === "map" && fn && isFunction2(fn)) {
        const first = fn.params[0];
        const returned = fn.body.type !== "BlockStatement" ? unwrap(fn.body) : void 0;
        current = current === "response" && returned && first?.type === "Identifier" && isBodyOf(returned, first.name) ? "body" : void 0;
        continue;
      }
    }
    if (!PASS_ON.has(name)) current = void 0;
  }
  const member = ancestors[ancestors.length - 1];
  const next = ancestors[ancestors.length - 2];
  if (current && member?.type === "MemberExpression" && member.object === call && next?.type === "CallExpression" && propertyName(member.property, member.computed) === "subscribe") {
    observableHandlers(next, "subscribe", current, ancestors.slice(0, -2), out);
  }
}
function laterCatch(call, ancestors, out) {
  let current = call;
  for (let i = ancestors.length - 1; i >= 1; i -= 2) {
    const member = ancestors[i];
    const next = ancestors[i - 1];
    if (member.type !== "MemberExpression" || member.object !== current || next.type !== "CallExpression" || next.callee !== member) return;
    const name = propertyName(member.property, member.computed);
    const fail = name === "catch" || name === "fail" ? next.arguments[0] : name === "then" ? next.arguments[1] : void 0;
    const fn = fail && unwrap(fail);
    if (fn && isFunction2(fn) && fn.params[0]) {
      bindPattern(fn.params[0], "error", fn.body, out);
      return;
    }
    if (name !== "then" && name !== "finally" && name !== "done") return;
    current = next;
  }
}
function callbackParams(fn, client, out) {
  const names = fn.params.map((p) => p.type === "Identifier" ? p.name : void 0);
  const region = fn.body;
  const roles = callbackRoles(client);
  if (roles) {
    if (roles[0] === "error" && names.length < 2) return;
    roles.forEach((role, i) => {
      if (names[i] && role !== "other") out.push({ name: names[i], role, region });
    });
    return;
  }
  if (names.length >= 2 && names[0] && /^(err|error|e)$/i.test(names[0])) {
    out.push({ name: names[0], role: "error", region });
    const second = client === "wrapper" && names[2] ? ["response"] : client === "wrapper" ? ["response", "body"] : ["body"];
    if (names[1]) for (const role of second) out.push({ name: names[1], role, region });
    if (names[2] && client === "wrapper") out.push({ name: names[2], role: "body", region });
  }
}
function handsOn(call, method, role) {
  const handler = call.arguments.length === 1 ? unwrap(call.arguments[0]) : void 0;
  if (!handler || !isFunction2(handler) || handler.body.type === "BlockStatement") return void 0;
  const first = handler.params[0];
  if (first?.type !== "Identifier") return void 0;
  const returned = unwrap(handler.body);
  if (method === "then" && role === "response") return isBodyOf(returned, first.name) ? "body" : isStatusOf(returned, first.name, false) ? "status" : void 0;
  return method === "catch" && role === "status" && isStatusOf(returned, first.name, true) ? "status" : void 0;
}
function returnsStatus(fn) {
  const returned = returnedValues(fn).map((v) => {
    const n = unwrap(v);
    return n.type === "AwaitExpression" ? unwrap(n.argument) : n;
  });
  return returned.length > 0 && returned.every((v) => {
    if (v.type === "MemberExpression" && !v.computed && STATUS.has(propertyName(v.property, false) ?? "")) return unwrap(v.object).type === "Identifier";
    if (v.type !== "CallExpression" || v.callee.type !== "MemberExpression") return false;
    const method = propertyName(v.callee.property, v.callee.computed);
    return (method === "then" || method === "catch") && handsOn(v, method, method === "then" ? "response" : "status") === "status";
  });
}
function isStatusOf(expr, name, ofError) {
  let e = expr;
  const keys = [];
  while (e.type === "MemberExpression" || e.type === "OptionalMemberExpression") {
    const key = propertyName(e.property, e.computed);
    if (!key) return false;
    keys.unshift(key);
    e = unwrap(e.object);
  }
  if (!isName(e, name) || keys.length === 0 || !STATUS.has(keys[keys.length - 1])) return false;
  return keys.length === 1 || ofError && keys.length === 2 && keys[0] === "response";
}
function isBodyOf(expr, name) {
  const e = expr.type === "AwaitExpression" ? unwrap(expr.argument) : expr;
  if (e.type === "CallExpression" && e.callee.type === "MemberExpression") {
    return isName(e.callee.object, name) && BODY_CALLS.has(propertyName(e.callee.property, e.callee.computed) ?? "");
  }
  return e.type === "MemberExpression" && isName(e.object, name) && ["data", "body", "response"].includes(propertyName(e.property, e.computed) ?? "");
}
var XHR_EVENTS = /* @__PURE__ */ new Set(["onload", "onreadystatechange", "onloadend", "onerror"]);
function xhrHandlers(receiver, region) {
  const out = [];
  walk(region, (node) => {
    let handler;
    if (node.type === "AssignmentExpression" && node.left.type === "MemberExpression" && isName(node.left.object, receiver) && XHR_EVENTS.has(propertyName(node.left.property, node.left.computed) ?? "")) handler = unwrap(node.right);
    else if (node.type === "CallExpression" && node.callee.type === "MemberExpression" && isName(node.callee.object, receiver) && propertyName(node.callee.property, node.callee.computed) === "addEventListener") handler = node.arguments[1] && unwrap(node.arguments[1]);
    if (handler?.type === "FunctionExpression") out.push({ name: "this", role: "response", region: handler.body });
  });
  return out;
}
function thisRebound(ancestors, region) {
  for (let i = ancestors.length - 1; i >= 0 && ancestors[i] !== region; i--) {
    const a = ancestors[i];
    if (a.type === "FunctionExpression" || a.type === "FunctionDeclaration" || a.type === "ObjectMethod" || a.type === "ClassMethod") return true;
  }
  return false;
}
function handedBack(expr, ancestors, depth) {
  const returning = returningFunction(expr, ancestors, depth);
  if (returning?.fn.type !== "ArrowFunctionExpression" && returning?.fn.type !== "FunctionExpression") return void 0;
  const at = returning.at - 1;
  const call = ancestors[at];
  if (call?.type !== "CallExpression" || !call.arguments.includes(returning.fn)) return void 0;
  const callee = unwrap(call.callee);
  const method = callee.type === "MemberExpression" ? propertyName(callee.property, callee.computed) : void 0;
  return method !== void 0 && (ITERATE.has(method) || method === "then" || method === "catch") ? void 0 : at;
}
function returningFunction(expr, ancestors, depth) {
  let i = depth;
  let value = expr;
  if (ancestors[i]?.type === "AwaitExpression") value = ancestors[i--];
  const parent = ancestors[i];
  if (parent?.type === "ReturnStatement" && parent.argument === value && ancestors[i - 1]?.type === "BlockStatement") {
    const fn = ancestors[i - 2];
    return fn ? { fn, at: i - 2 } : void 0;
  }
  return parent?.type === "ArrowFunctionExpression" && parent.body === value ? { fn: parent, at: i } : void 0;
}
function isJsonParse(node, value) {
  return node.type === "CallExpression" && node.arguments[0] === value && node.callee.type === "MemberExpression" && !node.callee.computed && isName(node.callee.object, "JSON") && propertyName(node.callee.property, false) === "parse";
}
function isName(node, name) {
  const n = unwrap(node);
  return n.type === "Identifier" && n.name === name;
}
function isFunction2(node) {
  return node.type === "FunctionExpression" || node.type === "ArrowFunctionExpression" || node.type === "ObjectMethod";
}
function enclosingFunction(ancestors) {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const a = ancestors[i];
    if (a.type === "FunctionDeclaration" || a.type === "FunctionExpression" || a.type === "ArrowFunctionExpression" || a.type === "ClassMethod" || a.type === "ObjectMethod") return a.body;
    if (a.type === "Program") return a;
  }
  return void 0;
}
function enclosingTry(ancestors) {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const a = ancestors[i];
    if (a.type === "TryStatement" && ancestors[i + 1] === a.block) return a;
    if (isFunction2(a) || a.type === "FunctionDeclaration") return void 0;
  }
  return void 0;
}
function scan(alias, aliases, found, program) {
  walk(alias.region, (node, ancestors) => {
    if (alias.name === "this" ? node.type !== "ThisExpression" || thisRebound(ancestors, alias.region) : !isName(node, alias.name) || node.type !== "Identifier") return;
    const parent = ancestors[ancestors.length - 1];
    if (!parent) return;
    if (parent.type === "VariableDeclarator" && parent.id === node || declares(node, ancestors)) return;
    if (alias.role === "status") {
      statusCompare(node, ancestors, found.statuses);
      return;
    }
    if (alias.field) {
      const chain = fieldChain(node, ancestors);
      found.reads.push({ path: [...alias.field, ...chain.path], element: alias.role === "element", start: node.start, end: chain.end.end, compared: stringCompares(chain.end, chain.parent) });
      return;
    }
    if (parent.type === "ForOfStatement" && parent.right === node && alias.role === "body") {
      eachItem(parent, aliases);
      return;
    }
    const copied = copiedInto(node, ancestors);
    if (copied) {
      bindPattern(copied, alias.role, alias.region, aliases);
      return;
    }
    const parsed = handsBack(parent, node, alias.role);
    if (parent.type === "CallExpression" && parent.callee !== node && (alias.role === "body" || alias.role === "element" || alias.role === "response") && !parsed) {
      handedTo(parent, node, alias, ancestors, program, aliases, found);
      return;
    }
    if ((parent.type !== "MemberExpression" || parent.object !== node) && !parsed) return;
    followMember(alias, node, ancestors, aliases, found, program);
  });
}
var FIELD_PICKERS = /* @__PURE__ */ new Set(["pick", "get", "at", "has"]);
var LIST_ITERATEES = /* @__PURE__ */ new Set(["map", "filter", "forEach", "each", "find", "findLast", "some", "every", "reject", "partition", "flatMap", "sumBy", "meanBy", "minBy", "maxBy", "groupBy", "countBy", "keyBy", "sortBy", "orderBy", "uniqBy", "reduce"]);
var LIST_LIBRARIES = /* @__PURE__ */ new Set(["_", "lodash", "underscore"]);
function handedTo(call, value, alias, ancestors, program, aliases, found) {
  const callee = unwrap(call.callee);
  const index = call.arguments.indexOf(value);
  const name = callee.type === "Identifier" ? callee.name : callee.type === "MemberExpression" ? propertyName(callee.property, callee.computed) : void 0;
  if (index === 0 && name && FIELD_PICKERS.has(name)) {
    const keys = call.arguments[1] && unwrap(call.arguments[1]);
    for (const key of keys?.type === "ArrayExpression" ? keys.elements : [keys]) {
      if (key?.type !== "StringLiteral") continue;
      const path = key.value.split(".");
      if (alias.role === "response" && (path[0] === "data" || path[0] === "body") && path.length > 1) found.reads.push({ path: path.slice(1), element: false, start: key.start, end: key.end, compared: [] });
      else if (alias.role !== "response") found.reads.push({ path, element: alias.role === "element", start: key.start, end: key.end, compared: [] });
    }
    return;
  }
  if (alias.role === "response") return;
  if (index === 0 && alias.role === "body" && name && LIST_ITERATEES.has(name) && callee.type === "MemberExpression" && LIST_LIBRARIES.has(dotted(callee.object) ?? "")) {
    const given = call.arguments[1] ? unwrap(call.arguments[1]) : void 0;
    if (given?.type === "StringLiteral") found.reads.push({ path: given.value.split("."), element: true, start: given.start, end: given.end, compared: [] });
    const param2 = given && isFunction2(given) ? given.params[name === "reduce" ? 1 : 0] : void 0;
    if (param2) bindPattern(param2, "element", given.body, aliases);
    return;
  }
  const state = callee.type === "Identifier" && index === 0 ? stateOfSetter(callee.name, call, program) : void 0;
  if (state) {
    aliases.push({ ...state, role: alias.role });
    return;
  }
  const fn = callee.type === "Identifier" && index >= 0 ? localFunction(callee.name, ancestors, program) : void 0;
  const param = fn?.params[index];
  if (fn && param && param.type !== "RestElement") bindPattern(param.type === "AssignmentPattern" ? param.left : param, alias.role, fn.body, aliases);
}
function stateOfSetter(name, at, program) {
  let found;
  for (const state of (program && statesOf(program).get(name)) ?? []) {
    const { region } = state;
    if (region.start <= at.start && at.end <= region.end && (!found || region.start >= found.region.start)) found = state;
  }
  return found;
}
var statesOf = memoOn((program) => {
  const out = /* @__PURE__ */ new Map();
  for (const block of nodesOf(program)) {
    if (block.type !== "BlockStatement") continue;
    for (const statement of block.body) {
      if (statement.type !== "VariableDeclaration") continue;
      for (const d of statement.declarations) {
        const init = d.init && unwrap(d.init);
        if (d.id.type !== "ArrayPattern" || init?.type !== "CallExpression") continue;
        const [state, setter] = d.id.elements;
        const hook = unwrap(init.callee);
        const hookName = hook.type === "Identifier" ? hook.name : hook.type === "MemberExpression" ? propertyName(hook.property, hook.computed) : void 0;
        if (hookName !== "useState" || setter?.type !== "Identifier" || state?.type !== "Identifier") continue;
        out.set(setter.name, [...out.get(setter.name) ?? [], { name: state.name, region: block }]);
      }
    }
  }
  return out;
});
function localFunction(name, ancestors, program) {
  const blocks = program ? [program, ...ancestors] : ancestors;
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i];
    const body = block.type === "Program" || block.type === "BlockStatement" ? block.body : void 0;
    for (const statement of body ?? []) {
      const declared = statement.type === "ExportNamedDeclaration" && statement.declaration ? statement.declaration : statement;
      if (declared.type === "FunctionDeclaration" && declared.id?.name === name) return declared;
      if (declared.type !== "VariableDeclaration") continue;
      for (const d of declared.declarations) {
        const init = d.init && unwrap(d.init);
        if (d.id.type === "Identifier" && d.id.name === name && init && isFunction2(init)) return init;
      }
    }
  }
  return void 0;
}
function eachItem(loop, aliases) {
  const decl = loop.left.type === "VariableDeclaration" ? loop.left.declarations[0]?.id : loop.left;
  if (decl) bindPattern(decl, "element", loop.body, aliases);
}
function listIncluding(value, parent) {
  if (parent?.type !== "CallExpression" || parent.arguments[0] !== value || parent.callee.type !== "MemberExpression" || propertyName(parent.callee.property, parent.callee.computed) !== "includes") return void 0;
  const list = unwrap(parent.callee.object);
  return list.type === "ArrayExpression" ? list.elements : void 0;
}
function fieldChain(node, ancestors) {
  const path = [];
  let end = node;
  let i = ancestors.length - 1;
  for (; i >= 0; i--) {
    const parent = ancestors[i];
    if (parent.type !== "MemberExpression" && parent.type !== "OptionalMemberExpression" || parent.object !== end) break;
    const key = propertyName(parent.property, parent.computed);
    if (!key) break;
    path.push(key);
    end = parent;
  }
  return { path, end, parent: ancestors[i] };
}
function followMember(alias, node, ancestors, aliases, found, program, startRole = alias.role) {
  let role = startRole;
  let path = [];
  let current = node;
  let i = ancestors.length - 1;
  for (; i >= 0; i--) {
    const parent = ancestors[i];
    if (path.length === 0 && handsBack(parent, current, role)) {
      current = parent;
      continue;
    }
    if (parent.type !== "MemberExpression" && parent.type !== "OptionalMemberExpression") break;
    if (parent.object !== current) break;
    const prop = propertyName(parent.property, parent.computed);
    const index = parent.computed && parent.property.type === "NumericLiteral";
    current = parent;
    if (role === "response" || role === "error") {
      if (prop === "response" && role === "error") continue;
      if (prop === "message" && role === "response") continue;
      const getter = ancestors[i - 1];
      if (prop && STATUS_GETTERS.has(prop) && getter?.type === "CallExpression" && getter.callee === parent && getter.arguments.length === 0) {
        statusCompare(getter, ancestors.slice(0, i - 1), found.statuses);
        return;
      }
      if (prop && STATUS.has(prop)) {
        statusCompare(parent, ancestors.slice(0, i), found.statuses);
        return;
      }
      if (prop === "its" && getter?.type === "CallExpression" && getter.callee === parent && isStatusText(getter.arguments[0])) {
        const should = chainedCall(getter, ancestors.slice(0, i - 1), "should");
        const [assertion, value] = should?.arguments ?? [];
        if (assertion && value && isEqualityChainer(assertion)) {
          const check = statusCode(value);
          if (check) found.statuses.push(check);
        }
        return;
      }
      if ((prop === "headers" || prop === "header") && role === "response") {
        const name = headerName(parent, ancestors.slice(0, i));
        if (name) found.headers.push(name);
        return;
      }
      if (prop === "links" && role === "response") {
        found.headers.push("link");
        return;
      }
      if (prop === "data" || prop === "body" || prop === "responseJSON" || (prop === "response" || prop === "result" || prop === "responseText") && role === "response") {
        role = "body";
        path = [];
        continue;
      }
      if (prop && TEXT_GETTERS.has(prop) && role === "response" && getter?.type === "CallExpression" && getter.callee === parent) {
        role = "body";
        path = [];
        current = getter;
        i--;
        continue;
      }
      if (prop && BODY_CALLS.has(prop) && role === "response") continue;
      return;
    }
    if (index && role === "body") {
      role = "element";
      path = [];
      continue;
    }
    if (!prop) return;
    const next = ancestors[i - 1];
    if (role === "body" && path.length === 0 && ITERATE.has(prop) && next?.type === "CallExpression" && next.callee === parent) {
      const given = next.arguments[0] ? unwrap(next.arguments[0]) : void 0;
      const fn = given && (isFunction2(given) ? given : given.type === "Identifier" ? localFunction(given.name, ancestors, program) : void 0);
      const param = fn && (prop === "reduce" ? fn.params[1] : fn.params[0]);
      if (fn && param) bindPattern(param, "element", fn.body, aliases);
      const hands = LIST_KEEPING.has(prop) ? "body" : prop === "find" ? "element" : void 0;
      if (!hands) return;
      role = hands;
      current = next;
      i--;
      continue;
    }
    if (role === "body" && path.length === 0 && SAME_ITEMS.has(prop) && next?.type === "CallExpression" && next.callee === parent) {
      current = next;
      i--;
      continue;
    }
    path = [...path, prop];
  }
  const holder = ancestors[i];
  if (path.length === 0 && role === "body" && holder?.type === "ForOfStatement" && holder.right === current) {
    eachItem(holder, aliases);
    return;
  }
  if (path.length === 0 && role !== alias.role && (role === "body" || role === "element") && holder?.type === "CallExpression" && holder.callee !== current && holder.arguments.includes(current)) {
    handedTo(holder, current, { ...alias, role }, ancestors.slice(0, i + 1), program, aliases, found);
    return;
  }
  const held = path.length === 0 && (role !== alias.role || current.type === "CallExpression") ? heldIn(holder, current) : void 0;
  if (held) {
    bindPattern(held, role, alias.region, aliases);
    return;
  }
  if ((role === "response" || role === "body") && path.length === 0 && i >= 1) {
    const call = ancestors[i];
    const awaited = ancestors[i - 1];
    if (call?.type === "CallExpression" && current.type === "MemberExpression" && BODY_CALLS.has(propertyName(current.property, current.computed) ?? "")) {
      if (awaited && isAwaited(awaited)) followMember(alias, awaited, ancestors.slice(0, i - 1), aliases, found, program, "body");
      return;
    }
  }
  if (path.length > 0 && (role === "body" || role === "element")) {
    found.reads.push({ path, element: role === "element", start: current.start, end: current.end, compared: stringCompares(current, ancestors[i]) });
  }
}
function handsBack(call, value, role) {
  if (call.type !== "CallExpression" || call.arguments[0] !== value) return false;
  if (isJsonParse(call, value)) return role === "body";
  if (role !== "body" && role !== "element" || call.arguments.length !== 1) return false;
  const callee = unwrap(call.callee);
  const name = dotted(callee);
  if (name !== void 0 && SAME_VALUE_FUNCTIONS.has(name)) return true;
  return callee.type === "MemberExpression" && SAME_VALUE_METHODS.has(propertyName(callee.property, callee.computed) ?? "");
}
function headerName(headers, ancestors) {
  const parent = ancestors[ancestors.length - 1];
  if (parent?.type !== "MemberExpression" || parent.object !== headers) return void 0;
  const prop = propertyName(parent.property, parent.computed);
  const call = ancestors[ancestors.length - 2];
  if (prop === "get" && call?.type === "CallExpression" && call.arguments[0]?.type === "StringLiteral") return call.arguments[0].value.toLowerCase();
  return prop?.toLowerCase();
}
function stringCompares(read, parent) {
  const literal = (n) => {
    if (n?.type === "StringLiteral") return [{ value: n.value, start: n.start, end: n.end, quote: n.extra?.raw?.[0] === '"' ? '"' : "'" }];
    if (n?.type === "TemplateLiteral" && n.expressions.length === 0) return [{ value: n.quasis[0].value.cooked ?? "", start: n.start, end: n.end, quote: "`" }];
    return [];
  };
  if (parent?.type === "BinaryExpression" && ["===", "==", "!==", "!="].includes(parent.operator)) return literal(parent.left === read ? parent.right : parent.left);
  if (parent?.type === "SwitchStatement" && parent.discriminant === read) return parent.cases.flatMap((c) => literal(c.test));
  return listIncluding(read, parent)?.flatMap((e) => literal(e)) ?? [];
}
function statusCompare(status, ancestors, statuses) {
  const parent = ancestors[ancestors.length - 1];
  const add = (n) => {
    const check = n && statusCode(n);
    if (check) statuses.push(check);
  };
  if (parent?.type === "BinaryExpression" && ["===", "==", "!==", "!="].includes(parent.operator)) add(parent.left === status ? parent.right : parent.left);
  else if (parent?.type === "SwitchStatement" && parent.discriminant === status) for (const c of parent.cases) add(c.test);
  else {
    const asserted = parent && assertedEqual(status, parent, ancestors);
    if (asserted) add(asserted);
    else for (const e of listIncluding(status, parent) ?? []) add(e);
  }
}
function isStatusText(node) {
  const n = node && unwrap(node);
  return n?.type === "StringLiteral" && STATUS.has(n.value);
}
function isEqualityChainer(node) {
  const n = unwrap(node);
  return n.type === "StringLiteral" && /^(?:(?:deep|strict)\.)?(?:eq|equal|equals|eql)$/.test(n.value);
}
function chainedCall(call, ancestors, name) {
  const member = ancestors[ancestors.length - 1];
  const next = ancestors[ancestors.length - 2];
  if (member?.type !== "MemberExpression" || member.object !== call || propertyName(member.property, member.computed) !== name) return void 0;
  return next?.type === "CallExpression" && next.callee === member ? next : void 0;
}
var ASSERT_EQUAL = /* @__PURE__ */ new Set(["equal", "equals", "strictEqual", "deepEqual", "deepStrictEqual", "notEqual", "notStrictEqual", "is", "not", "same", "eq"]);
var MATCH_EQUAL = /* @__PURE__ */ new Set(["toBe", "toEqual", "toStrictEqual", "equal", "equals", "eq", "eql"]);
var MATCH_WORDS = /* @__PURE__ */ new Set(["to", "be", "been", "is", "that", "and", "has", "have", "with", "deep", "strict", "not", "should", "which"]);
function assertedEqual(status, parent, ancestors) {
  if (parent.type === "CallExpression") {
    const [a, b] = parent.arguments;
    const callee = parent.callee;
    if (callee.type === "MemberExpression" && ASSERT_EQUAL.has(propertyName(callee.property, callee.computed) ?? "") && (a === status || b === status)) return a === status ? b : a;
    if (callee.type === "Identifier" && callee.name === "expect" && a === status) return matcherValue(parent, ancestors.slice(0, -1));
    return void 0;
  }
  if (parent.type === "MemberExpression" && parent.object === status && propertyName(parent.property, parent.computed) === "should") return matcherValue(parent, ancestors.slice(0, -1));
  return void 0;
}
function matcherValue(start, ancestors) {
  let current = start;
  for (let i = ancestors.length - 1; i >= 1; i--) {
    const member = ancestors[i];
    if (member.type !== "MemberExpression" || member.object !== current) return void 0;
    const name = propertyName(member.property, member.computed) ?? "";
    const call = ancestors[i - 1];
    if (MATCH_EQUAL.has(name) && call.type === "CallExpression" && call.callee === member) return call.arguments[0];
    if (!MATCH_WORDS.has(name)) return void 0;
    current = member;
  }
  return void 0;
}
var STATUS_NAMES = /* @__PURE__ */ new Map([
  [200, "OK"],
  [201, "CREATED"],
  [202, "ACCEPTED"],
  [204, "NO_CONTENT"],
  [400, "BAD_REQUEST"],
  [404, "NOT_FOUND"],
  [409, "CONFLICT"],
  [422, "UNPROCESSABLE_ENTITY"]
]);
var STATUS_BY_NAME = new Map([...STATUS_NAMES].flatMap(([code, name]) => [[name, code], [pascal(name), code]]));
function pascal(name) {
  return name.toLowerCase().replace(/(^|_)([a-z])/g, (_, __, c) => c.toUpperCase());
}
function statusCode(node) {
  const n = unwrap(node);
  if (n.type === "NumericLiteral") return { code: n.value, start: n.start, end: n.end };
  if (n.type !== "MemberExpression" || n.computed || n.property.type !== "Identifier") return void 0;
  const name = n.property.name;
  const code = STATUS_BY_NAME.get(name);
  if (code === void 0) return void 0;
  const screaming = name === name.toUpperCase();
  return {
    code,
    start: n.property.start,
    end: n.property.end,
    writeAs: (to) => {
      const other = STATUS_NAMES.get(to);
      return other === void 0 ? void 0 : screaming ? other : pascal(other);
    }
  };
}

export {
  __require,
  __commonJS,
  __toESM,
  memoOn,
  nodesOf,
  walk,
  unwrap,
  convertedToText,
  isWrittenText,
  propertyName,
  isNothing,
  dotted,
  propertyNamed,
  keysListed,
  parametersOf,
  invocation,
  boundCall,
  requiredModule,
  constructs,
  isFunction,
  returnedValues,
  heldValue,
  changedThrough,
  functionBoundTo,
  classAround,
  declaredSuperclass,
  classLine,
  programOf,
  isNewUrl,
  analyseScopes,
  CLIENTS,
  DOUBLES,
  clientOfModule,
  clientOfGlobal,
  clientOfInjected,
  clientOfType,
  clientOfConstructor,
  ITERATE,
  responseFacts
};
