// Base classes of SDK frameworks whose code is not in the package: a resource class hands its route to the
// base constructor (`super(client, '/projects/:id/issues', 'issue_id')`, `Base.call(this, …)` after
// `util.inherits`), reads it back as fields the base sets (`this.path`, `this.onePath`), and inherits methods
// that send requests to it; a client class overrides hooks the base calls with every request's options
// (`setAuthentication(req)`). What each framework's base does is one row here: recognise.ts and
// evaluate.ts only read the rows.
import type { Node } from '@babel/types';
import { dotted, isNothing, nodesOf, propertyName, unwrap } from '../parse/walk.js';
import type { EvalContext } from './evaluate.js';
import { requireSource } from './evaluate.js';
import type { Method } from './types.js';

/** A resource base class: its constructor's parameters, the fields it sets from them, the methods it gives. */
export interface ResourceBase {
  /** The class, as `module#export` (`module` alone for the module's whole export). */
  classes: readonly string[];
  /** The constructor's parameters by position: the names the templates below use. */
  params: readonly string[];
  /**
   * Fields the constructor sets: text and `{param}` parts; a part whose parameter is not given (or is
   * `undefined`/`null`) is left out with the rest of its part (`'/:{idName}'` without an id name).
   */
  fields: Readonly<Record<string, readonly string[]>>;
  /** Methods every resource inherits: the HTTP method (or the parameter that overrides it) and the field that is the URL. */
  methods: readonly { name: string; method: Method; methodParam?: string; field: string }[];
}

/**
 * A resource base class whose subclasses name their URL in a member of their own (`urlRoot: '/api/v3/todos'`,
 * `url() { return … }`) rather than hand it to the constructor: the methods it inherits send to that URL.
 */
export interface RouteMemberBase {
  /** What the requests are called in reports (the inventory's client). */
  client: string;
  classes: readonly string[];
  /** The members that hold the URL, and the HTTP methods the inherited methods send to it. */
  members: Readonly<Record<string, readonly Method[]>>;
}

/** A client base class: the hooks it calls with each request, and where in their argument the request's parts are. */
export interface ClientBase {
  classes: readonly string[];
  hooks: Readonly<Record<string, { arg: number; params: readonly string[] }>>;
}

export const RESOURCE_BASES: readonly ResourceBase[] = [
  {
    // restful-client: `RESTFulResource(client, resourcePath, idName, updateMethod)`; its client fills `:name` in the
    // path from the params and sends the rest as the query (GET) or the body.
    classes: ['restful-client#RESTFulResource', 'restful-client/lib/resource'],
    params: ['client', 'path', 'idName', 'updateMethod'],
    fields: { path: ['{path}'], onePath: ['{path}', '/:{idName}'] },
    methods: [
      { name: 'get', method: 'GET', field: 'onePath' },
      { name: 'list', method: 'GET', field: 'path' },
      { name: 'create', method: 'POST', field: 'path' },
      { name: 'update', method: 'PUT', methodParam: 'updateMethod', field: 'onePath' },
      { name: 'remove', method: 'DELETE', field: 'onePath' },
    ],
  },
];

const EVERY_METHOD: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export const ROUTE_MEMBER_BASES: readonly RouteMemberBase[] = [
  {
    // A Backbone model's `fetch` GETs its URL (`urlRoot` + `/id`, or its own `url`), `save` POSTs, PUTs or PATCHes
    // it, `destroy` DELETEs it.
    client: 'backbone',
    classes: ['backbone#Model'],
    members: { url: EVERY_METHOD, urlRoot: EVERY_METHOD },
  },
  {
    // A collection's `fetch` GETs its `url`, `create` POSTs a new model to it.
    client: 'backbone',
    classes: ['backbone#Collection'],
    members: { url: ['GET', 'POST'] },
  },
];

// Frameworks read from a global as well as imported (a script tag's `Backbone`): the module each global is.
const GLOBAL_MODULES: Readonly<Record<string, string>> = { Backbone: 'backbone' };

export const CLIENT_BASES: readonly ClientBase[] = [
  {
    // restful-client's client: `setAuthentication(req)` gets `{ url, params: { method, data, headers } }` before each request.
    classes: ['restful-client#RESTFulClient', 'restful-client/lib/client'],
    hooks: { setAuthentication: { arg: 0, params: ['params', 'data'] } },
  },
];

