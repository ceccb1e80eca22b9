// Wrapper inference. A function of the package whose parameter flows into the URL, the method, the params
// or the options of a request it sends is itself a way of sending requests: each call of it is a request,
// with the call's arguments put where the parameters were. Inferred requests can make their own function
// a wrapper in turn (wrappers of wrappers), so inference runs to a fixed point.
//
// What the wrapper's body writes (its base URL, its token parameter) stays the wrapper's: it is marked
// foreign at the call, never edited there, and findings about it are reported in the wrapper's own file.
import type { Node } from '@babel/types';
import { boundCall, isNothing, isWrittenText, unwrap, walk, type Invocation } from '../parse/walk.js';
import { evaluateAll, MAX_ALTERNATIVES, restArguments, returnedFor, soleValue, type EvalContext } from './evaluate.js';
import { serializedBags } from './params.js';
import type { ObjectShape } from './flow.js';
import type { ModuleUnit } from './modules.js';
import { headerNames, isMethodLiteral, type RequestSpec } from './requests.js';
import { classAround, classLine, heldValue, type Binding } from './scope.js';
import { toMethod, type HolePiece, type Method, type MethodSite, type ParamRef, type Piece } from './types.js';
import type { Named } from './names.js';

/** A request of the package, before its calls are built: where it is sent, and its URL's possible values. */
export interface Req {
  unit: ModuleUnit;
  /** The call that sends it (or, for a route written as data, the object or string). */
  node: Node;
  spec: RequestSpec;
  /** Where the URL is written (findings point here unless they know better). */
  urlNode: Node;
  urls: Piece[][];
  /** Params, body and query objects of this module (editable where their literal is). */
  bags: ObjectShape[];
  /** Params a wrapper's body sends: reported there, never here. */
  foreignParams: ParamRef[];
  /** The wrapper function the request was inferred through. */
  via?: Node;
  /** The nearest name that says a product around the wrapper's own request (names.ts): its callers' when theirs say none. */
  viaNamed?: Named;
}

/** A wrapper: the function, and one request it sends whose parts come from its parameters. */
export interface Template {
  fn: Node;
  req: Req;
  /**
   * A constructor's template from a method of a subclass (`class Star extends Resource { unstar() {…} }`): only
   * the objects of that class (or of its subclasses) send it. The class's body.
   */
  forClass?: Node;
}

type ParamOf = { binding: Binding; path: readonly string[] };

/** The functions whose parameters a request's parts (or only its URL) come from. */
function dependencies(req: Req, urlOnly = false): Node[] {
  const fns = new Set<Node>();
  const add = (p: ParamOf | undefined) => {
    if (p?.binding.fn !== undefined) fns.add(p.binding.fn);
  };
  for (const alt of req.urls) for (const piece of alt) if (piece.kind === 'hole' && !piece.foreign) add(piece.param);
  if (urlOnly) return [...fns];
  add(req.spec.methodParam);
  for (const bag of req.bags) add(bag.param);
  add(req.spec.options?.param);
  return [...fns];
}

/**
 * The template a request makes of the innermost function whose parameters it uses, if any. A guess that
 * rests on a name alone makes none unless its URL has text of its own: `has(key) { return
 * this.map.get(key) }` would otherwise make every caller of every getter of a library a request, found
 * in every file that calls a function of that name.
 */
