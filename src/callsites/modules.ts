// The functions of a package and how calls reach them: what each module exports (`module.exports`,
// `exports.x`, ES exports), its classes (methods, superclass) and prototype methods, relative imports
// resolved to files, and a callee resolved to the function(s) it runs — through names in scope, imports,
// `this` (class, superclasses, object literal), instances (`new C()`), objects holding functions
// (`{ get: this.client.get.bind(this.client) }`), and, when none of these decides, the package's
// methods of that name.
import path from 'node:path';
import type { Node } from '@babel/types';
import { libraryRole } from './library-functions.js';
import { boundCall, invocation, nodesOf, propertyName, unwrap, type Invocation } from '../parse/walk.js';
import { requireSource } from './evaluate.js';
import type { RecogniseContext } from './recognise.js';
import { classAround, isFunction, returnedValues, type Binding } from './scope.js';

/** One program of the package (a file, or a component's script block). */
export interface ModuleUnit {
  file: string;
  ast: Node;
  ctx: RecogniseContext;
}

/** What a callee resolves to: the functions it may run, and whether that is known or only guessed by name. */
export interface Callees {
  functions: Node[];
  /** By name only (no name in scope, no import, no class says which). */
  byName: boolean;
  /** How the call runs them: directly, or through `call`/`apply` (then its arguments are not the call's own). */
  invoked: Invocation;
}

const EXTENSIONS = ['', '.js', '.ts', '.mjs', '.cjs', '.jsx', '.tsx', '.mts', '.cts', '.vue', '.svelte'];

/** The file names a module path (absolute, as an import names it) may stand for, in the order tried. */
export function moduleFileNames(base: string): string[] {
  return EXTENSIONS.flatMap((ext) => [base + ext, path.join(base, 'index' + (ext || '.js'))]);
}
const MAX_DEPTH = 8;

/**
 * The module path (absolute, as moduleFileNames takes it) a specifier of the package's own names from the file
 * `from`: a relative one, or an aliased one (see aliasedFile); undefined for a package of the registry.
 */
export function localModule(from: string, specifier: string, packageFiles: readonly string[]): string | undefined {
  return specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : aliasedFile(specifier, packageFiles);
}

/**
 * The package's file an aliased import names, by the prefixes bundlers and TypeScript's `paths` give a
 * package's own folders: Remix and Nuxt `~/`, Vue and Next `@/`, Node's subpath imports `#/`, SvelteKit's
 * `$lib/` (its `lib` folder); none is a package name on the registry. The folder each stands for is set in
 * configuration (`app/`, `src/`, the root), so it is the one file of the package whose path ends with the rest,
 * the nearest the root when there are several; none when that is a tie.
 */
