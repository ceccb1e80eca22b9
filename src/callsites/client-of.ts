// Which client an expression is: by import, by global name, by declared type, by constructor, or by
// the value a name holds (an instance made with `create`/`extend`/`defaults`, which carries its base URL).
// Instance settings made after creation count too: `http.defaults.baseURL = …` and request interceptors
// that set `config.baseURL`.
import type { Node } from '@babel/types';
import { nodesOf, propertyName, unwrap } from '../parse/walk.js';
import { CLIENTS, DOUBLES, clientOfConstructor, clientOfGlobal, clientOfInjected, clientOfModule, clientOfType, type ClientRow } from './clients.js';
import { evaluateAll, requireSource, type EvalContext } from './evaluate.js';
import type { ObjectShape } from './flow.js';
import type { Binding } from './scope.js';
import { toMethod, type ParamRef, type Piece } from './types.js';
import { objectParams } from './params.js';
import { pieceAt } from './marked.js';

/** A client as an expression holds it. */
export interface ClientValue {
  row: ClientRow;
  /** The module it was imported from (its installed version may decide its default base). */
  module?: string;
  /** The version of the base URL it carries (instances, defaults, interceptors). */
  baseVersion?: 'v3' | 'v4';
  /** Which base that is (see `baseKeyOf`): the client's identity, for evidence about whose API it is. */
  baseKey?: string;
  /**
   * Its base is written out as a host with no API version (`baseURL: 'http://localhost:3000'`): its paths are
   * that host's own, not an API's under `/api/vN`, unless a path writes the version itself.
   */
  baseUnversioned?: true;
  /** Params every request of the instance sends (`qs: { private_token }` of `request.defaults(…)`), as written where it was made. */
  defaultParams?: readonly ParamRef[];
  /** Headers every request of the instance sends. */
  defaultHeaders?: readonly string[];
  /** What every request's URL of the instance begins with: the base a test double's scope was made with (`nock(base)`). */
  urlBase?: Node;
  /** Made by calling a client whose row has a `scope`: the instance, which sends (not the client, which makes one). */
  instance?: true;
  /** The method every request of the instance sends, as the call that made it names it (`bent(base, 'DELETE')`). */
  method?: Node;
}

