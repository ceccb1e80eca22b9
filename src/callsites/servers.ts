// Routes a package serves itself. Many applications version their own API as `/api/v3`; a package whose
// server declares such routes (an Express or Koa router, a mount, a NestJS controller, a Hapi or Fastify
// route object, a Next.js API route file) is the other side of its own browser client's `/api/v3` calls.
// Route declarations are never requests and never bare URLs (their paths go into `serverPaths`), and the
// API versions they serve become package evidence (match/evidence.ts: a call of a version the package
// serves, with nothing at the call naming the service, is the app's own).
//
// Verb declarations (`router.get('/api/v3/projects', handler)`) are told apart from requests where
// requests are guessed (guess.ts `isServerRoute`); this module adds the forms that are no verb call.
import type { Node } from '@babel/types';
import { propertyName, propertyNamed, unwrap } from '../parse/walk.js';
import { rootName, SERVER_RECEIVER } from './guess.js';

/** What the declarations need of a program's context. */
export interface ServerContext {
  /** The file imports a server framework. */
  serverFile: boolean;
  /** Paths of server route declarations: never requests, never bare URLs. */
  serverPaths: Set<Node>;
}

// NestJS: a controller's path prefix and its handlers' paths.
const NEST_DECORATORS = new Set(['Controller', 'Get', 'Post', 'Put', 'Patch', 'Delete', 'All', 'Head', 'Options']);
// Calls that mount a router or set a prefix under a path: `app.use('/api/v3', router)`,
// `router.route('/api/v3/x')`, `app.setGlobalPrefix('api/v3')`, koa-router's `router.prefix('/api/v3')`, Hono's
// `app.basePath('/api/v3')`.
const MOUNTS = new Set(['use', 'route', 'setGlobalPrefix', 'prefix', 'basePath']);
// A route object of Hapi (`path`) or Fastify (`url`) with its handler.
const ROUTE_OBJECT_PATH = ['path', 'url'];
const ROUTE_OBJECT_HANDLER = ['handler', 'config', 'options'];

/**
 * The path of a route declaration at this node, if it is one that is no verb call: a NestJS decorator's
 * argument, a mount's path, a route object's path.
 */
export function servedPathAt(node: Node, ctx: ServerContext): Node | undefined {
  if (node.type === 'Decorator') {
    const call = unwrap(node.expression as Node);
    if (call.type !== 'CallExpression' || call.callee.type !== 'Identifier' || !NEST_DECORATORS.has(call.callee.name)) return undefined;
    const first = call.arguments[0] ? unwrap(call.arguments[0] as Node) : undefined;
    if (first?.type === 'StringLiteral' || first?.type === 'TemplateLiteral') return first;
    // @Controller({ path: 'api/v3/todos' })
    return first?.type === 'ObjectExpression' ? propertyNamed(first, ['path']) : undefined;
  }
  // koa-router's `new Router({ prefix: '/api/v3' })`, in a file of a server.
  if (node.type === 'NewExpression' && ctx.serverFile && /Router$/.test(constructorName(node.callee as Node) ?? '')) {
    const first = node.arguments[0] ? unwrap(node.arguments[0] as Node) : undefined;
    return first?.type === 'ObjectExpression' ? propertyNamed(first, ['prefix']) : undefined;
  }
  if (node.type !== 'CallExpression') return undefined;
  const callee = unwrap(node.callee as Node);
  if (callee.type !== 'MemberExpression' && callee.type !== 'OptionalMemberExpression') return undefined;
  const name = propertyName(callee.property as Node, callee.computed);
  const first = node.arguments[0] ? unwrap(node.arguments[0] as Node) : undefined;
  // Asked of every call: only these names can declare, so the receiver is looked at for them alone.
  if (!name || !first || !(MOUNTS.has(name) || name === 'register')) return undefined;
  const onServer = ctx.serverFile || SERVER_RECEIVER.test(rootName(callee.object as Node) ?? '');
  if (!onServer) return undefined;
  if (MOUNTS.has(name) && (first.type === 'StringLiteral' || first.type === 'TemplateLiteral')) return first;
  // fastify.register(routes, { prefix: '/api/v3' })
  const second = node.arguments[1] ? unwrap(node.arguments[1] as Node) : undefined;
  if (name === 'register' && second?.type === 'ObjectExpression') return propertyNamed(second, ['prefix']);
  // server.route({ method: 'GET', path: '/api/v3/x', handler }), fastify.route({ method, url, handler })
  if (name === 'route' && first.type === 'ObjectExpression' && ROUTE_OBJECT_HANDLER.some((k) => propertyNamed(first, [k]))) return propertyNamed(first, ROUTE_OBJECT_PATH);
  return undefined;
}

/** The name a constructor is called by: `Router` of `new Router()`, of `new KoaRouter()`, of `new koa.Router()`. */
function constructorName(callee: Node): string | undefined {
  const n = unwrap(callee);
  return n.type === 'Identifier' ? n.name : n.type === 'MemberExpression' ? propertyName(n.property as Node, n.computed) : undefined;
}

/** A Next.js API route's path from its file name (`pages/api/v3/todos.js`, `app/api/v3/todos/route.ts`). */
export function servedPathOfFile(file: string): string | undefined {
  const m = /(?:^|\/)(?:src\/)?(?:pages|app)(\/api\/.*?)(?:\/route)?\.[cm]?[jt]sx?$/.exec(file.replace(/\\/g, '/'));
  return m?.[1];
}
