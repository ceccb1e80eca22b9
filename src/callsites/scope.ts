// Scope analysis over Babel's AST: which declaration every name refers to, where each name is written,
// and each node's parent. One walk builds the scopes and declarations (hoisting falls out of declaring
// `var`s and functions in their function's scope before any name is resolved); names are resolved after.
//
// Hand-written rather than @babel/traverse's scope: on 400 real files (2.9 MB) building Babel's scopes
// took 1.5–2.1× the parse time, this walk 0.2–0.3× (README, Development: "Scope analysis").
import type { Node } from '@babel/types';
import { flatTree, parametersOf, propertyName, unwrap } from '../parse/walk.js';

export type BindingKind = 'var' | 'let' | 'const' | 'param' | 'function' | 'class' | 'import' | 'catch' | 'loop';

/** One declared name. */
export interface Binding {
  readonly name: string;
  readonly kind: BindingKind;
  /** The declaring identifier. */
  readonly id: Node;
  readonly scope: Scope;
  /** The value it is declared with (`const x = init`; for a destructured name, the whole destructured value). */
  readonly init?: Node;
  /** Destructuring: the keys from `init` (or from the parameter) down to this name: `const { a: { b } } = x` → ['a', 'b']. */
  readonly path: readonly string[];
  /** A default (`function f(x = d)`, `const { x = d } = o`). */
  readonly fallback?: Node;
  /** A parameter's function, and its position. */
  readonly fn?: Node;
  readonly index?: number;
  /** An import's module and imported name ('default', '*', or the name). */
  readonly module?: string;
  readonly imported?: string;
  /** Assignments to the name (`x = v`, `x += v`, `x++`, `[x] = …`), in source order. */
  readonly writes: Write[];
  /** Where the name is read, in source order. */
  readonly reads: Node[];
}

export interface Write {
  /** The assignment (or update) expression. */
  node: Node;
  /** `=`, `+=`, …; '' for writes whose value cannot be told (`x++`, destructuring, `for (x of …)`). */
  operator: string;
  value: Node | undefined;
}

export interface Scope {
  readonly node: Node;
  readonly parent: Scope | undefined;
  /** The function (or program) whose `var`s this scope holds. */
  readonly fn: Node;
  readonly bindings: Map<string, Binding>;
}

export interface ScopeInfo {
  /** The binding an identifier refers to (as a read, a write or its declaration); undefined for a global. */
  bindingOf(id: Node): Binding | undefined;
  /** The parent of a node (undefined for the root). */
  parentOf(node: Node): Node | undefined;
  /** The innermost function around a node (or the program). */
  functionOf(node: Node): Node;
  /** Every binding of the program, in declaration order. */
  readonly all: readonly Binding[];
  readonly program: Scope;
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ObjectMethod', 'ClassMethod', 'ClassPrivateMethod']);
// Keys that hold types only: no value names there.
const TYPE_KEYS = new Set(['typeAnnotation', 'returnType', 'typeParameters', 'superTypeParameters', 'implements', 'typeArguments', 'predicate']);
const TYPE_DECLARATIONS = new Set(['TSInterfaceDeclaration', 'TSTypeAliasDeclaration', 'TSDeclareFunction', 'TSDeclareMethod', 'DeclareClass', 'DeclareFunction', 'TypeAlias', 'InterfaceDeclaration', 'OpaqueType']);

export function isFunction(node: Node): boolean {
  return FUNCTIONS.has(node.type);
}

/** The expressions a function returns (an arrow's body, `return x` statements outside nested functions). */
export function returnedValues(fn: Node): Node[] {
  const f = fn as Node & { body?: Node };
  if (!f.body) return [];
  if (f.body.type !== 'BlockStatement') return [f.body];
  const out: Node[] = [];
  const stack: Node[] = [f.body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'ReturnStatement' && node.argument) out.push(node.argument);
    if (isFunction(node) && node !== fn) continue;
    for (const key of Object.keys(node)) {
      if (key === 'loc' || key === 'extra' || key.endsWith('Comments')) continue;
      const value = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(value)) {
        for (const v of value) if (v && typeof (v as Node).type === 'string') stack.push(v as Node);
      } else if (value && typeof (value as Node).type === 'string') stack.push(value as Node);
    }
  }
  return out;
}

