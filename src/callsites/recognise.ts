// Recognise API call sites: every request a file sends with a client of the table (clients.ts), through
// a guessed wrapper (guess.ts), plus bare URL literals (base-URL constants, config defaults).
import type { Node } from '@babel/types';
import { analyseScopes, type Binding, type ScopeInfo } from './scope.js';
import { Flow, type Entry, type ObjectShape } from './flow.js';
import { evaluateAll, foreignAt, joiningOf, requireSource, type EvalContext } from './evaluate.js';
import { Marked, pieceAt, type Hole } from './marked.js';
import { isConnectionOptions, segments, splitUrl, VERSION_OPTION_KEY } from './url.js';
import { objectParams, queryParams, serializedBag } from './params.js';
import { toMethod, type ApiCall, type Method, type MethodSite, type Piece, type UrlParts } from './types.js';
import { boundCall, constructs, parametersOf, propertyName, requiredModule, unwrap, walk } from '../parse/walk.js';
import { SERVICE_ROOT_WORDS } from '../api/v3-routes.js';
import { secretAt, tokensSent, type SecretSite } from './secrets.js';
import { ClientResolver, constructorBase, instanceDefaults, type ClientValue } from './client-of.js';
import { CLIENTS } from './clients.js';
import { memberForm, requestOf, VERBS, type RequestSpec } from './requests.js';
import { constructedRequest, guessFunction, guessMember, type GuessContext } from './guess.js';
import { decoratorRequest, endpointBuilderRequest, pathValue, routeBuilderRequest, routeByMethodKey, routeObjectRequest, routePairRequest, routeShapeRequest, routeStringRequest } from './routes-data.js';
import { servedPathsAt, servedPathOfFile } from './servers.js';
import { ModuleGraph, type Callees, type ModuleUnit } from './modules.js';
import { filledByCall, instantiateAll, isGeneric, templateOf, type Req, type Template } from './wrappers.js';
import { functionBoundTo, heldValue, isFunction, returnedValues } from './scope.js';
import { MAX_ALTERNATIVES, soleValue } from './evaluate.js';
import { libraryRole } from './library-functions.js';
import { namedAround, type Named } from './names.js';
import { definitionsOf, fieldParts, inheritedField } from './resource-bases.js';

/** Everything recognition knows of one program while it works. */
export interface RecogniseContext extends GuessContext {
  clients: ClientResolver;
  hasV4Text: boolean;
  /** The nearest name around a node that says a product (names.ts), or null for none: found once per node. */
  namedAt?: Map<Node, Named | null>;
  /** What the names the owner of `this` gives itself say (names.ts), by owner. */
  ownNamed?: Map<Node, Named | null>;
}

const SERVER_MODULES = new Set(['express', 'koa-router', '@koa/router', 'fastify', 'restify', '@hapi/hapi', 'hapi', 'polka', 'hono', 'koa-route', 'router', 'find-my-way', '@nestjs/common']);
// Calls that test a server in-process: what they request is the app's own API.
const TEST_CLIENT_MODULES = new Set(['supertest', 'supertest-as-promised', 'chai-http']);

/** The scopes, value flow and client resolver of a program. */
export function contextOf(ast: Node, source: string, typeValue?: (node: Node) => string | undefined, dependencies?: ReadonlyMap<string, number>): RecogniseContext {
  const scopes = analyseScopes(ast);
  const flow = new Flow(scopes, ast);
  const base: EvalContext = { source, scopes, flow, typeValue, dependencies };
  base.inheritedField = (thisNode, name) => inheritedField(thisNode, name, ast, base);
  const modules = importedModules(scopes);
  const clients = new ClientResolver(base, ast);
  base.settingsOf = (made, member) => clients.settingsOf(made, member);
  return {
    ...base,
    clients,
    serverFile: [...modules].some((m) => SERVER_MODULES.has(m)),
    serverPaths: new Set(),
    hasV4Text: source.includes('api/v4'),
  };
}

/** Find every API call site and bare API URL of a parsed file, and the tokens written into it. */
export function recognise(ast: Node, source: string, typeValue?: (node: Node) => string | undefined): Recognition {
  const unit: ModuleUnit = { file: '', ast, ctx: contextOf(ast, source, typeValue) };
  return recogniseUnits([unit]).get(unit)!;
}

interface Site {
  unit: ModuleUnit;
  /** A call, or a `new` (which runs a constructor: a request when the object it makes sends one on its path). */
  node: Node & { type: 'CallExpression' | 'NewExpression' };
}

/** The path from the program to a node's parent (built only for calls that send a request: chains can be deep). */
function ancestorsOf(node: Node, ctx: Pick<RecogniseContext, 'scopes'>): Node[] {
  const out: Node[] = [];
  for (let n = ctx.scopes.parentOf(node); n; n = ctx.scopes.parentOf(n)) out.push(n);
  return out.reverse();
}

// Node types none of the second walk's questions (served paths, tests, definitions, route data, bare URLs,
// tokens) is about: skipped before any is asked. Names and members are half of a program's nodes.
const SECOND_WALK_SKIPS = new Set(['Identifier', 'MemberExpression', 'OptionalMemberExpression', 'ThisExpression', 'BlockStatement', 'ExpressionStatement', 'ReturnStatement', 'NumericLiteral', 'BooleanLiteral', 'NullLiteral']);

// Wrappers of wrappers of wrappers…: past this many rounds, deeper wrappers are not followed.
const MAX_ROUNDS = 6;

/**
 * Recognise the programs of one package together: each one's requests, then the package's wrappers
 * (wrappers.ts) and the requests their calls send, across modules, to a fixed point. `packageFiles` are all
 * the package's source files, parsed or not (where an aliased import, `~/api`, may lead).
 */
export function recogniseUnits(units: readonly ModuleUnit[], packageFiles: readonly string[] = []): Recognised {
  const graph = new ModuleGraph(units, packageFiles);
  for (const unit of units) linkPackage(unit, graph);
  const sites: Site[] = [];
  const direct = new Map<Node, Req>();
  // Requests read from the call alone, which a wrapper of the package, when the call reaches one, says better:
  // a callee guessed by its name, request options handed to a function (`send({ hostname, path, method })`).
  const fallback = new Map<Node, Req>();
  for (const unit of units) {
    walk(unit.ast, (node) => {
      if (node.type === 'NewExpression') sites.push({ unit, node });
      if (node.type !== 'CallExpression') return;
      const site: Site = { unit, node };
      sites.push(site);
      const first = node.arguments[0] as Node | undefined;
      const spec = (first && routeStringRequest(first, node.arguments[1] as Node | undefined, node, unit.ctx)) ?? invokedRequest(node, unit.ctx) ?? requestAt(node, unit.ctx) ?? instanceConfig(node, unit.ctx);
      if (spec) (spec.client === 'wrapper' ? fallback : direct).set(node, prepare(node, spec, unit));
      const handed = spec ? undefined : (optionsHandedOn(node, unit.ctx) ?? endpointBuilderRequest(node, unit.ctx));
      if (handed) fallback.set(node, prepare(node, handed, unit));
    });
  }

  // What each call runs, asked once per call: by wrapper inference, and by the values callers pass.
  const calleesOf = new Map<Node, Callees>();
  const calleesAt = (site: Site): Callees => {
    let callees = calleesOf.get(site.node);
    if (!callees) calleesOf.set(site.node, (callees = graph.callees(site.node, site.unit)));
    return callees;
  };
  // The classes a `new` or `super(…)` makes, asked once per site (each round asks again of each template).
  const madeOf = new Map<Node, Node[]>();
  const madeAt = (site: Site): Node[] => {
    let made = madeOf.get(site.node);
    if (!made) madeOf.set(site.node, (made = graph.madeClasses(site.node, site.unit)));
    return made;
  };
  const { inferred, wrappers, wrapperFiles } = inferWrappers(sites, direct, fallback, calleesAt, madeAt);
  const out = new Map<ModuleUnit, Recognition>();
  for (const unit of units) out.set(unit, { calls: [], secrets: [], serves: [], servedAt: [] });
  const consumed = new Map<ModuleUnit, Used>(units.map((u) => [u, { nodes: new Set(), literals: new Set() }]));
  for (const site of sites) {
    const reqs = direct.has(site.node) ? [direct.get(site.node)!] : (inferred.get(site.node) ?? (fallback.has(site.node) ? [fallback.get(site.node)!] : []));
    if (reqs.length === 0) continue;
    const used = consumed.get(site.unit)!;
    const ancestors = ancestorsOf(site.node, site.unit.ctx);
    for (const req of reqs) {
      for (const call of callsOf(req, ancestors)) {
        out.get(site.unit)!.calls.push(call);
        markUsed(call, used);
      }
      // Its options and params objects are not route data of their own.
      if (req.spec.options?.node) used.nodes.add(req.spec.options.node);
      for (const bag of req.bags) if (bag.node) used.nodes.add(bag.node);
    }
  }

  // Bare URLs and version options: base-URL constants, config defaults, `version: 'v3'`; tokens.
  for (const unit of units) {
    const found = out.get(unit)!;
    const used = consumed.get(unit)!;
    walk(unit.ast, (node, ancestors) => {
      if (SECOND_WALK_SKIPS.has(node.type)) return;
      // Visited before its path argument: a route it declares is no bare URL.
      for (const served of servedPathsAt(node, unit.ctx)) unit.ctx.serverPaths.add(served);
      // What a test asks of its app in-process is the app's route: no bare URL (nor evidence of what the app serves).
      const tested = testedPathAt(node, unit.ctx);
      if (tested) used.nodes.add(tested);
      const made = node.type === 'NewExpression' ? (constructedRequest(node, unit.ctx) ?? constructedBase(node, unit.ctx)) : undefined;
      for (const req of made ? [prepare(node, made, unit), ...definedRequests(node, unit)] : definedRequests(node, unit)) {
        for (const call of callsOf(req, ancestors)) {
          found.calls.push(call);
          markUsed(call, used);
        }
      }
      const data = routeData(node, unit, used);
      if (data) {
        for (const call of callsOf(data, ancestors)) {
          found.calls.push(call);
          markUsed(call, used);
        }
        return;
      }
      const bare = bareUrl(node, ancestors, unit.ctx, used);
      if (bare) found.calls.push(...bare);
      const secret = secretAt(node);
      // A literal can be found twice: as a `token` property's value and as a token in its own right.
      if (secret && !found.secrets.some((s) => s.start === secret.start)) found.secrets.push(secret);
    });
    found.calls.push(...versionWords(found.calls, unit));
    // A token a request sends in its URL, from a literal kept under any name (`'?private_token=' + GL_KEY`).
    for (const call of found.calls) {
      for (const secret of tokensSent(call.pieces)) if (!found.secrets.some((s) => s.start === secret.start)) found.secrets.push(secret);
    }
    found.servedAt = servedVersions(unit);
    found.serves = [...new Set(found.servedAt.map((s) => s.version))];
    markDoubleBases(found.calls);
  }
  markPassedValues([...out.values()].flatMap((r) => r.calls), sites, calleesAt);
  return Object.assign(out, { wrappers, wrapperFiles, wantedModules: graph.wanted });
}

