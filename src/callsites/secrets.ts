// Tokens written into source: the literal values of `PRIVATE-TOKEN` headers, `private_token` parameters
// and client `token` options, and any literal holding a token in the service's own format. Findings about
// them never print the value: every output hides it (report/redact.ts).
import type { Node } from '@babel/types';
import { propertyName, unwrap } from '../parse/walk.js';
import type { Piece } from './types.js';

/** Where a token literal is written (the literal's span, quotes included). */
export interface SecretSite {
  start: number;
  end: number;
  /**
   * Known by its name alone (`const READ_TOKEN = '…'`): any product's token looks like that, so it is
   * the service's only in a package that speaks to the service.
   */
  byName?: true;
}

const TOKEN_KEY = /^private[-_]?token$/i;
const LOOSE_KEY = /^(token|access_?token|api_?token|private_?token|auth_?token)$/i;
const TOKEN_LIKE = /^(glpat-[\w-]{10,}|[A-Za-z0-9_-]{20,})$/;
// A personal access token of the service: its `glpat-` prefix and 20 characters.
const SERVICE_TOKEN = /\bglpat-[A-Za-z0-9_-]{20,}/;
// A name that says it holds a token: `gitlabToken`, `READ_TOKEN`, `accessToken`.
const NAMED_TOKEN = /token$/i;
const SERVICE_NAME = /gitlab/i;
// A random-looking value: letters and digits mixed, no words between separators.
const RANDOM = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9]{20,}$/;
const PLACEHOLDER = /^(x+|your[-_ ]?token|<[^>]*>|\$\{[^}]*\}|changeme|token|secret)$/i;

/** The literal a value is, or falls back to (`process.env.TOKEN || '…'`, `?? '…'`). */
function literalNode(node: Node | null | undefined): Node | undefined {
  const n = node && unwrap(node);
  if (n?.type === 'LogicalExpression' && n.operator !== '&&') return literalNode(n.right as Node);
  return n ?? undefined;
}

function literalValue(node: Node | null | undefined): string | undefined {
  const n = node && unwrap(node);
  if (n?.type === 'StringLiteral') return n.value;
  if (n?.type === 'TemplateLiteral' && n.expressions.length === 0) return n.quasis[0]!.value.cooked ?? undefined;
  return undefined;
}

/** A secret at this node, if it is one: visited for every node of a parsed file. */
export function secretAt(node: Node): SecretSite | undefined {
  if (node.type === 'ObjectProperty') return namedSecret(propertyName(node.key, node.computed), node.value as Node);
  if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier') return namedSecret(node.id.name, node.init);
  if (node.type === 'AssignmentExpression' && node.operator === '=') {
    const left = node.left;
    const name = left.type === 'Identifier' ? left.name : left.type === 'MemberExpression' ? propertyName(left.property, left.computed) : undefined;
    return namedSecret(name, node.right);
  }
  // .set('PRIVATE-TOKEN', '…'), xhr.setRequestHeader('PRIVATE-TOKEN', '…')
  if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && node.arguments.length === 2) {
    const method = propertyName(node.callee.property, node.callee.computed);
    const name = literalValue(node.arguments[0] as Node);
    const value = literalValue(node.arguments[1] as Node);
    if ((method === 'set' || method === 'setRequestHeader' || method === 'header') && name && TOKEN_KEY.test(name) && value && !PLACEHOLDER.test(value)) {
      return span(node.arguments[1] as Node);
    }
    return undefined;
  }
  // A query string with the token in it ('…?private_token=abc123…'), or a token in the service's own
  // format (`glpat-…`) wherever it is written: a constant, a default, a test.
  if (node.type === 'StringLiteral' || node.type === 'TemplateElement') {
    const text = node.type === 'StringLiteral' ? node.value : node.value.raw;
    if (/private_token=[A-Za-z0-9_-]{8,}/.test(text) || SERVICE_TOKEN.test(text)) return span(node);
  }
  return undefined;
}

/** A literal (or a literal default) held by a name: `private_token`, `token`, or any name ending in token. */
function namedSecret(name: string | undefined, value: Node | null | undefined): SecretSite | undefined {
  const literal = literalNode(value);
  const text = literalValue(literal);
  if (!name || !literal || text === undefined || PLACEHOLDER.test(text.trim())) return undefined;
  if (TOKEN_KEY.test(name) && text.length >= 8 && !/\s/.test(text)) return span(literal);
  if (LOOSE_KEY.test(name) && TOKEN_LIKE.test(text)) return span(literal);
  // A name that says the service (`gitlabToken`) says whose token it is; any other name needs the package to.
  if (NAMED_TOKEN.test(name) && RANDOM.test(text)) return SERVICE_NAME.test(name) ? span(literal) : { ...span(literal), byName: true };
  return undefined;
}

/**
 * The literals a URL's `private_token` parameter takes its value from, whatever name holds them (`var GL_KEY =
 * '…'`, then `'?private_token=' + GL_KEY`): a token written into the code. `pieces` are the URL's, with the
 * literal each text comes from.
 */
export function tokensSent(pieces: readonly Piece[]): SecretSite[] {
  const out: SecretSite[] = [];
  let before = '';
  for (const p of pieces) {
    const text = p.kind === 'text' ? p.text : '\ue000';
    // The whole of a literal, right after `private_token=`: that literal is the token.
    if (p.kind === 'text' && p.literal && p.text === p.literal.value && /[?&]private[-_]?token=$/i.test(before)) {
      const value = p.literal.value;
      if (value.length >= 8 && !/\s/.test(value) && !PLACEHOLDER.test(value) && p.literal.node.type === 'StringLiteral') out.push(span(p.literal.node));
    }
    before += text;
  }
  return out;
}

function span(node: Node): SecretSite {
  return { start: node.start!, end: node.end! };
}
