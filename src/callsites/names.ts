// Names as evidence: which product a name says (an identifier, an object key, a module, a short string), and
// the nearest such name around a URL as a reader sees it: `const GITLAB_API = …`, `gitlab: { url }`,
// `new GitHubStrategy({ userProfileURL })`, `passport.use('gitlab', …)`, `class GitLabClient`,
// `this.name = 'gitlab'`. The knowledge of names is the table below; the walk knows only where names sit.
import type { Node } from '@babel/types';
import { propertyName, requiredModule, unwrap } from '../parse/walk.js';
import type { RecogniseContext } from './recognise.js';
import type { Binding } from './scope.js';
import { isFunction } from './scope.js';

/** A product whose API a name can say: the service, or another product with look-alike URLs. */
export interface ProductRow {
  /** How explanations name it. */
  product: string;
  /** This service. */
  service?: true;
  /** A word that says it in identifiers, keys, module names and short strings (`gitlabHost`, `GHE_URL`, `'github'`). */
  word: RegExp;
  /**
   * Modules (SDKs, wrappers, OAuth strategies) whose names do not say it: an exact name, or a scope (`@gitbeaker/`).
   * A module whose name has the word (`passport-gitlab2`, `node-gitlab`, `passport-github2`) needs no row here.
   */
  modules?: readonly string[];
}

export const PRODUCTS: readonly ProductRow[] = [
  { product: 'the service', service: true, word: /gitlab/i, modules: ['gl-got', 'gitbeaker', '@gitbeaker/'] },
  { product: 'GitHub', word: /github|(^|[^a-z])ghe([^a-z]|$)/i, modules: ['@octokit/', 'octonode', 'octokat', 'gh-got'] },
  { product: 'OpenProject', word: /openproject/i },
  { product: 'Shortcut', word: /shortcut|clubhouse/i, modules: ['@useshortcut/', '@shortcut/'] },
  { product: 'Airbrake', word: /airbrake|errbit/i },
  { product: 'Read the Docs', word: /readthedocs/i },
  { product: 'Bitbucket', word: /bitbucket/i },
  { product: 'Gitea', word: /gitea/i },
  { product: 'Jira', word: /jira/i },
  { product: 'Gogs', word: /gogs/i },
  { product: 'Harbor', word: /harbor/i },
  // Sonarr and the other *arr media servers answer under `/api/v3` too.
  { product: 'SonarQube', word: /sonar(?!r)/i },
  { product: 'Sonarr', word: /sonarr|radarr|lidarr|readarr|prowlarr|overseerr/i },
  { product: 'Redmine', word: /redmine/i },
  { product: 'Taiga', word: /taiga/i },
  { product: 'TeamCity', word: /teamcity/i },
  { product: 'YouTrack', word: /youtrack/i },
  { product: 'Sentry', word: /sentry/i },
  { product: 'Mattermost', word: /mattermost/i },
  { product: 'CircleCI', word: /circle-?ci/i },
  { product: 'Travis CI', word: /travis/i },
  { product: 'Drone', word: /drone/i },
  { product: 'Jenkins', word: /jenkins/i },
  { product: 'Rollbar', word: /rollbar/i },
  { product: 'Bugsnag', word: /bugsnag/i },
  { product: 'Pivotal Tracker', word: /pivotal-?tracker/i },
  { product: 'Trello', word: /trello/i },
  { product: 'Asana', word: /asana/i },
  { product: 'Basecamp', word: /basecamp/i },
  { product: 'TestRail', word: /testrail/i },
];

export const SERVICE_PRODUCT: ProductRow = PRODUCTS.find((p) => p.service)!;

// Any product's word: most names say none, and one test tells so (names are looked at around every call).
const ANY_PRODUCT = new RegExp(PRODUCTS.map((p) => `(?:${p.word.source})`).join('|'), 'i');
const NONE: readonly ProductRow[] = Object.freeze([]);

/** The products an identifier or a key names (`config.gitlabHost` → the service). */
export function productsOfName(name: string): readonly ProductRow[] {
  return ANY_PRODUCT.test(name) ? PRODUCTS.filter((p) => p.word.test(name)) : NONE;
}

/** The product a module is of: by the table's modules, else by a word of its name; undefined for a module of none or several. */
export function productOfModule(module: string): ProductRow | undefined {
  const listed = PRODUCTS.find((p) => p.modules?.some((m) => (m.endsWith('/') ? module.startsWith(m) : module === m || module.startsWith(`${m}/`))));
  if (listed) return listed;
  const named = productsOfName(module);
  return named.length === 1 ? named[0] : undefined;
}

/** A module of the service (its SDKs and wrappers, OAuth strategies, the package's own `./gitlab`), even one that names another product too. */
export function isServiceModule(module: string): boolean {
  return productOfModule(module)?.service === true || SERVICE_PRODUCT.word.test(module);
}