export function templateOf(req: Req): Template | undefined {
  const around = (fn: Node) => fn.start! <= req.node.start! && req.node.end! <= fn.end!;
  // The URL decides whose template it is: `function queryAll(conn, url) { function page(p) { return
  // conn(url, { query: p }) } … }` is queryAll's, whose callers give the path, not page's.
  const urlFns = dependencies(req, true);
  const byUrl = urlFns.filter(around);
  // A URL kept by the object the request's method belongs to (`this.path`, set by its constructor from a
  // parameter): the constructor's, whose `new Resource(client, '/projects/…')` gives the path. Such a
  // template needs no text of its own: the text is the construction's, and is judged there.
  // (Also a field a method's call kept: `this.path` of `this.sub('builds')`, whose object's construction gives it.)
  const fields = req.urls.flatMap((alt) => alt.flatMap((p) => (p.kind === 'hole' && p.foreign && p.param?.binding.fn ? [p.param.binding.fn] : [])));
  // Only for a URL that starts with what the object holds: one that writes its route itself (`/projects/${this.id}
  // /builds`) is known, and reported, where it is sent.
  const startsHeld = req.urls.every((alt) => alt[0]?.kind === 'hole');
  const made = byUrl.length === 0 && startsHeld ? [...urlFns, ...fields].find((fn) => isConstructor(fn, req)) : undefined;
  if (made) {
    const own = classAround(req.node, req.unit.ctx.scopes);
    return own && own.body !== req.unit.ctx.scopes.parentOf(made) ? { fn: made, req, forClass: own.body } : { fn: made, req };
  }
  if (req.spec.nameOnly && !req.urls.some((alt) => alt.some((p) => p.kind === 'text' && !p.foreign))) return undefined;
  const fns = byUrl.length > 0 ? byUrl : dependencies(req).filter(around);
  if (fns.length === 0) return undefined;
  const fn = fns.reduce((a, b) => (b.start! > a.start! ? b : a));
  return { fn, req };
}

/**
 * Whether a function outside the request is the constructor of the object the request's method reads its
 * fields from: its class's `constructor`, or (prototype methods) a constructor function of the module, named
 * as constructors are (`function Resource(client, path)`, `var Resource = function (…)`).
 */
function isConstructor(fn: Node, req: Req): boolean {
  const scopes = req.unit.ctx.scopes;
  if (fn.type === 'ClassMethod') {
    const body = scopes.parentOf(fn);
    return fn.kind === 'constructor' && body !== undefined && classesAround(req.node, scopes).some((cls) => scopes.parentOf(body) === cls);
  }
  if (fn.type !== 'FunctionDeclaration' && fn.type !== 'FunctionExpression') return false;
  const holder = scopes.parentOf(fn);
  const id = fn.id ?? (holder?.type === 'VariableDeclarator' ? holder.id : undefined);
  return id?.type === 'Identifier' && /^[A-Z]/.test(id.name);
}

/**
 * Whether a wrapper sends a request to whatever path it is given: its URL is a base (or nothing) and then
 * the path parameter. Only such wrappers are trusted when a call reaches them by method name alone.
 */
export function isGeneric(t: Template): boolean {
  return t.req.urls.every((alt) => {
    const at = alt.findIndex((p) => p.kind === 'hole' && p.param?.binding.fn === t.fn);
    if (at === -1) return false;
    const before = alt.slice(0, at).map((p) => (p.kind === 'text' ? p.text : '\ue000')).join('');
    // A base: holes, a scheme and host, an `/api/vN` prefix; no route words.
    return /^[\ue000-\uf8ff]*(?:[a-z][a-z0-9+.-]*:\/\/[^/]*)?(?:\/?api\/v\d+)?\/?[\ue000-\uf8ff]*$/i.test(before);
  });
}

/**
 * The arguments a call hands its function: first those bound to the name it calls (`const del =
 * send.bind(null, 'DELETE')`), then its own (after `call`'s `this`, or `apply`'s list, when it runs it so).
 */
function argumentsOf(invoked: Invocation, unit: ModuleUnit): { args: (Node | undefined)[]; bound: number } {
  const b = invoked.callee.type === 'Identifier' ? unit.ctx.scopes.bindingOf(invoked.callee) : undefined;
  const held = b && heldValue(b);
  const bound = (held && boundCall(held)?.bound) ?? [];
  return { args: [...bound, ...invoked.args].map((a) => (a.type === 'SpreadElement' ? undefined : a)), bound: bound.length };
}

