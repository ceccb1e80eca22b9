// Value flow inside a module: which values reach a read of a name (its declaration, the assignments
// before it, branches and loops), what `this.x` holds, and what an options or params object holds when it
// is built before the call (`opts.body = {…}`, `Object.assign`, spreads, `params.set(k, v)`).
import type { Node, ObjectExpression } from '@babel/types';
import { convertedToText, dotted, isNothing, keysListed, nodesOf, propertyName, propertyNamed, unwrap } from '../parse/walk.js';
import { requiredExport } from './evaluate.js';
import { changedThrough, classLine, declaredSuperclass, functionBoundTo, heldValue, isFunction, returnedValues, type Binding, type ScopeInfo } from './scope.js';

/** One value that may reach a read. */
export type Source =
  /** An expression, and the destructuring keys from it to the value (`const { base } = config` → config, ['base']). */
  | { kind: 'value'; node: Node; path: readonly string[] }
  /** A parameter of a function (what a wrapper's caller passes). */
  | { kind: 'param'; binding: Binding }
  /** A name imported from another module. */
  | { kind: 'import'; binding: Binding }
  /** `x += add` over the values x had before. */
  | { kind: 'append'; base: readonly Source[]; add: Node }
  | { kind: 'unknown' };

/** Where an object's entry is written: a property of a literal (editable in place), or a later write. */
export type EntrySite =
  | { kind: 'property'; property: Node; object: Node; editable: boolean }
  | { kind: 'written'; node: Node };

export interface Entry {
  name: string;
  value: Node;
  site: EntrySite;
  /**
   * The name and keys the entry is reached by (`opts.body` of `opts`): what the code writes there before the
   * call (`opts.body.branch_name = b`, `Object.assign(opts.body, {…})`) adds to its object.
   */
  owner?: { binding: Binding; path: readonly string[] };
  /** Its value is an argument of the call that built the object (ObjectShape.builtBy): written, and edited, there. */
  given?: true;
}

/** What an options, params or body object holds, as far as the module shows. */
export interface ObjectShape {
  /** The object literal itself, when there is one (headers and new properties go there). */
  node?: ObjectExpression;
  entries: Entry[];
  /** Some of its content cannot be seen (a spread or an assignment of something unknown, a parameter). */
  open: boolean;
  /** The literal may be edited: written at the call, or in a name read only there. */
  editable: boolean;
  /** The object is a parameter (or a property of one) of the function around the call: a wrapper's caller fills it. */
  param?: { binding: Binding; path: readonly string[] };
  /** Built by a function of the module from its parameters (`settings(method, path, data)`), for this call of it. */
  builtBy?: { fn: Node; call: Node & { type: 'CallExpression' } };
}

const MERGE_CALLS = /^(Object\.assign|_\.(assign|assignIn|extend|merge|defaults)|\$\.extend|jQuery\.extend|angular\.extend|Ember\.assign|(lang|dojo)\.mixin|Ext\.apply(If)?|extend|merge|assign|mixin)$/;
// Calls that turn an object into a body or query string without changing its keys.
// (`json({…})` is aurelia-fetch-client's body helper.)
const SERIALIZERS = /^(stringify|URLSearchParams|FormData|encode|param|toJson|json)$/;
// Builder methods that add one key: `params.set('ref', x)`, `searchParams.append('page', 1)`.
const SETTERS = new Set(['set', 'append']);
const MAX_SOURCES = 8;

export class Flow {
  private readonly thisWrites = new Map<Node, Map<string, Source[]>>();
  private readonly active = new Set<Node>();
  // Helpers whose returned value is being read (a helper that calls itself is not followed there).
  private readonly expanding = new Set<Node>();
  private thisCollected = false;
  private subclasses: Map<Node, Node[]> | undefined;

  /**
   * The object another module of the package exports under a name (and keys into it), as this module may read
   * it: set when the package's modules are linked (recognise.ts). Its entries are seen, never edited from here.
   */
  importedShape?: (module: string, name: string, keys: readonly string[], at: Node) => ObjectShape | undefined;

  /**
   * For a call of a function another module of the package writes (`toQuery(params)` of `./query`), the
   * parameter it writes out as a query, if it does: set when the package's modules are linked (recognise.ts).
   */
  writtenOutByImport?: (call: Node & { type: 'CallExpression' }) => number | undefined;

  private prototypeMethods: Map<string, Node> | undefined;

  constructor(
    readonly scopes: ScopeInfo,
    private readonly root: Node,
  ) {}

  /** The values that may reach a read (or use) of a binding at `at`. */
  reaching(binding: Binding, at: Node): Source[] {
    const initial = this.initial(binding);
    if (binding.writes.length === 0) return initial;
    // `x += y` in a loop reaches itself: what it appends to is then not known.
    if (this.active.has(at)) return [{ kind: 'unknown' }];
    this.active.add(at);
    try {
      return this.reachingWrites(binding, at, initial);
    } finally {
      this.active.delete(at);
    }
  }

  /**
   * Two names set together, branch by branch (`if (op === 'unstar') { method = 'DELETE'; endpoint = … }`) and
   * read together at `at`: for each value of `first` that reaches `at`, the values `second` has there — the one
   * assigned beside it (a statement of the same block or `case`), else those that reach its assignment. Undefined unless
   * every value of `first` is an assignment of this function and there are several.
   */
  pairedWith(first: Binding, second: Binding, at: Node): { value: Node; second: Source[]; beside?: Node }[] | undefined {
    const sources = this.reaching(first, at);
    if (sources.length < 2 || sources.some((s) => s.kind !== 'value' || s.path.length > 0)) return undefined;
    const out: { value: Node; second: Source[]; beside?: Node }[] = [];
    for (const source of sources as { node: Node }[]) {
      const write = first.writes.find((w) => w.value === source.node);
      // The declaration's value: what `second` holds where `first` is declared.
      if (!write || write.node === first.id) {
        out.push({ value: source.node, second: this.reaching(second, first.id) });
        continue;
      }
      const block = this.statementBlock(write.node);
      const beside = block && second.writes.filter((w) => w.operator === '=' && w.value && this.statementBlock(w.node) === block).at(-1);
      out.push(beside ? { value: source.node, second: [{ kind: 'value', node: beside.value!, path: [] }], beside: beside.value! } : { value: source.node, second: this.reaching(second, write.node) });
    }
    return out;
  }

