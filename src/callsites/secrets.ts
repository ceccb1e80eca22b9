// Tokens written into source: the literal values of `PRIVATE-TOKEN` headers, `private_token` parameters
// and client `token` options, and any literal holding a token in the service's own format. Findings about
// them never print the value (formatters mask the span).
import type { Node } from '@babel/types';
import { propertyName, unwrap } from '../parse/walk.js';

/** Where a token literal is written (the literal's span, quotes included). */
export interface SecretSite {
  start: number;
  end: number;
}

const TOKEN_KEY = /^private[-_]?token$/i;
const LOOSE_KEY = /^(token|access_?token|api_?token|private_?token|auth_?token)$/i;
const TOKEN_LIKE = /^(glpat-[\w-]{10,}|[A-Za-z0-9_-]{20,})$/;
// A personal access token of the service: its `glpat-` prefix and 20 characters.
const SERVICE_TOKEN = /\bglpat-[A-Za-z0-9_-]{20,}/;
const PLACEHOLDER = /^(x+|your[-_ ]?token|<[^>]*>|\$\{[^}]*\}|changeme|token|secret)$/i;

function literalValue(node: Node | null | undefined): string | undefined {
  const n = node && unwrap(node);
  if (n?.type === 'StringLiteral') return n.value;
  if (n?.type === 'TemplateLiteral' && n.expressions.length === 0) return n.quasis[0]!.value.cooked ?? undefined;
  return undefined;
}

/** A secret at this node, if it is one: visited for every node of a parsed file. */
export function secretAt(node: Node): SecretSite | undefined {
  if (node.type === 'ObjectProperty') {
    const key = propertyName(node.key, node.computed);
    const value = literalValue(node.value as Node);
    if (!key || value === undefined || PLACEHOLDER.test(value.trim())) return undefined;
    const strict = TOKEN_KEY.test(key) && value.length >= 8 && !/\s/.test(value);
    if (strict || (LOOSE_KEY.test(key) && TOKEN_LIKE.test(value))) return span(node.value as Node);
    return undefined;
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

function span(node: Node): SecretSite {
  return { start: node.start!, end: node.end! };
}