/**
 * The argument a call passes for a parameter (and the keys into it): its node, or the caller's own parameter.
 * `bound`: it was bound before (`send.bind(null, 'DELETE')`), so every caller of the bound name shares it:
 * read, never edited from one call.
 */
function argumentFor(call: Node, invoked: Invocation, param: ParamOf, unit: ModuleUnit): { node?: Node; param?: ParamOf; bound?: boolean; absent?: true } {
  const index = param.binding.index;
  if (index === undefined) return {};
  const all = argumentsOf(invoked, unit);
  const bound = index < all.bound;
  let arg: Node | undefined = all.args[index];
  // `absent`: the call passes nothing there, as far as can be seen (no argument, or an object without the key).
  if (!arg) return index >= all.args.length && !invoked.args.some((a) => a.type === 'SpreadElement') ? { absent: true } : {};
  for (let i = 0; i < param.path.length; i++) {
    const key = param.path[i]!;
    if (key === '…') return {};
    // A URL given where options may be (`call(url)` of `function call(opts) { request(opts) }`) has no keys.
    if (isWrittenText(arg)) return { absent: true };
    const shape: ObjectShape | undefined = unit.ctx.flow.objectShape(arg, call);
    if (!shape) return {};
    if (shape.param) return { param: { binding: shape.param.binding, path: [...shape.param.path, ...param.path.slice(i)] } };
    const entry = shape.entries.find((e) => e.name === key);
    if (!entry) return shape.open ? {} : { absent: true };
    arg = entry.value;
  }
  return bound ? { node: arg, bound } : { node: arg };
}

/**
 * For `this.method(…)` inside a subclass, what the subclass's constructor passes to `super(…)` for a
 * parameter of the superclass's constructor (`class Projects extends Resource { constructor(c) {
 * super('projects', c) } }`). Undefined when that is not how the call is made, or the argument is itself
 * the subclass's parameter.
 */
function superArgument(call: Node & { type: 'CallExpression' | 'NewExpression' }, param: ParamOf, unit: ModuleUnit): Node | undefined {
  const ctor = param.binding.fn;
  if (ctor?.type !== 'ClassMethod' || ctor.kind !== 'constructor' || param.binding.index === undefined || param.path.length > 0) return undefined;
  const callee = unwrap(call.callee as Node);
  if (callee.type !== 'MemberExpression' || !isThis(unwrap(callee.object as Node), unit)) return undefined;
  const scopes = unit.ctx.scopes;
  const cls = classAround(call, scopes);
  if (!cls || !cls.superClass || cls.body.body.includes(ctor as never)) return undefined;
  const own = cls.body.body.find((m): m is Node & { type: 'ClassMethod' } => m.type === 'ClassMethod' && m.kind === 'constructor');
  if (!own) return undefined;
  let found: Node | undefined;
  walk(own.body, (node) => {
    if (!found && node.type === 'CallExpression' && node.callee.type === 'Super') found = node.arguments[param.binding.index!] as Node | undefined;
  });
  if (!found || found.type === 'SpreadElement') return undefined;
  const arg = unwrap(found);
  if (arg.type === 'Identifier' && scopes.bindingOf(arg)?.kind === 'param') return undefined;
  return arg;
}

/**
 * The class a node is in and its superclasses the module declares (`class Star extends Resource`): a method
 * of a subclass reads the fields its superclass's constructor sets.
 */
function classesAround(node: Node, scopes: ModuleUnit['ctx']['scopes']): Node[] {
  const cls = classAround(node, scopes);
  return cls ? classLine(cls, scopes) : [];
}

/** A call of a method of `this` (`this.sub('builds')`). */
function onThis(call: Node & { callee: Node }, unit: ModuleUnit): boolean {
  const callee = unwrap(call.callee as Node);
  return callee.type === 'MemberExpression' && isThis(unwrap(callee.object as Node), unit);
}