/**
 * A URL built from a key of an object a function is given (`params.id` in `makeMrUrl(params)`) holds what the
 * function's callers pass under that key: where every caller in the package shows it (`{ id: mr.iid }`), its
 * code is kept on the hole, so that a rule judging the value by its name judges the callers' values.
 */
function markPassedValues(calls: readonly ApiCall[], sites: readonly Site[], calleesAt: (site: Site) => Callees): void {
  let callers: Map<Node, Site[]> | undefined;
  for (const call of calls) {
    for (const piece of call.pieces) {
      if (piece.kind !== 'hole' || piece.foreign || !piece.param || piece.param.path.length === 0) continue;
      callers ??= callersByFunction(sites, calleesAt);
      const codes = passedCodes(piece.param.binding, piece.param.path, callers, 0);
      if (codes && codes.length > 0) piece.passed = codes;
    }
  }
}

/**
 * The code the callers of a parameter's function pass under `path` in it, following callers that hand on a
 * parameter of their own (`makeNotesUrl(params)` calling `makeMrUrl(params)`); undefined when one does not show it.
 */
function passedCodes(param: Binding, path: readonly string[], callers: ReadonlyMap<Node, Site[]>, depth: number): string[] | undefined {
  if (!param.fn || param.index === undefined || depth > 3) return undefined;
  const codes: string[] = [];
  for (const site of callers.get(param.fn) ?? []) {
    const given = site.node.arguments[param.index] as Node | undefined;
    if (!given || given.type === 'SpreadElement') return undefined;
    const handedOn = unwrap(given).type === 'Identifier' ? site.unit.ctx.scopes.bindingOf(unwrap(given) as Node & { type: 'Identifier' }) : undefined;
    if (handedOn?.kind === 'param' && handedOn.writes.length === 0) {
      const inner = passedCodes(handedOn, [...handedOn.path, ...path], callers, depth + 1);
      if (!inner) return undefined;
      codes.push(...inner);
      continue;
    }
    const value = keyedValue(given, path, site);
    if (!value) return undefined;
    codes.push(site.unit.ctx.source.slice(value.start!, value.end!));
  }
  return codes;
}

/** The package's calls of each function, by the function (only calls that resolve to it, not by name). */
function callersByFunction(sites: readonly Site[], calleesAt: (site: Site) => Callees): Map<Node, Site[]> {
  const out = new Map<Node, Site[]>();
  for (const site of sites) {
    const callees = calleesAt(site);
    if (callees.byName || callees.invoked.indirect) continue;
    for (const fn of callees.functions) out.set(fn, [...(out.get(fn) ?? []), site]);
  }
  return out;
}

/** The value written under `path` in the object a call passes (`{ id: mr.iid }`), if the call writes it. */
function keyedValue(given: Node, path: readonly string[], site: Site): Node | undefined {
  let value: Node | undefined = given;
  for (const key of path) {
    const shape: ObjectShape | undefined = value && site.unit.ctx.flow.objectShape(value, site.node);
    if (!shape || shape.open) return undefined;
    value = shape.entries.find((e) => e.name === key)?.value;
  }
  return value;
}

/**
 * The version written as a word of its own and spliced into the URLs that use it (`const VERSION = 'v3'`, a
 * parameter's default `version = 'v3'`, then `` `${host}/api/${VERSION}/…` ``): no bare URL holds it, so it
 * is reported where it is written, once, as a base is, and the calls through it move with it.
 */
function versionWords(calls: readonly ApiCall[], unit: ModuleUnit): ApiCall[] {
  const out: ApiCall[] = [];
  const seen = new Set<Node>(calls.filter((c) => c.client === 'url').map((c) => c.urlNode));
  for (const call of calls) {
    // Requests, and the base URLs of clients made on one (`axios.create({ baseURL: `${host}/api/${VERSION}` })`).
    if (call.url.version !== 'v3') continue;
    // A word the call writes itself (`[base, 'api', 'v3', 'projects'].join('/')`) is reported with the call.
    const piece = pieceAt(call.pieces, call.url.versionAt);
    if (piece?.kind !== 'text' || !piece.literal?.viaBinding) continue;
    const literal = versionLiteral(call);
    if (literal?.type !== 'StringLiteral' || literal.value !== 'v3' || seen.has(literal)) continue;
    seen.add(literal);
    out.push(versionWordCall(literal, 'v3', ancestorsOf(literal, unit.ctx), unit.ctx));
  }
  return out;
}

/** A version written as a word of its own (`'v3'`), as a bare URL of that version: reported where it is written. */
function versionWordCall(literal: Node, version: 'v3' | 'v4', ancestors: readonly Node[], ctx: RecogniseContext): ApiCall {
  const pieces = evaluateAll(literal, ctx)[0]!;
  const url: ApiCall['url'] = { marked: Marked.textOf(pieces, []), version, versionAt: 0, pathStart: 2, pathEnd: 2, host: undefined, relative: false };
  const call = bareCall(literal, pieces, url, ancestors, ctx);
  const named = namedAround([literal], ctx);
  return named ? { ...call, named } : call;
}

/** The literal a call's `/api/vN` is written in, when it is written in one. */
function versionLiteral(call: ApiCall): Node | undefined {
  if (!call.url.version) return undefined;
  const piece = pieceAt(call.pieces, call.url.versionAt);
  return piece?.kind === 'text' && piece.literal && !piece.foreign ? piece.literal.node : undefined;
}

/**
 * A base URL of a program (`const SERVICE = 'https://host/api/v3'`) that only test doubles use is theirs: it
 * is reported and fixed with them, and left out with them, so that it never moves without their paths.
 */
function markDoubleBases(calls: ApiCall[]): void {
  if (!calls.some((c) => c.testDouble)) return;
  const users = new Map<Node, { double?: ApiCall['testDouble']; other: boolean }>();
  for (const call of calls) {
    if (call.client === 'url') continue;
    const literal = versionLiteral(call);
    if (!literal) continue;
    const seen = users.get(literal) ?? { other: false };
    if (call.testDouble) seen.double ??= call.testDouble;
    else seen.other = true;
    users.set(literal, seen);
  }
  for (const call of calls) {
    const seen = call.client === 'url' ? users.get(versionLiteral(call)!) : undefined;
    if (seen?.double && !seen.other) call.testDouble = seen.double;
  }
}

/** A program's calls and tokens, and the API versions its own server routes are under. */
export interface Recognition {
  calls: ApiCall[];
  secrets: SecretSite[];
  serves: ('v3' | 'v4')[];
  /** Where each of those routes is declared (source offset; 0 for a Next.js route file's name). */
  servedAt: { version: 'v3' | 'v4'; start: number }[];
}

/** The API versions of the routes a program declares (`router.get('/api/v3/…')`, `@Controller('api/v3/…')`), and where. */
function servedVersions(unit: ModuleUnit): { version: 'v3' | 'v4'; start: number }[] {
  const paths = [...unit.ctx.serverPaths].flatMap((node) => evaluateAll(node, unit.ctx).map((pieces) => ({ path: Marked.textOf(pieces, []), start: node.start ?? 0 })));
  const fromFile = servedPathOfFile(unit.file);
  if (fromFile) paths.push({ path: fromFile, start: 0 });
  return paths.flatMap(({ path, start }) => {
    const version = splitUrl(path).version;
    return version ? [{ version, start }] : [];
  });
}

/**
 * Each program's calls and tokens; the names of the package's wrappers (what a call of one is spelt with)
 * and the files that define them.
 */
export type Recognised = Map<ModuleUnit, Recognition> & { wrappers: ReadonlySet<string>; wrapperFiles: ReadonlySet<string>; wantedModules: ReadonlySet<string> };

/** The nodes of a call's URL: never bare URLs or route data again. */
/** What calls already account for: whole expressions and objects, and the literals they read directly. */
interface Used {
  nodes: Set<Node>;
  literals: Set<Node>;
}

function markUsed(call: ApiCall, used: Used): void {
  used.nodes.add(call.urlNode).add(unwrap(call.urlArg));
  // A name's value that holds the route (`var url = base + '/projects/' + id`) is reported by this call, not
  // as a bare URL too; one that holds the `/api/vN` prefix stays a bare URL (the prefix is reported there).
  const routeRoots = new Set<Node>();
  const prefixRoots = new Set<Node>();
  let at = 0;
  for (const piece of call.pieces) {
    if (piece.kind === 'text' && piece.literal) {
      const end = at + piece.text.length;
      if (!piece.literal.viaBinding) used.literals.add(piece.literal.node);
      else if (piece.literal.root && !piece.foreign) {
        if (call.url.version && at <= call.url.versionAt && call.url.versionAt < end) prefixRoots.add(piece.literal.root);
        else if (end > call.url.pathStart) routeRoots.add(piece.literal.root);
      }
    }
    at += piece.kind === 'text' ? piece.text.length : 1;
  }
  for (const root of routeRoots) if (!prefixRoots.has(root)) used.nodes.add(root);
}

