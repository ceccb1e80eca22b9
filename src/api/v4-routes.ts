// The v4 routes that fixes may produce and that v4 clients call (method + path, relative to /api/v4).
// A test checks every rewritten request of the examples and fixtures against this table.
import type { Method } from '../callsites/types.js';
import { RouteIndex, type Shape } from './route-table.js';

export interface RouteEntry {
  method: Method;
  path: string;
}

const ROUTES = `
GET POST /projects
POST /projects/user/:user_id
GET PUT DELETE /projects/:id
POST /projects/:id/fork
DELETE /projects/:id/fork
POST /projects/:id/star
POST /projects/:id/unstar
POST /projects/:id/archive
POST /projects/:id/unarchive
POST /projects/:id/share
DELETE /projects/:id/share/:group_id
GET /projects/:id/events
GET POST /projects/:id/members
GET PUT DELETE /projects/:id/members/:user_id
GET POST /projects/:id/hooks
GET PUT DELETE /projects/:id/hooks/:hook_id
GET POST /projects/:id/deploy_keys
GET DELETE /projects/:id/deploy_keys/:key_id
POST /projects/:id/deploy_keys/:key_id/enable
GET /projects/:id/jobs
GET /projects/:id/jobs/:job_id
GET /projects/:id/jobs/:job_id/trace
POST /projects/:id/jobs/:job_id/cancel
POST /projects/:id/jobs/:job_id/retry
POST /projects/:id/jobs/:job_id/erase
POST /projects/:id/jobs/:job_id/play
GET /projects/:id/jobs/:job_id/artifacts
POST /projects/:id/jobs/:job_id/artifacts/keep
GET /projects/:id/jobs/:job_id/artifacts/**
GET /projects/:id/jobs/artifacts/:ref_name/download
GET /projects/:id/jobs/artifacts/:ref_name/raw/**
POST /projects/:id/trigger/pipeline
GET POST /projects/:id/triggers
GET PUT DELETE /projects/:id/triggers/:trigger_id
POST /projects/:id/triggers/:trigger_id/take_ownership
GET /projects/:id/pipelines
GET /projects/:id/pipelines/:pipeline_id
GET /projects/:id/pipelines/:pipeline_id/jobs
POST /projects/:id/pipeline
POST /projects/:id/pipelines/:pipeline_id/retry
POST /projects/:id/pipelines/:pipeline_id/cancel
GET POST /projects/:id/variables
GET PUT DELETE /projects/:id/variables/:key
GET POST /projects/:id/environments
GET PUT DELETE /projects/:id/environments/:environment_id
POST /projects/:id/environments/:environment_id/stop
GET /projects/:id/deployments
GET /projects/:id/deployments/:deployment_id
GET POST /projects/:id/issues
GET PUT DELETE /projects/:id/issues/:issue_iid
POST /projects/:id/issues/:issue_iid/move
POST /projects/:id/issues/:issue_iid/subscribe
POST /projects/:id/issues/:issue_iid/unsubscribe
POST /projects/:id/issues/:issue_iid/todo
GET POST /projects/:id/issues/:issue_iid/notes
GET PUT DELETE /projects/:id/issues/:issue_iid/notes/:note_id
GET POST /projects/:id/issues/:issue_iid/award_emoji
GET DELETE /projects/:id/issues/:issue_iid/award_emoji/:award_id
POST /projects/:id/issues/:issue_iid/time_estimate
POST /projects/:id/issues/:issue_iid/reset_time_estimate
POST /projects/:id/issues/:issue_iid/add_spent_time
POST /projects/:id/issues/:issue_iid/reset_spent_time
GET /projects/:id/issues/:issue_iid/time_stats
GET POST /projects/:id/merge_requests
GET PUT DELETE /projects/:id/merge_requests/:merge_request_iid
GET /projects/:id/merge_requests/:merge_request_iid/changes
GET /projects/:id/merge_requests/:merge_request_iid/commits
GET /projects/:id/merge_requests/:merge_request_iid/closes_issues
PUT /projects/:id/merge_requests/:merge_request_iid/merge
POST /projects/:id/merge_requests/:merge_request_iid/cancel_merge_when_pipeline_succeeds
POST /projects/:id/merge_requests/:merge_request_iid/subscribe
POST /projects/:id/merge_requests/:merge_request_iid/unsubscribe
POST /projects/:id/merge_requests/:merge_request_iid/todo
GET /projects/:id/merge_requests/:merge_request_iid/versions
GET POST /projects/:id/merge_requests/:merge_request_iid/notes
GET PUT DELETE /projects/:id/merge_requests/:merge_request_iid/notes/:note_id
GET POST /projects/:id/merge_requests/:merge_request_iid/award_emoji
GET DELETE /projects/:id/merge_requests/:merge_request_iid/award_emoji/:award_id
POST /projects/:id/merge_requests/:merge_request_iid/time_estimate
POST /projects/:id/merge_requests/:merge_request_iid/reset_time_estimate
POST /projects/:id/merge_requests/:merge_request_iid/add_spent_time
POST /projects/:id/merge_requests/:merge_request_iid/reset_spent_time
GET /projects/:id/merge_requests/:merge_request_iid/time_stats
GET POST /projects/:id/labels
PUT DELETE /projects/:id/labels
POST /projects/:id/labels/:label_id/subscribe
POST /projects/:id/labels/:label_id/unsubscribe
GET POST /projects/:id/milestones
GET PUT /projects/:id/milestones/:milestone_id
GET /projects/:id/milestones/:milestone_id/issues
GET /projects/:id/milestones/:milestone_id/merge_requests
GET POST /projects/:id/snippets
GET PUT DELETE /projects/:id/snippets/:snippet_id
GET /projects/:id/snippets/:snippet_id/raw
GET /projects/:id/repository/tree
GET /projects/:id/repository/blobs/:sha
GET /projects/:id/repository/blobs/:sha/raw
GET /projects/:id/repository/archive
GET /projects/:id/repository/compare
GET /projects/:id/repository/contributors
GET POST /projects/:id/repository/branches
GET DELETE /projects/:id/repository/branches/:branch
PUT /projects/:id/repository/branches/:branch/protect
PUT /projects/:id/repository/branches/:branch/unprotect
DELETE /projects/:id/repository/merged_branches
GET POST /projects/:id/repository/tags
GET DELETE /projects/:id/repository/tags/:tag_name
POST PUT /projects/:id/repository/tags/:tag_name/release
GET POST /projects/:id/repository/commits
GET /projects/:id/repository/commits/:sha
GET /projects/:id/repository/commits/:sha/diff
GET POST /projects/:id/repository/commits/:sha/comments
GET /projects/:id/repository/commits/:sha/statuses
POST /projects/:id/repository/commits/:sha/cherry_pick
POST /projects/:id/statuses/:sha
GET POST PUT DELETE /projects/:id/repository/files/:file_path
GET /projects/:id/repository/files/:file_path/raw
GET PUT DELETE /projects/:id/services/:service_name
GET POST /projects/:id/uploads
GET /projects/:id/users
GET POST /groups
GET PUT DELETE /groups/:id
GET /groups/:id/projects
POST /groups/:id/projects/:project_id
GET POST /groups/:id/members
GET PUT DELETE /groups/:id/members/:user_id
GET /groups/:id/issues
GET /groups/:id/subgroups
GET POST /groups/:id/milestones
GET PUT /groups/:id/milestones/:milestone_id
GET /user
GET POST /user/keys
GET DELETE /user/keys/:key_id
GET POST /user/emails
GET DELETE /user/emails/:email_id
GET POST /users
GET PUT DELETE /users/:id
POST /users/:id/block
POST /users/:id/unblock
GET POST /users/:id/keys
DELETE /users/:id/keys/:key_id
GET /users/:id/events
GET /users/:id/projects
GET /events
GET /issues
GET /merge_requests
GET /todos
POST /todos/mark_as_done
POST /todos/:todo_id/mark_as_done
GET /templates/licenses
GET /templates/licenses/:key
GET /templates/gitignores
GET /templates/gitignores/:key
GET /templates/gitlab_ci_ymls
GET /templates/gitlab_ci_ymls/:key
GET /templates/dockerfiles
GET /templates/dockerfiles/:key
GET /namespaces
GET /namespaces/:id
GET POST /snippets
GET PUT DELETE /snippets/:id
GET /snippets/:id/raw
GET /snippets/public
GET POST /hooks
GET DELETE /hooks/:hook_id
GET POST /deploy_keys
GET /runners
GET /runners/all
GET PUT DELETE /runners/:id
GET /projects/:id/runners
GET /keys/:key_id
GET /version
GET /application/settings
PUT /application/settings
GET /sidekiq/job_stats
GET /broadcast_messages
`;

/** Every v4 route, one method per entry. */
export const V4_ROUTES: readonly RouteEntry[] = ROUTES.trim()
  .split('\n')
  .flatMap((line) => {
    const parts = line.trim().split(/\s+/);
    const path = parts.pop()!;
    return parts.map((method) => ({ method: method as Method, path }));
  });

const index = new RouteIndex(V4_ROUTES.map((r) => ({ path: r.path, value: r.method })));

/** The methods v4 routes for a route shape (null = dynamic segment); [] when v4 has no such path. */
export function v4MethodsFor(segments: Shape): Method[] {
  return [...new Set(index.match(segments))];
}

/** Whether v4 routes this method (any method when undefined) on this path shape. */
export function isV4Route(method: Method | undefined, segments: Shape): boolean {
  const methods = v4MethodsFor(segments);
  return method === undefined ? methods.length > 0 : methods.includes(method);
}