  /** The block or `case` an assignment is a statement of (`x = v;` directly in it), if it is one. */
  private statementBlock(write: Node): Node | undefined {
    const statement = this.scopes.parentOf(write);
    const block = statement?.type === 'ExpressionStatement' ? this.scopes.parentOf(statement) : undefined;
    return block?.type === 'BlockStatement' || block?.type === 'SwitchCase' ? block : undefined;
  }

  private reachingWrites(binding: Binding, at: Node, initial: Source[]): Source[] {
    const atFn = this.scopes.functionOf(at);
    let sources: Source[] = [...initial];
    for (const w of binding.writes) {
      if (contains(w.node, at)) continue;
      const sameFunction = this.scopes.functionOf(w.node) === atFn;
      if (sameFunction) {
        // A write after the use reaches it only around a loop; one in another branch never does.
        if (w.node.start! >= at.start! && !this.inCommonLoop(w.node, at, atFn)) continue;
        if (this.exclusive(w.node, at)) continue;
        // An assignment on the way to the use replaces what came before; an append holds it (its base).
        if ((w.operator === '=' || (w.operator === '+=' && w.value)) && this.dominates(w.node, at)) sources = [];
      }
      if (w.operator === '=' && w.value) sources.push({ kind: 'value', node: w.value, path: [] });
      else if (w.operator === '+=' && w.value) sources.push({ kind: 'append', base: sameFunction ? this.reaching(binding, w.node) : [{ kind: 'unknown' }], add: w.value });
      else sources.push({ kind: 'unknown' });
      if (sources.length > MAX_SOURCES) return sources.slice(-MAX_SOURCES);
    }
    return sources;
  }

  private initial(binding: Binding): Source[] {
    switch (binding.kind) {
      case 'param': {
        const elements = this.iteratedElements(binding);
        if (elements) return elements;
        const self: Source = { kind: 'param', binding };
        return binding.fallback ? [self, { kind: 'value', node: binding.fallback, path: [] }] : [self];
      }
      case 'import':
        return [{ kind: 'import', binding }];
      case 'loop':
        return this.iteratedElements(binding) ?? [{ kind: 'unknown' }];
      case 'catch':
        return [{ kind: 'unknown' }];
      default: {
        if (!binding.init) return [];
        const own: Source = { kind: 'value', node: binding.init, path: binding.path };
        return binding.fallback ? [own, { kind: 'value', node: binding.fallback, path: [] }] : [own];
      }
    }
  }

  /**
   * The values a name takes from a list written in the code, one per element: `for (const kind of ['issues',
   * 'merge_request'])`, or the first parameter of a callback the list is iterated with (`KINDS.forEach((kind) => …)`).
   */
  private iteratedElements(binding: Binding): Source[] | undefined {
    if (binding.path.length > 0) return undefined;
    let list: Node | undefined;
    if (binding.kind === 'loop') {
      list = binding.init && this.scopes.parentOf(binding.init)?.type === 'ForOfStatement' ? binding.init : undefined;
    } else if (binding.index === 0 && binding.fn) {
      list = this.iteratedBy(binding.fn);
    }
    const array = list && this.arrayLiteral(list);
    if (!array) return undefined;
    return array.elements.map((e): Source => (e && e.type !== 'SpreadElement' ? { kind: 'value', node: e, path: [] } : { kind: 'unknown' }));
  }

  /** An array literal, written in place or held in a name assigned once and never changed. */
  private arrayLiteral(node: Node): (Node & { type: 'ArrayExpression' }) | undefined {
    const n = unwrap(node);
    if (n.type === 'ArrayExpression') return n.elements.length > 0 && n.elements.length <= MAX_SOURCES ? n : undefined;
    if (n.type !== 'Identifier') return undefined;
    const b = this.scopes.bindingOf(n);
    const held = b && heldValue(b);
    const init = held && unwrap(held);
    // A list something is pushed onto is not the list written.
    if (init?.type !== 'ArrayExpression' || changedThrough(b!, MUTATORS, this.scopes)) return undefined;
    return init.elements.length > 0 && init.elements.length <= MAX_SOURCES ? init : undefined;
  }

  /** `self`/`_this`/`that`: a name that only ever holds `this`. */
  isThisAlias(binding: Binding): boolean {
    return this.thisOfAlias(binding) !== undefined;
  }

  /**
   * The `this` an alias holds: its declaration's (`const self = this`), or, for a parameter of a function
   * called at once with `this` (CoffeeScript's `(function(_this) { return function () { _this.get(…) } })(this)`),
   * the call's argument. Undefined for a name that is no alias.
   */
  private thisOfAlias(binding: Binding): Node | undefined {
    if (binding.path.length > 0 || binding.writes.length > 0) return undefined;
    if (binding.init !== undefined) return unwrap(binding.init).type === 'ThisExpression' ? binding.init : undefined;
    if (binding.kind !== 'param' || binding.fn === undefined || binding.index === undefined || binding.fallback) return undefined;
    const arg = immediateArguments(binding.fn, this.scopes)?.[binding.index];
    return arg && unwrap(arg).type === 'ThisExpression' ? arg : undefined;
  }

  /** Whether an expression is `this` or an alias of it. */
  isThis(node: Node): boolean {
    const n = unwrap(node);
    if (n.type === 'ThisExpression') return true;
    if (n.type !== 'Identifier') return false;
    const b = this.scopes.bindingOf(n);
    return b !== undefined && this.isThisAlias(b);
  }

  /**
   * The values written to `this.<name>` by the class, object or module `at` belongs to; in a class, also by
   * the module's classes that extend it (`protected abstract collection` given `'builds'` by a subclass's field):
   * a method written once for every subclass reads each one's value.
   */
  thisValues(at: Node, name: string): Source[] {
    this.collectThisWrites();
    const owner = this.ownerOf(at);
    let own = this.thisWrites.get(owner)?.get(name) ?? [];
    if (owner.type !== 'ClassBody') return own;
    // A field the class does not write is its superclass's (`this.path` of a `Resource` constructor's parameter).
    const cls = this.scopes.parentOf(owner);
    const above = cls?.type === 'ClassDeclaration' || cls?.type === 'ClassExpression' ? classLine(cls, this.scopes).slice(1) : [];
    for (const superclass of above) {
      if (own.length > 0) break;
      own = this.thisWrites.get(superclass.body)?.get(name) ?? [];
    }
    const inherited = this.subclassBodies(owner).flatMap((body) => this.thisWrites.get(body)?.get(name) ?? []);
    return inherited.length === 0 ? own : [...own, ...inherited].slice(0, MAX_SOURCES);
  }