/**
 * The options a client instance is made with (`request.defaults({ baseUrl, qs: { private_token } })`): what
 * every request of it sends is written here, so it is reported here.
 */
function instanceConfig(call: Node & { type: 'CallExpression' }, ctx: RecogniseContext): RequestSpec | undefined {
  const callee = unwrap(call.callee as Node);
  if (callee.type === 'Identifier') return scopeBase(call, callee, ctx);
  if (callee.type !== 'MemberExpression' || callee.computed) return undefined;
  const name = propertyName(callee.property as Node, false);
  const lib = name ? ctx.clients.of(callee.object as Node) : undefined;
  const arg = call.arguments[0] as Node | undefined;
  if (!lib || !name || !lib.row.factories?.includes(name) || !arg) return undefined;
  const options = ctx.flow.objectShape(arg, call);
  if (!options) return undefined;
  const base = (lib.row.options.base ?? []).map((k) => options.entries.find((e) => e.name === k)).find((e) => e !== undefined);
  const own = instanceDefaults(options, lib.row, call, ctx);
  // Not a request: a base URL and what goes with it, as a base-URL constant is (client `url`).
  return { client: 'url', urlArg: base?.value ?? arg, method: undefined, methodSite: { kind: 'none' }, bags: own.bags, headers: own.headers, paramsOpen: options.open };
}

/**
 * The base an instance is made on by calling its client (`bent(base, 'GET', headers)`, supertest's `request(base)`),
 * as `create({ baseURL })` is an instance's base: with the headers the instance sends, it says whose base it is.
 * A test double's scope (`nock(base)`) is left to its interceptors.
 */
function scopeBase(call: Node & { type: 'CallExpression' }, callee: Node & { type: 'Identifier' }, ctx: RecogniseContext): RequestSpec | undefined {
  const self = ctx.clients.of(callee);
  if (!self?.row.scope || self.instance || self.row.double) return undefined;
  const made = ctx.clients.of(call);
  if (!made?.urlBase) return undefined;
  return instanceBase(made.urlBase, made);
}

// The classes of the clients whose instances are constructed (`new RestClient(…)`), by the name they are exported as.
const CONSTRUCTED_CLIENTS: ReadonlySet<string> = new Set(CLIENTS.filter((row) => row.instantiated).flatMap((row) => (row.modules ?? []).map((m) => m.split('#')[1] ?? '')).filter(Boolean));

/** The base a client's instance is constructed on (`new RestClient(agent, base)`): as `create({ baseURL })`'s, a base URL. */
function constructedBase(node: Node & { type: 'NewExpression' }, ctx: RecogniseContext): RequestSpec | undefined {
  // Only a class the table names is resolved: resolving any other would have recognition look into its module.
  const callee = unwrap(node.callee as Node);
  const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? propertyName(callee.property as Node, callee.computed) : undefined;
  if (!name || !CONSTRUCTED_CLIENTS.has(name)) return undefined;
  const made = ctx.clients.of(node);
  const base = made?.row.instantiated ? constructorBase(node, made.row) : undefined;
  if (!base) return undefined;
  return instanceBase(base, made!);
}

/** The base URL an instance is made on, as a base-URL constant is (client `url`), with the headers it sends. */
function instanceBase(urlArg: Node, made: ClientValue): RequestSpec {
  return { client: 'url', urlArg, method: undefined, methodSite: { kind: 'none' }, bags: [], headers: [...(made.defaultHeaders ?? [])], paramsOpen: false };
}

/** An options object (written here, or built in a name) handed to a function that is no client: a queue, a circuit breaker. */
function optionsHandedOn(call: Node & { type: 'CallExpression' }, ctx: RecogniseContext): RequestSpec | undefined {
  for (const arg of call.arguments as Node[]) {
    const n = unwrap(arg);
    if (n.type !== 'ObjectExpression' && n.type !== 'Identifier') continue;
    const shape = ctx.flow.objectShape(n, call);
    const spec = shape && routeShapeRequest(shape, call, ctx);
    if (spec) return spec;
  }
  return undefined;
}

/** A route written as data (a table entry, an options object, a route string) that no call sends here. */
function routeData(node: Node, unit: ModuleUnit, used: Used): Req | undefined {
  if (used.nodes.has(node) || used.literals.has(node)) return undefined;
  // A table entry whose path a call already reads is that call's.
  const unread = (spec: RequestSpec | undefined) => spec !== undefined && !used.nodes.has(unwrap(spec.urlArg!)) && !used.literals.has(unwrap(spec.urlArg!));
  if (node.type === 'ObjectExpression') {
    const spec = routeObjectRequest(node, unit.ctx);
    return unread(spec) ? prepare(node, spec!, unit) : undefined;
  }
  if (node.type === 'StringLiteral' || node.type === 'TemplateLiteral') {
    const spec = routeStringRequest(node, undefined, node, unit.ctx);
    return spec && prepare(node, spec, unit);
  }
  if (node.type === 'ArrayExpression') {
    const spec = routePairRequest(node);
    return unread(spec) ? prepare(node, spec!, unit) : undefined;
  }
  if (node.type === 'Decorator') {
    const spec = decoratorRequest(node, unit.ctx);
    return spec && prepare(node, spec, unit);
  }
  if (node.type === 'ObjectProperty') {
    const spec = routeByMethodKey(node);
    return unread(spec) ? prepare(node, spec!, unit) : undefined;
  }
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression' || node.type === 'ObjectMethod') {
    // A builder a call of this module already reads from (its template's literals are that call's) is its.
    const spec = routeBuilderRequest(node, unit.ctx.scopes.parentOf(node));
    return unread(spec) && !literalsOf(spec!.urlArg!).some((l) => used.literals.has(l)) ? prepare(node, spec!, unit) : undefined;
  }
  return undefined;
}

/** The literals a value is written with: a string, a template's parts, the literals of a concatenation. */
function literalsOf(node: Node): Node[] {
  const n = unwrap(node);
  if (n.type === 'StringLiteral') return [n];
  if (n.type === 'TemplateLiteral') return [n, ...n.quasis];
  if (n.type === 'BinaryExpression' && n.operator === '+') return [...literalsOf(n.left as Node), ...literalsOf(n.right)];
  return [];
}

/**
 * Let a module see what other modules of its package export: constants (a base URL in `config.js`) and
 * clients (`export const api = ky.create(…)`), and the clients functions of the package return. What comes
 * from another module is foreign here: never edited from this file.
 */
function linkPackage(unit: ModuleUnit, graph: ModuleGraph): void {
  const active = new Set<Node>();
  const guarded = <T>(node: Node, step: () => T | undefined): T | undefined => {
    if (active.has(node)) return undefined;
    active.add(node);
    try {
      return step();
    } finally {
      active.delete(node);
    }
  };
  unit.ctx.importValue = (module, name, keys, at) => {
    const target = graph.resolve(unit, module);
    if (!target || target === unit) return undefined;
    const out: Piece[][] = [];
    for (const v of graph.exportValues(target, name)) {
      const value = keys.length === 0 ? v.node : keys.reduce<Node | undefined>((node, key) => node && graph.propertyValues(node, key, v.unit, 1)[0], v.node);
      const found = value && guarded(value, () => evaluateAll(value, v.unit.ctx));
      for (const alt of found ?? []) out.push(alt.map((p) => foreignAt(p, at, unit.ctx)));
    }
    return out.length > 0 ? out.slice(0, MAX_ALTERNATIVES) : undefined;
  };
  unit.ctx.importedFunction = (call) => {
    const callee = unwrap(call.callee as Node);
    const b = callee.type === 'Identifier' ? unit.ctx.scopes.bindingOf(callee) : undefined;
    // Only a name that comes from another module: any other call would ask the graph for nothing.
    if (!b || (b.kind !== 'import' && !(b.init && requireSource(unwrap(b.init)) !== undefined))) return undefined;
    const callees = graph.callees(call, unit);
    const fn = !callees.byName && callees.functions.length === 1 ? callees.functions[0]! : undefined;
    const owner = fn && graph.unitOf(fn);
    return owner && owner !== unit ? { fn: fn as Node & { params: Node[] }, ctx: owner.ctx } : undefined;
  };
  // Another module's object: its keys as seen here (at the name that reaches it), its values opaque: nothing of
  // it is edited from this file, and what it holds is read where it is written.
  unit.ctx.flow.importedShape = (module, name, keys, at) => {
    const target = graph.resolve(unit, module);
    if (!target || target === unit) return undefined;
    for (const v of graph.exportValues(target, name)) {
      const value = keys.reduce<Node | undefined>((node, key) => node && graph.propertyValues(node, key, v.unit, 1)[0], v.node);
      const shape = value && guarded(value, () => v.unit.ctx.flow.objectShape(value, value));
      if (shape) return { entries: shape.entries.map((e) => ({ name: e.name, value: at, site: { kind: 'written', node: at } })), open: shape.open, editable: false };
    }
    return undefined;
  };
  unit.ctx.flow.writtenOutByImport = (call) => {
    const callees = graph.callees(call, unit);
    if (callees.byName) return undefined;
    for (const fn of callees.functions) {
      const owner = graph.unitOf(fn);
      const returned = owner && owner !== unit ? returnedValues(fn) : [];
      if (returned.length !== 1) continue;
      const param = guarded(returned[0]!, () => owner!.ctx.flow.objectShape(returned[0]!, returned[0]!))?.param;
      if (param && param.binding.fn === fn && param.binding.index !== undefined && param.path.length === 0) return param.binding.index;
    }
    return undefined;
  };
  unit.ctx.clients.package = {
    exported(module, name) {
      const target = graph.resolve(unit, module);
      if (!target || target === unit) return undefined;
      for (const v of graph.exportValues(target, name)) {
        const found = guarded(v.node, () => v.unit.ctx.clients.of(v.node));
        // Its defaults are written in that module: reported there, never here.
        if (found) return { ...found, defaultParams: found.defaultParams?.map((p) => ({ ...p, foreign: true as const })) };
      }
      return undefined;
    },
    returned(call) {
      const callees = graph.callees(call, unit);
      if (callees.byName) return undefined;
      for (const fn of callees.functions) {
        const owner = graph.unitOf(fn) ?? unit;
        for (const value of returnedValues(fn)) {
          const found = guarded(value, () => owner.ctx.clients.of(value));
          if (found) return owner === unit ? found : { ...found, defaultParams: found.defaultParams?.map((p) => ({ ...p, foreign: true as const })) };
        }
      }
      return undefined;
    },
  };
}