function isThis(node: Node, unit: ModuleUnit): boolean {
  if (node.type === 'ThisExpression') return true;
  const b = node.type === 'Identifier' ? unit.ctx.scopes.bindingOf(node) : undefined;
  return b !== undefined && unit.ctx.flow.isThisAlias(b);
}

function withNamed(named: Named | undefined): { viaNamed?: Named } {
  return named ? { viaNamed: named } : {};
}

/** A piece of another module or of a wrapper's body, as seen from `call` (where it is used here). */
export function foreignPiece(piece: Piece, call: Node, code?: string): Piece {
  const writtenIn = piece.kind === 'text' ? (piece.literal?.node ?? piece.writtenIn) : undefined;
  return piece.kind === 'text'
    ? { kind: 'text', text: piece.text, literal: null, offset: 0, foreign: true, ...(writtenIn ? { writtenIn } : {}) }
    : { kind: 'hole', node: call, code: code ?? piece.code, foreign: true, ...(piece.placeholder ? { placeholder: piece.placeholder } : {}) };
}

/**
 * A URL built by a function of the module from its parameters (request options a helper returns:
 * `settings(method, path, data)`), with this call's arguments in their place. What the function writes itself
 * is its own text, never edited from this call (as a wrapper's is).
 */
export function filledByCall(urls: readonly Piece[][], fn: Node, call: Node & { type: 'CallExpression' }, ctx: EvalContext): Piece[][] {
  const args = call.arguments as Node[];
  return urls.flatMap((alt) => {
    let out: Piece[][] = [[]];
    for (const piece of alt) {
      const index = piece.kind === 'hole' && piece.param?.binding.fn === fn && piece.param.path.length === 0 ? piece.param.binding.index : undefined;
      const arg = index !== undefined ? args[index] : undefined;
      out = product(out, arg && arg.type !== 'SpreadElement' ? evaluateAll(arg, ctx) : [[foreignPiece(piece, call)]]);
    }
    return out;
  }).slice(0, MAX_ALTERNATIVES);
}

function product(a: Piece[][], b: Piece[][]): Piece[][] {
  const out: Piece[][] = [];
  for (const x of a) for (const y of b) if (out.length < MAX_ALTERNATIVES) out.push([...x, ...y]);
  return out;
}

/** One value of a URL name chosen with the method set beside it (see `methodPairs`). */
interface Chosen {
  /** The call's argument (the URL name), and the one value of it this request is sent with. */
  arg: Node;
  value: Node;
  method?: Method;
  /** The method's literal, when it is set beside the URL in its branch (and so this request's alone). */
  site?: Node;
}

type ToParams = (bags: readonly ObjectShape[], owner: ModuleUnit) => ParamRef[];

/**
 * The requests a call of the wrapper sends: one; or, when the call's method and URL are names set together
 * branch by branch (`method = 'DELETE'; endpoint = …/star` in one, `endpoint = …/builds` in another, then one
 * `send(method, endpoint)`), one per value of the URL, each with the method set beside it.
 */
export function instantiateAll(t: Template, call: Node & { type: 'CallExpression' | 'NewExpression' }, invoked: Invocation, unit: ModuleUnit, toParams: ToParams, namedOf?: (req: Req) => Named | undefined): Req[] {
  const pairs = methodPairs(t, call, invoked, unit);
  const reqs = pairs ? pairs.map((chosen) => instantiate(t, call, invoked, unit, toParams, namedOf, chosen)) : [instantiate(t, call, invoked, unit, toParams, namedOf)];
  return reqs.filter((r): r is Req => r !== undefined);
}