  /** The body of the class a class extends, when the module declares it (and never reassigns its name). */
  private superclassBody(body: Node): Node | undefined {
    const cls = this.scopes.parentOf(body);
    return cls?.type === 'ClassDeclaration' || cls?.type === 'ClassExpression' ? declaredSuperclass(cls, this.scopes)?.body : undefined;
  }

  /** The bodies of the module's classes that extend the class of `body` (directly or not), once per program. */
  private subclassBodies(body: Node): Node[] {
    if (!this.subclasses) {
      this.subclasses = new Map();
      const direct = new Map<Node, Node[]>();
      for (const node of nodesOf(this.root)) {
        if ((node.type !== 'ClassDeclaration' && node.type !== 'ClassExpression') || !node.superClass) continue;
        const declared = this.superclassBody(node.body);
        if (declared) direct.set(declared, [...(direct.get(declared) ?? []), node.body]);
      }
      for (const top of direct.keys()) {
        // Every class below `top`, each once (a cycle of `extends` is not valid code, but is not followed twice).
        const found = new Set<Node>();
        const queue = [...(direct.get(top) ?? [])];
        for (let c = queue.shift(); c; c = queue.shift()) {
          if (c === top || found.has(c)) continue;
          found.add(c);
          queue.push(...(direct.get(c) ?? []));
        }
        this.subclasses.set(top, [...found]);
      }
    }
    return this.subclasses.get(body) ?? [];
  }

  /**
   * The function of the module a callee runs, when the code writes it: a name bound to one (`function api(…)`),
   * or a method of the class or object `this` is (`this.url(path)`, `self.settings(…)`).
   */
  functionCalled(callee: Node): Node | undefined {
    if (callee.type === 'Identifier') return functionBoundTo(callee, this.scopes);
    if (callee.type !== 'MemberExpression' || callee.computed) return undefined;
    const name = propertyName(callee.property as Node, false);
    return name && this.isThis(callee.object as Node) ? this.thisMethod(callee.object as Node, name) : undefined;
  }

  /**
   * The method `this.<name>` calls at a node, when the class or object literal `this` stands for writes it:
   * a class method, an object literal's method or function-valued property (`url(path) { return … }`).
   */
  thisMethod(at: Node, name: string): Node | undefined {
    const owner = this.ownerOf(at);
    // A constructor function's methods are set on its prototype: the module's, when one has the name.
    if (owner === this.root) return this.prototypeMethod(name);
    // A component's methods are under its `methods`.
    const methods = owner.type === 'ObjectExpression' ? componentGroup(owner, 'methods') : undefined;
    return functionMember(methods ?? owner, name);
  }

  /**
   * The function the module sets on a prototype under `name` (`Client.prototype.url = function …`, or a method of
   * `Client.prototype = { … }`), when exactly one does. Indexed once per program.
   */
  private prototypeMethod(name: string): Node | undefined {
    if (!this.prototypeMethods) {
      const found = new Map<string, Node[]>();
      const add = (key: string | undefined, fn: Node | undefined) => key !== undefined && fn && found.set(key, [...(found.get(key) ?? []), fn]);
      for (const node of nodesOf(this.root)) {
        if (node.type !== 'AssignmentExpression' || node.operator !== '=' || node.left.type !== 'MemberExpression') continue;
        const left = node.left;
        const right = unwrap(node.right as Node);
        const onPrototype = (n: Node) => n.type === 'MemberExpression' && propertyName(n.property as Node, n.computed) === 'prototype';
        if (onPrototype(unwrap(left.object as Node)) && isFunction(right)) add(propertyName(left.property as Node, left.computed), right);
        else if (onPrototype(left) && right.type === 'ObjectExpression') {
          for (const p of right.properties) {
            if (p.type === 'SpreadElement' || p.computed) continue;
            add(propertyName(p.key as Node, false), functionMember(right, propertyName(p.key as Node, false) ?? ''));
          }
        }
      }
      this.prototypeMethods = new Map([...found].flatMap(([key, fns]) => (fns.length === 1 ? [[key, fns[0]!] as const] : [])));
    }
    return this.prototypeMethods.get(name);
  }

  /** An entry of an object a helper returns, with a parameter's value taken from the helper's call. */
  private givenEntry(entry: Entry, helper: Node, args: readonly Node[]): Entry[] {
    const value = unwrap(entry.value);
    const b = value.type === 'Identifier' ? this.scopes.bindingOf(value) : undefined;
    if (b?.kind !== 'param' || b.fn !== helper || b.path.length > 0 || b.index === undefined) return [entry];
    const arg = args[b.index];
    return arg && arg.type !== 'SpreadElement' ? [{ ...entry, value: arg, given: true }] : [];
  }

  /** What `this` stands for at a node: its class, its object literal, or (constructor functions, prototypes) the module. */
  ownerOf(at: Node): Node {
    let n: Node | undefined = at;
    // An alias carries the `this` of where it was declared.
    if (n.type === 'Identifier') {
      const b = this.scopes.bindingOf(n);
      n = (b && this.thisOfAlias(b)) ?? n;
    }
    for (n = this.scopes.parentOf(n); n; n = this.scopes.parentOf(n)) {
      if (n.type === 'ClassBody') return n;
      if (n.type === 'ObjectMethod') return this.objectOwner(this.scopes.parentOf(n));
      if ((n.type === 'FunctionExpression' || n.type === 'FunctionDeclaration') && !this.isCallback(n)) {
        const parent = this.scopes.parentOf(n);
        if (parent?.type === 'ObjectProperty') return this.objectOwner(this.scopes.parentOf(parent));
        return this.root;
      }
    }
    return this.root;
  }

  /**
   * The `this` of a method of an object literal: the object, unless the object is the `computed`, `methods`
   * or `watch` group of a component's options (Vue's options API), whose methods' `this` is the component.
   */
  private objectOwner(object: Node | undefined): Node {
    if (!object) return this.root;
    const holder = this.scopes.parentOf(object);
    const component = holder?.type === 'ObjectProperty' && holder.value === object && !holder.computed && COMPONENT_GROUPS.has(propertyName(holder.key as Node, false) ?? '') ? this.scopes.parentOf(holder) : undefined;
    return component?.type === 'ObjectExpression' && isComponent(component) ? component : object;
  }

  /** A function expression passed as an argument keeps the `this` of its surroundings (`.bind(this)`, CoffeeScript). */
  private isCallback(fn: Node): boolean {
    const parent = this.scopes.parentOf(fn);
    return parent?.type === 'CallExpression' && parent.callee !== fn;
  }