/** The requests calls of the package's wrappers send, by call. */
function inferWrappers(
  sites: readonly Site[],
  direct: ReadonlyMap<Node, Req>,
  fallback: ReadonlyMap<Node, Req>,
  calleesAt: (site: Site) => Callees,
  /** The classes (and their superclasses) whose object a `new` or `super(…)` site makes. */
  madeAt: (site: Site) => Node[],
): { inferred: Map<Node, Req[]>; wrappers: Set<string>; wrapperFiles: Set<string> } {
  let inferred = new Map<Node, Req[]>();
  const wrappers = new Set<string>();
  const wrapperFiles = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const templates = new Map<Node, Template[]>();
    const requests = [...direct.values(), ...[...fallback].filter(([node]) => !inferred.has(node)).map(([, req]) => req), ...[...inferred.values()].flat()];
    for (const req of requests) {
      const t = templateOf(req);
      if (t) templates.set(t.fn, [...(templates.get(t.fn) ?? []), t]);
    }
    if (templates.size === 0) return { inferred, wrappers, wrapperFiles };
    for (const t of templates.values()) {
      const name = functionName(t[0]!.fn, t[0]!.req.unit);
      if (name) wrappers.add(name);
      wrapperFiles.add(t[0]!.req.unit.file);
    }
    const next = new Map<Node, Req[]>();
    for (const site of sites) {
      if (direct.has(site.node)) continue;
      const callees = calleesAt(site);
      const found: { req: Req; from: Req }[] = [];
      // Whether every request the call makes is sent later, by an object it makes or returns (a method of it).
      let deferred = true;
      for (const fn of callees.functions) {
        // A call that reaches a function by name alone trusts only wrappers that take the whole path.
        for (const t of templates.get(fn) ?? []) {
          if (callees.byName && !isGeneric(t)) continue;
          if (t.req.node === site.node) continue;
          if (t.forClass && !madeAt(site).includes(t.forClass)) continue;
          for (const req of instantiateAll(t, site.node, callees.invoked, site.unit, (bags, owner) => objectParams(bags, owner.ctx), namedOfRequest)) {
            // An object made on a base URL (`new Api('https://host/api/v3', token)`) is a client, not a resource:
            // its methods' requests are read where they are sent, with that base.
            if (constructs(site.node) && givesBase(req)) continue;
            deferred &&= t.req.unit.ctx.scopes.functionOf(t.req.node) !== t.fn;
            if (found.length < MAX_ALTERNATIVES) found.push({ req, from: t.req });
          }
        }
      }
      if (found.length > 0) next.set(site.node, deferred ? oneRequestPerUrl(found) : found.map((f) => f.req));
    }
    const settled = next.size === inferred.size && [...next].every(([node, reqs]) => inferred.get(node)?.length === reqs.length);
    inferred = next;
    if (settled) break;
  }
  return { inferred, wrappers, wrapperFiles };
}

/** Whether what a call gives a request's URL (its own text, not the wrapper's) is a base URL and nothing of a route. */
function givesBase(req: Req): boolean {
  return req.urls.every((alt) => {
    const own = alt.map((p) => (p.foreign ? '' : p.kind === 'text' ? p.text : '\ue000')).join('').replace(/[\ue000-\uf8ff]+$/, '');
    return BASE_ONLY.test(own);
  });
}

const BASE_ONLY = /(?:^|\/)api\/v\d+\/?$|^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/]*\/?$/i;

/**
 * The requests of an object made on a URL (`new Resource(client, '/projects/…')`, or returned by a call,
 * `resource('/projects/…')` of `resource = (path) => ({ list: () => http.get(path), … })`), one per URL: its
 * methods send it with their own methods, and which of them the code calls is not followed, so the method is
 * open among theirs (a route v4 renames for any method is still fixed; one that v3 has for one method is reported).
 */
function oneRequestPerUrl(made: readonly { req: Req; from: Req }[]): Req[] {
  const byUrl = new Map<string, Req[]>();
  for (const { req, from } of made) {
    // The same URL written the same way in the methods (`this.path` in `list` and `create`); one a method writes
    // its own way (`unstar() { return this.send('DELETE', `${this.path}/star`) }`) is that method's, with its method.
    const written = from.unit.ctx.source.slice(from.urlNode.start!, from.urlNode.end!);
    const key = req.urls.map((alt) => alt.map((p) => (p.kind === 'text' ? p.text : `\ue000${p.code}`)).join('')).join('\n') + '\0' + written;
    byUrl.set(key, [...(byUrl.get(key) ?? []), req]);
  }
  return [...byUrl.values()].map((same) => {
    const methods = [...new Set(same.map((r) => r.spec.method))];
    if (methods.length === 1) return same[0]!;
    const first = same[0]!;
    const possible = methods.filter((m): m is Method => m !== undefined);
    const bags = [...new Set(same.flatMap((r) => r.bags))];
    return { ...first, bags, spec: { ...first.spec, method: undefined, methodSite: { kind: 'none' }, methodParam: undefined, ...(methods.includes(undefined) ? {} : { methodsPossible: possible }) } };
  });
}

/** The name a function is called by: its own, its method's, or the name it is assigned to. */
function functionName(fn: Node, unit: ModuleUnit): string | undefined {
  if ((fn.type === 'FunctionDeclaration' || fn.type === 'FunctionExpression') && fn.id) return fn.id.name;
  if (fn.type === 'ClassMethod' || fn.type === 'ObjectMethod') return propertyName(fn.key as Node, fn.computed);
  const parent = unit.ctx.scopes.parentOf(fn);
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if ((parent?.type === 'ObjectProperty' || parent?.type === 'ClassProperty') && !parent.computed) return propertyName(parent.key as Node, false);
  if (parent?.type === 'AssignmentExpression') {
    const left = parent.left;
    if (left.type === 'Identifier') return left.name;
    if (left.type === 'MemberExpression') return propertyName(left.property as Node, left.computed);
  }
  return undefined;
}

/** A request of a call: its URL where it is written (a name read only here is followed to its value), and its values. */
function prepare(node: Node, spec: RequestSpec, unit: ModuleUnit): Req {
  const ctx = unit.ctx;
  const urlNode: Node = spec.urlArg ? soleValue(spec.urlArg, ctx) : node;
  let urls = spec.urlInParam
    ? spec.urlInParam.map((param): Piece[] => [{ kind: 'hole', node: urlNode, code: ctx.source.slice(urlNode.start!, urlNode.end!), param }])
    : spec.urlArg
    ? evaluateAll(urlNode, ctx).map((pieces) => {
        const own = spec.urlSkip ? dropText(pieces, spec.urlSkip) : spec.urlPrefixes ? withoutMatcherPrefix(pieces, spec.urlPrefixes) : pieces;
        return spec.urlPrefix ? [...spec.urlPrefix, ...own] : own;
      })
    : spec.urlPrefix
      ? [spec.urlPrefix]
      : [];
  // Options a function of the module built from this call's arguments: its parameters filled in, and the
  // call that built them what findings about the request point at.
  if (spec.builtBy) {
    urls = filledByCall(urls, spec.builtBy.fn, spec.builtBy.call, ctx);
    spec = { ...spec, urlArg: spec.builtBy.call };
  }
  // A test double's scope (`nock(base).get(path)`) or a client made on a base (`createClient(base)`): its base,
  // as written where it was made, then the path.
  if (spec.urlBase) {
    const bases = evaluateAll(spec.urlBase, ctx);
    urls = bases.flatMap((base) => urls.map((path) => joinBase(base, path))).slice(0, MAX_ALTERNATIVES);
  }
  // Query text chained after the call (`.query('iid[]=' + n)`) goes after the URL's own, if it has one.
  for (const text of spec.urlQuery ?? []) {
    const queries = evaluateAll(text, ctx);
    urls = urls.flatMap((url) => queries.map((query) => [...url, { kind: 'text' as const, text: url.some((p) => p.kind === 'text' && p.text.includes('?')) ? '&' : '?', literal: null, offset: 0 }, ...query])).slice(0, MAX_ALTERNATIVES);
  }
  const bags = [...spec.bags];
  // A URL object's query, set before the call (`url.searchParams.set('page', …)`), whatever sends it.
  const search = spec.urlArg && ctx.flow.urlSearchParams(spec.urlArg, node);
  if (search) bags.push(search);
  // What each piece writes out as a query, asked once.
  const written = urls.map((alt) => alt.map((p) => serializedBag(p, node, ctx)));
  for (const shape of written.flat()) if (shape && !bags.some((b) => b.node !== undefined && b.node === shape.node)) bags.push(shape);
  urls = urls.map((alt, i) => fillPlaceholders(queryOpened(alt, written[i]!), bags));
  return { unit, node, spec, urlNode: spec.builtBy ? spec.builtBy.call : urlNode, urls, bags, foreignParams: [...(spec.extraParams ?? [])] };
}