/** For a call that passes names for both the method and the URL (its one URL parameter), each URL value with its method. */
function methodPairs(t: Template, call: Node & { type: 'CallExpression' | 'NewExpression' }, invoked: Invocation, unit: ModuleUnit): Chosen[] | undefined {
  const spec = t.req.spec;
  if (spec.method || spec.methodParam?.binding.fn !== t.fn) return undefined;
  const methodArg = argumentFor(call, invoked, spec.methodParam, unit).node;
  const urlParams = new Set(t.req.urls.flatMap((alt) => alt.flatMap((p) => (p.kind === 'hole' && !p.foreign && p.param?.binding.fn === t.fn ? [p.param] : []))));
  if (!methodArg || urlParams.size !== 1) return undefined;
  const urlArg = argumentFor(call, invoked, [...urlParams][0]!, unit).node;
  const names = [methodArg, urlArg].map((n) => (n && unwrap(n).type === 'Identifier' ? unit.ctx.scopes.bindingOf(unwrap(n)) : undefined));
  const [methodName, urlName] = names;
  if (!urlArg || !methodName || !urlName || methodName.kind === 'param' || urlName.kind === 'param') return undefined;
  const pairs = unit.ctx.flow.pairedWith(urlName, methodName, unwrap(urlArg));
  if (!pairs || pairs.length > MAX_ALTERNATIVES) return undefined;
  return pairs.map(({ value, second, beside }) => {
    const only = second.length === 1 && second[0]!.kind === 'value' ? unwrap(second[0]!.node) : undefined;
    const method = only && isMethodLiteral(only) ? toMethod((only as Node & { value: string }).value) : undefined;
    return { arg: urlArg, value, ...(method ? { method } : {}), ...(method && beside && unwrap(beside) === only ? { site: only } : {}) };
  });
}