  private collectThisWrites(): void {
    if (this.thisCollected) return;
    this.thisCollected = true;
    const add = (owner: Node, name: string, source: Source) => {
      let byName = this.thisWrites.get(owner);
      if (!byName) this.thisWrites.set(owner, (byName = new Map()));
      const list = byName.get(name) ?? [];
      if (list.length < MAX_SOURCES) list.push(source);
      byName.set(name, list);
    };
    const visit = (node: Node) => {
      if (node.type === 'AssignmentExpression' && (node.left.type === 'MemberExpression' || node.left.type === 'OptionalMemberExpression') && this.isThis(node.left.object as Node)) {
        const name = propertyName(node.left.property as Node, node.left.computed);
        if (!name) return;
        const owner = this.ownerOf(node.left.object as Node);
        if (node.operator === '=') add(owner, name, { kind: 'value', node: node.right, path: [] });
        else if (node.operator === '+=') add(owner, name, { kind: 'append', base: this.thisValues(node, name), add: node.right });
        else add(owner, name, { kind: 'unknown' });
      } else if (node.type === 'ObjectExpression' && isComponent(node)) {
        // A component's `this.x`: what its computed property `x` returns, or what its `data()` gives `x`.
        const computed = componentGroup(node, 'computed');
        for (const p of computed?.properties ?? []) {
          const name = p.type !== 'SpreadElement' && !p.computed ? propertyName(p.key as Node, false) : undefined;
          const written = name ? objectValue(p) : undefined;
          const getter = name ? (functionMember(computed!, name) ?? (written && functionMember(written, 'get'))) : undefined;
          for (const value of getter ? returnedValues(getter) : []) add(node, name!, { kind: 'value', node: value, path: [] });
        }
        const data = functionMember(node, 'data');
        for (const returned of data ? returnedValues(data) : []) {
          const object = unwrap(returned);
          if (object.type !== 'ObjectExpression') continue;
          for (const p of object.properties) {
            const name = p.type === 'ObjectProperty' && !p.computed ? propertyName(p.key as Node, false) : undefined;
            if (name && p.type === 'ObjectProperty') add(node, name, { kind: 'value', node: p.value as Node, path: [] });
          }
        }
      } else if (node.type === 'ClassMethod' && node.kind === 'constructor') {
        // TypeScript's parameter properties (`constructor(private client: Http, readonly path: string)`) are fields.
        for (const param of node.params) {
          if (param.type !== 'TSParameterProperty') continue;
          const id = param.parameter.type === 'AssignmentPattern' ? param.parameter.left : param.parameter;
          const body = this.scopes.parentOf(node);
          if (id.type === 'Identifier' && body) add(body, id.name, { kind: 'value', node: id, path: [] });
        }
      } else if ((node.type === 'ClassMethod' || node.type === 'ObjectMethod') && node.kind === 'get' && !node.computed) {
        // A getter (`get api() { return this.getAttribute('api') || '/api/v3' }`): `this.api` is what it returns.
        const name = propertyName(node.key as Node, false);
        const holder = this.scopes.parentOf(node);
        const owner = node.type === 'ClassMethod' ? holder : this.objectOwner(holder);
        for (const value of name && owner ? returnedValues(node) : []) add(owner!, name!, { kind: 'value', node: value, path: [] });
      } else if ((node.type === 'ClassProperty' || node.type === 'ClassAccessorProperty') && !node.computed && node.value) {
        const name = propertyName(node.key as Node, false);
        const body = this.scopes.parentOf(node);
        if (name && body) add(body, name, { kind: 'value', node: node.value, path: [] });
      }
    };
    // In source order, so that `this.x += …` appends to the writes before it.
    for (const node of nodesOf(this.root)) visit(node);
  }