/** The nearest name around a URL that says a product, and what it is. */
export interface Named {
  service: boolean;
  product: string;
  /** The name as written, for explanations (`class GitLabStrategy`, `gitlab:`, `'gitlab'`, `passport-github2`). */
  name: string;
}

// A string that is a name (`'gitlab'`, `'GitHub'`, `'gitlab-ce'`) or a path of names (`'/auth/gitlab/callback'`),
// not prose: one token, short.
const NAME_STRING = /^[\w./:@-]{1,80}$/;
// Members whose string value names what an object or strategy is (passport's `this.name = 'gitlab'`), and how
// such a name is written: lower case, as passport's and bell's are (`'GitHubError'` names an error class).
const NAMING_MEMBERS = ['name', 'provider'];
const MEMBER_NAME = /^[a-z0-9._-]+$/;

/** One name seen on the way out from a URL: its text and the products it says. */
interface Seen {
  name: string;
  products: readonly ProductRow[];
}

/**
 * The nearest name around one of the anchors that says exactly one product (a place that says two says
 * nothing). Anchors are looked at in order (the call as written, then where its version is written); each is
 * walked out to its program: the key, name or member it is held under, the strings beside it, the call or
 * `new` it is handed to (its callee, the callee's module, its other string arguments), the `case` or
 * `=== 'name'` branch it is in, the functions and classes around it (their names, their superclass and its
 * module), and the names the object or class it is a method of gives itself (`this.name = 'gitlab'`).
 */
export function namedAround(anchors: readonly (Node | undefined)[], ctx: RecogniseContext): Named | undefined {
  for (const anchor of anchors) {
    if (!anchor) continue;
    const found = nearestName(anchor, ctx);
    if (found) return found;
  }
  return undefined;
}

function nearestName(anchor: Node, ctx: RecogniseContext): Named | undefined {
  const cache = (ctx.namedAt ??= new Map());
  if (cache.has(anchor)) return cache.get(anchor) ?? undefined;
  const owner = ctx.flow.ownerOf(anchor);
  let found: Named | undefined;
  let child = anchor;
  for (let parent = ctx.scopes.parentOf(child); parent && !found; child = parent, parent = ctx.scopes.parentOf(child)) {
    found = decided(namesAt(parent, child, ctx));
    if (!found && parent === owner) found = ownNamed(anchor, owner, ctx);
  }
  // Constructor functions and prototype methods: `this` is the module's.
  if (!found && owner === ctx.scopes.program.node && insideFunction(anchor, ctx)) found = ownNamed(anchor, owner, ctx);
  cache.set(anchor, found ?? null);
  return found;
}

/** What the names of one place say: one product, or nothing (none, or several that disagree). */
function decided(seen: readonly Seen[]): Named | undefined {
  // Looked at on every step out from every call: no arrays made for the common answer, nothing.
  let product: ProductRow | undefined;
  let name = '';
  for (const s of seen) {
    for (const p of s.products) {
      if (!product) {
        product = p;
        name = s.name;
      } else if (p !== product) return undefined;
    }
  }
  return product && { service: product.service === true, product: product.product, name };
}

/** The names a parent shows about its child: only those that describe the child (a call's callee, not its own arguments). */
function namesAt(parent: Node, child: Node, ctx: RecogniseContext): Seen[] {
  switch (parent.type) {
    case 'ObjectProperty':
    case 'ClassProperty':
      return parent.value === child ? keyName(parent) : [];
    case 'ObjectExpression':
      return parent.properties.flatMap((p) => (p !== child && p.type === 'ObjectProperty' ? nameString(p.value as Node, (v) => `${propertyName(p.key as Node, p.computed) ?? '…'}: '${v}'`) : []));
    case 'VariableDeclarator':
      return parent.init === child && parent.id.type === 'Identifier' ? [named(parent.id.name)] : [];
    case 'AssignmentPattern':
      return parent.right === child && parent.left.type === 'Identifier' ? [named(parent.left.name)] : [];
    case 'AssignmentExpression': {
      const left = parent.right === child ? nameText(parent.left as Node) : undefined;
      return left ? [named(left)] : [];
    }
    case 'CallExpression':
    case 'NewExpression': {
      if (!(parent.arguments as Node[]).includes(child)) return [];
      const callee = unwrap(parent.callee as Node);
      const text = nameText(callee);
      const module = moduleOf(callee, ctx);
      return [
        ...(text ? [named(parent.type === 'NewExpression' ? `new ${text}` : text)] : []),
        ...(module ? [moduleNamed(module)] : []),
        ...(parent.arguments as Node[]).flatMap((a) => (a !== child ? nameString(a, (v) => `'${v}'`) : [])),
      ];
    }
    case 'SwitchCase':
      return parent.test && parent.consequent.includes(child as never) ? nameString(parent.test, (v) => `case '${v}'`) : [];
    case 'IfStatement':
    case 'ConditionalExpression':
      return parent.consequent === child ? comparedName(parent.test) : [];
    case 'FunctionDeclaration':
    case 'FunctionExpression':
      return parent.id ? [named(`function ${parent.id.name}`, parent.id.name)] : [];
    case 'ClassMethod':
    case 'ObjectMethod': {
      const key = propertyName(parent.key as Node, parent.computed);
      return key && key !== 'constructor' ? [named(key)] : [];
    }
    case 'ClassDeclaration':
    case 'ClassExpression': {
      const out: Seen[] = parent.id ? [named(`class ${parent.id.name}`, parent.id.name)] : [];
      const superClass = parent.superClass ? unwrap(parent.superClass as Node) : undefined;
      const text = superClass && nameText(superClass);
      if (text) out.push(named(`extends ${text}`, text));
      const module = superClass && moduleOf(superClass, ctx);
      if (module) out.push(moduleNamed(module));
      return out;
    }
    default:
      return [];
  }
}