/** The request a call of the wrapper sends (with `chosen`, one value of its URL name, and its method). */
export function instantiate(t: Template, call: Node & { type: 'CallExpression' | 'NewExpression' }, invoked: Invocation, unit: ModuleUnit, toParams: ToParams, namedOf?: (req: Req) => Named | undefined, chosen?: Chosen): Req | undefined {
  const ctx = unit.ctx;
  const own = (p: ParamOf | undefined): p is ParamOf => p !== undefined && p.binding.fn === t.fn;
  let urlNode: Node | undefined;
  const searched = new Set<Node>();
  const searchBags: ObjectShape[] = [];

  const urls: Piece[][] = [];
  for (const alt of t.req.urls) {
    let out: Piece[][] = [[]];
    for (const piece of alt) {
      if (piece.kind === 'hole' && !piece.foreign && own(piece.param) && piece.rest !== undefined) {
        // `[base, ...segments].join('/')`: this call's arguments from the rest parameter's place on.
        out = product(out, restArguments(argumentsOf(invoked, unit).args, piece.param.binding.index!, piece.rest, call, (n) => evaluateAll(n, ctx)));
      } else if (piece.kind === 'hole' && !piece.foreign && own(piece.param) && piece.calledWith) {
        // A function the caller hands in, called in the wrapper (`requestAll(getProjectsUrl)`, then
        // `getPagedUrl(1, 100)`): what it returns, when it is a function of this caller's module and the wrapper's.
        const arg = argumentFor(call, invoked, piece.param, unit);
        const fn = arg.node && t.req.unit === unit ? ctx.flow.functionCalled(unwrap(arg.node)) : undefined;
        out = product(out, (fn && returnedFor(fn as Node & { params: Node[] }, piece.calledWith, ctx)) ?? [[foreignPiece(piece, call)]]);
      } else if (piece.kind === 'hole' && own(piece.param)) {
        const arg = argumentFor(call, invoked, piece.param, unit);
        const picked = chosen && chosen.arg === arg.node ? chosen.value : undefined;
        const written = arg.node && (picked ?? soleValue(arg.node, ctx));
        urlNode ??= written;
        if (arg.node && written) {
          const values = evaluateAll(written, ctx);
          out = product(out, arg.bound ? values.map((alt) => alt.map((p) => foreignPiece(p, call))) : values);
          // A URL object handed to the wrapper brings the query this caller set on it.
          if (!searched.has(arg.node)) {
            searched.add(arg.node);
            const search = ctx.flow.urlSearchParams(arg.node, call);
            if (search) searchBags.push(search);
          }
        }
        else if (arg.param) {
          const node = argumentsOf(invoked, unit).args[piece.param.binding.index!]!;
          out = product(out, [[{ kind: 'hole', node, code: ctx.source.slice(node.start!, node.end!), param: arg.param } satisfies HolePiece]]);
        }
        else out = product(out, [[foreignPiece(piece, call)]]);
      } else {
        // `this.basePath` set from the superclass constructor's parameter: the subclass's `super('projects')`.
        const fromSuper = piece.kind === 'hole' && piece.param ? superArgument(call, piece.param, unit) : undefined;
        // A field of the object the wrapper is a method of (`this.path` in `sub(name) { return new Collection(this.http,
        // `${this.path}/${name}`) }`), called on that object (`this.sub('builds')`): still that object's field, which
        // its own construction gives (a sub-resource's path is its resource's path and a word).
        // Kept foreign (this call does not write it), with the constructor's parameter it comes from.
        const field = piece.kind === 'hole' && !piece.foreign && piece.param?.binding.fn?.type === 'ClassMethod' && piece.param.binding.fn.kind === 'constructor' && onThis(call, unit);
        const kept = piece.kind === 'text' && piece.foreign ? piece : foreignPiece(piece, call);
        out = product(out, fromSuper ? evaluateAll(fromSuper, ctx) : [[field && kept.kind === 'hole' ? { ...kept, param: piece.param } : kept]]);
      }
    }
    urls.push(...out);
    if (urls.length >= MAX_ALTERNATIVES) break;
  }

  // The method: written in the wrapper, or passed by this call.
  const spec = t.req.spec;
  let method: Method | undefined = spec.method;
  let methodSite: MethodSite = { kind: 'none' };
  let methodParam: ParamOf | undefined;
  if (chosen) {
    method = chosen.method;
    if (chosen.site) methodSite = { kind: 'literal', node: chosen.site };
  } else if (!method && own(spec.methodParam)) {
    const arg = argumentFor(call, invoked, spec.methodParam, unit);
    const n = arg.node && unwrap(arg.node);
    if (n && isMethodLiteral(n)) {
      method = toMethod((n as Node & { value: string }).value);
      if (!arg.bound) methodSite = { kind: 'literal', node: n };
    } else if (n) {
      const alts = evaluateAll(n, ctx);
      const single = alts.length === 1 && alts[0]!.length === 1 ? alts[0]![0]! : undefined;
      if (single?.kind === 'text') method = toMethod(single.text);
      else if (single?.kind === 'hole' && single.param) methodParam = single.param;
    } else if (arg.param) methodParam = arg.param;
    else if (arg.absent && spec.methodDefault) method = spec.methodDefault;
  }

  // Params objects: this call's own where the wrapper takes them from a parameter, the wrapper's otherwise; and
  // those this call writes into the URL it passes (`${path}?${new URLSearchParams(query)}` of an outer wrapper).
  const bags: ObjectShape[] = [...searchBags];
  for (const alt of urls) for (const shape of serializedBags(alt, call, ctx)) if (!bags.some((b) => b.node !== undefined && b.node === shape.node)) bags.push(shape);
  const foreignParams: ParamRef[] = [...t.req.foreignParams];
  let open = false;
  for (const bag of t.req.bags) {
    if (own(bag.param)) {
      const arg = argumentFor(call, invoked, bag.param, unit);
      const shape = arg.node ? ctx.flow.objectShape(arg.node, call) : arg.param ? { entries: [], open: true, editable: false, param: arg.param } : undefined;
      if (shape) {
        bags.push(shape);
        open ||= shape.open;
      }
    } else {
      foreignParams.push(...toParams([bag], t.req.unit).map((p) => ({ ...p, foreign: true as const })));
      open ||= bag.open;
    }
  }
  let options: ObjectShape | undefined;
  let queryReplacesUrl = spec.queryReplacesUrl === true;
  let queryReplacesUrlIf: ParamOf | undefined;
  if (spec.queryReplacesUrlIf && own(spec.queryReplacesUrlIf)) {
    const arg = argumentFor(call, invoked, spec.queryReplacesUrlIf, unit);
    if (arg.node) queryReplacesUrl ||= !isNothing(arg.node);
    else queryReplacesUrlIf = arg.param;
  } else queryReplacesUrlIf = spec.queryReplacesUrlIf;
  const headers = [...spec.headers];
  if (own(spec.options?.param)) {
    // Options passed through: what this call puts in them is the request's (params, body, method, headers).
    const arg = argumentFor(call, invoked, spec.options.param, unit);
    // A URL given where the options may be (`send(url)` of `function send(o) { return rp(o) }`) is no options.
    options = arg.node && !isWrittenText(arg.node) ? ctx.flow.objectShape(arg.node, call) : undefined;
    const keys = spec.optionKeys ?? {};
    if (spec.queryOptionReplacesUrl && options?.entries.some((e) => keys.query?.includes(e.name))) queryReplacesUrl = true;
    for (const entry of options?.entries ?? []) {
      if (keys.headers?.includes(entry.name)) headers.push(...headerNames(ctx.flow.objectShape(entry.value, call)));
      else if (keys.query?.includes(entry.name) || keys.body?.includes(entry.name)) {
        const shape = ctx.flow.entryShape(entry, call);
        if (shape) {
          bags.push(shape);
          open ||= shape.open;
        }
      } else if (keys.method?.includes(entry.name) && !method) {
        const n = unwrap(entry.value);
        if (isMethodLiteral(n)) {
          method = toMethod((n as Node & { value: string }).value);
          methodSite = { kind: 'literal', node: n };
        }
      }
    }
    if (options) open ||= options.open;
    // Closed options without a method: the client's default; so is a call that passes no options at all.
    const none = spec.options.param.path.length === 0 && spec.options.param.binding.index !== undefined && invoked.args.length <= spec.options.param.binding.index;
    if (!method && !methodParam && ((options && !options.open && !options.entries.some((e) => keys.method?.includes(e.name))) || none)) method = 'GET';
  }
  // No text and no parameter of this caller's: nothing is known of the URL here.
  if (!urls.some((alt) => alt.some((p) => p.kind === 'text' || (p.kind === 'hole' && p.param !== undefined && !p.foreign)))) return undefined;
  return {
    unit,
    node: call,
    urlNode: urlNode ?? call,
    urls,
    bags,
    foreignParams,
    via: t.fn,
    ...(namedOf ? withNamed(namedOf(t.req)) : {}),
    spec: {
      client: 'wrapper',
      urlArg: urlNode ?? call,
      method,
      methodSite,
      methodParam,
      bags,
      headers,
      options: options ?? (spec.options ? { entries: [], open: spec.options.open, editable: false } : undefined),
      optionKeys: spec.optionKeys,
      ...(queryReplacesUrl ? { queryReplacesUrl: true as const } : {}),
      ...(queryReplacesUrlIf ? { queryReplacesUrlIf } : {}),
      ...(spec.queryOptionReplacesUrl ? { queryOptionReplacesUrl: true as const } : {}),
      // The client's default base is reported where the client is called, not at every caller of the wrapper.
      baseVersion: spec.baseVersion,
      baseKey: spec.baseKey,
      ...(spec.baseUnversioned ? { baseUnversioned: true as const } : {}),
      serviceClient: spec.serviceClient,
      // A helper that declares an interceptor (`mockJobs(id)`) declares a test double at each call.
      ...(spec.testDouble ? { testDouble: spec.testDouble } : {}),
      paramsOpen: open || (spec.paramsOpen && !t.req.bags.some((b) => own(b.param))),
      needsApiPath: spec.needsApiPath,
    },
  };
}