/**
 * The value a name holds for its whole life: the one it is declared with (`const T = {…}`, `var x = …`,
 * `function f() {…}`), never assigned again and not taken apart from another value. Undefined for a
 * parameter, an import, a loop variable or a name assigned later.
 */
export function heldValue(b: Binding): Node | undefined {
  if (b.path.length > 0 || b.writes.length > 0) return undefined;
  return b.kind === 'function' || b.kind === 'const' || b.kind === 'let' || b.kind === 'var' ? b.init : undefined;
}

/** Whether the code changes a name's object through its methods (`list.push(x)`, `routes.set(k, v)`). */
export function changedThrough(b: Binding, methods: ReadonlySet<string>, scopes: ScopeInfo): boolean {
  return b.reads.some((r) => {
    const member = scopes.parentOf(r);
    return member?.type === 'MemberExpression' && member.object === r && methods.has(propertyName(member.property as Node, member.computed) ?? '');
  });
}

/**
 * The function a name is bound to in its module, if it is one written there and never reassigned:
 * `function api(path) {…}`, `const api = (path) => …`, `var api = function (path) {…}`.
 */
export function functionBoundTo(id: Node, scopes: ScopeInfo): Node | undefined {
  const b = id.type === 'Identifier' ? scopes.bindingOf(id) : undefined;
  let value = b && heldValue(b);
  while (value && (value.type === 'ParenthesizedExpression' || value.type === 'TSAsExpression')) value = value.expression as Node;
  return value && isFunction(value) ? value : undefined;
}

// A node's parent and an identifier's binding are kept on the nodes themselves (symbol keys: never enumerated,
// never serialised): every node of every program has a parent, and two Maps of that size cost the run more
// in hashing and young-generation copying than the analysis itself. A tree is analysed once (contextOf).
const PARENT = Symbol('parent');
const BINDING = Symbol('binding');
type Linked = Node & { [PARENT]?: Node; [BINDING]?: Binding };

type ClassNode = Node & { type: 'ClassDeclaration' | 'ClassExpression' };

/** The class a node is in, if any. */
export function classAround(node: Node, scopes: Pick<ScopeInfo, 'parentOf'>): ClassNode | undefined {
  let n = scopes.parentOf(node);
  while (n && n.type !== 'ClassDeclaration' && n.type !== 'ClassExpression') n = scopes.parentOf(n);
  return n as ClassNode | undefined;
}

/** The class a class extends, when its module declares it under a name never reassigned. */
export function declaredSuperclass(cls: ClassNode, scopes: Pick<ScopeInfo, 'bindingOf'>): ClassNode | undefined {
  const parent = cls.superClass ? unwrap(cls.superClass as Node) : undefined;
  const b = parent?.type === 'Identifier' ? scopes.bindingOf(parent) : undefined;
  const declared = b && b.writes.length === 0 && b.init ? unwrap(b.init) : undefined;
  return declared?.type === 'ClassDeclaration' || declared?.type === 'ClassExpression' ? declared : undefined;
}

/** A class and the classes it extends that its module declares, nearest first (at most 8 above it). */
export function classLine(cls: ClassNode, scopes: Pick<ScopeInfo, 'bindingOf'>): ClassNode[] {
  const out: ClassNode[] = [];
  for (let c: ClassNode | undefined = cls; c && !out.includes(c) && out.length <= 8; c = declaredSuperclass(c, scopes)) out.push(c);
  return out;
}

/** The program a node of an analysed tree belongs to (its topmost ancestor). */
export function programOf(node: Node): Node {
  let n = node;
  for (let up = (n as Linked)[PARENT]; up; up = (n as Linked)[PARENT]) n = up;
  return n;
}

/** `new URL(…)`: a URL object, whose path may be added to later (`url.pathname += …`). */
export function isNewUrl(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'NewExpression' && n.callee.type === 'Identifier' && n.callee.name === 'URL';
}