function aliasedFile(specifier: string, packageFiles: readonly string[]): string | undefined {
  const prefix = /^(?:~~?|@|#)\//.exec(specifier);
  const rest = specifier.startsWith('$lib/') ? 'lib/' + specifier.slice('$lib/'.length) : prefix ? specifier.slice(prefix[0].length) : undefined;
  if (!rest) return undefined;
  const tails = EXTENSIONS.flatMap((ext) => [path.sep + rest + ext, path.sep + path.join(rest, 'index') + (ext || '.js')]);
  const depth = (file: string) => file.split(path.sep).length;
  const found = packageFiles.filter((file) => tails.some((tail) => file.endsWith(tail))).sort((a, b) => depth(a) - depth(b));
  return found.length === 1 || (found.length > 1 && depth(found[0]!) < depth(found[1]!)) ? found[0] : undefined;
}

/** A `new X(…)` of the package, and its module. */
interface NewSite {
  node: Node & { type: 'NewExpression' };
  unit: ModuleUnit;
}

export class ModuleGraph {
  private readonly byFile = new Map<string, ModuleUnit>();
  private readonly exportsOf = new Map<ModuleUnit, Map<string, Node>>();
  private readonly methodsByName = new Map<string, { fn: Node; unit: ModuleUnit }[]>();
  private readonly unitOfNode = new Map<Node, ModuleUnit>();
  private readonly resolved = new Map<string, ModuleUnit | undefined>();
  private newSites: Map<Node, NewSite[]> | undefined;
  /** Modules (absolute paths without extension) recognition looked into but that are not among the units. */
  readonly wanted = new Set<string>();

  constructor(
    readonly units: readonly ModuleUnit[],
    private readonly packageFiles: readonly string[] = [],
  ) {
    for (const unit of units) {
      if (!this.byFile.has(unit.file)) this.byFile.set(unit.file, unit);
      this.index(unit);
    }
  }

  /** The module a function (or any node registered by the index) belongs to. */
  unitOf(fn: Node): ModuleUnit | undefined {
    return this.unitOfNode.get(fn);
  }

  /** The functions a call's callee may run (for a `new`, the constructor it runs). */
  callees(call: Node & { type: 'CallExpression' | 'OptionalCallExpression' | 'NewExpression' }, unit: ModuleUnit): Callees {
    const direct: Invocation = { callee: unwrap(call.callee as Node), args: call.arguments as Node[], indirect: false };
    if (call.type === 'NewExpression') return { functions: this.constructorsOf(call.callee as Node, unit), byName: false, invoked: direct };
    if (direct.callee.type === 'Super') return { functions: this.superConstructors(call, unit), byName: false, invoked: direct };
    const through = invocation(call);
    // `f.call(self, …)` runs `f` when `f` is a function of the package; else `call` may be a method of its own.
    const forms = through.indirect ? [through, direct] : [direct];
    for (const form of forms) {
      const known = this.valueFunctions(form.callee, unit, 0);
      if (known.length > 0) return { functions: known, byName: false, invoked: form };
    }
    // By name, `x.send.call(…)` is a `send` unless the package has a `call` method of its own.
    const verb = through.indirect && direct.callee.type === 'MemberExpression' ? propertyName(direct.callee.property as Node, direct.callee.computed) : undefined;
    const ownVerb = verb !== undefined && this.methodsByName.has(verb);
    for (const form of forms) {
      const callee = form.callee;
      if (form.indirect && ownVerb) continue;
      if (callee.type !== 'MemberExpression' && callee.type !== 'OptionalMemberExpression') continue;
      const name = propertyName(callee.property as Node, callee.computed);
      // A member the code cannot place: the package's methods of that name.
      const methods = name ? this.methodsByName.get(name) : undefined;
      if (methods) return { functions: methods.map((m) => m.fn), byName: true, invoked: form };
    }
    return { functions: [], byName: false, invoked: direct };
  }

  /** The functions an expression may hold. */
  private valueFunctions(expr: Node, unit: ModuleUnit, depth: number): Node[] {
    if (depth > MAX_DEPTH) return [];
    const n = unwrap(expr);
    const { scopes, flow } = unit.ctx;
    if (isFunction(n)) return [n];
    switch (n.type) {
      case 'Identifier': {
        const b = scopes.bindingOf(n);
        if (!b) return [];
        if (b.kind === 'import') return this.exported(this.resolve(unit, b.module!), b.imported === '*' ? undefined : b.imported!, depth);
        if (b.kind === 'function' && b.init) return [b.init];
        const out: Node[] = [];
        for (const s of flow.reaching(b, n)) {
          // A function handed to a constructor (`new Issues(this.connection)`): what its callers pass.
          if (s.kind === 'param') out.push(...this.constructedWith(s.binding, depth + 1));
          if (s.kind !== 'value') continue;
          const value = unwrap(s.node);
          const module = requireSource(value);
          if (module !== undefined) {
            const member = value.type === 'MemberExpression' ? propertyName(value.property as Node, value.computed) : undefined;
            out.push(...this.exported(this.resolve(unit, module), s.path[0] ?? member ?? 'default', depth));
          } else if (s.path.length === 0) out.push(...this.valueFunctions(value, unit, depth + 1));
          else out.push(...this.memberOf(value, s.path[0]!, unit, depth + 1));
        }
        return out;
      }
      case 'MemberExpression':
      case 'OptionalMemberExpression': {
        const name = propertyName(n.property as Node, n.computed);
        return name ? this.memberOf(n.object as Node, name, unit, depth + 1) : [];
      }
      case 'CallExpression': {
        // fn.bind(thisArg): the function itself.
        const bind = boundCall(n);
        if (bind) return this.valueFunctions(bind.target, unit, depth + 1);
        // `memoize(fn)`, `once(fn)`: a function that calls `fn`.
        const given = n.arguments[0];
        if (given && given.type !== 'SpreadElement' && libraryRole(n.callee as Node, scopes) === 'same') return this.valueFunctions(given as Node, unit, depth + 1);
        // `withBase(BASE)` where `withBase = (base) => (path) => fetch(base + path)`: the function it returns.
        return this.returnedBy(n, unit, depth).flatMap((v) => this.valueFunctions(v.node, v.unit, depth + 1));
      }
      // `(cached ? cachedCall : rawCall)(options)`, `(custom || send)(options)`: either may run.
      case 'ConditionalExpression':
        return [...this.valueFunctions(n.consequent, unit, depth + 1), ...this.valueFunctions(n.alternate, unit, depth + 1)];
      case 'LogicalExpression':
        return [...this.valueFunctions(n.left, unit, depth + 1), ...this.valueFunctions(n.right, unit, depth + 1)];
      default:
        return [];
    }
  }

  /** What a call of a function of the package returns (its `return` values, each in its own module). */
  private returnedBy(call: Node & { callee: Node }, unit: ModuleUnit, depth: number): { node: Node; unit: ModuleUnit }[] {
    if (depth > MAX_DEPTH || requireSource(call) !== undefined) return [];
    return this.valueFunctions(call.callee as Node, unit, depth + 1).flatMap((fn) => returnedValues(fn).map((node) => ({ node, unit: this.unitOf(fn) ?? unit })));
  }

  /**
   * The functions the callers of a constructor pass for one of its parameters: the arguments of the package's
   * `new C(…)` (a class's constructor, or a constructor function), followed to the functions they hold.
   */
  private constructedWith(param: Binding, depth: number): Node[] {
    if (depth > MAX_DEPTH || param.fn === undefined || param.index === undefined || param.path.length > 0) return [];
    const out: Node[] = [];
    for (const site of this.constructions(param.fn)) {
      const arg = site.node.arguments[param.index] as Node | undefined;
      if (arg && arg.type !== 'SpreadElement') out.push(...this.valueFunctions(arg, site.unit, depth + 1));
    }
    return out;
  }

  /**
   * What `new` of a callee runs: a class's `constructor` method (its superclass's, when it has none of its own),
   * or a constructor function.
   */
  private constructorsOf(callee: Node, unit: ModuleUnit, depth = 1): Node[] {
    if (depth > MAX_DEPTH) return [];
    const targets = [
      ...this.classesOf(callee, unit, depth).flatMap((c) => {
        const own = c.body.type === 'ClassBody' ? c.body.body.filter((m) => m.type === 'ClassMethod' && m.kind === 'constructor') : [];
        const superClass = superClassOf(c.body, c.unit);
        return own.length > 0 || !superClass ? own : this.constructorsOf(superClass, c.unit, depth + 1);
      }),
      ...this.valueFunctions(callee, unit, depth),
    ];
    return [...new Set(targets)];
  }

  /**
   * The bodies of the classes whose object a `new` (or a constructor's `super(…)`) makes: its class and the
   * classes that class extends.
   */
  madeClasses(call: Node & { type: 'CallExpression' | 'NewExpression' }, unit: ModuleUnit): Node[] {
    let classes: { body: Node; unit: ModuleUnit }[];
    if (call.type === 'NewExpression') classes = this.classesOf(call.callee as Node, unit, 1);
    else {
      const cls = classAround(call, unit.ctx.scopes);
      classes = cls ? [{ body: cls.body, unit }] : [];
    }
    const out: Node[] = [];
    for (let depth = 0; classes.length > 0 && depth < MAX_DEPTH; depth++) {
      out.push(...classes.map((c) => c.body));
      classes = classes.flatMap((c) => {
        const superClass = superClassOf(c.body, c.unit);
        return superClass ? this.classesOf(superClass, c.unit, depth + 1) : [];
      });
    }
    return out;
  }

  /** What `super(…)` in a constructor runs: the superclass's constructor. */
  private superConstructors(call: Node, unit: ModuleUnit): Node[] {
    const superClass = classAround(call, unit.ctx.scopes)?.superClass;
    return superClass ? this.constructorsOf(superClass as Node, unit) : [];
  }

  /** The package's `new X(…)` expressions, by the constructor they run (a class's `constructor` method, or a function). */
  private constructions(fn: Node): readonly NewSite[] {
    if (!this.newSites) {
      const sites = new Map<Node, NewSite[]>();
      this.newSites = sites;
      for (const unit of this.units) {
        for (const node of nodesOf(unit.ast)) {
          if (node.type !== 'NewExpression') continue;
          for (const target of this.constructorsOf(node.callee as Node, unit)) sites.set(target, [...(sites.get(target) ?? []), { node, unit }]);
        }
      }
    }
    return this.newSites.get(fn) ?? [];
  }

  /** The functions `object.name` may be. */
  private memberOf(objectExpr: Node, name: string, unit: ModuleUnit, depth: number): Node[] {
    if (depth > MAX_DEPTH) return [];
    const object = unwrap(objectExpr);
    const { scopes, flow } = unit.ctx;
    if (flow.isThis(object)) {
      const owner = flow.ownerOf(object);
      if (owner.type === 'ClassBody') {
        const methods = this.classMethod(owner, name, unit, depth);
        if (methods.length > 0) return methods;
        // A function the constructor keeps (`this.connection = connection`, `this.send = function (…) {…}`).
        return flow.thisValues(object, name).flatMap((s) => (s.kind === 'value' && s.path.length === 0 ? this.valueFunctions(s.node, unit, depth + 1) : []));
      }
      if (owner.type === 'ObjectExpression') return this.objectMember(owner, name, unit, depth);
      // `this.x` holding a function set elsewhere, or a prototype method.
      const values = flow.thisValues(object, name).flatMap((s) => (s.kind === 'value' && s.path.length === 0 ? this.valueFunctions(s.node, unit, depth + 1) : []));
      return values.length > 0 ? values : this.prototypeMethods(unit, name);
    }
    switch (object.type) {
      case 'ObjectExpression':
        return this.objectMember(object, name, unit, depth);
      case 'ClassExpression':
        return this.classMethod(object.body, name, unit, depth);
      case 'NewExpression': {
        const classes = this.classesOf(object.callee as Node, unit, depth + 1);
        return classes.flatMap((c) => this.classMethod(c.body, name, c.unit, depth + 1));
      }
      case 'CallExpression': {
        const module = requireSource(object);
        if (module !== undefined) return this.exported(this.resolve(unit, module), name, depth);
        // `client(config).remove` where `client` returns `{ get, remove }`: the member of what it returns.
        return this.returnedBy(object, unit, depth).flatMap((v) => this.memberOf(v.node, name, v.unit, depth + 1));
      }
      case 'Identifier': {
        const b = scopes.bindingOf(object);
        if (!b) return [];
        if (b.kind === 'import') {
          const target = this.resolve(unit, b.module!);
          if (b.imported === '*') return this.exported(target, name, depth);
          const values = this.exportValues(target, b.imported!);
          return values.flatMap((v) => this.memberOf(v.node, name, v.unit, depth + 1));
        }
        if (b.kind === 'class' && b.init) return this.staticOrPrototype(b.init, name, unit, depth);
        if (b.kind === 'function') return this.prototypeMethods(unit, name);
        const out: Node[] = [];
        for (const s of flow.reaching(b, object)) {
          if (s.kind !== 'value') continue;
          const value = unwrap(s.node);
          const module = requireSource(value);
          if (module !== undefined) {
            const member = value.type === 'MemberExpression' ? propertyName(value.property as Node, value.computed) : undefined;
            const inner = s.path[0] ?? member;
            if (inner === undefined) out.push(...this.exported(this.resolve(unit, module), name, depth));
            else out.push(...this.exportValues(this.resolve(unit, module), inner).flatMap((v) => this.memberOf(v.node, name, v.unit, depth + 1)));
          } else if (s.path.length === 0) out.push(...this.memberOf(value, name, unit, depth + 1));
        }
        return out;
      }
      case 'MemberExpression':
      case 'OptionalMemberExpression': {
        // `this.http.get` where `this.http = { get: … }`; `api.repository.tree` where `api = { repository: new Repository() }`.
        const inner = propertyName(object.property as Node, object.computed);
        if (!inner) return [];
        // `Base.prototype.send`: a method of the class, or of the constructor function's prototype.
        if (inner === 'prototype') {
          const classes = this.classesOf(object.object as Node, unit, depth + 1);
          return classes.length > 0 ? classes.flatMap((c) => this.classMethod(c.body, name, c.unit, depth + 1)) : this.prototypeMethods(unit, name);
        }
        if (flow.isThis(object.object as Node)) {
          return flow.thisValues(object.object as Node, inner).flatMap((s) => (s.kind === 'value' && s.path.length === 0 ? this.memberOf(s.node, name, unit, depth + 1) : []));
        }
        return this.propertyValues(object.object as Node, inner, unit, depth + 1).flatMap((v) => this.memberOf(v, name, unit, depth + 1));
      }
      default:
        return [];
    }
  }

  /** The values `object.name` may hold, where `object` is a name bound to an object literal (or a chain of them). */
  propertyValues(objectExpr: Node, name: string, unit: ModuleUnit, depth: number): Node[] {
    if (depth > MAX_DEPTH) return [];
    const object = unwrap(objectExpr);
    // `api.defaults` of an instance made by a client's factory: the options it was made with.
    const settings = object.type === 'CallExpression' ? unit.ctx.clients.settingsOf(object, name) : undefined;
    if (settings) return [settings];
    let holders: Node[] = [];
    if (object.type === 'ObjectExpression') holders = [object];
    else if (object.type === 'Identifier') {
      const b = unit.ctx.scopes.bindingOf(object);
      if (b && b.kind !== 'import' && b.kind !== 'param') holders = unit.ctx.flow.reaching(b, object).flatMap((s) => (s.kind === 'value' && s.path.length === 0 ? [unwrap(s.node)] : []));
    } else if (object.type === 'MemberExpression' && !object.computed) {
      const inner = propertyName(object.property as Node, false);
      if (inner) holders = this.propertyValues(object.object as Node, inner, unit, depth + 1);
    }
    const out: Node[] = [];
    for (const holder of holders) {
      if (holder.type !== 'ObjectExpression') continue;
      for (const p of holder.properties) {
        if (p.type === 'ObjectProperty' && propertyName(p.key as Node, p.computed) === name) out.push(p.value as Node);
        else if (p.type === 'ObjectMethod' && propertyName(p.key as Node, p.computed) === name) out.push(p);
      }
    }
    return out;
  }

  private objectMember(object: Node & { type: 'ObjectExpression' }, name: string, unit: ModuleUnit, depth: number): Node[] {
    for (const p of object.properties) {
      if (p.type === 'ObjectMethod' && propertyName(p.key as Node, p.computed) === name) return [p];
      if (p.type === 'ObjectProperty' && propertyName(p.key as Node, p.computed) === name) return this.valueFunctions(p.value as Node, unit, depth + 1);
    }
    return [];
  }

  /** A method of a class body, or of its superclasses. */
  private classMethod(body: Node, name: string, unit: ModuleUnit, depth: number): Node[] {
    if (body.type !== 'ClassBody' || depth > MAX_DEPTH) return [];
    for (const m of body.body) {
      if ((m.type === 'ClassMethod' || m.type === 'ClassPrivateMethod') && m.kind === 'method' && propertyName(m.key as Node, m.computed ?? false) === name) return [m];
      if (m.type === 'ClassProperty' && propertyName(m.key as Node, m.computed) === name && m.value) return this.valueFunctions(m.value, unit, depth + 1);
    }
    const cls = unit.ctx.scopes.parentOf(body);
    const superClass = cls && (cls.type === 'ClassDeclaration' || cls.type === 'ClassExpression') ? cls.superClass : undefined;
    if (!superClass) return [];
    return this.classesOf(superClass, unit, depth + 1).flatMap((c) => this.classMethod(c.body, name, c.unit, depth + 1));
  }

  private staticOrPrototype(cls: Node, name: string, unit: ModuleUnit, depth: number): Node[] {
    if (cls.type !== 'ClassDeclaration' && cls.type !== 'ClassExpression') return [];
    for (const m of cls.body.body) {
      if (m.type === 'ClassMethod' && m.static && propertyName(m.key as Node, m.computed) === name) return [m];
    }
    return this.classMethod(cls.body, name, unit, depth);
  }

  /** The classes an expression may be (a class, a name of one, an imported one). */
  private classesOf(expr: Node, unit: ModuleUnit, depth: number): { body: Node; unit: ModuleUnit }[] {
    if (depth > MAX_DEPTH) return [];
    const n = unwrap(expr);
    if (n.type === 'ClassExpression' || n.type === 'ClassDeclaration') return [{ body: n.body, unit }];
    if (n.type === 'Identifier') {
      const b = unit.ctx.scopes.bindingOf(n);
      if (!b) return [];
      if (b.kind === 'import') return this.exportValues(this.resolve(unit, b.module!), b.imported === '*' ? 'default' : b.imported!).flatMap((v) => this.classesOf(v.node, v.unit, depth + 1));
      if (b.kind === 'class' && b.init) return this.classesOf(b.init, unit, depth + 1);
      const out: { body: Node; unit: ModuleUnit }[] = [];
      for (const s of unit.ctx.flow.reaching(b, n)) {
        if (s.kind !== 'value') continue;
        const module = requireSource(unwrap(s.node));
        if (module !== undefined) out.push(...this.exportValues(this.resolve(unit, module), s.path[0] ?? 'default').flatMap((v) => this.classesOf(v.node, v.unit, depth + 1)));
        else if (s.path.length === 0) out.push(...this.classesOf(s.node, unit, depth + 1));
      }
      return out;
    }
    return [];
  }

  /** Methods of that name the module assigns (`X.prototype.name = function …`, `this.name = function …`). */
  private prototypeMethods(unit: ModuleUnit, name: string): Node[] {
    return (this.methodsByName.get(name) ?? []).filter((m) => m.unit === unit).map((m) => m.fn);
  }

  /** The functions a module exports under a name (the default export's members for a namespace). */
  private exported(unit: ModuleUnit | undefined, name: string | undefined, depth: number): Node[] {
    if (!unit) return [];
    if (name === undefined) return [];
    return this.exportValues(unit, name).flatMap((v) => this.valueFunctions(v.node, v.unit, depth + 1));
  }

  /** The values a module exports under a name: `module.exports = …` is 'default', and its object's keys are names too. */
  exportValues(unit: ModuleUnit | undefined, name: string): { node: Node; unit: ModuleUnit }[] {
    if (!unit) return [];
    const exports = this.exportsOf.get(unit)!;
    const direct = exports.get(name);
    if (direct) return [{ node: direct, unit }];
    // `module.exports = { get, Repository }` or `module.exports = api` where api is an object: its members.
    const whole = exports.get('default');
    if (!whole) return [];
    const values = this.propertyValues(whole, name, unit, 1);
    if (values.length > 0) return values.map((node) => ({ node, unit }));
    const members = this.memberOf(whole, name, unit, 1);
    if (members.length > 0) return members.map((m) => ({ node: m, unit }));
    return [];
  }

  /**
   * The unit a relative module specifier names. One that is not among the units is remembered in
   * `wanted`: recognition asked what it holds, so the package's file of that name is worth parsing.
   */
  resolve(from: ModuleUnit, specifier: string): ModuleUnit | undefined {
    const relative = specifier.startsWith('.');
    // Asked for every import at every call through it: the file names are tried once per folder and specifier.
    const key = relative ? path.dirname(from.file) + '\0' + specifier : specifier;
    if (this.resolved.has(key)) return this.resolved.get(key);
    const base = localModule(from.file, specifier, this.packageFiles);
    const hit = base ? moduleFileNames(base).map((file) => this.byFile.get(file)).find((unit) => unit !== undefined) : undefined;
    if (!hit && base) this.wanted.add(base);
    this.resolved.set(key, hit);
    return hit;
  }

  /** Exports, classes and methods of one module. */
  private index(unit: ModuleUnit): void {
    const exports = new Map<string, Node>();
    this.exportsOf.set(unit, exports);
    const addMethod = (name: string | undefined, fn: Node) => {
      if (!name || !isFunction(fn)) return;
      const list = this.methodsByName.get(name) ?? [];
      list.push({ fn, unit });
      this.methodsByName.set(name, list);
      this.unitOfNode.set(fn, unit);
    };
    for (const node of nodesOf(unit.ast)) {
      if (isFunction(node)) this.unitOfNode.set(node, unit);
      switch (node.type) {
        case 'ClassMethod':
        case 'ObjectMethod':
          if (node.type === 'ObjectMethod' || node.kind === 'method') addMethod(propertyName(node.key as Node, node.computed), node);
          break;
        case 'ObjectProperty':
        case 'ClassProperty': {
          const value = node.value && unwrap(node.value as Node);
          if (value && isFunction(value)) addMethod(propertyName(node.key as Node, node.computed), value);
          break;
        }
        case 'AssignmentExpression': {
          const left = node.left;
          if (left.type !== 'MemberExpression') break;
          const name = propertyName(left.property as Node, left.computed);
          const right = unwrap(node.right);
          // X.prototype.name = function …, this.name = function …
          if (isFunction(right)) addMethod(name, right);
          const target = unwrap(left.object as Node);
          // module.exports = …, module.exports.x = …, exports.x = …
          if (target.type === 'Identifier' && target.name === 'module' && name === 'exports') exports.set('default', node.right);
          else if (name && target.type === 'Identifier' && target.name === 'exports') exports.set(name, node.right);
          else if (name && target.type === 'MemberExpression' && isModuleExports(target)) exports.set(name, node.right);
          break;
        }
        case 'ExportDefaultDeclaration':
          exports.set('default', node.declaration as Node);
          break;
        case 'ExportNamedDeclaration': {
          const d = node.declaration;
          if (d?.type === 'FunctionDeclaration' || d?.type === 'ClassDeclaration') {
            if (d.id) exports.set(d.id.name, d);
          } else if (d?.type === 'VariableDeclaration') {
            for (const v of d.declarations) if (v.id.type === 'Identifier' && v.init) exports.set(v.id.name, v.init);
          }
          for (const s of node.specifiers) {
            if (s.type !== 'ExportSpecifier' || node.source) continue;
            const exported = s.exported.type === 'Identifier' ? s.exported.name : s.exported.value;
            exports.set(exported, s.local);
          }
          break;
        }
      }
    }
  }
}

function isModuleExports(node: Node): boolean {
  return node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.object.name === 'module' && propertyName(node.property as Node, node.computed) === 'exports';
}

/** What the class of a class body extends (its expression), if anything. */
function superClassOf(body: Node, unit: ModuleUnit): Node | undefined {
  const cls = unit.ctx.scopes.parentOf(body);
  return (cls?.type === 'ClassDeclaration' || cls?.type === 'ClassExpression') && cls.superClass ? (cls.superClass as Node) : undefined;
}
