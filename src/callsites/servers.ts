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
// Asked of every node: the answer for most is this one array, not a new one each time.
const NONE: readonly Node[] = Object.freeze([]);

/**
 * The paths of route declarations at this node, when it is one that is no verb call: a NestJS decorator's
 * argument, a mount's path, a router's or a plugin's prefix, route objects' paths, an OpenAPI document's servers.
 */
export function servedPathsAt(node: Node, ctx: ServerContext): readonly Node[] {
  if (node.type === 'Decorator') {
    const call = unwrap(node.expression as Node);
    if (call.type !== 'CallExpression' || call.callee.type !== 'Identifier' || !NEST_DECORATORS.has(call.callee.name)) return NONE;
    const first = call.arguments[0] ? unwrap(call.arguments[0] as Node) : undefined;
    if (first?.type === 'StringLiteral' || first?.type === 'TemplateLiteral') return [first];
    // @Controller({ path: 'api/v3/todos' })
    return first?.type === 'ObjectExpression' ? present(propertyNamed(first, ['path'])) : [];
  }
  // An OpenAPI (or Swagger) document of the package's API: where it is served.
  if (node.type === 'ObjectExpression') return openApiBases(node);
  // koa-router's `new Router({ prefix: '/api/v3' })`, in a file of a server.
  if (node.type === 'NewExpression' && ctx.serverFile && /Router$/.test(constructorName(node.callee as Node) ?? '')) {
    const first = node.arguments[0] ? unwrap(node.arguments[0] as Node) : undefined;
    return first?.type === 'ObjectExpression' ? present(propertyNamed(first, ['prefix'])) : [];
  }
  if (node.type !== 'CallExpression') return NONE;
  const callee = unwrap(node.callee as Node);
  if (callee.type !== 'MemberExpression' && callee.type !== 'OptionalMemberExpression') return NONE;
  const name = propertyName(callee.property as Node, callee.computed);
  const first = node.arguments[0] ? unwrap(node.arguments[0] as Node) : undefined;
  // Asked of every call: only these names can declare, so the receiver is looked at for them alone.
  if (!name || !first || !(MOUNTS.has(name) || name === 'register')) return NONE;
  const onServer = ctx.serverFile || SERVER_RECEIVER.test(rootName(callee.object as Node) ?? '');
  if (!onServer) return NONE;
  if (MOUNTS.has(name) && (first.type === 'StringLiteral' || first.type === 'TemplateLiteral')) return [first];
  // fastify.register(routes, { prefix: '/api/v3' }), Hapi's server.register(plugin, { routes: { prefix: '/api/v3' } })
  const second = node.arguments[1] ? unwrap(node.arguments[1] as Node) : undefined;
  if (name === 'register' && second?.type === 'ObjectExpression') {
    const routes = propertyNamed(second, ['routes']);
    const options = routes && unwrap(routes);
    return present(propertyNamed(second, ['prefix']) ?? (options?.type === 'ObjectExpression' ? propertyNamed(options, ['prefix']) : undefined));
  }
  // server.route({ method: 'GET', path: '/api/v3/x', handler }), fastify.route({ method, url, handler }), and
  // Hapi's list of them: server.route([{ … }, { … }])
  if (name !== 'route') return NONE;
  const objects = first.type === 'ArrayExpression' ? first.elements.map((e) => e && unwrap(e as Node)) : [first];
  return objects.flatMap((o) => (o?.type === 'ObjectExpression' && ROUTE_OBJECT_HANDLER.some((k) => propertyNamed(o, [k])) ? present(propertyNamed(o, ROUTE_OBJECT_PATH)) : []));
}

/** `{ openapi: '3.0.3', servers: [{ url }] }`, `{ swagger: '2.0', basePath }`: the URLs the document says its API is at. */
function openApiBases(object: Node & { type: 'ObjectExpression' }): readonly Node[] {
  const version = propertyNamed(object, ['openapi', 'swagger']);
  if (!version || unwrap(version).type !== 'StringLiteral') return NONE;
  const basePath = propertyNamed(object, ['basePath']);
  const servers = propertyNamed(object, ['servers']);
  const list = servers && unwrap(servers);
  const urls = basePath ? [basePath] : list?.type === 'ArrayExpression' ? list.elements.flatMap((e) => (e && unwrap(e as Node).type === 'ObjectExpression' ? present(propertyNamed(unwrap(e as Node) as Node & { type: 'ObjectExpression' }, ['url'])) : [])) : [];
  // A document of the service's own API (a generated client's, `https://gitlab.com/api/v3`) is not the package's.
  return urls.filter((u) => {
    const n = unwrap(u);
    return !(n.type === 'StringLiteral' && /gitlab/i.test(n.value));
  });
}

function present(node: Node | undefined): readonly Node[] {
  return node ? [node] : NONE;
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