/** Analyse a program. */
export function analyseScopes(program: Node): ScopeInfo {
  const declared = new Map<Node, Binding>();
  const scopeOfNode = new Map<Node, Scope>();
  const refs: { id: Node; scope: Scope }[] = [];
  const writes: { id: Node; scope: Scope; write: Write }[] = [];
  const all: Binding[] = [];
  const root: Scope = { node: program, parent: undefined, fn: program, bindings: new Map() };
  scopeOfNode.set(program, root);

  const declare = (scope: Scope, id: Node, kind: BindingKind, extra: Partial<Binding> = {}) => {
    if (id.type !== 'Identifier') return;
    // A `var` (or function) declared again in the same scope is the same binding: its value is a write.
    const existing = scope.bindings.get(id.name);
    if (existing && (kind === 'var' || kind === 'function') && (existing.kind === 'var' || existing.kind === 'function' || existing.kind === 'param')) {
      declared.set(id, existing);
      (id as Linked)[BINDING] = existing;
      if (extra.init) existing.writes.push({ node: id, operator: '=', value: extra.init });
      return;
    }
    const binding: Binding = { name: id.name, kind, id, scope, path: [], writes: [], reads: [], ...extra };
    scope.bindings.set(id.name, binding);
    declared.set(id, binding);
    (id as Linked)[BINDING] = binding;
    all.push(binding);
  };

  /** Declare every name of a pattern, with its path from the destructured value. */
  const declarePattern = (scope: Scope, pattern: Node | null | undefined, kind: BindingKind, extra: Partial<Binding>, path: string[] = []) => {
    if (!pattern) return;
    switch (pattern.type) {
      case 'Identifier':
        declare(scope, pattern, kind, { ...extra, path });
        break;
      case 'AssignmentPattern': {
        // A default is a name's own value only when written on the name (`method = 'GET'`); the default of a
        // pattern (`{ method, body } = {}`) is the whole value's, which the names take apart.
        const { fallback: _outer, ...rest } = extra;
        declarePattern(scope, pattern.left, kind, pattern.left.type === 'Identifier' ? { ...rest, fallback: pattern.right } : rest, path);
        break;
      }
      case 'ObjectPattern':
        for (const p of pattern.properties) {
          if (p.type === 'RestElement') declarePattern(scope, p.argument, kind, { ...extra, path: [] }, ['…']);
          else {
            const key = !p.computed && p.key.type === 'Identifier' ? p.key.name : p.key.type === 'StringLiteral' ? p.key.value : '?';
            declarePattern(scope, p.value as Node, kind, extra, [...path, key]);
          }
        }
        break;
      case 'ArrayPattern':
        pattern.elements.forEach((e, i) => declarePattern(scope, e, kind, extra, [...path, String(i)]));
        break;
      case 'RestElement':
        declarePattern(scope, pattern.argument, kind, extra, [...path, '…']);
        break;
      case 'TSParameterProperty':
        declarePattern(scope, pattern.parameter, kind, extra, path);
        break;
    }
  };

  const functionScopeOf = (scope: Scope) => {
    let s = scope;
    while (s.node !== s.fn) s = s.parent!;
    return s;
  };

  /** Names written by an assignment target (destructuring writes values that cannot be told). */
  const patternWrites = (target: Node, scope: Scope, node: Node, operator: string, value: Node | undefined) => {
    switch (target.type) {
      case 'Identifier':
        writes.push({ id: target, scope, write: { node, operator, value } });
        break;
      case 'AssignmentPattern':
        patternWrites(target.left, scope, node, '', undefined);
        break;
      case 'ObjectPattern':
        for (const p of target.properties) patternWrites(p.type === 'RestElement' ? p.argument : (p.value as Node), scope, node, '', undefined);
        break;
      case 'ArrayPattern':
        for (const e of target.elements) if (e) patternWrites(e, scope, node, '', undefined);
        break;
      case 'RestElement':
        patternWrites(target.argument, scope, node, '', undefined);
        break;
      case 'MemberExpression':
        // `url.pathname += '/builds'` appends to the text of a URL object (`new URL(…)`: checked once resolved).
        if (operator === '+=' && !target.computed && target.object.type === 'Identifier' && propertyName(target.property as Node, false) === 'pathname') {
          writes.push({ id: target.object, scope, write: { node, operator, value } });
        }
        break;
    }
  };

  // One pass over the flattened tree (shared with every later walk of it). A node's parent is the last
  // node seen one level up; per level we keep that node and the scopes its children may see.
  const { nodes, depths, keys } = flatTree(program);
  const nodeAt: Node[] = [];
  const innerAt: Scope[] = [];
  const outerAt: Scope[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const depth = depths[i]!;
    const key = keys[i]!;
    const parent = depth > 0 ? nodeAt[depth - 1] : undefined;
    if (parent && TYPE_KEYS.has(key)) {
      i = endOfSubtree(depths, i);
      continue;
    }
    const outer = parent ? childScopeFor(parent, key, innerAt[depth - 1]!, outerAt[depth - 1]!) : root;
    if (parent) (node as Linked)[PARENT] = parent;
    if (TYPE_DECLARATIONS.has(node.type)) {
      i = endOfSubtree(depths, i);
      continue;
    }
    let scope = outer;

    switch (node.type) {
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
      case 'ObjectMethod':
      case 'ClassMethod':
      case 'ClassPrivateMethod': {
        if (node.type === 'FunctionDeclaration' && node.id) declare(outer, node.id, 'function', { init: node });
        scope = { node, parent: outer, fn: node, bindings: new Map() };
        if (node.type === 'FunctionExpression' && node.id) declare(scope, node.id, 'function', { init: node });
        parametersOf(node as Node & { params: Node[] }).forEach((p, index) => declarePattern(scope, p, 'param', { fn: node, index }));
        break;
      }
      case 'StaticBlock':
        scope = { node, parent: outer, fn: node, bindings: new Map() };
        break;
      case 'ClassDeclaration':
      case 'ClassExpression':
        if (node.type === 'ClassDeclaration' && node.id) declare(outer, node.id, 'class', { init: node });
        scope = { node, parent: outer, fn: outer.fn, bindings: new Map() };
        if (node.type === 'ClassExpression' && node.id) declare(scope, node.id, 'class', { init: node });
        break;
      case 'BlockStatement':
        // A function's body shares the function's scope.
        if (parent && FUNCTIONS.has(parent.type) && key === 'body') break;
        if (parent?.type === 'CatchClause' && key === 'body') break;
        scope = { node, parent: outer, fn: outer.fn, bindings: new Map() };
        break;
      case 'ForStatement':
      case 'ForInStatement':
      case 'ForOfStatement':
      case 'SwitchStatement':
      case 'TSModuleBlock':
        scope = { node, parent: outer, fn: outer.fn, bindings: new Map() };
        break;
      case 'CatchClause':
        scope = { node, parent: outer, fn: outer.fn, bindings: new Map() };
        declarePattern(scope, node.param, 'catch', {});
        break;
      case 'VariableDeclaration': {
        const target = node.kind === 'var' ? functionScopeOf(outer) : outer;
        const loop = parent && (parent.type === 'ForOfStatement' || parent.type === 'ForInStatement') && key === 'left';
        for (const d of node.declarations) {
          const kind: BindingKind = loop ? 'loop' : node.kind === 'var' ? 'var' : node.kind === 'let' ? 'let' : 'const';
          declarePattern(target, d.id, kind, loop ? { init: (parent as Node & { right: Node }).right } : d.init ? { init: d.init } : {});
        }
        break;
      }
      case 'ImportDeclaration':
        for (const s of node.specifiers) {
          const imported = s.type === 'ImportDefaultSpecifier' ? 'default' : s.type === 'ImportNamespaceSpecifier' ? '*' : s.imported.type === 'Identifier' ? s.imported.name : s.imported.value;
          declare(root, s.local, 'import', { module: node.source.value, imported });
        }
        break;
      case 'TSEnumDeclaration':
        declare(outer, node.id, 'const', { init: node });
        break;
      case 'AssignmentExpression':
        patternWrites(node.left as Node, outer, node, node.operator, node.right);
        break;
      case 'UpdateExpression':
        if (node.argument.type === 'Identifier') writes.push({ id: node.argument, scope: outer, write: { node, operator: '', value: undefined } });
        break;
      case 'Identifier':
        if (parent && isRead(parent, key)) refs.push({ id: node, scope: outer });
        break;
    }
    // `for (x of list)` with an existing name: a write of an unknown value.
    if ((node.type === 'ForInStatement' || node.type === 'ForOfStatement') && node.left.type !== 'VariableDeclaration') {
      patternWrites(node.left as Node, outer, node, '', undefined);
    }
    if (scope !== outer) scopeOfNode.set(node, scope);
    nodeAt[depth] = node;
    innerAt[depth] = scope;
    outerAt[depth] = outer;
  }

  const resolve = (name: string, scope: Scope | undefined): Binding | undefined => {
    for (let s = scope; s; s = s.parent) {
      const b = s.bindings.get(name);
      if (b) return b;
    }
    return undefined;
  };
  for (const { id, scope } of refs) {
    // A name in a declaration's pattern (`{ a }` of a parameter) is the declaration, not a read.
    if (id.type !== 'Identifier' || declared.has(id)) continue;
    const b = resolve(id.name, scope);
    if (b) {
      b.reads.push(id);
      (id as Linked)[BINDING] = b;
    }
  }
  for (const { id, scope, write } of writes) {
    if (id.type !== 'Identifier') continue;
    const b = resolve(id.name, scope);
    if (b && write.node.type === 'AssignmentExpression' && write.node.left.type === 'MemberExpression' && !(b.init && isNewUrl(b.init))) continue;
    if (b) {
      b.writes.push(write);
      (id as Linked)[BINDING] = b;
    }
  }
  for (const b of all) {
    b.reads.sort((x, y) => x.start! - y.start!);
    b.writes.sort((x, y) => x.node.start! - y.node.start!);
  }

  const functionCache = new Map<Node, Node>();
  return {
    bindingOf: (id) => (id as Linked)[BINDING],
    parentOf: (node) => (node as Linked)[PARENT],
    functionOf(node) {
      const cached = functionCache.get(node);
      if (cached) return cached;
      let n: Node | undefined = (node as Linked)[PARENT];
      while (n && !FUNCTIONS.has(n.type) && n.type !== 'StaticBlock') n = (n as Linked)[PARENT];
      const fn = n ?? program;
      functionCache.set(node, fn);
      return fn;
    },
    all,
    program: root,
  };
}

