// Routes that only one API version has: the catalogue's renamed and removed v3 routes, and the v4
// routes that replaced them. A client whose calls use such a route speaks that version even when no
// `/api/vN` is written anywhere (the base URL is configured by its user): `/projects/:id/keys` is v3 on
// its shape, `/projects/:id/jobs` v4.
import { RouteTrie } from './v4-routes.js';

const V3_ONLY = `
/projects/owned
/projects/starred
/projects/all
/projects/visible
/projects/search/:query
/projects/fork/:id
/projects/:id/keys/**
/projects/:id/builds/**
/projects/:id/merge_request/**
/projects/:id/repository/raw_blobs/**
/projects/:id/repository/commits/:sha/builds
/projects/:id/repository/commits/:sha/blob
/projects/:id/trigger/builds
/projects/:id/issues/:x/subscription
/projects/:id/merge_requests/:x/subscription
/projects/:id/labels/:x/subscription
/projects/:id/merge_requests/:x/cancel_merge_when_build_succeeds
/licenses/**
/licences/**
/gitignores/**
/gitlab_ci_ymls/**
/dockerfiles/**
/groups/owned
`;

const V4_ONLY = `
/projects/:id/jobs/**
/projects/:id/unstar
/projects/:id/issues/:x/subscribe
/projects/:id/issues/:x/unsubscribe
/projects/:id/merge_requests/:x/subscribe
/projects/:id/merge_requests/:x/unsubscribe
/projects/:id/labels/:x/subscribe
/projects/:id/labels/:x/unsubscribe
/projects/:id/merge_requests/:x/cancel_merge_when_pipeline_succeeds
/projects/:id/repository/files/:path/**
/projects/:id/repository/blobs/:sha/raw
/projects/:id/trigger/pipeline
/projects/:id/pipeline_schedules/**
/templates/**
/todos/mark_as_done
/todos/:id/mark_as_done
`;

// Requests that v3 alone writes although v4 has the route: a parameter v4 renamed or moved into the path
// (`?filepath=` on a blob, `file_path` on the files collection, `ref_name` on the tree). v4 code never
// sends them, so they say v3 as surely as a removed route does.
const V3_ONLY_PARAMS: readonly { path: string; params: readonly string[] }[] = [
  { path: '/projects/:id/repository/blobs/:sha', params: ['filepath'] },
  { path: '/projects/:id/repository/files', params: ['file_path'] },
  { path: '/projects/:id/repository/tree', params: ['ref_name'] },
  { path: '/projects/:id/repository/branches', params: ['branch_name'] },
  { path: '/projects/:id/repository/commits', params: ['branch_name'] },
  { path: '/projects/:id/merge_requests/:x/merge', params: ['merge_when_build_succeeds'] },
];

const routes = (text: string, version: 'v3' | 'v4') =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((path) => ({ path, value: version }));

const index = new RouteTrie<'v3' | 'v4'>([...routes(V3_ONLY, 'v3'), ...routes(V4_ONLY, 'v4')]);

const paramIndex = new RouteTrie<readonly string[]>(V3_ONLY_PARAMS.map(({ path, params }) => ({ path, value: params })));

/**
 * The version a request belongs to alone, if it is one of those: its route shape (null = a dynamic
 * segment), or that route with a parameter only v3 sends.
 */
export function versionOfRoute(segments: readonly (string | null)[], params: readonly string[] = []): 'v3' | 'v4' | undefined {
  const hits = index.match(segments);
  if (hits.length === 1) return hits[0];
  if (params.length === 0) return undefined;
  return paramIndex.match(segments).some((names) => names.some((n) => params.includes(n))) ? 'v3' : undefined;
}