  /** An object given or built before the call; `at` is where it is used. */
  objectShape(expr: Node | undefined, at: Node, depth = 0): ObjectShape | undefined {
    if (!expr || depth > 6) return undefined;
    const n = unwrap(expr);
    switch (n.type) {
      case 'ObjectExpression':
        return this.literalShape(n, true, depth);
      case 'ClassDeclaration':
      case 'ClassExpression': {
        // What a class holds as an object: its static fields and methods (`Api.routes`, `Api.path(id)`); more
        // may be assigned to it elsewhere.
        const entries: Entry[] = [];
        for (const m of n.body.body) {
          if ((m.type !== 'ClassProperty' && m.type !== 'ClassMethod') || !m.static || m.computed) continue;
          const name = propertyName(m.key as Node, false);
          const value = m.type === 'ClassMethod' ? m : m.value;
          if (name && value) entries.push({ name, value, site: { kind: 'written', node: m.key as Node } });
        }
        return { entries, open: true, editable: false };
      }
      case 'Identifier': {
        const binding = this.scopes.bindingOf(n);
        if (!binding) return { entries: [], open: true, editable: false };
        const sources = this.reaching(binding, at);
        const onlyHere = binding.reads.length <= 1;
        const shapes = sources.map((s) => this.shapeOfSource(s, at, depth));
        const known = shapes.filter((s): s is ObjectShape => s !== undefined);
        if (known.length === 0) return sources.length > 0 ? { entries: [], open: true, editable: false } : undefined;
        const base = known.length === 1 ? known[0]! : merge(known);
        const editable = base.editable && onlyHere && sources.length === 1 && binding.writes.length === 0;
        const later = this.laterWrites(binding, at, depth);
        const entries = [...base.entries, ...later.entries].map((e) => (e.owner ? e : { ...e, owner: { binding, path: [e.name] } }));
        return { ...base, editable, entries, open: base.open || later.open || known.length !== shapes.length };
      }
      case 'MemberExpression':
      case 'OptionalMemberExpression': {
        if (this.isThis(n.object as Node)) {
          const name = propertyName(n.property as Node, n.computed);
          const values = name ? this.thisValues(n, name) : [];
          const shapes = values.map((s) => this.shapeOfSource(s, at, depth)).filter((s): s is ObjectShape => s !== undefined);
          if (shapes.length === 0) return { entries: [], open: true, editable: false };
          return { ...merge(shapes), editable: false };
        }
        const name = propertyName(n.property as Node, n.computed);
        // `defaults.visibility` of `const defaults = require('./defaults')`: another module's object, by its keys.
        const imported = name ? this.importedMember(n.object as Node, name, at) : undefined;
        if (imported) return imported;
        // `opts.params` where opts is an object we see.
        const outer = this.objectShape(n.object as Node, at, depth + 1);
        if (!outer || !name) return { entries: [], open: true, editable: false };
        if (outer.param) return { entries: [], open: true, editable: false, param: { binding: outer.param.binding, path: [...outer.param.path, name] } };
        const entry = outer.entries.find((e) => e.name === name);
        return entry ? this.entryShape(entry, at, depth + 1) : { entries: [], open: outer.open, editable: false };
      }
      case 'ConditionalExpression':
      case 'LogicalExpression': {
        // `body === undefined ? undefined : JSON.stringify(body)`, `opts || {}`: the objects it may be.
        const branches = n.type === 'ConditionalExpression' ? [n.consequent, n.alternate] : [n.left, n.right];
        const shapes = branches.filter((b) => !isNothing(b)).map((b) => this.objectShape(b, at, depth + 1));
        const known = shapes.filter((x): x is ObjectShape => x !== undefined);
        if (known.length === 0) return undefined;
        return known.length === 1 && shapes.length === 1 ? known[0] : { ...merge(known), editable: false, open: known.some((k) => k.open) || known.length !== shapes.length };
      }
      case 'CallExpression':
      case 'NewExpression': {
        const callee = unwrap(n.callee as Node);
        const name = dotted(callee);
        const args = n.arguments as Node[];
        if (name && MERGE_CALLS.test(name) && args.length >= 1) {
          const parts = args.map((a) => this.objectShape(a, at, depth + 1) ?? { entries: [], open: true, editable: false });
          return { ...merge(parts), editable: false };
        }
        // url.parse(text) (Node's legacy URL object, handed to `http.request` as its options): an object whose
        // URL is that text, to which `method` and `headers` are then added.
        if ((name === 'url.parse' || name === 'URL.parse') && args.length >= 1) return { entries: [{ name: 'url', value: args[0]!, site: { kind: 'written', node: args[0]! } }], open: true, editable: false };
        // Object.freeze({ … }): the object itself.
        if (name === 'Object.freeze' && args.length === 1) return this.objectShape(args[0], at, depth + 1);
        const last = name?.split('.').pop();
        // new URLSearchParams([['ref_name', ref], …]): the pairs written.
        const pairs = last === 'URLSearchParams' && args.length === 1 ? unwrap(args[0]!) : undefined;
        if (pairs?.type === 'ArrayExpression') return this.pairsShape(pairs);
        if (last && SERIALIZERS.test(last) && args.length >= 1) {
          // Written from an object's entries (`new URLSearchParams(Object.entries(query).map(…))`): that object, not editable.
          const listed = keysListed(args[0]!);
          if (listed) {
            const from = this.objectShape(listed, at, depth + 1);
            return from && { ...from, editable: false };
          }
          const inner = this.objectShape(args[0], at, depth + 1);
          return inner && { ...inner, editable: inner.editable };
        }
        // A function of the module that writes its parameter out (`toQuery(params)` returning it serialized):
        // the object given for that parameter.
        const helper = this.functionCalled(callee);
        const returned = helper && !this.expanding.has(helper) ? returnedValues(helper) : [];
        if (returned.length === 1) {
          this.expanding.add(helper!);
          try {
            const built = this.objectShape(returned[0], returned[0]!, depth + 1);
            const param = built?.param;
            const given = param && param.binding.fn === helper && param.binding.index !== undefined && param.path.length === 0 ? args[param.binding.index] : undefined;
            // What the helper writes into it before (`query.private_token = token; return query`) is sent too,
            // written there.
            if (given) return withWrites(this.objectShape(given, at, depth + 1), built!, true);
            // Options built from its parameters (`opts('POST', body)` returning `{ method, data: body, headers }`):
            // that object, each entry that is a parameter holding the call's argument (and gone when none is given).
            if (built && !param && n.type === 'CallExpression' && unwrap(returned[0]!).type === 'ObjectExpression') return { ...built, entries: built.entries.flatMap((e) => this.givenEntry(e, helper!, args)), editable: false, builtBy: { fn: helper!, call: n } };
          } finally {
            this.expanding.delete(helper!);
          }
        }
        // The same helper, written in another module of the package.
        const index = !helper && n.type === 'CallExpression' ? this.writtenOutByImport?.(n) : undefined;
        const written = index !== undefined ? args[index] : undefined;
        if (written && written.type !== 'SpreadElement') return { ...(this.objectShape(written, at, depth + 1) ?? { entries: [], open: true }), editable: false };
        // new HttpParams({ fromObject: {…} }), new HttpParams().set('a', x).set('b', y)
        if (last === 'HttpParams' || last === 'HttpHeaders') {
          const from = args[0] && this.objectShape(args[0], at, depth + 1);
          const inner = from?.entries.find((e) => e.name === 'fromObject');
          return inner ? (this.objectShape(inner.value, at, depth + 1) ?? { entries: [], open: true, editable: false }) : { entries: [], open: false, editable: false };
        }
        if (callee.type === 'MemberExpression' && !callee.computed) {
          const method = propertyName(callee.property as Node, false);
          // `new URLSearchParams(query).toString()`: the object it writes out.
          if (method === 'toString' && args.length === 0) return this.objectShape(callee.object as Node, at, depth + 1);
          // `Object.entries(params).map(([k, v]) => `${k}=${v}`).join('&')`, `Object.keys(params).reduce((q, k) => …, '')`:
          // the object written out as a query.
          const listed = method === 'join' || method === 'reduce' ? keysListed(callee.object as Node) : undefined;
          if (listed) return { ...(this.objectShape(listed, at, depth + 1) ?? { entries: [], open: true }), editable: false };
          if (method && SETTERS.has(method) && args.length >= 2) {
            const base = this.objectShape(callee.object as Node, at, depth + 1);
            const key = stringValue(args[0]);
            if (base && key !== undefined) return { ...base, editable: false, entries: [...base.entries, { name: key, value: args[1]!, site: { kind: 'written', node: args[0]! } }] };
          }
        }
        return { entries: [], open: true, editable: false };
      }
      default:
        return undefined;
    }
  }

  /** The object an entry holds, with what the code writes into it through its owner before `at` (`opts.body.x = v`). */
  entryShape(entry: Entry, at: Node, depth = 0): ObjectShape | undefined {
    const shape = this.objectShape(entry.value, at, depth + 1);
    const owner = entry.owner;
    if (!owner || depth > 6) return shape;
    const later = this.laterWrites(owner.binding, at, depth, owner.path);
    if (!shape && later.entries.length === 0) return shape;
    const base = shape ?? { entries: [], open: false, editable: false };
    const entries = [...base.entries, ...later.entries].map((e) => (e.owner ? e : { ...e, owner: { binding: owner.binding, path: [...owner.path, e.name] } }));
    return { ...base, entries, open: base.open || later.open };
  }

