// The service's v3 routes (relative to /api/v3), used to decide whether a URL is this service's.
// `specific` routes identify the service on their own; generic ones (`/projects`, `/user`, `/users/:id`)
// also exist in other products' v3 APIs (GitHub Enterprise, error trackers) and need more evidence.
import { RouteIndex, type Shape } from './route-table.js';

export interface V3RouteInfo {
  known: boolean;
  specific: boolean;
}

const GENERIC = `
/projects
/projects/:id
/user
/users
/users/:id
/groups
/groups/:id
/issues
/namespaces
/session
/version
/hooks
/keys/:id
/snippets
/snippets/:id
/runners
/runners/:id
/merge_requests
/todos
`;

// Project sub-resources of the service (v3 and the v4 names a half-migrated client may already use).
export const PROJECT_RESOURCES: readonly string[] = [
  'issues', 'merge_requests', 'merge_request', 'repository', 'builds', 'jobs', 'pipelines', 'pipeline', 'triggers', 'trigger',
  'variables', 'environments', 'deployments', 'members', 'hooks', 'keys', 'deploy_keys', 'snippets', 'labels', 'milestones',
  'events', 'star', 'unstar', 'fork', 'archive', 'unarchive', 'share', 'services', 'uploads', 'statuses', 'runners', 'users',
  'boards', 'notes', 'award_emoji', 'todos', 'wikis',
];

const SPECIFIC = `
/projects/all
/projects/visible
/projects/owned
/projects/starred
/projects/search/:query
/projects/fork/:id
/projects/user/:user_id
${PROJECT_RESOURCES.map((r) => `/projects/:id/${r}/**`).join('\n')}
/groups/owned
/groups/:id/projects/**
/groups/:id/members/**
/groups/:id/issues
/groups/:id/access_requests/**
/users/:id/block
/users/:id/unblock
/users/:id/keys/**
/users/:id/emails/**
/users/:id/events
/user/keys/**
/user/emails/**
/todos/**
/licenses/**
/licences/**
/gitignores/**
/gitlab_ci_ymls/**
/dockerfiles/**
/templates/**
/events
/application/settings
/sidekiq/**
/broadcast_messages/**
/namespaces/**
/deploy_keys
`;

export const V3_ROUTES: readonly { path: string; specific: boolean }[] = [
  ...lines(GENERIC).map((path) => ({ path, specific: false })),
  ...lines(SPECIFIC).map((path) => ({ path, specific: true })),
];

function lines(text: string): string[] {
  return text.split('\n').map((l) => l.trim()).filter(Boolean);
}

const index = new RouteIndex(V3_ROUTES.map((r) => ({ path: r.path, value: r.specific })));

/** Whether a route shape (null = dynamic segment) is a v3 route of the service, and a specific one. */
export function v3RouteInfo(segments: Shape): V3RouteInfo {
  const hits = index.match(segments);
  return { known: hits.length > 0, specific: hits.some(Boolean) };
}

/** Literal path words of the service's routes: what the text prefilter and wrapper recognition look for. */
export const SERVICE_RESOURCE_WORDS: ReadonlySet<string> = new Set(
  [...V3_ROUTES.map((r) => r.path), ...PROJECT_RESOURCES]
    .flatMap((p) => p.split('/'))
    .filter((w) => w && !w.startsWith(':') && w !== '**'),
);
