// What a capture group of a regular expression holds, read where the match is used: a chat bot's command
// handler (Hubot's `robot.respond(/… (\S+\/\S+)/, (msg) => … msg.match[1] …)`, Telegraf's `ctx.match`,
// node-telegram-bot-api's `bot.onText(/…/, (msg, match) => … match[1] …)`), or a match kept in a name
// (`const m = /…/.exec(text)`, `const [, project] = text.match(/…/)`). A group that cannot match without a `/`
// holds a `group/name` project path, which v4 wants URL-encoded where it is the project's id.
import type { Node } from '@babel/types';
import { propertyName, unwrap } from '../parse/walk.js';
import { heldValue, type Binding, type ScopeInfo } from './scope.js';

/** The members a command handler's first parameter holds its match in (Hubot's `msg.match`, Slack Bolt's `context.matches`). */
const MATCH_MEMBERS = new Set(['match', 'matches']);

/** Whether an expression reads a capture group that holds a `/`-joined path (`msg.match[1]` of `/deploy (\S+\/\S+)/`). */
export function capturesPath(node: Node, scopes: ScopeInfo): boolean {
  const n = unwrap(node);
  // m[1], msg.match[1]
  if (n.type === 'MemberExpression' && n.computed && n.property.type === 'NumericLiteral') {
    const pattern = matchOf(n.object as Node, scopes, 0);
    return pattern !== undefined && groupNeedsSlash(pattern, n.property.value);
  }
  // const [, project] = msg.match
  if (n.type === 'Identifier') {
    const b = scopes.bindingOf(n);
    if (!b?.init || b.writes.length > 0 || b.path.length !== 1 || !/^\d+$/.test(b.path[0]!)) return false;
    const pattern = matchOf(b.init, scopes, 0);
    return pattern !== undefined && groupNeedsSlash(pattern, Number(b.path[0]));
  }
  return false;
}

/** The source of the pattern whose match an expression is, if it is one. */
function matchOf(expr: Node, scopes: ScopeInfo, depth: number): string | undefined {
  const n = unwrap(expr);
  if (depth > 3) return undefined;
  // `/re/.exec(text) || []`: the match when there is one.
  if (n.type === 'LogicalExpression' && (n.operator === '||' || n.operator === '??')) return matchOf(n.left, scopes, depth + 1);
  if (n.type === 'CallExpression' && (n.callee.type === 'MemberExpression' || n.callee.type === 'OptionalMemberExpression')) {
    const name = propertyName(n.callee.property as Node, n.callee.computed);
    // /re/.exec(text), text.match(/re/)
    if (name === 'exec') return patternOf(n.callee.object as Node, scopes);
    if (name === 'match' && n.arguments[0]) return patternOf(n.arguments[0] as Node, scopes);
    return undefined;
  }
  if (n.type === 'Identifier') {
    const b = scopes.bindingOf(n);
    if (!b) return undefined;
    // bot.onText(/re/, (msg, match) => …): the handler's second parameter is the match.
    if (b.kind === 'param') return b.index === 1 && b.path.length === 0 ? commandPattern(b, scopes) : undefined;
    const value = heldValue(b);
    return value ? matchOf(value, scopes, depth + 1) : undefined;
  }
  // robot.respond(/re/, (msg) => …): the match is a member of the handler's first parameter.
  if (n.type === 'MemberExpression' && !n.computed && MATCH_MEMBERS.has(propertyName(n.property as Node, false) ?? '')) {
    const object = unwrap(n.object as Node);
    const b = object.type === 'Identifier' ? scopes.bindingOf(object) : undefined;
    return b?.kind === 'param' && b.index === 0 && b.path.length === 0 ? commandPattern(b, scopes) : undefined;
  }
  return undefined;
}

/** The pattern a command handler answers: a regular expression literal handed to the same call before the handler. */
function commandPattern(param: Binding, scopes: ScopeInfo): string | undefined {
  const handler = param.fn;
  const call = handler && scopes.parentOf(handler);
  if (call?.type !== 'CallExpression') return undefined;
  const at = (call.arguments as Node[]).indexOf(handler!);
  for (let i = at - 1; i >= 0; i--) {
    const arg = unwrap(call.arguments[i] as Node);
    if (arg.type === 'RegExpLiteral') return arg.pattern;
  }
  return undefined;
}

/** A regular expression literal, or a name that holds one. */
function patternOf(expr: Node, scopes: ScopeInfo): string | undefined {
  let n = unwrap(expr);
  if (n.type === 'Identifier') {
    const b = scopes.bindingOf(n);
    const value = b && heldValue(b);
    if (!value) return undefined;
    n = unwrap(value);
  }
  return n.type === 'RegExpLiteral' ? n.pattern : undefined;
}

/**
 * Whether capture group `group` of a pattern can only match text with a `/`: its own body has a slash outside
 * character classes and outside groups of its own (which may be optional).
 */
export function groupNeedsSlash(pattern: string, group: number): boolean {
  const body = groupBody(pattern, group);
  if (body === undefined) return false;
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      if (body[i + 1] === '/' && depth === 0) return true;
      i++;
    } else if (c === '[') {
      i = classEnd(body, i);
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '/' && depth === 0) return true;
    // An alternative without the slash may match instead.
    else if (c === '|' && depth === 0) return false;
  }
  return false;
}

/** The text inside capture group `group` (counted from 1 as `match[n]` counts), undefined when there is none. */
function groupBody(pattern: string, group: number): string | undefined {
  let count = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') i++;
    else if (c === '[') i = classEnd(pattern, i);
    else if (c === '(' && (pattern[i + 1] !== '?' || (pattern[i + 2] === '<' && pattern[i + 3] !== '=' && pattern[i + 3] !== '!'))) {
      if (++count !== group) continue;
      const start = pattern[i + 1] === '?' ? pattern.indexOf('>', i) + 1 : i + 1;
      const end = groupEnd(pattern, i);
      return end === undefined ? undefined : pattern.slice(start, end);
    }
  }
  return undefined;
}

/** The index of the `)` closing the group opened at `open`. */
function groupEnd(pattern: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') i++;
    else if (c === '[') i = classEnd(pattern, i);
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return undefined;
}

/** The index of the `]` closing the character class opened at `open`. */
function classEnd(pattern: string, open: number): number {
  for (let i = open + 1; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === ']') return i;
  }
  return pattern.length;
}