/**
 * A query written out by a helper straight after the path (`` `${api}/${resource}${toQuery(params)}` ``): the
 * helper writes its `?` too, or the URL would run the query into the path. That `?` is put before it (made up,
 * never edited), so the path ends where the code's does.
 */
function queryOpened(pieces: Piece[], written: readonly (ObjectShape | undefined)[]): Piece[] {
  let text = '';
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i]!;
    if (p.kind === 'text') {
      text += p.text;
      continue;
    }
    if (/[?#]/.test(text)) return pieces;
    if (!written[i]) {
      text += '\ue000';
      continue;
    }
    return /[A-Za-z0-9_\ue000]$/.test(text) ? [...pieces.slice(0, i), { kind: 'text', text: '?', literal: null, offset: 0 }, ...pieces.slice(i)] : pieces;
  }
  return pieces;
}

// An Express-style `:name` segment, in a piece of text.
const PLACEHOLDER = /(?<=^|\/):([A-Za-z_$][\w$]*)(?=$|[/?#])/g;

/**
 * The `:name` segments of a URL that its params fill with a word written in the code (`params.type = 'commits'`
 * before `client.request('get', '/projects/:id/repository/:type/:sha/blob', params)`): that word, as clients that
 * take Express-style templates send it (restful-client, mithril, `$resource`). Reported where the word is
 * written, never edited from the URL.
 */
function fillPlaceholders(pieces: Piece[], bags: readonly ObjectShape[]): Piece[] {
  const words = new Map<string, Node & { type: 'StringLiteral' }>();
  for (const bag of bags) {
    for (const entry of bag.entries) {
      const value = unwrap(entry.value);
      if (value.type === 'StringLiteral' && /^[A-Za-z_][\w-]*$/.test(value.value)) words.set(entry.name, value);
    }
  }
  if (words.size === 0) return pieces;
  const out: Piece[] = [];
  for (const p of pieces) {
    let last = 0;
    if (p.kind === 'text') {
      for (const m of p.text.matchAll(PLACEHOLDER)) {
        const word = words.get(m[1]!);
        if (!word) continue;
        if (m.index > last) out.push({ ...p, text: p.text.slice(last, m.index), offset: p.offset + last });
        const literal = { node: word, value: word.value, offsets: null, quote: "'", viaBinding: true, bindingRef: word, oneOfSeveral: true, root: word } as const;
        out.push({ kind: 'text', text: word.value, literal, offset: 0 });
        last = m.index + m[0].length;
      }
    }
    if (last === 0) out.push(p);
    else if (p.kind === 'text' && last < p.text.length) out.push({ ...p, text: p.text.slice(last), offset: p.offset + last });
  }
  return out;
}

/**
 * The requests a definition on a library base sends (resource-bases.ts): at a resource's call of its base
 * constructor, one per method the resource inherits (`get`, `list`, …, to the route it hands over); at a
 * client's hook, what it adds to every request (`req.params.data.private_token = …`).
 */
function definedRequests(node: Node, unit: ModuleUnit): readonly Req[] {
  const ctx = unit.ctx;
  const defs = definitionsOf(unit.ast, ctx);
  // Asked of every node, and most programs define nothing.
  if (defs.resources.length === 0 && defs.hooks.length === 0 && defs.routes.length === 0) return NO_REQUESTS;
  const out: Req[] = [];
  // A member that holds a resource's URL (Backbone's `urlRoot`, `url() { return … }`): sent to with the methods the base's own methods use.
  for (const def of defs.routes) {
    if (def.member !== node) continue;
    const urlArg = pathValue(def.value);
    if (!urlArg) continue;
    const method = def.methods.length === 1 ? def.methods[0] : undefined;
    const spec: RequestSpec = { client: def.client, urlArg, method, methodsPossible: def.methods, methodSite: { kind: 'none' }, bags: [], headers: [], paramsOpen: true };
    out.push(prepare(node, spec, unit));
  }
  for (const def of defs.resources) {
    if (def.call !== node) continue;
    // One request per route the resource inherits methods for: its method when they all agree on one.
    const byField = new Map<string, Set<Method | undefined>>();
    for (const m of def.base.methods) {
      const given = m.methodParam ? def.args.get(m.methodParam) : undefined;
      const literal = given && unwrap(given);
      const method = literal ? (literal.type === 'StringLiteral' ? toMethod(literal.value) : undefined) : m.method;
      byField.set(m.field, (byField.get(m.field) ?? new Set()).add(method));
    }
    for (const [field, methods] of byField) {
      const parts = fieldParts(def.base.fields[field] ?? [], def.args);
      const urlArg = parts?.find((p): p is Node => typeof p !== 'string');
      if (!parts || !urlArg) continue;
      let urls: Piece[][] = [[]];
      for (const part of parts) {
        // The route is every inherited method's: a fix of one method's request is never written into it.
        const shared = (p: Piece): Piece => (p.kind === 'text' && p.literal ? { ...p, literal: { ...p.literal, viaBinding: true, bindingRef: part as Node, root: part as Node, oneOfSeveral: true } } : p);
        const values = typeof part === 'string' ? [[{ kind: 'text', text: part, literal: null, offset: 0 } as Piece]] : evaluateAll(part, ctx).map((alt) => alt.map(shared));
        urls = urls.flatMap((a) => values.map((b) => [...a, ...b])).slice(0, MAX_ALTERNATIVES);
      }
      const method = methods.size === 1 ? [...methods][0] : undefined;
      const spec: RequestSpec = { client: 'route', urlArg, method, methodSite: { kind: 'none' }, bags: [], headers: [], paramsOpen: true };
      out.push({ unit, node, spec, urlNode: urlArg, urls, bags: [], foreignParams: [] });
    }
  }
  for (const def of defs.hooks) {
    if (def.fn !== node) continue;
    const param = parametersOf(def.fn)[def.hook.arg];
    const binding = param && param.type === 'Identifier' ? ctx.scopes.bindingOf(param) : undefined;
    if (!binding) continue;
    const entries: Entry[] = [];
    for (const read of binding.reads) {
      let at: Node = read;
      for (const key of def.hook.params) {
        const member = ctx.scopes.parentOf(at);
        if (member?.type !== 'MemberExpression' || member.object !== at || propertyName(member.property as Node, member.computed) !== key) break;
        at = member;
      }
      const member = ctx.scopes.parentOf(at);
      const assignment = member && ctx.scopes.parentOf(member);
      if (at === read || member?.type !== 'MemberExpression' || member.object !== at || assignment?.type !== 'AssignmentExpression' || assignment.left !== member) continue;
      const name = propertyName(member.property as Node, member.computed);
      if (name) entries.push({ name, value: assignment.right, site: { kind: 'written', node: member.property as Node } });
    }
    if (entries.length === 0) continue;
    const bag: ObjectShape = { entries, open: true, editable: false };
    const spec: RequestSpec = { client: 'route', urlArg: node, method: undefined, methodSite: { kind: 'none' }, bags: [bag], headers: [], paramsOpen: true };
    out.push({ unit, node, spec, urlNode: node, urls: [[{ kind: 'hole', node, code: '' }]], bags: [bag], foreignParams: [] });
  }
  return out;
}

const NO_REQUESTS: readonly Req[] = Object.freeze([]);

/**
 * The request of a function handed over with its arguments (an effect that runs it, a partial application: see
 * library-functions.ts). Its method is read, not rewritten: the function is an argument here, not the callee a
 * fix would edit.
 */
function invokedRequest(node: Node & { type: 'CallExpression' }, ctx: RecogniseContext): RequestSpec | undefined {
  const callee = unwrap(node.callee as Node);
  if (callee.type !== 'Identifier' && callee.type !== 'MemberExpression') return undefined;
  // `request.get.bind(null, url)`: the same, arguments filled in after the bound `this`.
  // Only a client's: `this.get.bind(this, key)` is how code binds any function, a guess by name would be wrong.
  const bound = boundCall(node);
  if (bound && bound.bound.length > 0) {
    const spec = handedRequest(node, bound.target, bound.bound, ctx);
    return spec?.client === 'wrapper' ? undefined : spec;
  }
  if (libraryRole(callee, ctx.scopes) !== 'invoker') return undefined;
  const [target, ...args] = node.arguments as Node[];
  return target ? handedRequest(node, target, args, ctx) : undefined;
}

/** The request `target` sends when called with `args`, read at the call that hands it over. */
function handedRequest(node: Node & { type: 'CallExpression' }, target: Node, args: Node[], ctx: RecogniseContext): RequestSpec | undefined {
  const held = target && unwrap(target);
  // `[context, fn]`: the function, run on its context.
  const fn = held?.type === 'ArrayExpression' && held.elements.length === 2 ? held.elements[1] : held;
  if (!fn || fn.type === 'SpreadElement') return undefined;
  const spec = requestAt({ ...node, callee: fn as Node & { type: 'Identifier' }, arguments: args } as Node & { type: 'CallExpression' }, ctx);
  return spec && { ...spec, methodSite: { kind: 'none' } };
}

/** The request a call expression sends, if it sends one. */
export function requestAt(node: Node & { type: 'CallExpression' }, ctx: RecogniseContext): RequestSpec | undefined {
  const callee = unwrap(node.callee as Node);
  const args = node.arguments as Node[];
  if (args.length === 1 && args[0]!.type === 'SpreadElement') return undefined;
  if (isTestClient(callee, ctx)) return undefined;

  // The client itself: `fetch(url)`, `axios(config)`, `window.fetch(url)`, `http(url)` of an instance.
  const self = ctx.clients.of(callee);
  // A client whose call makes an instance (bent's `bent(base, 'GET')`) sends only through that instance.
  if (self?.row.call && (!self.row.scope || self.instance)) return requestOf(node, self, self.row.call, undefined, ctx);
  // A client's member held in a name (`const remove = client.delete.bind(client)`): that member's request.
  const held = callee.type === 'Identifier' && !self ? boundMember(node, callee, ctx) : undefined;
  if (held) return held;
  // A function whose body is here is known, not guessed by its name: it is a wrapper if it sends a request.
  if (callee.type === 'Identifier') return self || functionBoundTo(callee, ctx.scopes) ? undefined : guessFunction(node, callee.name, ctx);
  if (callee.type !== 'MemberExpression' && callee.type !== 'OptionalMemberExpression') return undefined;
  const name = propertyName(callee.property as Node, callee.computed);
  if (!name) return callee.computed ? verbChosen(node, callee, ctx) : undefined;
  const object = unwrap(callee.object as Node);
  const memberSite: MethodSite = { kind: 'member', node: callee.property as Node, style: callee.computed ? 'string' : 'identifier' };
  const lib = ctx.clients.of(object);
  if (lib) return memberRequest(node, lib, name, memberSite, ctx);
  // A member of a member: the row names it with its dot (got's `client.paginate.all(url)`).
  if (object.type === 'MemberExpression' && !object.computed) {
    const outer = ctx.clients.of(unwrap(object.object as Node));
    const inner = outer && propertyName(object.property as Node, false);
    const form = inner ? outer.row.members?.[`${inner}.${name}`] : undefined;
    if (form) return requestOf(node, outer!, form, memberSite, ctx);
  }
  // `xhr.open('DELETE', url)` on any receiver, when the method is a literal.
  if (name === 'open' && args.length >= 2 && args[0]!.type === 'StringLiteral' && /^(get|post|put|patch|delete|head)$/i.test(args[0].value)) {
    return requestOf(node, { row: XHR }, { args: ['method', 'url'] }, undefined, ctx);
  }
  return guessMember(node, name, memberSite, object, ctx);
}

/**
 * The request of a client, or of a client's member, bound and kept in a name: `window.fetch.bind(window)`,
 * `client.delete.bind(client)`.
 */
function boundMember(node: Node & { type: 'CallExpression' }, callee: Node & { type: 'Identifier' }, ctx: RecogniseContext): RequestSpec | undefined {
  const b = ctx.scopes.bindingOf(callee);
  const value = b && heldValue(b);
  const bind = value && boundCall(value);
  // Bound arguments would come before the call's own: not a client's form.
  if (!bind || bind.bound.length > 0) return undefined;
  const member = unwrap(bind.target);
  // `window.fetch.bind(window)`: the client itself, bound.
  const self = ctx.clients.of(member);
  if (self?.row.call) return requestOf(node, self, self.row.call, undefined, ctx);
  if (member.type !== 'MemberExpression') return undefined;
  const name = propertyName(member.property as Node, member.computed);
  const lib = name ? ctx.clients.of(unwrap(member.object as Node)) : undefined;
  return lib ? memberRequest(node, lib, name!, undefined, ctx) : undefined;
}

/** The request a member of a client sends (`axios.post(…)`), if it sends one: a factory makes a client instead. */
function memberRequest(node: Node & { type: 'CallExpression' }, lib: ClientValue, name: string, site: MethodSite | undefined, ctx: RecogniseContext): RequestSpec | undefined {
  if (lib.row.factories?.includes(name)) return undefined;
  const form = memberForm(lib.row, name);
  return form ? requestOf(node, lib, form, site, ctx) : undefined;
}

/**
 * A client's verb member chosen by a value: `superagent[method.toLowerCase()](url)`. The value is a method
 * written elsewhere (a constant) or a wrapper's parameter, which its callers fill. Only for rows whose verbs
 * all take the same arguments: with a parameter, which verb it is, and so where the body goes, is not known.
 */
function verbChosen(node: Node & { type: 'CallExpression' }, callee: Node & { type: 'MemberExpression' | 'OptionalMemberExpression' }, ctx: RecogniseContext): RequestSpec | undefined {
  const lib = ctx.clients.of(unwrap(callee.object as Node));
  const verbs = lib?.row.verbs;
  if (!lib || !verbs) return undefined;
  const alternatives = evaluateAll(callee.property as Node, ctx);
  const single = alternatives.length === 1 && alternatives[0]!.length === 1 ? alternatives[0]![0]! : undefined;
  // One verb, named by a constant: that member's request.
  if (single?.kind === 'text') return memberRequest(node, lib, single.text, undefined, ctx);
  // Several verbs, or the caller's: the arguments are laid out alike only when the URL is all there is (axios's
  // `post(url, data, config)` against `delete(url, config)`).
  if (verbs.bodyArgs && node.arguments.length > 1) return undefined;
  const chosenFromVerbs = alternatives.every((alt) => alt.length === 1 && alt[0]!.kind === 'text');
  if (!chosenFromVerbs && (single?.kind !== 'hole' || !single.param)) return undefined;
  const spec = requestOf(node, lib, { args: verbs.args }, undefined, ctx);
  // Not the GET a form without a method defaults to: the caller's verb, or one of the verbs it is chosen from.
  return spec && { ...spec, method: undefined, ...(single?.kind === 'hole' && single.param ? { methodParam: single.param } : {}) };
}

// The table's XMLHttpRequest row, for an `open` on a receiver of unknown make.
const XHR = CLIENTS.find((row) => row.client === 'xhr')!;

/** The path a test asks of its app in-process (`request(app).get('/api/v3/x')`): a route the app serves. */
function testedPathAt(node: Node, ctx: RecogniseContext): Node | undefined {
  if (node.type !== 'CallExpression' || (node.callee.type !== 'MemberExpression' && node.callee.type !== 'OptionalMemberExpression')) return undefined;
  const first = node.arguments[0] && unwrap(node.arguments[0] as Node);
  if (!first || (first.type !== 'StringLiteral' && first.type !== 'TemplateLiteral') || !VERBS[propertyName(node.callee.property as Node, node.callee.computed) ?? '']) return undefined;
  return isTestClient(unwrap(node.callee as Node), ctx) ? first : undefined;
}

/** A call of a client that tests an app in-process (`request(app).get('/x')`): the app's own API, not a server's. */
function isTestClient(callee: Node, ctx: RecogniseContext): boolean {
  let root = callee;
  let made: Node | undefined;
  // Test chains are short (`request(app).get('/x').set(…).expect(200)`); long `.then()` chains are not climbed.
  for (let i = 0; i < 16 && (root.type === 'MemberExpression' || root.type === 'CallExpression'); i++) {
    if (root.type === 'CallExpression') made = root;
    root = unwrap((root.type === 'CallExpression' ? root.callee : root.object) as Node);
  }
  if (root.type !== 'Identifier') return false;
  const b = ctx.scopes.bindingOf(root);
  const module = b?.kind === 'import' ? b.module : b?.init ? requiredModule(unwrap(b.init)) : undefined;
  if (module === undefined || !TEST_CLIENT_MODULES.has(module)) return false;
  // Given a server's URL rather than an app (`request('https://host/api/v3')`), it is a client of that server.
  const target = made?.type === 'CallExpression' && unwrap(made.callee as Node) === root ? (made.arguments[0] as Node | undefined) : undefined;
  return !target || !evaluateAll(target, ctx).some((alt) => /^https?:\/\/|\/api\/v\d/.test(alt.map((p) => (p.kind === 'text' ? p.text : '\ue000')).join('')));
}


function importedModules(scopes: ScopeInfo): Set<string> {
  const out = new Set<string>();
  for (const b of scopes.all) {
    if (b.kind === 'import') out.add(b.module!);
    else if (b.init) {
      const m = requiredModule(unwrap(b.init));
      if (m) out.add(m);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Parameters.

// ---------------------------------------------------------------------------------------------
// Building the ApiCalls.

/** Pieces without their first `count` characters of text (a route string's `DELETE `). */
function dropText(pieces: readonly Piece[], count: number): Piece[] {
  const out: Piece[] = [];
  let left = count;
  for (const p of pieces) {
    if (left > 0 && p.kind === 'text') {
      const cut = Math.min(left, p.text.length);
      left -= cut;
      if (cut < p.text.length) out.push({ ...p, text: p.text.slice(cut), offset: p.offset + cut });
      continue;
    }
    out.push(p);
  }
  return out;
}

/** A URL without the matcher prefix it is written with (`begin:https://…` of fetch-mock). */
function withoutMatcherPrefix(pieces: Piece[], prefixes: readonly string[]): Piece[] {
  const first = pieces[0];
  const prefix = first?.kind === 'text' ? prefixes.find((p) => first.text.startsWith(p)) : undefined;
  return prefix ? dropText(pieces, prefix.length) : pieces;
}

/** A path appended to a scope's base, as the double does: one slash between them (`nock('https://h/')` and `'/x'`). */
function joinBase(base: readonly Piece[], path: readonly Piece[]): Piece[] {
  const last = base[base.length - 1];
  const first = path[0];
  if (last?.kind === 'text' && last.text.endsWith('/') && first?.kind === 'text' && first.text.startsWith('/')) {
    const trimmed = last.text.slice(0, -1);
    return [...base.slice(0, -1), ...(trimmed ? [{ ...last, text: trimmed }] : []), ...path];
  }
  return [...base, ...path];
}

/** The calls of one request: one per value its URL may have. */
export function callsOf(req: Req, ancestors: readonly Node[]): ApiCall[] {
  const versions = new Set<string>();
  const out: ApiCall[] = [];
  let named: Named | undefined | null = null;
  for (const pieces of req.urls) {
    const call = buildCall(req, pieces, ancestors);
    if (!call) continue;
    const beside = req.spec.methodMember?.type === 'MemberExpression' ? methodBeside(req.spec.methodMember, pieces, req.unit.ctx) : undefined;
    if (beside) Object.assign(call, { method: toMethod(beside.value), methodSite: { kind: 'literal', node: beside } });
    if (named === null) named = namedOfRequest(req);
    if (named) call.named = named;
    out.push(call);
    if (call.url.version) versions.add(call.url.version);
  }
  // Values of a deliberate v3/v4 switch: the v3 one is reported, never rewritten.
  if (versions.size > 1) for (const call of out) call.versionGuarded = true;
  withHosts(out, req.urls);
  return out;
}

/**
 * The method written beside a URL value in one entry of a table (`{ method: 'DELETE', path: '/projects/:id/star' }`),
 * when the request reads its method as that entry's member (`fetch(BASE + r.path, { method: r.method })` over the
 * entries): the literal of the key the member names, in the object the value's path is written in.
 */
function methodBeside(member: Node & { type: 'MemberExpression' }, pieces: readonly Piece[], ctx: RecogniseContext): (Node & { type: 'StringLiteral' }) | undefined {
  const key = propertyName(member.property as Node, false);
  let found: (Node & { type: 'StringLiteral' }) | undefined;
  for (const p of pieces) {
    const literal = p.kind === 'text' && !p.foreign ? p.literal?.node : undefined;
    const property = literal && ctx.scopes.parentOf(literal);
    const entry = property?.type === 'ObjectProperty' && property.value === literal ? ctx.scopes.parentOf(property) : undefined;
    if (entry?.type !== 'ObjectExpression') continue;
    const prop = entry.properties.find((q) => q.type === 'ObjectProperty' && propertyName(q.key as Node, q.computed) === key) as (Node & { value: Node }) | undefined;
    const value = prop && unwrap(prop.value);
    if (value?.type !== 'StringLiteral' || !toMethod(value.value) || (found && found !== value)) return undefined;
    found = value;
  }
  return found;
}

/**
 * The nearest name around a request that says a product: around the call as written, then around where its
 * version is written (a base URL's declaration), then, for a wrapper's call, around the wrapper's own request.
 */
export function namedOfRequest(req: Req): Named | undefined {
  const versionLiterals = req.urls.flatMap((alt) => alt.flatMap((p) => (p.kind === 'text' && p.literal && !p.foreign && /api\/v\d/.test(p.literal.value) ? [p.literal.node] : [])));
  return namedAround([req.spec.urlArg ?? req.node, ...versionLiterals], req.unit.ctx) ?? req.viaNamed;
}

/** The values of one URL are one product's: each call knows the hosts of the URL's other values. */
function withHosts(calls: readonly ApiCall[], alternatives: readonly Piece[][]): void {
  if (alternatives.length < 2 || calls.length === 0) return;
  const hosts = new Set<string>();
  for (const pieces of alternatives) {
    const host = splitUrl(Marked.textOf(pieces, [])).host;
    if (host !== undefined) hosts.add(host);
  }
  for (const call of calls) {
    const others = [...hosts].filter((h) => h !== call.url.host);
    if (others.length > 0) call.hosts = others;
  }
}

function buildCall(req: Req, pieces: Piece[], ancestors: readonly Node[]): ApiCall | undefined {
  const { spec, unit } = req;
  const ctx = unit.ctx;
  const holes: Hole[] = [];
  const marked = Marked.textOf(pieces, holes);
  const params = [...queryParams(marked, holes), ...objectParams(req.bags, unit.ctx), ...req.foreignParams];
  // A URL the code does not show at all is still a request when it carries the service's token parameter,
  // or goes to a v3 base the client itself defaults to.
  if (!pieces.some((p) => p.kind === 'text') && !params.some((p) => TOKEN_PARAM.test(p.name) && !p.foreign) && spec.baseFrom !== 'dependency') return undefined;
  const url = splitUrl(marked);
  if (spec.needsApiPath && !looksLikeApiPath(url)) return undefined;
  // A helper guessed by a name that many getters share (`getParameterByName('projects')`, `getItem('user')`)
  // needs a path to be a request: one bare word is a key.
  if (spec.nameOnly && !url.version && !marked.includes('/')) return undefined;
  // A receiver that does not name an API client needs an absolute path (`/projects/…`) or a version.
  if (spec.weakReceiver && !url.version && !marked.startsWith('/')) return undefined;
  // A URL of a host with no API version is that host's own, not an API's; so is a path under such a client base.
  if ((url.host !== undefined || spec.baseUnversioned) && url.version === undefined && !spec.baseVersion) return undefined;
  return {
    client: spec.client,
    method: spec.method,
    ...(spec.methodsPossible && !spec.method ? { methodsPossible: spec.methodsPossible } : {}),
    methodSite: spec.methodSite,
    pieces,
    urlNode: req.urlNode,
    urlArg: spec.urlArg ?? req.node,
    url,
    baseVersion: spec.baseVersion,
    ...(spec.baseKey ? { baseKey: spec.baseKey } : {}),
    ...(spec.baseFrom ? { baseFrom: spec.baseFrom, clientModule: spec.clientModule } : {}),
    ...(spec.serviceClient ? { serviceClient: true } : {}),
    ...(spec.yieldsBody ? { yieldsBody: true } : {}),
    ...(spec.immediate ? { immediate: true } : {}),
    ...(spec.queryReplacesUrl ? { queryReplacesUrl: true } : {}),
    ...(spec.testDouble ? { testDouble: spec.testDouble } : {}),
    params,
    paramsOpen: spec.paramsOpen,
    headers: spec.headers,
    options: optionsOf(spec),
    node: req.node,
    versionGuarded: isVersionGuarded(ancestors, ctx, pieces),
    ancestors: [...ancestors],
    ...(req.via ? { via: req.via } : {}),
  };
}

const TOKEN_PARAM = /^private[-_]?token$/i;
// The service's token parameter in a URL's query string.
const TOKEN_IN_QUERY = /[?&]private[-_]?token=/i;

function optionsOf(spec: RequestSpec): ApiCall['options'] {
  const options = spec.options;
  if (!options) return undefined;
  if (!options.node) return { node: spec.urlArg!, headers: undefined, editable: false };
  const headers = options.entries.find((e) => e.name === 'headers' && e.site.kind === 'property');
  const value = headers && unwrap(headers.value);
  return { node: options.node, headers: value?.type === 'ObjectExpression' ? value : undefined, editable: options.editable };
}

/** A URL with an API version, or a path whose first segment is a resource of the service. */
function looksLikeApiPath(url: UrlParts): boolean {
  if (url.version) return true;
  const first = segments(url)[0];
  return first !== undefined && !first.dynamic && SERVICE_ROOT_WORDS.has(first.text);
}

/** Code that chooses between v3 and v4 on purpose: a version test, or a fallback in a catch. */
// A test that chooses between the API versions: `opts.v4`, `apiVersion === 'v3'`, `useVersion4`.
const VERSION_TEST = /\bv3\b|\bv4\b|version/i;

function isVersionTest(test: Node, ctx: RecogniseContext): boolean {
  return VERSION_TEST.test(ctx.source.slice(test.start!, test.end!));
}

/**
 * The call sits behind a version check, or a piece of its URL was written in one arm of a version
 * switch (`opts.v4 ? 'jobs' : 'builds'`, `if (v3) path = …`): a deliberate v3 value, reported but not fixed.
 */
function isVersionGuarded(ancestors: readonly Node[], ctx: RecogniseContext, pieces: readonly Piece[] = []): boolean {
  for (const piece of pieces) {
    if (piece.kind === 'text' && !piece.foreign && piece.literal && inVersionArm(piece.literal.node, ctx)) return true;
  }
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const a = ancestors[i]!;
    if ((a.type === 'ConditionalExpression' || a.type === 'IfStatement') && isVersionTest(a.test, ctx)) return true;
    if (a.type === 'CatchClause' && ctx.hasV4Text) return true;
    if (
      a.type === 'CallExpression' &&
      a.callee.type === 'MemberExpression' &&
      propertyName(a.callee.property as Node, a.callee.computed) === 'catch' &&
      ancestors[i + 1] !== undefined &&
      a.arguments.includes(ancestors[i + 1] as never) &&
      ctx.hasV4Text
    ) {
      return true;
    }
  }
  return false;
}

/** The names of an object literal's own properties. */
function keysOf(object: Node & { type: 'ObjectExpression' }): string[] {
  return object.properties.flatMap((p) => (p.type === 'SpreadElement' ? [] : [propertyName(p.key as Node, p.computed) ?? '']));
}

/** A string or template literal that holds `/api/v3` (or v4) outside any call's URL, or `version: 'v3'`. */
function bareUrl(node: Node, ancestors: readonly Node[], ctx: RecogniseContext, used: Used): ApiCall[] | undefined {
  if (node.type === 'ObjectProperty' && !node.computed) {
    const key = propertyName(node.key as Node, false);
    const value = unwrap(node.value as Node);
    const holder = ancestors[ancestors.length - 1];
    if (key && VERSION_OPTION_KEY.test(key) && value.type === 'StringLiteral' && /^v[34]$/.test(value.value) && holder?.type === 'ObjectExpression' && isConnectionOptions(keysOf(holder))) {
      return [versionWordCall(value, value.value as 'v3' | 'v4', ancestors, ctx)];
    }
    return undefined;
  }
  const isConcat = node.type === 'BinaryExpression' && node.operator === '+';
  if (node.type !== 'StringLiteral' && node.type !== 'TemplateLiteral' && !isConcat && !joiningOf(node, ctx)) return undefined;
  const parent = ancestors[ancestors.length - 1];
  // Concatenations are taken whole, at their top: `host + '/api/v3/projects/' + id + '/builds'`; so are the
  // calls that join a URL from their arguments (`url.resolve(base, 'api/v3/user')`, `new URL(path, base)`),
  // as they are inside a request.
  if (parent?.type === 'BinaryExpression' && parent.operator === '+') return undefined;
  if (parent?.type === 'TemplateLiteral' || parent?.type === 'ImportDeclaration' || parent?.type === 'TSLiteralType') return undefined;
  if (partOfJoining(node, ancestors, ctx)) return undefined;
  if (ctx.serverPaths.has(node) || used.nodes.has(node) || used.literals.has(node)) return undefined;
  // A bare URL is reported where the `v` of its version is written, and `api/` is written right before it:
  // an expression whose own text has neither `api` nor `v3`/`v4` holds no such version (most strings of a
  // program: the cheap test before evaluating it).
  const text = ctx.source.slice(node.start!, node.end!);
  const token = text.includes('private_token') || text.includes('private-token');
  // A path joined to a base held elsewhere (`API + '/projects/' + id`) may hold the base's version.
  const joinsPath = (isConcat || (node.type === 'TemplateLiteral' && node.expressions.length > 0)) && /\/[A-Za-z_]/.test(text);
  if (!text.includes('api') && !/v[34]/.test(text) && !token && !joinsPath) return undefined;
  // The version may be split over several literals (`'/api/' + 'v3'`): look at the joined text.
  const out: ApiCall[] = [];
  const alternatives = evaluateAll(node, ctx);
  for (const whole of alternatives) {
    const wholeText = Marked.textOf(whole, []);
    if (!wholeText.includes('api/v') && !(token && TOKEN_IN_QUERY.test(wholeText))) continue;
    // A URL a request already reads (one of its literals is a request's); but not a URL whose path is written in
    // a literal of its own that no request reads, on a base a request reads too (`${api.defaults.baseURL}/projects/…`
    // of a link).
    const head = splitUrl(wholeText);
    const pathPiece = head.pathStart < wholeText.length ? pieceAt(whole, head.pathStart) : undefined;
    const ownPath = pathPiece?.kind === 'text' && pathPiece.literal !== null && !used.literals.has(pathPiece.literal.node);
    if (!ownPath && whole.some((p) => p.kind === 'text' && p.literal && used.literals.has(p.literal.node))) continue;
    for (const pieces of embeddedUrls(whole)) {
      const marked = Marked.textOf(pieces, []);
      const url = splitUrl(marked);
      // A path that carries the service's token parameter is the service's, with or without a version (a
      // full URL to a host needs the version, as a request's does).
      const tokenAt = url.version || url.host !== undefined ? -1 : marked.search(TOKEN_IN_QUERY);
      if (!url.version && (tokenAt === -1 || tokenAt < url.pathEnd)) continue;
      // Reported where its version (or its token parameter) is written: `baseUrl(argv) + path` is not a second
      // home of the version the builder `baseUrl` returns. But a path written here on a base written elsewhere
      // (`API + '/projects/' + id + '/builds'` returned by a URL builder, or a Backbone `url`) is a URL of its own.
      const written = pieceAt(pieces, url.version ? url.versionAt : tokenAt + 1);
      const elsewhere = written?.kind === 'text' && written.literal !== null && !within(written.literal.node, node);
      // The version a word of its own, written elsewhere (`const API_VERSION = 'v3'`, then a base URL
      // `${host}/api/${API_VERSION}`): reported there, once, as the calls that write it are (versionWords).
      if (elsewhere && !(url.version && pathWrittenIn(pieces, url.pathStart, node))) continue;
      // A version in a literal that also has a foreign host stays a URL of that host (checked by the engine).
      const call = bareCall(node, pieces, url, ancestors, ctx);
      // One URL among other text, written in one literal of it, is that literal's (reported there), not the whole text's.
      const own = written?.kind === 'text' ? written.literal?.node : undefined;
      if (pieces !== whole && own && own !== node && pieces.every((p) => p.kind === 'text' && p.literal?.node === own)) call.urlArg = call.urlNode = own;
      else if (pieces !== whole) call.embedded = true;
      out.push(call);
    }
  }
  const named = out.length > 0 ? namedAround([node], ctx) : undefined;
  if (named) for (const call of out) call.named = named;
  // The other values of the expression it is one branch of (`uri ? uri + '/api/v3/user' : 'https://api.github.com/user'`).
  withHosts(out, [...alternatives, ...evaluateAll(choiceAround(node, ctx), ctx)]);
  return out.length > 0 ? out : undefined;
}

// What ends a URL written inside other text: a quote, a space, a bracket (`[placeholder='https://host/api/v3/']`).
const URL_END = /[\s'"`<>[\]()]/;
const TEMPLATE_PLACEHOLDER = /<%[=-]?\s*[\w$.]+\s*%>|\{\{\s*[\w$.]+\s*\}\}/g;

/**
 * The URLs a string holds among other text (an HTML attribute, a selector, a hint: `input[placeholder='https://host/api/v3/']`):
 * each from the text's last URL end before a version to the first after it; the whole when it is one URL.
 */
function embeddedUrls(pieces: Piece[]): Piece[][] {
  const marked = Marked.textOf(pieces, []);
  // A template engine's placeholder is part of the URL it stands in, spaces and brackets and all
  // (lodash's and EJS's `<%= id %>`, Mustache's `{{ id }}`).
  const placeholders = marked.includes('<%') || marked.includes('{{') ? [...marked.matchAll(TEMPLATE_PLACEHOLDER)] : [];
  const ends = (i: number) => URL_END.test(marked[i]!) && !placeholders.some((m) => m.index <= i && i < m.index + m[0].length);
  const ranges: { start: number; end: number }[] = [];
  for (const m of marked.matchAll(/api\/v[34]/g)) {
    let start = m.index;
    while (start > 0 && !ends(start - 1)) start--;
    let end = m.index;
    while (end < marked.length && !ends(end)) end++;
    if (start === 0 && end === marked.length) return [pieces];
    // A URL that holds the version twice is one URL.
    if (ranges.length === 0 || start >= ranges[ranges.length - 1]!.end) ranges.push({ start, end });
  }
  return ranges.length === 0 ? [pieces] : ranges.map(({ start, end }) => slicePieces(pieces, start, end));
}

/** The pieces of `[start, end)` of their marked text (a hole is one character). */
function slicePieces(pieces: readonly Piece[], start: number, end: number): Piece[] {
  const out: Piece[] = [];
  let pos = 0;
  for (const p of pieces) {
    const length = p.kind === 'text' ? p.text.length : 1;
    const from = Math.max(start, pos);
    const to = Math.min(end, pos + length);
    if (from < to) out.push(p.kind === 'text' ? { ...p, text: p.text.slice(from - pos, to - pos), offset: p.offset + (from - pos) } : p);
    pos += length;
  }
  return out;
}

/** A piece of a call that joins a URL (an argument, an element of the joined array, the format string): taken with the call. */
function partOfJoining(node: Node, ancestors: readonly Node[], ctx: RecogniseContext): boolean {
  const [parent, grand, great] = [ancestors[ancestors.length - 1], ancestors[ancestors.length - 2], ancestors[ancestors.length - 3]];
  if (!parent) return false;
  if ((parent.type === 'CallExpression' || parent.type === 'NewExpression') && (parent.arguments as Node[]).includes(node)) return joiningOf(parent, ctx) !== undefined;
  // '{0}/api/v3/user'.format(host)
  if (parent.type === 'MemberExpression' && parent.object === node) return grand?.type === 'CallExpression' && grand.callee === parent && joiningOf(grand, ctx) !== undefined;
  // [base, 'api/v3/user'].join('/')
  if (parent.type === 'ArrayExpression') return grand?.type === 'MemberExpression' && grand.object === parent && great?.type === 'CallExpression' && great.callee === grand && joiningOf(great, ctx) !== undefined;
  // url.format({ host, pathname: '/api/v3/user' })
  if (parent.type === 'ObjectProperty' && parent.value === node) return grand?.type === 'ObjectExpression' && great?.type === 'CallExpression' && great.arguments[0] === grand && joiningOf(great, ctx) !== undefined;
  return false;
}

/** A word of the path (from `pathStart` of the marked text on) is written in a literal inside `node`. */
function pathWrittenIn(pieces: readonly Piece[], pathStart: number, node: Node): boolean {
  let at = 0;
  for (const piece of pieces) {
    const length = piece.kind === 'text' ? piece.text.length : 1;
    if (piece.kind === 'text' && at + length > pathStart && piece.literal && !piece.foreign && within(piece.literal.node, node) && /[A-Za-z]/.test(piece.text.slice(Math.max(0, pathStart - at)))) return true;
    at += length;
  }
  return false;
}

function within(inner: Node, outer: Node): boolean {
  return inner.start! >= outer.start! && inner.end! <= outer.end!;
}

/** The whole `a ? b : c` / `a || b` a value is a branch of (the value itself when it is none). */
function choiceAround(node: Node, ctx: RecogniseContext): Node {
  let top = node;
  for (let parent = ctx.scopes.parentOf(top); parent; parent = ctx.scopes.parentOf(top)) {
    if (parent.type === 'ConditionalExpression' && parent.test !== top) top = parent;
    else if (parent.type === 'LogicalExpression' || parent.type === 'ParenthesizedExpression') top = parent;
    else break;
  }
  return top;
}

/** A node inside one arm (not the test) of a `? :` or an `if` whose test chooses a version, within its function. */
function inVersionArm(node: Node, ctx: RecogniseContext): boolean {
  let child = node;
  for (let parent = ctx.scopes.parentOf(child); parent && !isFunction(parent); child = parent, parent = ctx.scopes.parentOf(child)) {
    if ((parent.type === 'ConditionalExpression' || parent.type === 'IfStatement') && parent.test !== child && isVersionTest(parent.test, ctx)) return true;
  }
  return false;
}

function bareCall(node: Node, pieces: Piece[], url: ApiCall['url'], ancestors: readonly Node[], ctx: RecogniseContext): ApiCall {
  return {
    client: 'url',
    method: undefined,
    methodSite: { kind: 'none' },
    pieces,
    urlNode: node,
    urlArg: node,
    url,
    baseVersion: undefined,
    params: queryParams(url.marked, []),
    paramsOpen: false,
    headers: [],
    node,
    versionGuarded: isVersionGuarded(ancestors, ctx, pieces),
    ancestors: [],
  };
}
