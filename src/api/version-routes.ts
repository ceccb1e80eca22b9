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

const routes = (text: string, version: 'v3' | 'v4') =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((path) => ({ path, value: version }));

const index = new RouteTrie<'v3' | 'v4'>([...routes(V3_ONLY, 'v3'), ...routes(V4_ONLY, 'v4')]);

/** The version a route shape (null = a dynamic segment) belongs to alone, if it is one of those. */
export function versionOfRoute(segments: readonly (string | null)[]): 'v3' | 'v4' | undefined {
  const hits = index.match(segments);
  return hits.length === 1 ? hits[0] : undefined;
}