/** The index of the last node of the subtree that starts at `i` (in a flattened tree). */
function endOfSubtree(depths: readonly number[], i: number): number {
  let j = i + 1;
  while (j < depths.length && depths[j]! > depths[i]!) j++;
  return j - 1;
}

/** The scope a child under `key` sees: keys and a function's name are outside the function's scope. */
function childScopeFor(node: Node, key: string, inner: Scope, outer: Scope): Scope {
  if (inner === outer) return inner;
  if (key === 'key' || key === 'decorators') return outer;
  if (node.type === 'FunctionDeclaration' && key === 'id') return outer;
  if ((node.type === 'ClassDeclaration' || node.type === 'ClassExpression') && key === 'superClass') return outer;
  return inner;
}

/** Whether an identifier under `parent[key]` reads a variable (not a declaration, a key, a label or a property name). */
function isRead(parent: Node, key: string): boolean {
  switch (parent.type) {
    case 'MemberExpression':
    case 'OptionalMemberExpression':
      return key === 'object' || parent.computed === true;
    case 'ObjectProperty':
      return key === 'value' || (parent.computed && key === 'key');
    case 'ObjectMethod':
    case 'ClassMethod':
    case 'ClassPrivateMethod':
    case 'ClassProperty':
    case 'ClassAccessorProperty':
      return key !== 'key' || ('computed' in parent && parent.computed === true);
    case 'VariableDeclarator':
      return key === 'init';
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return key === 'body';
    case 'ClassDeclaration':
    case 'ClassExpression':
      return key === 'superClass';
    case 'AssignmentExpression':
      // `x += 1` reads x too; a plain `x = v` does not.
      return key === 'right' || parent.operator !== '=';
    case 'AssignmentPattern':
      return key === 'right';
    case 'CatchClause':
    case 'ImportSpecifier':
    case 'ImportDefaultSpecifier':
    case 'ImportNamespaceSpecifier':
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
    case 'MetaProperty':
    case 'ObjectPattern':
    case 'ArrayPattern':
    case 'RestElement':
    case 'TSEnumMember':
    case 'TSEnumDeclaration':
    case 'TSParameterProperty':
    case 'TSModuleDeclaration':
    case 'TSQualifiedName':
    case 'TSTypeReference':
      return false;
    case 'ExportSpecifier':
      return key === 'local';
    case 'ForInStatement':
    case 'ForOfStatement':
      return key === 'right';
    default:
      return true;
  }
}