/** One resource of the package: its base, what its constructor hands the base, and where `this` is it. */
export interface ResourceDefinition {
  base: ResourceBase;
  /** The arguments handed to the base constructor, by the base's parameter names. */
  args: ReadonlyMap<string, Node>;
  /** The call that hands them over. */
  call: Node;
  /** The class body (a class), or the constructor function (prototype style). */
  owner: Node;
  /** The constructor's name (prototype style: what `X.prototype.m = …` names). */
  name?: string;
}

/** A member of a resource class that holds its URL (the value, or a method returning it), and the methods sent to it. */
export interface RouteMemberDefinition {
  /** The property or method that is the member (where the second walk of recognition meets it). */
  member: Node;
  value: Node;
  methods: readonly Method[];
  client: string;
}

/** A hook of a client base that the package overrides. */
export interface HookDefinition {
  fn: Node & { params: Node[]; body: Node };
  hook: ClientBase['hooks'][string];
}

interface Definitions {
  resources: ResourceDefinition[];
  hooks: HookDefinition[];
  routes: RouteMemberDefinition[];
}

const found = new WeakMap<Node, Definitions>();

/** The resources and hooks a program defines on the bases of the table. */
export function definitionsOf(ast: Node, ctx: EvalContext): Definitions {
  let defs = found.get(ast);
  if (defs) return defs;
  defs = { resources: [], hooks: [], routes: [] };
  found.set(ast, defs);
  if (!mentionsBase(ctx.source)) return defs;
  const subclasses: { base: string; owner: Node; ctor: Node | undefined; name?: string; methods: () => Node[] }[] = [];
  for (const node of nodesOf(ast)) {
    // class Issues extends RESTFulResource { constructor(client) { super(client, '/projects/:id/issues', 'issue_id') } }
    if ((node.type === 'ClassDeclaration' || node.type === 'ClassExpression') && node.superClass) {
      const base = baseName(node.superClass as Node, ctx);
      if (!base) continue;
      const ctor = node.body.body.find((m) => m.type === 'ClassMethod' && m.kind === 'constructor');
      const methods = () => node.body.body.filter((m) => m.type === 'ClassMethod' && m.kind === 'method');
      subclasses.push({ base, owner: node.body, ctor, methods });
    }
    // util.inherits(Issue, RESTFulResource); function Issue(client) { this.constructor.super_.call(this, client, '/projects/:id/issues', 'issue_id') }
    if (node.type === 'CallExpression' && node.arguments.length === 2 && calleeName(node.callee as Node) === 'inherits') {
      const [child, parent] = node.arguments as Node[];
      const base = baseName(parent!, ctx);
      const ctor = base ? constructorFunction(child!, ctx) : undefined;
      if (!base || !ctor) continue;
      const name = (unwrap(child!) as Node & { name?: string }).name;
      subclasses.push({ base, owner: ctor, ctor, name, methods: () => prototypeMethods(ast, name) });
    }
    // Backbone.Model.extend({ urlRoot: '/api/v3/todos' }): the subclass's members in an object.
    if (node.type === 'CallExpression' && node.arguments[0]?.type === 'ObjectExpression' && node.callee.type === 'MemberExpression' && propertyName(node.callee.property as Node, node.callee.computed) === 'extend') {
      const base = baseName(node.callee.object as Node, ctx);
      if (base) subclasses.push({ base, owner: node.arguments[0], ctor: undefined, methods: () => [] });
    }
  }
  for (const sub of subclasses) {
    const routed = ROUTE_MEMBER_BASES.find((r) => r.classes.includes(sub.base));
    if (routed) defs.routes.push(...routeMembers(sub.owner, routed));
    const resource = RESOURCE_BASES.find((r) => r.classes.includes(sub.base));
    if (resource && sub.ctor) {
      const call = baseConstructorCall(sub.ctor, sub.base, ctx);
      if (call) {
        const args = new Map<string, Node>();
        call.args.forEach((arg, i) => {
          const param = resource.params[i];
          if (param && arg.type !== 'SpreadElement' && !isNothing(arg)) args.set(param, arg);
        });
        defs.resources.push({ base: resource, args, call: call.node, owner: sub.owner, ...(sub.name ? { name: sub.name } : {}) });
      }
    }
    const client = CLIENT_BASES.find((c) => c.classes.includes(sub.base));
    if (client) {
      for (const fn of sub.methods()) {
        const name = methodName(fn, ctx);
        const hook = name !== undefined ? client.hooks[name] : undefined;
        if (hook) defs.hooks.push({ fn: fn as HookDefinition['fn'], hook });
      }
    }
  }
  return defs;
}