  /** A property of a name that holds another module (`require('./x')`, or a value it exports): that module's object. */
  private importedMember(object: Node, name: string, at: Node): ObjectShape | undefined {
    const o = unwrap(object);
    const b = this.importedShape && o.type === 'Identifier' ? this.scopes.bindingOf(o) : undefined;
    if (!b) return undefined;
    if (b.kind === 'import') return b.imported && b.imported !== '*' ? this.importedShape!(b.module!, b.imported, [name], at) : this.importedShape!(b.module!, name, [], at);
    const required = b.init && b.writes.length === 0 && !b.path.includes('…') ? requiredExport(b.init, [...b.path, name]) : undefined;
    return required && this.importedShape!(required.module, required.name, required.keys, at);
  }

  private shapeOfSource(source: Source, at: Node, depth: number): ObjectShape | undefined {
    switch (source.kind) {
      case 'value': {
        // `const { defaults } = require('./config')`, `config.defaults` of `const config = require('./config')`.
        const required = requiredExport(source.node, source.path);
        if (required) return this.importedShape?.(required.module, required.name, required.keys, at) ?? { entries: [], open: true, editable: false };
        let shape = this.objectShape(source.node, source.node, depth + 1);
        for (const key of source.path) {
          // The rest of an object taken apart (`const { headers, ...rest } = options`) is that object, as far
          // as a request's options go.
          if (key === '…') continue;
          const entry = shape?.entries.find((e) => e.name === key);
          // Taken apart from a parameter (`const { body } = options`): what the caller passes under that key.
          const unseen = shape?.param ? { param: { binding: shape.param.binding, path: [...shape.param.path, key] } } : {};
          shape = entry ? this.entryShape(entry, at, depth + 1) : shape && { entries: [], open: true, editable: false, ...unseen };
        }
        return shape;
      }
      case 'param':
        return { entries: [], open: true, editable: false, param: { binding: source.binding, path: source.binding.path.filter((key) => key !== '…') } };
      case 'import': {
        const imported = source.binding.imported;
        const shape = imported && imported !== '*' ? this.importedShape?.(source.binding.module!, imported, [], at) : undefined;
        return shape ?? { entries: [], open: true, editable: false };
      }
      case 'unknown':
        return { entries: [], open: true, editable: false };
      default:
        return undefined;
    }
  }

  /** A list of `[key, value]` pairs written out (`new URLSearchParams([['ref_name', ref]])`): its written keys. */
  private pairsShape(list: Node & { type: 'ArrayExpression' }): ObjectShape {
    const entries: Entry[] = [];
    let open = false;
    for (const element of list.elements) {
      const pair = element && unwrap(element as Node);
      const key = pair?.type === 'ArrayExpression' && pair.elements.length === 2 && pair.elements[0] ? stringValue(pair.elements[0] as Node) : undefined;
      if (key === undefined || pair?.type !== 'ArrayExpression' || !pair.elements[1] || pair.elements[1].type === 'SpreadElement') open = true;
      else entries.push({ name: key, value: pair.elements[1] as Node, site: { kind: 'written', node: pair.elements[0] as Node } });
    }
    return { entries, open, editable: false };
  }

  private literalShape(object: ObjectExpression, editable: boolean, depth: number): ObjectShape {
    const entries: Entry[] = [];
    let open = false;
    // A spread of a parameter (`{ ...init, headers }`): what the caller passes is part of the object.
    let param: ObjectShape['param'];
    for (const p of object.properties) {
      if (p.type === 'ObjectProperty') {
        const name = propertyName(p.key as Node, p.computed);
        if (name === undefined) open = true;
        else entries.push({ name, value: p.value as Node, site: { kind: 'property', property: p, object, editable } });
      } else if (p.type === 'SpreadElement') {
        const spread = this.objectShape(p.argument, p.argument, depth + 1);
        if (!spread) open = true;
        else {
          open ||= spread.open;
          param ??= spread.param;
          for (const e of spread.entries) entries.push({ ...e, site: e.site.kind === 'property' ? { ...e.site, editable: false } : e.site });
        }
      }
    }
    return { node: object, entries, open, editable, ...(param ? { param } : {}) };
  }

  /**
   * The query a URL object gains before `at`: `url.searchParams.set('page', '0')` (or `append`) on the
   * `new URL(…)` or the parameter that `node` (`url`, `url.href`, `url.toString()`) names.
   */
  urlSearchParams(node: Node, at: Node, depth = 0): ObjectShape | undefined {
    const n = convertedToText(node, true);
    if (n.type !== 'Identifier') return undefined;
    const binding = this.scopes.bindingOf(n);
    if (!binding) return undefined;
    const entries: Entry[] = [];
    // A URL object a function of the module makes and adds to before handing it back (`function endpoint(p) {
    // const url = new URL(API + p); url.searchParams.append('private_token', t); return url }`): what it adds.
    const made = binding.init && binding.path.length === 0 && depth < 3 ? unwrap(binding.init) : undefined;
    const maker = made?.type === 'CallExpression' ? this.functionCalled(unwrap(made.callee as Node)) : undefined;
    const returned = maker ? returnedValues(maker) : [];
    if (returned.length === 1) entries.push(...(this.urlSearchParams(returned[0]!, returned[0]!, depth + 1)?.entries ?? []));
    for (const read of this.readsBefore(binding, at)) {
      const member = this.scopes.parentOf(read);
      if (member?.type !== 'MemberExpression' || member.object !== read) continue;
      const name = propertyName(member.property as Node, member.computed);
      // `url.search = new URLSearchParams({ … }).toString()`: the query written whole.
      const written = this.scopes.parentOf(member);
      if (name === 'search' && written?.type === 'AssignmentExpression' && written.left === member && written.operator === '=') {
        entries.push(...(this.objectShape(written.right, at)?.entries ?? []));
        continue;
      }
      if (name !== 'searchParams') continue;
      const entry = this.setterEntry(member);
      if (entry) entries.push(entry);
      // Every key of an object copied in (`Object.entries(params).forEach(([k, v]) => url.searchParams.set(k, v))`).
      const copied = entry ? undefined : this.copiedFrom(member);
      const shape = copied && this.objectShape(copied, at);
      if (shape) {
        entries.push(...shape.entries);
        if (shape.param || shape.open) return { ...shape, entries, editable: false };
      }
    }
    return entries.length > 0 ? { entries, open: false, editable: false } : undefined;
  }

