// A small AST walker with an ancestor stack: all the traversal the recogniser needs, no dependency.
import type { Node } from '@babel/types';

const SKIP = new Set(['loc', 'start', 'end', 'extra', 'leadingComments', 'trailingComments', 'innerComments', 'range', 'errors', 'tokens', 'comments']);

/** Visit every node depth-first; `ancestors` is the path from the root to the node's parent. */
export function walk(root: Node, visit: (node: Node, ancestors: readonly Node[]) => void): void {
  const ancestors: Node[] = [];
  // Iterative to survive very deep nesting (minified bundles, generated code) without stack overflow.
  const stack: { node: Node; depth: number }[] = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    ancestors.length = depth;
    visit(node, ancestors);
    ancestors.push(node);
    const children: Node[] = [];
    for (const key in node) {
      if (SKIP.has(key)) continue;
      const value = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) children.push(item);
      } else if (isNode(value)) {
        children.push(value);
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, depth: depth + 1 });
  }
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Strip parentheses-free wrappers that do not change a value: `x as T`, `x!`, `<T>x`, `(x satisfies T)`. */
export function unwrap(node: Node): Node {
  let current = node;
  for (;;) {
    switch (current.type) {
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'ParenthesizedExpression':
        current = current.expression;
        continue;
      default:
        return current;
    }
  }
}

/** The name of a non-computed (or string-literal computed) member property or object key. */
export function propertyName(node: Node, computed: boolean): string | undefined {
  if (!computed && node.type === 'Identifier') return node.name;
  if (node.type === 'StringLiteral') return node.value;
  if (node.type === 'PrivateName') return undefined;
  if (computed && node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]!.value.cooked ?? undefined;
  return undefined;
}