const API_VERSION_TEXT = /(?:^|\/)api\/v([34])(?=[/?#\ue000-\uf8ff]|$)/;
const GLOBAL_OBJECTS = new Set(['window', 'globalThis', 'self', 'global']);
// Parameters that are the client of the same global name when handed in. Not `request`: a handler's incoming
// request (Express, Hapi, SvelteKit's actions) is called so far more often than the client.
const HANDED_IN_NAMES = new Set(CLIENTS.flatMap((row) => row.globals ?? []).filter((name) => name !== 'request'));
// The members that hold an instance's settings (`axios.defaults`, vue-resource's `Vue.http.options`).
const SETTINGS_MEMBERS = new Set(['defaults', ...CLIENTS.flatMap((row) => (row.settings ? [row.settings] : []))]);
const FACTORIES = new Set([...CLIENTS, ...DOUBLES].flatMap((row) => row.factories ?? []));
// Members that hand back their client (nock's `.reply(…)`, fetch-mock's routes): another request may follow.
const RETURNS = new Set([...CLIENTS, ...DOUBLES].flatMap((row) => row.returns ?? []));

/**
 * What identifies a base URL across the calls that use it: the literal its `api/vN` is written in (where
 * it is written, and its text up to the version: what follows may be a path or a query with a token, and
 * keys are kept in the cache). Calls through one base speak to one product.
 */
export function baseKeyOf(pieces: readonly Piece[]): string | undefined {
  const m = API_VERSION_TEXT.exec(pieces.map((p) => (p.kind === 'text' ? p.text : '\ue000')).join(''));
  if (!m) return undefined;
  const piece = pieceAt(pieces, m.index + m[0].lastIndexOf('v'));
  if (piece?.kind !== 'text' || !piece.literal) return undefined;
  const value = piece.literal.value;
  const version = API_VERSION_TEXT.exec(value);
  // Credentials written into the URL (`https://user:token@host/…`) are no part of what identifies it.
  return `${piece.literal.node.start}:${(version ? value.slice(0, version.index + version[0].length) : value).replace(/\/\/[^/@]*@/, '//')}`;
}

/** The base an expression's values make: its version when they agree on one, and which base it is. */
export function baseOfAlternatives(alternatives: readonly (readonly Piece[])[]): { version?: 'v3' | 'v4'; key?: string; unversioned?: true } {
  const version = versionOfAlternatives(alternatives);
  const key = version && alternatives.length === 1 ? baseKeyOf(alternatives[0]!) : undefined;
  // Every value written out from its scheme and host on, and none with a version anywhere.
  const unversioned = !version && alternatives.length > 0 && alternatives.every((alt) => alt[0]?.kind === 'text' && SCHEME_HOST.test(alt[0].text) && !API_VERSION_TEXT.test(alt.map((p) => (p.kind === 'text' ? p.text : '\ue000')).join('')));
  return { ...(version ? { version } : {}), ...(key ? { key } : {}), ...(unversioned ? { unversioned: true as const } : {}) };
}

const SCHEME_HOST = /^[a-z][a-z0-9+.-]*:\/\/[^/\ue000-\uf8ff]+/i;

export function versionOfAlternatives(alternatives: readonly (readonly Piece[])[]): 'v3' | 'v4' | undefined {
  const found = new Set<'v3' | 'v4'>();
  for (const pieces of alternatives) {
    const m = API_VERSION_TEXT.exec(pieces.map((p) => (p.kind === 'text' ? p.text : '\ue000')).join(''));
    if (m) found.add(`v${m[1]}` as 'v3' | 'v4');
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** The argument a client's constructor takes its base URL in (its row's `factoryArgs`), when it is given. */
export function constructorBase(call: Node & { type: 'NewExpression' }, row: ClientRow): Node | undefined {
  const slot = row.factoryArgs?.indexOf('url') ?? -1;
  const arg = slot >= 0 ? call.arguments[slot] : undefined;
  return arg && arg.type !== 'SpreadElement' ? (arg as Node) : undefined;
}

/** What other modules of the package hold, for names a module imports and functions it calls. */
export interface PackageClients {
  /** The client a module of the package exports under a name. */
  exported(module: string, name: string): ClientValue | undefined;
  /** The client a call of a function of the package returns (`asUser(name)` returning `api.extend(…)`). */
  returned(call: Node & { type: 'CallExpression' | 'OptionalCallExpression' }): ClientValue | undefined;
}

export class ClientResolver {
  private readonly cache = new Map<Node, ClientValue | null>();
  /** Set once the package's modules are known. */
  package: PackageClients | undefined;
  /** Bases set after creation, by the binding (or row, for module-level clients) they were set on. */
  private settings: Map<Binding | ClientRow, 'v3' | 'v4'> | undefined;

  constructor(
    private readonly ctx: EvalContext,
    private readonly root: Node,
  ) {}

  /**
   * The options an instance was made with, read back through its settings member: `api.defaults` of
   * `api = axios.create({ baseURL })` is that object (`api.defaults.baseURL` its base). `made` is the factory call.
   */
  settingsOf(made: Node, member: string): Node | undefined {
    const call = unwrap(made);
    if (call.type !== 'CallExpression' || (call.callee.type !== 'MemberExpression' && call.callee.type !== 'OptionalMemberExpression')) return undefined;
    const factory = propertyName(call.callee.property as Node, call.callee.computed);
    const lib = factory ? this.of(unwrap(call.callee.object as Node)) : undefined;
    const options = call.arguments[0];
    if (!lib?.row.factories?.includes(factory!) || (lib.row.settings ?? 'defaults') !== member || !options || options.type === 'SpreadElement') return undefined;
    return options as Node;
  }

  /** The client an expression is, if it is one. */
  of(expr: Node): ClientValue | undefined {
    const n = unwrap(expr);
    if (this.cache.has(n)) return this.cache.get(n) ?? undefined;
    this.cache.set(n, null); // a cycle resolves to nothing
    const found = this.resolve(n);
    this.cache.set(n, found ?? null);
    return found;
  }

  private resolve(n: Node): ClientValue | undefined {
    const { scopes, flow } = this.ctx;
    switch (n.type) {
      case 'Identifier': {
        const b = scopes.bindingOf(n);
        if (!b) {
          const row = clientOfGlobal(n.name);
          return row && this.withSettings({ row }, row);
        }
        if (b.kind === 'import') {
          const row = clientOfModule(b.module!, b.imported!);
          if (!row) return this.package?.exported(b.module!, b.imported!);
          return this.withSettings({ row, module: b.module }, row);
        }
        if (b.kind === 'param') {
          // AngularJS injects services by name; Angular by type. A parameter named as a client's global is that
          // client handed in: SvelteKit's and Remix's `load({ fetch })`, `(function ($) {…})(jQuery)`, `makeApi(axios)`.
          const row = clientOfType(typeName(b.id) ?? '') ?? (HANDED_IN_NAMES.has(n.name) ? clientOfGlobal(n.name) : undefined) ?? (/^\$/.test(n.name) ? clientOfInjected(n.name) : undefined);
          return row && { row };
        }
        if (flow.isThisAlias(b)) return undefined;
        const sources = flow.reaching(b, n);
        if (sources.length !== 1 || sources[0]!.kind !== 'value') {
          const row = clientOfType(typeName(b.id) ?? '');
          return row && { row };
        }
        const { node: value, path } = sources[0]!;
        const module = requireSource(unwrap(value));
        if (module !== undefined) {
          const inner = unwrap(value);
          const member = inner.type === 'MemberExpression' ? propertyName(inner.property as Node, inner.computed) : undefined;
          const name = path[0] ?? (member && member !== 'default' ? member : 'default');
          const row = clientOfModule(module, name);
          if (!row) return this.package?.exported(module, name);
          return this.withSettings({ row, module }, row);
        }
        if (path.length > 0) return undefined;
        const found = this.of(value);
        return found && this.withSettings(found, b);
      }
      case 'MemberExpression':
      case 'OptionalMemberExpression': {
        const name = propertyName(n.property as Node, n.computed);
        if (!name) return undefined;
        const object = unwrap(n.object as Node);
        if (flow.isThis(object)) {
          const values = flow.thisValues(object, name);
          for (const v of values) {
            if (v.kind !== 'value' || v.path.length > 0) continue;
            const found = this.of(v.node);
            if (found) return found;
          }
          const row = clientOfType(this.thisPropertyType(object, name) ?? '') ?? clientOfInjected(name);
          return row && { row };
        }
        // `context.$axios`, `app.$axios`: injected by the framework into its context objects.
        const injected = clientOfInjected(name);
        if (injected) return { row: injected };
        if (object.type === 'Identifier' && GLOBAL_OBJECTS.has(object.name) && !scopes.bindingOf(object)) {
          const row = clientOfGlobal(name);
          return row && { row };
        }
        // A client a plugin puts on a global (`Vue.http` of vue-resource, Vue loaded by a script tag).
        if (object.type === 'Identifier' && !scopes.bindingOf(object)) {
          const row = clientOfGlobal(`${object.name}.${name}`);
          if (row) return this.withSettings({ row }, row);
        }
        // require('undici').fetch, axios.default
        const module = requireSource(object);
        if (module !== undefined) return this.module(module, name);
        if (object.type === 'Identifier') {
          const b = scopes.bindingOf(object);
          if (b?.kind === 'import' && b.imported === '*') return this.module(b.module!, name);
          // `import Vue from 'vue'; Vue.http`: a client a plugin puts on a module's default export.
          if (b?.kind === 'import' && b.imported === 'default') {
            const row = clientOfModule(b.module!, name);
            if (row) return this.withSettings({ row, module: b.module }, row);
          }
          if (name === 'default') return this.of(object);
        }
        return undefined;
      }
      case 'CallExpression': {
        const module = requireSource(n);
        if (module !== undefined) return this.module(module, 'default');
        const callee = unwrap(n.callee as Node);
        if (callee.type === 'Identifier') {
          // `nock(base, options)`: a scope whose requests' URLs begin with base.
          const self = this.of(callee);
          if (self?.row.scope) return this.scope(n, self);
          return this.package?.returned(n);
        }
        if (callee.type !== 'MemberExpression' || callee.computed) return undefined;
        const factory = propertyName(callee.property as Node, false);
        if (factory && !FACTORIES.has(factory) && RETURNS.has(factory)) return this.handedBack(callee.object as Node, factory);
        // Only a factory's name can make a client: long `.then()` chains are never climbed.
        if (!factory || !FACTORIES.has(factory)) return undefined;
        const lib = this.of(callee.object as Node);
        if (!lib || !factory || !lib.row.factories?.includes(factory)) return undefined;
        // `createClient(base, options)`: a base every request's URL is appended to, as a test double's scope.
        const slots = lib.row.factoryArgs;
        if (slots) {
          const base = n.arguments[slots.indexOf('url')];
          return { row: lib.row, ...(lib.module ? { module: lib.module } : {}), ...(base && base.type !== 'SpreadElement' ? { urlBase: base } : {}) };
        }
        const options = n.arguments[0] ? this.ctx.flow.objectShape(n.arguments[0] as Node, n) : undefined;
        const base = options ? this.baseOf(options, lib.row) : {};
        const own = options ? instanceDefaults(options, lib.row, n, this.ctx) : { params: [], headers: [] };
        return {
          row: lib.row,
          module: lib.module,
          baseVersion: base.version ?? lib.baseVersion,
          ...(base.version ? (base.key ? { baseKey: base.key } : {}) : lib.baseKey ? { baseKey: lib.baseKey } : {}),
          ...(base.unversioned ? { baseUnversioned: true as const } : {}),
          defaultParams: [...(lib.defaultParams ?? []), ...own.params],
          defaultHeaders: [...(lib.defaultHeaders ?? []), ...own.headers],
        };
      }
      case 'NewExpression': {
        const callee = unwrap(n.callee as Node);
        // `new HttpClient(…)` of a module whose export is the client's class.
        const made = callee.type === 'Identifier' || callee.type === 'MemberExpression' ? this.of(callee) : undefined;
        if (made?.row.instantiated) {
          // Its constructor may take the base URL of its requests (`new RestClient(agent, base)`): as `create({ baseURL })`'s.
          const arg = constructorBase(n, made.row);
          const base = arg ? baseOfAlternatives(evaluateAll(arg, this.ctx)) : {};
          return { ...made, ...(base.version ? { baseVersion: base.version, ...(base.key ? { baseKey: base.key } : {}) } : {}), ...(base.unversioned ? { baseUnversioned: true as const } : {}) };
        }
        const row = callee.type === 'Identifier' ? clientOfConstructor(callee.name) : undefined;
        return row && { row };
      }
      default:
        return undefined;
    }
  }

  /** The instance a call of a client makes when its row says calling it makes one (nock's scope): its base and headers. */
  private scope(call: Node & { type: 'CallExpression' }, self: ClientValue): ClientValue {
    const slots = self.row.scope!.args;
    const args = call.arguments as Node[];
    if (slots[0] === 'byKind') return { row: self.row, ...(self.module ? { module: self.module } : {}), instance: true, ...this.byKind(call) };
    const optionsArg = args[slots.indexOf('options')];
    const options = optionsArg && optionsArg.type !== 'SpreadElement' ? this.ctx.flow.objectShape(optionsArg, call) : undefined;
    const headers = options ? instanceDefaults(options, self.row, call, this.ctx).headers : [];
    const base = args[slots.indexOf('url')];
    // A base given as an option (VueUse's `createFetch({ baseUrl })`) is the instance's, as `axios.create`'s is.
    const optionBase = !base && options ? this.baseOf(options, self.row) : {};
    return {
      row: self.row,
      ...(self.module ? { module: self.module } : {}),
      instance: true,
      ...(base && base.type !== 'SpreadElement' ? { urlBase: base } : {}),
      ...(optionBase.version ? { baseVersion: optionBase.version, ...(optionBase.key ? { baseKey: optionBase.key } : {}) } : {}),
      ...(optionBase.unversioned ? { baseUnversioned: true as const } : {}),
      ...(headers.length > 0 ? { defaultHeaders: headers } : {}),
    };
  }

  /**
   * Arguments read by what they hold (bent): a verb is the method, a URL or a path the base, an object the
   * headers, a value not known here the base; other words (`'json'`) and numbers (the statuses it accepts) say
   * nothing here.
   */
  private byKind(call: Node & { type: 'CallExpression' }): Pick<ClientValue, 'urlBase' | 'method' | 'defaultHeaders'> {
    const out: Pick<ClientValue, 'urlBase' | 'method' | 'defaultHeaders'> = {};
    for (const arg of call.arguments as Node[]) {
      if (arg.type === 'SpreadElement' || arg.type === 'NumericLiteral') continue;
      const first = evaluateAll(arg, this.ctx)[0]?.[0];
      if (first?.kind === 'text') {
        if (toMethod(first.text)) out.method ??= arg;
        else if (/^(https?:)?\/|:\/\//.test(first.text)) out.urlBase ??= arg;
        continue;
      }
      const headers = this.ctx.flow.objectShape(arg, call);
      if (headers) out.defaultHeaders = headers.entries.map((e) => e.name.toLowerCase());
      else out.urlBase ??= arg;
    }
    return out;
  }

  /**
   * The client a chained member hands back (`nock(h).get(a).reply(200)` is the scope again, so `.post(b)` may
   * follow), when the row of the client under the chain says that member does. Chains of a test are short.
   */
  private handedBack(object: Node, name: string): ClientValue | undefined {
    let at = unwrap(object);
    for (let i = 0; i < 16; i++) {
      const lib = this.of(at);
      if (lib) return lib.row.returns?.includes(name) ? lib : undefined;
      if (at.type !== 'CallExpression') return undefined;
      const callee = unwrap(at.callee as Node);
      if (callee.type !== 'MemberExpression' && callee.type !== 'OptionalMemberExpression') return undefined;
      at = unwrap(callee.object as Node);
    }
    return undefined;
  }

  private module(module: string, name: string): ClientValue | undefined {
    const row = clientOfModule(module, name);
    return row && this.withSettings({ row, module }, row);
  }

  /** The base URL an options object sets (`baseURL`, `prefixUrl`, …): its version and which base it is. */
  baseOf(options: ObjectShape, row: ClientRow): { version?: 'v3' | 'v4'; key?: string; unversioned?: true } {
    for (const key of row.options.base ?? []) {
      const entry = options.entries.find((e) => e.name === key);
      if (entry) return baseOfAlternatives(evaluateAll(entry.value, this.ctx));
    }
    return {};
  }

  private withSettings(value: ClientValue, key: Binding | ClientRow): ClientValue {
    const set = this.collectSettings().get(key);
    return set && !value.baseVersion ? { ...value, baseVersion: set } : value;
  }

  /** `x.defaults.baseURL = …` and interceptors setting `config.baseURL`: the base every later request of x gets. */
  private collectSettings(): Map<Binding | ClientRow, 'v3' | 'v4'> {
    if (this.settings) return this.settings;
    const settings = new Map<Binding | ClientRow, 'v3' | 'v4'>();
    this.settings = settings;
    const { scopes } = this.ctx;
    const keyOf = (expr: Node): Binding | ClientRow | undefined => {
      const n = unwrap(expr);
      if (n.type === 'Identifier') {
        const b = scopes.bindingOf(n);
        if (b && b.kind !== 'import') return b;
      }
      return this.of(n)?.row;
    };
    const visit = (node: Node) => {
      // x.defaults.baseURL = '…'
      if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression') {
        const key = propertyName(node.left.property as Node, node.left.computed);
        const holder = unwrap(node.left.object as Node);
        const holderName = key && holder.type === 'MemberExpression' ? propertyName(holder.property as Node, holder.computed) : undefined;
        if (holderName && holder.type === 'MemberExpression' && SETTINGS_MEMBERS.has(holderName)) {
          const target = keyOf(holder.object as Node);
          const row = this.of(holder.object as Node)?.row;
          if (target && row && (row.settings ?? 'defaults') === holderName && row.options.base?.includes(key!)) {
            const version = versionOfAlternatives(evaluateAll(node.right, this.ctx));
            if (version) settings.set(target, version);
          }
        }
      }
      // x.interceptors.request.use((config) => { config.baseURL = '…'; return config; })
      if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && propertyName(node.callee.property as Node, node.callee.computed) === 'use') {
        const chain = unwrap(node.callee.object as Node);
        const interceptors = chain.type === 'MemberExpression' ? unwrap(chain.object as Node) : undefined;
        if (interceptors?.type === 'MemberExpression' && propertyName(interceptors.property as Node, interceptors.computed) === 'interceptors') {
          const target = keyOf(interceptors.object as Node);
          const row = this.of(interceptors.object as Node)?.row;
          const fn = node.arguments[0] ? unwrap(node.arguments[0] as Node) : undefined;
          if (target && row && fn && (fn.type === 'ArrowFunctionExpression' || fn.type === 'FunctionExpression')) {
            const version = this.interceptorBase(fn, row);
            if (version) settings.set(target, version);
          }
        }
      }
    };
    for (const node of nodesOf(this.root)) if (node.type === 'AssignmentExpression' || node.type === 'CallExpression') visit(node);
    return settings;
  }

  private interceptorBase(fn: Node & { params: Node[]; body: Node }, row: ClientRow): 'v3' | 'v4' | undefined {
    const config = fn.params[0];
    if (config?.type !== 'Identifier') return undefined;
    const b = this.ctx.scopes.bindingOf(config);
    for (const read of b?.reads ?? []) {
      const member = this.ctx.scopes.parentOf(read);
      const assign = member && this.ctx.scopes.parentOf(member);
      if (member?.type !== 'MemberExpression' || assign?.type !== 'AssignmentExpression' || assign.left !== member) continue;
      const key = propertyName(member.property as Node, member.computed);
      if (key && row.options.base?.includes(key)) return versionOfAlternatives(evaluateAll(assign.right, this.ctx));
    }
    return undefined;
  }

  /** The declared type of `this.<name>`: a class field or a constructor parameter property (`private http: HttpClient`). */
  private thisPropertyType(thisNode: Node, name: string): string | undefined {
    const owner = this.ctx.flow.ownerOf(thisNode);
    if (owner.type !== 'ClassBody') return undefined;
    for (const member of owner.body) {
      if ((member.type === 'ClassProperty' || member.type === 'ClassAccessorProperty') && propertyName(member.key as Node, member.computed) === name) return typeName(member);
      if (member.type === 'ClassMethod' && member.kind === 'constructor') {
        for (const p of member.params) {
          if (p.type !== 'TSParameterProperty') continue;
          const param = p.parameter.type === 'AssignmentPattern' ? p.parameter.left : p.parameter;
          if (param.type === 'Identifier' && param.name === name) return typeName(param);
        }
      }
    }
    return undefined;
  }
}

/** The params and headers an instance's options give every request (`qs`, `params`, `searchParams`, `headers`). */
export function instanceDefaults(options: ObjectShape, row: ClientRow, at: Node, ctx: EvalContext): { params: ParamRef[]; headers: string[]; bags: ObjectShape[] } {
  const bags: ObjectShape[] = [];
  const headers: string[] = [];
  for (const entry of options.entries) {
    const shape = () => ctx.flow.entryShape(entry, at);
    if (row.options.headers?.includes(entry.name)) headers.push(...(shape()?.entries.map((e) => e.name.toLowerCase()) ?? []));
    else if (row.options.query?.includes(entry.name)) {
      const bag = shape();
      if (bag) bags.push(bag);
    }
  }
  return { params: objectParams(bags, ctx), headers, bags };
}

/** The name of a node's declared type (`x: HttpClient` → 'HttpClient'). */
function typeName(node: Node): string | undefined {
  const annotation = (node as { typeAnnotation?: Node | null }).typeAnnotation;
  const type = annotation?.type === 'TSTypeAnnotation' ? annotation.typeAnnotation : undefined;
  if (type?.type === 'TSTypeReference' && type.typeName.type === 'Identifier') return type.typeName.name;
  return undefined;
}