  /**
   * The object whose keys a setter call copies: its key is the key of a loop over that object's entries or keys
   * (`for (const [k, v] of Object.entries(o))`, `Object.keys(o).forEach((k) => …)`, `for (const k in o)`).
   */
  private copiedFrom(receiver: Node): Node | undefined {
    const member = this.scopes.parentOf(receiver);
    const call = member && this.scopes.parentOf(member);
    if (member?.type !== 'MemberExpression' || call?.type !== 'CallExpression' || call.callee !== member || !SETTERS.has(propertyName(member.property as Node, member.computed) ?? '')) return undefined;
    const key = call.arguments[0] && unwrap(call.arguments[0] as Node);
    const b = key?.type === 'Identifier' ? this.scopes.bindingOf(key) : undefined;
    if (!b || b.writes.length > 0) return undefined;
    // The key is the loop's value itself (`Object.keys`, `for…in`) or the first of each entry (`Object.entries`).
    const whole = b.path.length === 0;
    if (!whole && (b.path.length !== 1 || b.path[0] !== '0')) return undefined;
    let listed: Node | undefined;
    if (b.kind === 'loop' && b.init) {
      const loop = this.scopes.parentOf(b.init);
      if (loop?.type === 'ForInStatement' && whole) return b.init;
      if (loop?.type === 'ForOfStatement') listed = b.init;
    } else if (b.kind === 'param' && b.index === 0 && b.fn) {
      listed = this.iteratedBy(b.fn);
    }
    const lister = listed && unwrap(listed);
    if (lister?.type !== 'CallExpression' || lister.arguments.length !== 1) return undefined;
    const name = dotted(unwrap(lister.callee as Node));
    return (whole ? name === 'Object.keys' : name === 'Object.entries') ? (lister.arguments[0] as Node) : undefined;
  }

  /**
   * The reads of a name before `at`, in `at`'s function or a function around it: an options object built
   * before a callback that sends it (`opts.query.token = t; return new Promise((ok) => got(url, opts))`).
   */
  private *readsBefore(binding: Binding, at: Node): Generator<Node> {
    const atFn = this.scopes.functionOf(at);
    for (const read of binding.reads) {
      if (read.start! >= at.start!) return;
      let fn = this.scopes.functionOf(read);
      // A callback an array method runs at once (`Object.entries(p).forEach(([k, v]) => url.searchParams.set(k, v))`)
      // edits the object where it is written.
      while (fn !== atFn && fn !== this.root && this.iteratedBy(fn)) fn = this.scopes.functionOf(this.scopes.parentOf(fn)!);
      if (fn === atFn || (fn !== this.root && contains(fn, atFn))) yield read;
    }
  }

  /**
   * For a function given to an array method that calls it with each item before returning (`list.forEach(fn)`,
   * `map`, …): the list. Undefined for any other function.
   */
  private iteratedBy(fn: Node): Node | undefined {
    const call = this.scopes.parentOf(fn);
    const callee = call?.type === 'CallExpression' && call.arguments[0] === fn ? unwrap(call.callee as Node) : undefined;
    return callee?.type === 'MemberExpression' && ITERATORS.has(propertyName(callee.property as Node, callee.computed) ?? '') ? (callee.object as Node) : undefined;
  }

  /** `receiver.set('k', v)` / `.append('k', v)`: the entry it adds, given the receiver. */
  private setterEntry(receiver: Node): Entry | undefined {
    const member = this.scopes.parentOf(receiver);
    const call = member && this.scopes.parentOf(member);
    if (member?.type !== 'MemberExpression' || member.object !== receiver || call?.type !== 'CallExpression' || call.callee !== member) return undefined;
    const method = propertyName(member.property as Node, member.computed);
    const args = call.arguments as Node[];
    const key = args[0] && stringValue(args[0]);
    return method && SETTERS.has(method) && key !== undefined && args[1] ? { name: key, value: args[1], site: { kind: 'written', node: args[0]! } } : undefined;
  }

  /**
   * Entries a name's object (or the object at `path` in it: `x.body`) gains before `at`: `x.k = v`, `x['k'] = v`,
   * `Object.assign(x, {…})`, `x.set('k', v)`.
   */
  private laterWrites(binding: Binding, at: Node, depth: number, path: readonly string[] = []): { entries: Entry[]; open: boolean } {
    const entries: Entry[] = [];
    let open = false;
    for (const name of this.readsBefore(binding, at)) {
      const read = this.reachedBy(name, path);
      if (!read) continue;
      const parent = this.scopes.parentOf(read);
      const grand = parent && this.scopes.parentOf(parent);
      if (parent?.type === 'MemberExpression' && parent.object === read && grand?.type === 'AssignmentExpression' && grand.left === parent) {
        const name = propertyName(parent.property as Node, parent.computed);
        if (name === undefined) open = true;
        else entries.push({ name, value: grand.right, site: { kind: 'written', node: parent.property as Node } });
      } else if (parent?.type === 'MemberExpression' && parent.object === read && grand?.type === 'CallExpression' && grand.callee === parent) {
        const entry = this.setterEntry(read);
        if (entry) entries.push(entry);
      } else if (parent?.type === 'CallExpression' && parent.arguments[0] === read && MERGE_CALLS.test(dotted(unwrap(parent.callee as Node)) ?? '')) {
        for (const arg of parent.arguments.slice(1) as Node[]) {
          const shape = this.objectShape(arg, arg, depth + 1);
          if (!shape) open = true;
          else {
            open ||= shape.open;
            entries.push(...shape.entries.map((e) => ({ ...e, site: { kind: 'written', node: e.site.kind === 'property' ? ((e.site.property as Node & { key: Node }).key) : e.site.node } as EntrySite })));
          }
        }
      }
    }
    return { entries, open };
  }

  /** The member chain `name.k1.k2…` that reads `path` from a name's read, if that is what the code around the read is. */
  private reachedBy(read: Node, path: readonly string[]): Node | undefined {
    let node = read;
    for (const key of path) {
      const member = this.scopes.parentOf(node);
      if ((member?.type !== 'MemberExpression' && member?.type !== 'OptionalMemberExpression') || member.object !== node || propertyName(member.property as Node, member.computed) !== key) return undefined;
      node = member;
    }
    return node;
  }

