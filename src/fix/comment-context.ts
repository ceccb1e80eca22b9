// Where a comment line may go above a line of code (todo markers, disable comments): not inside a string,
// template or block comment that spans the line (a comment line there would change it), and written as
// `{/* … */}` between JSX children, where `//` would be rendered as text.
import type { File, Node } from '@babel/types';
import { walk } from '../parse/walk.js';

/** What surrounds a line start: a token spanning lines, JSX children, or plain code. */
export class CommentContext {
  /** Strings, templates and block comments: a comment line inside them would change them. */
  private readonly tokens: [number, number][] = [];
  /** JSX children, where `//` is text. */
  private readonly children: [number, number][] = [];
  /** JSX tags and `{…}` containers, where code comments are comments again. */
  private readonly code: [number, number][] = [];

  constructor(ast: File) {
    for (const c of ast.comments ?? []) if (c.type === 'CommentBlock') this.tokens.push([c.start!, c.end!]);
    walk(ast.program, (node: Node) => {
      switch (node.type) {
        case 'StringLiteral':
        case 'DirectiveLiteral':
        case 'TemplateLiteral':
          this.tokens.push([node.start!, node.end!]);
          break;
        case 'JSXElement':
          if (node.closingElement) this.children.push([node.openingElement.end!, node.closingElement.start!]);
          break;
        case 'JSXFragment':
          this.children.push([node.openingFragment.end!, node.closingFragment.start!]);
          break;
        case 'JSXOpeningElement':
        case 'JSXClosingElement':
        case 'JSXExpressionContainer':
        case 'JSXSpreadChild':
          this.code.push([node.start!, node.end!]);
          break;
      }
    });
  }

  /** The outermost string, template or block comment that `offset` is strictly inside: its start and end. */
  tokenAround(offset: number): readonly [number, number] | undefined {
    let outer: [number, number] | undefined;
    for (const token of this.tokens) if (token[0] < offset && offset < token[1] && (outer === undefined || token[0] < outer[0])) outer = token;
    return outer;
  }

  /** Whether `offset` lies between JSX children (rather than in code or a tag). */
  jsxAt(offset: number): boolean {
    const innermost = (ranges: [number, number][], strict: boolean) =>
      ranges.filter(([s, e]) => (strict ? s < offset && offset < e : s <= offset && offset <= e)).reduce((best, [s]) => Math.max(best, s), -1);
    const children = innermost(this.children, false);
    return children >= 0 && children > innermost(this.code, true);
  }
}
