// The service's v3 routes (relative to /api/v3), used to decide whether a URL is this service's.
// `/api/v3` alone proves little: GitHub Enterprise serves `/api/v3/user`, `/users/:name/keys`,
// `/repos/…`; Airbrake and Errbit serve `/api/v3/projects/:id/notices|groups|deploys|activities`.
// So each route says whether its shape alone identifies the service (`specific`) or is shared with
// such products and needs other evidence (a host, the token header, a specific route elsewhere).
import { RouteTrie, V4_ROUTES } from './v4-routes.js';

export interface V3RouteInfo {
  known: boolean;
  specific: boolean;
}

export interface V3Route {
  path: string;
  specific: boolean;
}

/**
 * Project sub-resources of the service: the v3 names, and the v4 names a half-migrated client may
 * already use. Besides the v3 table, the unencoded-project-path rule uses them to tell
 * `/projects/group/name/issues` (a raw `group/name` path) from a route of the service.
 */
export const PROJECT_RESOURCES: readonly string[] = [
  // v3
  'access_requests', 'archive', 'boards', 'builds', 'deploy_keys', 'deployments', 'environments', 'events', 'fork',
  'hooks', 'housekeeping', 'issues', 'keys', 'labels', 'members', 'merge_request', 'merge_requests', 'milestones',
  'notification_settings', 'pipeline', 'pipelines', 'repository', 'runners', 'services', 'share', 'snippets', 'star',
  'statuses', 'trigger', 'triggers', 'unarchive', 'uploads', 'variables',
  // v4 only
  'export', 'forks', 'import', 'jobs', 'languages', 'pipeline_schedules', 'protected_branches', 'protected_tags',
  'unstar', 'users', 'wikis',
];

// Words after `/projects/` that are v3 routes of their own, never a namespace.
const PROJECTS_ROUTE_WORDS = new Set(['all', 'owned', 'starred', 'visible', 'search', 'fork', 'user', 'import']);

/**
 * Whether a path holds a project's raw `group/name` path where the project's id goes
 * (`/projects/design/style-guide/repository/commits`, `/projects/design/style-guide`): two literal words
 * after `projects`, the first no number and no route of its own, the second no project resource, then a
 * resource, a part written elsewhere (a wrapper's `path`), or nothing; or two values there followed by a
 * resource (`/projects/${owner}/${repo}/issues`). v3 code often wrote it so; the routes read it as one id (once
 * encoded).
 */
export function hasRawProjectPath(shape: readonly (string | null)[]): boolean {
  const [first, ns, name, sub] = shape;
  // `/projects/${owner}/${repo}/repository/tags`: two values where the id goes, then a resource (no route has a
  // value right after the project's).
  if (first === 'projects' && ns === null && name === null && typeof sub === 'string' && PROJECT_RESOURCES.includes(sub)) return true;
  if (first !== 'projects' || !ns || !name || /^\d+$/.test(ns) || PROJECTS_ROUTE_WORDS.has(ns) || PROJECT_RESOURCES.includes(name)) return false;
  return shape.length === 3 || sub === null || (sub !== undefined && PROJECT_RESOURCES.includes(sub));
}

/** The shape with a raw `group/name` project path read as the project's id (`projects / :id / …`); the shape itself otherwise. */
export function withProjectId(shape: readonly (string | null)[]): readonly (string | null)[] {
  return hasRawProjectPath(shape) ? ['projects', null, ...shape.slice(3)] : shape;
}

// Project resources other products have under `/projects/:id` too: a container registry's (Harbor's) members.
const GENERIC_PROJECT_RESOURCES: readonly string[] = ['members'];

// Shapes other products' v3 APIs share: GitHub has `/user`, `/user/keys`, `/user/emails`,
// `/users/:name`, `/users/:name/keys`, `/users/:name/events`, `/issues`, `/events`, `/licenses`, and classic
// projects at `/projects/:id`; error trackers have `/projects` and `/projects/:id`; to-do apps have `/todos`.
const GENERIC = `
/session
/version
/user
/user/keys
/user/keys/:key_id
/user/emails
/user/emails/:email_id
/users
/users/:id
/users/:id/keys
/users/:id/events
/projects
/projects/:id
/groups
/groups/:id
/issues
/events
/namespaces
/namespaces/:id
/hooks
/hooks/:id
/keys/:id
/snippets
/snippets/:id
/runners
/runners/:id
/todos/**
/licenses/**
/licences/**
${GENERIC_PROJECT_RESOURCES.map((r) => `/projects/:id/${r}/**`).join('\n')}
`;

// Shapes no other known v3 API has. A whole project sub-resource counts, however deep, because the
// tool must recognise v3 sub-routes this table does not spell out (and typos of them) as the service's.
const SPECIFIC = `
/projects/all
/projects/visible
/projects/owned
/projects/starred
/projects/search/:query
/projects/fork/:id
/projects/user/:user_id
${PROJECT_RESOURCES.filter((r) => !GENERIC_PROJECT_RESOURCES.includes(r)).map((r) => `/projects/:id/${r}/**`).join('\n')}
/groups/owned
/groups/:id/projects/**
/groups/:id/members/**
/groups/:id/access_requests/**
/groups/:id/issues
/groups/:id/notification_settings
/users/:id/block
/users/:id/unblock
/users/:id/keys/:key_id
/users/:id/emails/**
/gitignores/**
/gitlab_ci_ymls/**
/dockerfiles/**
/templates/**
/notification_settings
/deploy_keys
/runners/all
/snippets/public
/snippets/:id/raw
/application/settings
/sidekiq/**
/broadcast_messages/**
`;

function lines(text: string): string[] {
  return text.split('\n').map((l) => l.trim()).filter(Boolean);
}

export const V3_ROUTES: readonly V3Route[] = [
  ...lines(GENERIC).map((path) => ({ path, specific: false })),
  ...lines(SPECIFIC).map((path) => ({ path, specific: true })),
];

const index = new RouteTrie(V3_ROUTES.map((r) => ({ path: r.path, value: r.specific })));

/** Whether a route shape (null = dynamic segment) is a v3 route of the service, and a specific one. */
export function v3RouteInfo(segments: readonly (string | null)[]): V3RouteInfo {
  const hits = index.match(segments);
  return { known: hits.length > 0, specific: hits.includes(true) };
}

/**
 * Every literal path word of the service's v3 and v4 routes. The text prefilter looks for them; the
 * call recogniser accepts a relative path without `/api/vN` when its first segment is one.
 */
export const SERVICE_RESOURCE_WORDS: ReadonlySet<string> = new Set(
  [...V3_ROUTES.map((r) => r.path), ...V4_ROUTES.map((r) => r.path), ...PROJECT_RESOURCES.map((r) => `/${r}`)]
    .flatMap((p) => p.split('/'))
    .filter((w) => w !== '' && w !== '**' && !w.startsWith(':')),
);

/**
 * The first segments of the service's v3 and v4 routes. Narrower than SERVICE_RESOURCE_WORDS, which
 * also holds deep words such as `raw`, `files` or `download` that are weak evidence at the start of a
 * relative path.
 */
export const SERVICE_ROOT_WORDS: ReadonlySet<string> = new Set(
  [...V3_ROUTES.map((r) => r.path), ...V4_ROUTES.map((r) => r.path)].map((p) => p.split('/').filter(Boolean)[0]!),
);