/** What the names the owner of `this` at `at` gives itself say: the same for every node it owns, so worked out once per owner. */
function ownNamed(at: Node, owner: Node, ctx: RecogniseContext): Named | undefined {
  const cache = (ctx.ownNamed ??= new Map());
  if (!cache.has(owner)) cache.set(owner, decided(ownNames(at, ctx)) ?? null);
  return cache.get(owner) ?? undefined;
}

/** The names the owner of `this` at a node gives itself (`this.name = 'gitlab'`, a class's `provider = 'gitlab'`). */
function ownNames(at: Node, ctx: RecogniseContext): Seen[] {
  return NAMING_MEMBERS.flatMap((member) =>
    ctx.flow.thisValues(at, member).flatMap((s) => (s.kind === 'value' && s.path.length === 0 ? nameString(s.node, (v) => `this.${member} = '${v}'`, MEMBER_NAME) : [])),
  );
}

function insideFunction(node: Node, ctx: RecogniseContext): boolean {
  for (let n = ctx.scopes.parentOf(node); n; n = ctx.scopes.parentOf(n)) if (isFunction(n)) return true;
  return false;
}

function named(name: string, words = name): Seen {
  return { name, products: productsOfName(words) };
}

function moduleNamed(module: string): Seen {
  const product = productOfModule(module);
  return { name: module, products: product ? [product] : [] };
}

function keyName(property: Node & { key: unknown; computed: boolean }): Seen[] {
  const key = propertyName(property.key as Node, property.computed);
  return key ? [named(`${key}:`, key)] : [];
}

/** A string literal that is a name (`shape` says which), as a name seen (`label` says how explanations show it). */
function nameString(node: Node, label: (value: string) => string, shape = NAME_STRING): Seen[] {
  const n = unwrap(node);
  const value = n.type === 'StringLiteral' ? n.value : n.type === 'TemplateLiteral' && n.expressions.length === 0 ? (n.quasis[0]!.value.cooked ?? '') : undefined;
  return value !== undefined && shape.test(value) ? [named(label(value), value)] : [];
}

/** `provider === 'gitlab'` (either way round, `==` too): the branch taken when it holds is that product's. */
function comparedName(test: Node): Seen[] {
  const t = unwrap(test);
  if (t.type !== 'BinaryExpression' || (t.operator !== '===' && t.operator !== '==')) return [];
  return [...nameString(t.left as Node, (v) => `=== '${v}'`), ...nameString(t.right, (v) => `=== '${v}'`)];
}

/** `a.b.c`, `this.x`, `f().y` as written, for names; undefined for anything else. */
function nameText(node: Node): string | undefined {
  const n = unwrap(node);
  if (n.type === 'Identifier') return n.name;
  if (n.type === 'ThisExpression') return 'this';
  if (n.type === 'MemberExpression' || n.type === 'OptionalMemberExpression') {
    const object = nameText(n.object as Node);
    const prop = propertyName(n.property as Node, n.computed);
    return object && prop ? `${object}.${prop}` : undefined;
  }
  if (n.type === 'CallExpression') {
    const callee = nameText(n.callee as Node);
    return callee && `${callee}(…)`;
  }
  return undefined;
}

/** The module a callee or superclass comes from: `import { Strategy } from 'm'`, `require('m').Strategy`, `new (require('m'))`. */
function moduleOf(node: Node, ctx: RecogniseContext): string | undefined {
  let n = unwrap(node);
  while (n.type === 'MemberExpression' || n.type === 'OptionalMemberExpression') n = unwrap(n.object as Node);
  const required = requiredModule(n);
  if (required) return required;
  if (n.type !== 'Identifier') return undefined;
  const b: Binding | undefined = ctx.scopes.bindingOf(n);
  if (!b) return undefined;
  if (b.kind === 'import') return b.module;
  let init = b.init && unwrap(b.init);
  while (init && (init.type === 'MemberExpression' || init.type === 'OptionalMemberExpression')) init = unwrap(init.object as Node);
  return init && requiredModule(init);
}