  /** Both nodes sit in one loop inside the function (a write late in the body reaches an earlier read). */
  private inCommonLoop(a: Node, b: Node, fn: Node): boolean {
    for (let n = this.scopes.parentOf(a); n && n !== fn; n = this.scopes.parentOf(n)) {
      if (/^(For|ForIn|ForOf|While|DoWhile)Statement$/.test(n.type) && contains(n, b)) return true;
    }
    return false;
  }

  /** The write and the use sit in different arms of one `if`, `?:` or `switch` (outside any loop). */
  private exclusive(write: Node, use: Node): boolean {
    const chain: Node[] = [];
    for (let n = this.scopes.parentOf(write); n; n = this.scopes.parentOf(n)) chain.push(n);
    for (let n = this.scopes.parentOf(use), child: Node = use; n; child = n, n = this.scopes.parentOf(n)) {
      const i = chain.indexOf(n);
      if (i === -1) continue;
      const writeChild = i === 0 ? write : chain[i - 1]!;
      if (n.type === 'IfStatement' || n.type === 'ConditionalExpression') {
        const arms = [n.consequent, n.alternate];
        return arms.includes(writeChild as never) && arms.includes(child as never) && writeChild !== child;
      }
      if (n.type === 'SwitchStatement') return false;
      return false;
    }
    return false;
  }

  /** An unconditional `x = v` statement of a block that encloses the use, before it. */
  private dominates(write: Node, use: Node): boolean {
    let statement = this.scopes.parentOf(write);
    while (statement?.type === 'SequenceExpression') statement = this.scopes.parentOf(statement);
    if (statement?.type !== 'ExpressionStatement') return false;
    const block = this.scopes.parentOf(statement);
    if (!block || (block.type !== 'BlockStatement' && block.type !== 'Program' && block.type !== 'StaticBlock')) return false;
    return contains(block, use) && statement.end! <= use.start!;
  }
}

// Array methods that call their callback with each element first.
const ITERATORS = new Set(['forEach', 'map', 'flatMap', 'filter', 'some', 'every', 'find', 'findIndex']);
// Array methods that change the list in place.
const MUTATORS = new Set(['push', 'unshift', 'splice', 'fill', 'copyWithin']);

/** The arguments a function expression is called with where it is written (`(function (x) { … })(a)`), if it is. */
function immediateArguments(fn: Node, scopes: ScopeInfo): Node[] | undefined {
  if (fn.type !== 'FunctionExpression' && fn.type !== 'ArrowFunctionExpression') return undefined;
  let child: Node = fn;
  let parent = scopes.parentOf(fn);
  while (parent?.type === 'ParenthesizedExpression') {
    child = parent;
    parent = scopes.parentOf(parent);
  }
  return parent?.type === 'CallExpression' && parent.callee === child ? (parent.arguments as Node[]) : undefined;
}


function merge(shapes: readonly ObjectShape[]): ObjectShape {
  if (shapes.length === 1) return shapes[0]!;
  const node = shapes.find((s) => s.node)?.node;
  return {
    node,
    entries: shapes.flatMap((s) => s.entries),
    open: shapes.some((s) => s.open),
    editable: false,
    param: shapes.find((s) => s.param)?.param,
  };
}

function contains(outer: Node, inner: Node): boolean {
  return outer.start! <= inner.start! && inner.end! <= outer.end!;
}

function stringValue(node: Node | undefined): string | undefined {
  const n = node && unwrap(node);
  if (n?.type === 'StringLiteral') return n.value;
  if (n?.type === 'TemplateLiteral' && n.expressions.length === 0) return n.quasis[0]!.value.cooked ?? undefined;
  return undefined;
}

export { isFunction };

// The groups of a component's options whose functions' `this` is the component (Vue's options API).
const COMPONENT_GROUPS = new Set(['computed', 'methods', 'watch']);

/** Options of a component: an object literal with `computed` or `methods` beside its `data`, `props` or a hook. */
function isComponent(object: Node & { type: 'ObjectExpression' }): boolean {
  let group = false;
  let other = false;
  for (const p of object.properties) {
    const key = p.type !== 'SpreadElement' && !p.computed ? propertyName(p.key as Node, false) : undefined;
    if (key === 'computed' || key === 'methods') group = true;
    else if (key && COMPONENT_KEYS.has(key)) other = true;
  }
  return group && other;
}
const COMPONENT_KEYS = new Set(['data', 'props', 'template', 'render', 'components', 'created', 'mounted', 'beforeMount', 'watch', 'name', 'setup']);

/** The object literal under a key of an object literal (`computed: { … }`). */
function componentGroup(object: Node & { type: 'ObjectExpression' }, key: string): (Node & { type: 'ObjectExpression' }) | undefined {
  const value = propertyNamed(object, [key]);
  return value?.type === 'ObjectExpression' ? value : undefined;
}

/** An object literal property's value when it is an object literal (`x: { get() {…} }`). */
function objectValue(p: Node): (Node & { type: 'ObjectExpression' }) | undefined {
  const value = p.type === 'ObjectProperty' ? unwrap(p.value as Node) : undefined;
  return value?.type === 'ObjectExpression' ? value : undefined;
}

/**
 * The object a caller hands a function (its shape, or none seen: `open` when something unseen was handed), with
 * what the function adds to it (`inside`, the parameter's shape there): what it writes into it
 * (`query.private_token = token`), or the entries of an object it spreads it into (`{ ...auth, ...extra }`).
 * Not editable from the caller, nor for one caller in the function.
 */
export function withWrites(given: ObjectShape | undefined, inside: ObjectShape, open: boolean): ObjectShape {
  const own = inside.node
    ? inside.entries.map((e) => (e.site.kind === 'property' ? { ...e, site: { ...e.site, editable: false } } : e))
    : inside.entries.filter((e) => e.site?.kind === 'written');
  return { ...(given ?? { entries: [], open }), entries: [...(given?.entries ?? []), ...own], editable: false };
}

/** A method of a class body or object literal by name: a method, or a property whose value is a function. */
function functionMember(owner: Node, name: string): Node | undefined {
  const members = owner.type === 'ClassBody' ? owner.body : owner.type === 'ObjectExpression' ? owner.properties : [];
  for (const m of members as Node[]) {
    if ((m.type === 'ClassMethod' || m.type === 'ObjectMethod') && m.kind === 'method' && !m.computed && propertyName(m.key as Node, false) === name) return m;
    if (m.type === 'ObjectProperty' && !m.computed && propertyName(m.key as Node, false) === name) {
      const value = unwrap(m.value as Node);
      return value.type === 'FunctionExpression' || value.type === 'ArrowFunctionExpression' ? value : undefined;
    }
  }
  return undefined;
}