/** The members of a subclass (its class body, or the object `extend` is given) that hold its URL. */
function routeMembers(owner: Node, base: RouteMemberBase): RouteMemberDefinition[] {
  const members = owner.type === 'ClassBody' ? owner.body : owner.type === 'ObjectExpression' ? owner.properties : [];
  const out: RouteMemberDefinition[] = [];
  for (const m of members as Node[]) {
    if (m.type !== 'ObjectProperty' && m.type !== 'ObjectMethod' && m.type !== 'ClassMethod' && m.type !== 'ClassProperty') continue;
    const name = propertyName(m.key as Node, m.computed);
    const methods = name !== undefined && Object.hasOwn(base.members, name) ? base.members[name]! : undefined;
    if (!methods || ((m.type === 'ObjectMethod' || m.type === 'ClassMethod') && m.kind === 'set')) continue;
    const value = m.type === 'ObjectProperty' || m.type === 'ClassProperty' ? (m.value as Node | null) : m;
    if (value) out.push({ member: m, value, methods, client: base.client });
  }
  return out;
}

// The words a program must hold to define anything on a base of the tables: their modules', and the globals'.
const BASE_WORDS = [...new Set([...RESOURCE_BASES, ...ROUTE_MEMBER_BASES, ...CLIENT_BASES].flatMap((row) => row.classes.map((c) => c.split(/[#/]/)[0]!)))].concat(Object.keys(GLOBAL_MODULES));

/** The cheap test first: a program that names no base of the table defines nothing on one. */
function mentionsBase(source: string): boolean {
  return BASE_WORDS.some((word) => source.includes(word));
}

/**
 * A field of a resource read through `this` (`this.onePath` in a method of the resource): the parts the
 * base builds it from, text and the nodes its constructor was given. Undefined when `this` is no resource of
 * the table, or the base sets no such field.
 */
export function inheritedField(thisNode: Node, name: string, ast: Node, ctx: EvalContext): (string | Node)[] | undefined {
  const defs = definitionsOf(ast, ctx).resources;
  if (defs.length === 0) return undefined;
  const owner = ctx.flow.ownerOf(thisNode);
  let def = defs.find((d) => d.owner === owner);
  if (!def && owner.type !== 'ClassBody') {
    // Prototype style: the constructor whose `X.prototype.m = function …` (or body) the read is in.
    const name = prototypeOwner(thisNode, ctx);
    def = defs.find((d) => d.name !== undefined && d.name === name) ?? (defs.length === 1 && !defs[0]!.name ? defs[0] : undefined);
    def ??= defs.find((d) => d.owner.start! <= thisNode.start! && thisNode.end! <= d.owner.end!);
  }
  const template = def?.base.fields[name];
  return def && template ? fieldParts(template, def.args) : undefined;
}

/** The parts of a field, given the constructor's arguments. */
export function fieldParts(template: readonly string[], args: ReadonlyMap<string, Node>): (string | Node)[] | undefined {
  const out: (string | Node)[] = [];
  for (const part of template) {
    const tokens = part.split(/(\{\w+\})/).filter((t) => t !== '');
    const params = tokens.filter((t) => t.startsWith('{')).map((t) => t.slice(1, -1));
    if (params.some((p) => !args.has(p))) {
      // The first part is the route itself: without it there is no field to speak of.
      if (out.length === 0) return undefined;
      continue;
    }
    for (const t of tokens) out.push(t.startsWith('{') ? args.get(t.slice(1, -1))! : t);
  }
  return out;
}

/** The `module#export` a class expression is (`require('restful-client').RESTFulResource`, an import, a name for one). */
function baseName(expr: Node, ctx: EvalContext, depth = 0): string | undefined {
  const n = unwrap(expr);
  if (depth > 4) return undefined;
  if (n.type === 'Identifier') {
    const b = ctx.scopes.bindingOf(n);
    if (!b) return Object.hasOwn(GLOBAL_MODULES, n.name) ? GLOBAL_MODULES[n.name] : undefined;
    if (b.kind === 'import') return b.imported === 'default' || b.imported === '*' ? b.module! : `${b.module}#${b.imported}`;
    if (!b.init || b.writes.length > 0) return undefined;
    const module = requireSource(unwrap(b.init));
    if (module !== undefined) {
      const init = unwrap(b.init);
      const member = init.type === 'MemberExpression' ? propertyName(init.property as Node, init.computed) : undefined;
      const key = b.path[0] ?? member;
      return key && key !== 'default' ? `${module}#${key}` : module;
    }
    return b.path.length === 0 ? baseName(b.init, ctx, depth + 1) : undefined;
  }
  if (n.type === 'MemberExpression' && !n.computed) {
    const member = propertyName(n.property as Node, false);
    const module = requireSource(unwrap(n.object as Node)) ?? baseName(n.object as Node, ctx, depth + 1);
    return member && module && !module.includes('#') ? `${module}#${member}` : undefined;
  }
  return requireSource(n);
}

function calleeName(callee: Node): string | undefined {
  const n = unwrap(callee);
  if (n.type === 'Identifier') return n.name;
  if (n.type === 'MemberExpression' && !n.computed) return propertyName(n.property as Node, false);
  return undefined;
}

/** The constructor function a name stands for (`function Issue(client) {…}`, `var Issue = function (client) {…}`). */
function constructorFunction(expr: Node, ctx: EvalContext): Node | undefined {
  const n = unwrap(expr);
  if (n.type !== 'Identifier') return undefined;
  const b = ctx.scopes.bindingOf(n);
  const init = b?.init && unwrap(b.init);
  return init && (init.type === 'FunctionDeclaration' || init.type === 'FunctionExpression') ? init : undefined;
}

/**
 * The call in a constructor that hands the base its arguments: `super(…)`, or `X.call(this, …)` where X is
 * the base as inheritance left it (`Issue.super_`, `this.constructor.super_`, `Issue.__super__.constructor`,
 * or the base itself).
 */
function baseConstructorCall(ctor: Node, base: string, ctx: EvalContext): { node: Node; args: Node[] } | undefined {
  const body = (ctor as Node & { body?: Node }).body;
  if (!body) return undefined;
  for (const node of nodesOf(body)) {
    if (node.type !== 'CallExpression') continue;
    const callee = unwrap(node.callee as Node);
    if (callee.type === 'Super') return { node, args: node.arguments as Node[] };
    if (callee.type !== 'MemberExpression' || propertyName(callee.property as Node, callee.computed) !== 'call') continue;
    const first = node.arguments[0] && unwrap(node.arguments[0] as Node);
    if (first?.type !== 'ThisExpression') continue;
    const target = unwrap(callee.object as Node);
    const text = dotted(target, true);
    if (text && (/(^|\.)super_$/.test(text) || /\.__super__\.constructor$/.test(text) || baseName(target, ctx) === base)) {
      return { node, args: (node.arguments as Node[]).slice(1) };
    }
  }
  return undefined;
}


/** The functions assigned as `X.prototype.name = function …` in a program. */
function prototypeMethods(ast: Node, name: string | undefined): Node[] {
  if (!name) return [];
  const out: Node[] = [];
  for (const node of nodesOf(ast)) {
    if (node.type !== 'AssignmentExpression' || node.left.type !== 'MemberExpression') continue;
    const right = unwrap(node.right);
    const owner = dotted(node.left.object as Node, true);
    if ((right.type === 'FunctionExpression' || right.type === 'ArrowFunctionExpression') && owner === `${name}.prototype`) out.push(right);
  }
  return out;
}

/** The name a method is defined under (a class method's, or the `X.prototype.name` it is assigned to). */
function methodName(fn: Node, ctx: EvalContext): string | undefined {
  if (fn.type === 'ClassMethod') return propertyName(fn.key as Node, fn.computed);
  const parent = ctx.scopes.parentOf(fn);
  return parent?.type === 'AssignmentExpression' && parent.left.type === 'MemberExpression' ? propertyName(parent.left.property as Node, parent.left.computed) : undefined;
}

/** For a node in `X.prototype.m = function …` (or in the function `X` itself), the name X. */
function prototypeOwner(node: Node, ctx: EvalContext): string | undefined {
  for (let n = ctx.scopes.parentOf(node); n; n = ctx.scopes.parentOf(n)) {
    if (n.type === 'FunctionDeclaration' && n.id) return n.id.name;
    if (n.type !== 'FunctionExpression' && n.type !== 'ArrowFunctionExpression') continue;
    const parent = ctx.scopes.parentOf(n);
    if (parent?.type === 'AssignmentExpression' && parent.left.type === 'MemberExpression') {
      const owner = dotted(parent.left.object as Node, true);
      if (owner?.endsWith('.prototype')) return owner.slice(0, -'.prototype'.length);
    }
  }
  return undefined;
}

