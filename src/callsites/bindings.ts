// What a file says about its names: single-assignment bindings, `this.x` properties, imports, client
// instances. Scope-insensitive by design (cheap); a name declared twice is never resolved.
import type { Node } from '@babel/types';
import { propertyName, unwrap, walk } from '../parse/walk.js';

export interface Binding {
  init: Node;
  /** The declaration's identifier, so a caller can tell a use from the declaration itself. */
  id: Node;
}

export interface FileBindings {
  /** A name's value when it is declared once with an initializer and never reassigned. */
  value(name: string): Binding | undefined;
  /** A `this.name` property's value when it is assigned exactly once in the file. */
  thisValue(name: string): Binding | undefined;
  /** A counter's first value: the number a name declared once starts at, even if it changes later. */
  initialNumber(name: string): { value: number; start: number; end: number } | undefined;
  /** How many times a name is read (not declared, not a property key). */
  references(name: string): number;
  /** The module a name was imported from (`import x from 'axios'`, `const x = require('axios')`). */
  importSource(name: string): string | undefined;
  /** Modules the file imports. */
  readonly imports: ReadonlySet<string>;
}

export function collectBindings(ast: Node): FileBindings {
  const declared = new Map<string, { init: Node | null; id: Node; count: number }>();
  const assigned = new Map<string, number>();
  const refs = new Map<string, number>();
  const thisProps = new Map<string, { init: Node; id: Node; count: number }>();
  const importSources = new Map<string, string>();
  const imports = new Set<string>();

  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const declare = (id: Node, init: Node | null) => {
    if (id.type !== 'Identifier') return;
    const previous = declared.get(id.name);
    declared.set(id.name, { init, id, count: (previous?.count ?? 0) + 1 });
  };
  const setThisProp = (name: string, id: Node, init: Node) => {
    const previous = thisProps.get(name);
    thisProps.set(name, { init, id, count: (previous?.count ?? 0) + 1 });
  };

  walk(ast, (node, ancestors) => {
    const parent = ancestors[ancestors.length - 1];
    switch (node.type) {
      case 'VariableDeclarator': {
        declare(node.id, node.init ?? null);
        const init = node.init && unwrap(node.init);
        const source = init && requireSource(init);
        if (source) {
          imports.add(source);
          if (node.id.type === 'Identifier') importSources.set(node.id.name, source);
          if (node.id.type === 'ObjectPattern') {
            for (const prop of node.id.properties) {
              if (prop.type === 'ObjectProperty' && prop.value.type === 'Identifier') importSources.set(prop.value.name, source);
            }
          }
        }
        break;
      }
      case 'ImportDeclaration':
        imports.add(node.source.value);
        for (const spec of node.specifiers) importSources.set(spec.local.name, node.source.value);
        break;
      case 'FunctionDeclaration':
      case 'ClassDeclaration':
        if (node.id) declare(node.id, null);
        break;
      case 'AssignmentExpression':
        if (node.left.type === 'Identifier') bump(assigned, node.left.name);
        else if (isThisMember(node.left)) {
          const name = propertyName(node.left.property, node.left.computed);
          if (name) setThisProp(name, node.left, node.right);
        }
        break;
      case 'UpdateExpression':
        if (node.argument.type === 'Identifier') bump(assigned, node.argument.name);
        break;
      case 'ClassProperty':
      case 'ClassPrivateProperty': {
        const name = node.key.type === 'PrivateName' ? undefined : propertyName(node.key, 'computed' in node ? node.computed : false);
        if (name && node.value) setThisProp(name, node.key, node.value);
        break;
      }
      case 'Identifier':
        if (parent && isReference(node, parent)) bump(refs, node.name);
        break;
      case 'CallExpression': {
        const source = requireSource(node);
        if (source) imports.add(source);
        break;
      }
    }
  });

  return {
    value(name) {
      const d = declared.get(name);
      if (!d || d.count !== 1 || !d.init || (assigned.get(name) ?? 0) > 0) return undefined;
      return { init: d.init, id: d.id };
    },
    thisValue(name) {
      const p = thisProps.get(name);
      return p && p.count === 1 ? { init: p.init, id: p.id } : undefined;
    },
    initialNumber(name) {
      const d = declared.get(name);
      const init = d && d.count === 1 && d.init ? unwrap(d.init) : undefined;
      return init?.type === 'NumericLiteral' ? { value: init.value, start: init.start!, end: init.end! } : undefined;
    },
    references: (name) => refs.get(name) ?? 0,
    importSource: (name) => importSources.get(name),
    imports,
  };
}

function isThisMember(node: Node): node is Node & { type: 'MemberExpression' } {
  return node.type === 'MemberExpression' && node.object.type === 'ThisExpression';
}

/** `require('x')` (or `require('x').default`) → 'x'. */
function requireSource(node: Node): string | undefined {
  let current = node;
  if (current.type === 'MemberExpression') current = current.object;
  if (
    current.type === 'CallExpression' &&
    current.callee.type === 'Identifier' &&
    current.callee.name === 'require' &&
    current.arguments[0]?.type === 'StringLiteral'
  ) {
    return current.arguments[0].value;
  }
  return undefined;
}

/** Whether an identifier is read as a variable (not a declaration, key, or member property). */
function isReference(node: Node & { type: 'Identifier' }, parent: Node): boolean {
  switch (parent.type) {
    case 'VariableDeclarator':
      return parent.init === node;
    case 'MemberExpression':
    case 'OptionalMemberExpression':
      return parent.object === node || parent.computed;
    case 'ObjectProperty':
      return parent.value === node || (parent.computed && parent.key === node);
    case 'ObjectMethod':
    case 'ClassMethod':
    case 'ClassProperty':
      return parent.computed && parent.key === node;
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return parent.body === node;
    case 'ClassDeclaration':
    case 'ClassExpression':
    case 'ImportSpecifier':
    case 'ImportDefaultSpecifier':
    case 'ImportNamespaceSpecifier':
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
    case 'CatchClause':
    case 'TSTypeReference':
    case 'TSQualifiedName':
    case 'TSPropertySignature':
    case 'TSInterfaceDeclaration':
    case 'TSTypeAliasDeclaration':
    case 'TSEnumMember':
    case 'TSEnumDeclaration':
      return false;
    default:
      return true;
  }
}
