// The v4 routes that fixes may produce and that v4 clients call (method + path, relative to /api/v4).
// Tests check every rewritten request of the examples and fixtures against this table, and the
// unrouted-method rule reads the method v4 expects from it, so a missing route is a false finding.
//
// Template syntax: `:name` is one dynamic segment (a `:file_path` arrives URL-encoded, so it is one
// segment too); a final `**` stands for zero or more further segments, for the artifact routes whose
// last parameter is a glob in the service.
import type { Method } from '../callsites/types.js';

export interface RouteEntry {
  method: Method;
  path: string;
}

// One line per path: the methods v4 routes on it, then the path.
const ROUTES = `
GET POST /projects
POST /projects/user/:user_id
GET PUT DELETE /projects/:id
POST DELETE /projects/:id/fork
POST /projects/:id/fork/:forked_from_id
GET /projects/:id/forks
POST /projects/:id/star
POST /projects/:id/unstar
POST /projects/:id/archive
POST /projects/:id/unarchive
POST /projects/:id/share
DELETE /projects/:id/share/:group_id
POST /projects/:id/uploads
POST /projects/:id/housekeeping
GET /projects/:id/users
GET /projects/:id/languages
GET /projects/:id/events
POST /projects/import
GET /projects/:id/import
GET POST /projects/:id/export
GET /projects/:id/export/download
GET PUT /projects/:id/notification_settings

GET POST /projects/:id/members
GET /projects/:id/members/all
GET PUT DELETE /projects/:id/members/:user_id
GET POST /projects/:id/access_requests
PUT /projects/:id/access_requests/:user_id/approve
DELETE /projects/:id/access_requests/:user_id

GET POST /projects/:id/hooks
GET PUT DELETE /projects/:id/hooks/:hook_id
GET POST /projects/:id/deploy_keys
GET PUT DELETE /projects/:id/deploy_keys/:key_id
POST /projects/:id/deploy_keys/:key_id/enable
GET PUT DELETE /projects/:id/services/:service_slug
POST /projects/:id/services/:service_slug/trigger

GET /projects/:id/jobs
GET /projects/:id/jobs/:job_id
GET /projects/:id/jobs/:job_id/trace
POST /projects/:id/jobs/:job_id/cancel
POST /projects/:id/jobs/:job_id/retry
POST /projects/:id/jobs/:job_id/erase
POST /projects/:id/jobs/:job_id/play
GET DELETE /projects/:id/jobs/:job_id/artifacts
POST /projects/:id/jobs/:job_id/artifacts/keep
GET /projects/:id/jobs/:job_id/artifacts/:artifact_path/**
GET /projects/:id/jobs/artifacts/:ref_name/download
GET /projects/:id/jobs/artifacts/:ref_name/raw/:artifact_path/**

GET /projects/:id/pipelines
POST /projects/:id/pipeline
GET DELETE /projects/:id/pipelines/:pipeline_id
GET /projects/:id/pipelines/:pipeline_id/jobs
GET /projects/:id/pipelines/:pipeline_id/variables
POST /projects/:id/pipelines/:pipeline_id/retry
POST /projects/:id/pipelines/:pipeline_id/cancel
GET POST /projects/:id/pipeline_schedules
GET PUT DELETE /projects/:id/pipeline_schedules/:pipeline_schedule_id
POST /projects/:id/pipeline_schedules/:pipeline_schedule_id/take_ownership
POST /projects/:id/pipeline_schedules/:pipeline_schedule_id/variables
PUT DELETE /projects/:id/pipeline_schedules/:pipeline_schedule_id/variables/:key
POST /projects/:id/trigger/pipeline
GET POST /projects/:id/triggers
GET PUT DELETE /projects/:id/triggers/:trigger_id
POST /projects/:id/triggers/:trigger_id/take_ownership
GET POST /projects/:id/variables
GET PUT DELETE /projects/:id/variables/:key
GET POST /projects/:id/environments
GET PUT DELETE /projects/:id/environments/:environment_id
POST /projects/:id/environments/:environment_id/stop
GET /projects/:id/deployments
GET /projects/:id/deployments/:deployment_id
GET POST /projects/:id/runners
DELETE /projects/:id/runners/:runner_id

GET POST /projects/:id/issues
GET PUT DELETE /projects/:id/issues/:issue_iid
POST /projects/:id/issues/:issue_iid/move
POST /projects/:id/issues/:issue_iid/subscribe
POST /projects/:id/issues/:issue_iid/unsubscribe
POST /projects/:id/issues/:issue_iid/todo
GET /projects/:id/issues/:issue_iid/closed_by
GET /projects/:id/issues/:issue_iid/participants
GET /projects/:id/issues/:issue_iid/user_agent_detail
GET POST /projects/:id/issues/:issue_iid/notes
GET PUT DELETE /projects/:id/issues/:issue_iid/notes/:note_id
GET POST /projects/:id/issues/:issue_iid/discussions
GET /projects/:id/issues/:issue_iid/discussions/:discussion_id
POST /projects/:id/issues/:issue_iid/discussions/:discussion_id/notes
PUT DELETE /projects/:id/issues/:issue_iid/discussions/:discussion_id/notes/:note_id
GET POST /projects/:id/issues/:issue_iid/award_emoji
GET DELETE /projects/:id/issues/:issue_iid/award_emoji/:award_id
GET POST /projects/:id/issues/:issue_iid/notes/:note_id/award_emoji
GET DELETE /projects/:id/issues/:issue_iid/notes/:note_id/award_emoji/:award_id
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
GET /projects/:id/merge_requests/:merge_request_iid/participants
GET /projects/:id/merge_requests/:merge_request_iid/pipelines
GET /projects/:id/merge_requests/:merge_request_iid/versions
GET /projects/:id/merge_requests/:merge_request_iid/versions/:version_id
PUT /projects/:id/merge_requests/:merge_request_iid/merge
PUT /projects/:id/merge_requests/:merge_request_iid/rebase
POST /projects/:id/merge_requests/:merge_request_iid/cancel_merge_when_pipeline_succeeds
POST /projects/:id/merge_requests/:merge_request_iid/subscribe
POST /projects/:id/merge_requests/:merge_request_iid/unsubscribe
POST /projects/:id/merge_requests/:merge_request_iid/todo
GET POST /projects/:id/merge_requests/:merge_request_iid/notes
GET PUT DELETE /projects/:id/merge_requests/:merge_request_iid/notes/:note_id
GET POST /projects/:id/merge_requests/:merge_request_iid/discussions
GET PUT /projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id
POST /projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id/notes
PUT DELETE /projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id/notes/:note_id
GET POST /projects/:id/merge_requests/:merge_request_iid/award_emoji
GET DELETE /projects/:id/merge_requests/:merge_request_iid/award_emoji/:award_id
GET POST /projects/:id/merge_requests/:merge_request_iid/notes/:note_id/award_emoji
GET DELETE /projects/:id/merge_requests/:merge_request_iid/notes/:note_id/award_emoji/:award_id
POST /projects/:id/merge_requests/:merge_request_iid/time_estimate
POST /projects/:id/merge_requests/:merge_request_iid/reset_time_estimate
POST /projects/:id/merge_requests/:merge_request_iid/add_spent_time
POST /projects/:id/merge_requests/:merge_request_iid/reset_spent_time
GET /projects/:id/merge_requests/:merge_request_iid/time_stats

GET POST PUT DELETE /projects/:id/labels
GET PUT DELETE /projects/:id/labels/:label_id
POST /projects/:id/labels/:label_id/subscribe
POST /projects/:id/labels/:label_id/unsubscribe
GET POST /projects/:id/milestones
GET PUT DELETE /projects/:id/milestones/:milestone_id
GET /projects/:id/milestones/:milestone_id/issues
GET /projects/:id/milestones/:milestone_id/merge_requests
GET /projects/:id/boards
GET /projects/:id/boards/:board_id
GET POST /projects/:id/boards/:board_id/lists
GET PUT DELETE /projects/:id/boards/:board_id/lists/:list_id
GET POST /projects/:id/wikis
GET PUT DELETE /projects/:id/wikis/:slug

GET POST /projects/:id/snippets
GET PUT DELETE /projects/:id/snippets/:snippet_id
GET /projects/:id/snippets/:snippet_id/raw
GET /projects/:id/snippets/:snippet_id/user_agent_detail
GET POST /projects/:id/snippets/:snippet_id/notes
GET PUT DELETE /projects/:id/snippets/:snippet_id/notes/:note_id
GET POST /projects/:id/snippets/:snippet_id/award_emoji
GET DELETE /projects/:id/snippets/:snippet_id/award_emoji/:award_id

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
GET /projects/:id/repository/commits/:sha/refs
GET /projects/:id/repository/commits/:sha/merge_requests
POST /projects/:id/repository/commits/:sha/cherry_pick
POST /projects/:id/repository/commits/:sha/revert
POST /projects/:id/statuses/:sha
GET HEAD POST PUT DELETE /projects/:id/repository/files/:file_path
GET /projects/:id/repository/files/:file_path/raw
GET /projects/:id/repository/files/:file_path/blame
GET POST /projects/:id/protected_branches
GET DELETE /projects/:id/protected_branches/:name
GET POST /projects/:id/protected_tags
GET DELETE /projects/:id/protected_tags/:name

GET POST /groups
GET PUT DELETE /groups/:id
GET /groups/:id/projects
POST /groups/:id/projects/:project_id
GET /groups/:id/subgroups
GET POST /groups/:id/members
GET /groups/:id/members/all
GET PUT DELETE /groups/:id/members/:user_id
GET POST /groups/:id/access_requests
PUT /groups/:id/access_requests/:user_id/approve
DELETE /groups/:id/access_requests/:user_id
GET /groups/:id/issues
GET /groups/:id/merge_requests
GET POST /groups/:id/milestones
GET PUT DELETE /groups/:id/milestones/:milestone_id
GET /groups/:id/milestones/:milestone_id/issues
GET /groups/:id/milestones/:milestone_id/merge_requests
GET POST /groups/:id/variables
GET PUT DELETE /groups/:id/variables/:key
GET PUT /groups/:id/notification_settings

GET /user
GET POST /user/keys
GET DELETE /user/keys/:key_id
GET POST /user/gpg_keys
GET DELETE /user/gpg_keys/:key_id
GET POST /user/emails
GET DELETE /user/emails/:email_id
GET /user/activities
GET POST /users
GET PUT DELETE /users/:id
POST /users/:id/block
POST /users/:id/unblock
GET POST /users/:id/keys
DELETE /users/:id/keys/:key_id
GET POST /users/:id/gpg_keys
GET DELETE /users/:id/gpg_keys/:key_id
GET POST /users/:id/emails
DELETE /users/:id/emails/:email_id
GET /users/:id/events
GET /users/:user_id/projects
GET POST /users/:id/impersonation_tokens
GET DELETE /users/:id/impersonation_tokens/:impersonation_token_id

GET /events
GET /issues
GET /merge_requests
GET /todos
POST /todos/mark_as_done
POST /todos/:id/mark_as_done
GET PUT /notification_settings
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
GET /snippets/public
GET PUT DELETE /snippets/:id
GET /snippets/:id/raw
GET /snippets/:id/user_agent_detail
GET POST /hooks
GET DELETE /hooks/:id
GET /deploy_keys
GET /runners
GET /runners/all
GET PUT DELETE /runners/:id
GET /runners/:id/jobs
GET /keys/:id
GET /version
GET PUT /application/settings
GET /sidekiq/queue_metrics
GET /sidekiq/process_metrics
GET /sidekiq/job_stats
GET /sidekiq/compound_metrics
GET POST /broadcast_messages
GET PUT DELETE /broadcast_messages/:id
`;

/** Every v4 route, one method per entry. */
export const V4_ROUTES: readonly RouteEntry[] = ROUTES.split('\n')
  .map((line) => line.trim())
  .filter(Boolean)
  .flatMap((line) => {
    const parts = line.split(/\s+/);
    const path = parts.pop()!;
    return parts.map((method) => ({ method: method as Method, path }));
  });

// ---------------------------------------------------------------------------------------------
// The index: a segment trie, so a lookup walks the call's segments once instead of scanning the
// table. It is shared with the v3 table (v3-routes.ts), whose values are not methods.

interface TrieNode<T> {
  literal: Map<string, TrieNode<T>>;
  param: TrieNode<T> | undefined;
  /** Values of templates that end exactly here. */
  here: T[];
  /** Values of templates that end here with `**` (zero or more further segments). */
  rest: T[];
}

function node<T>(): TrieNode<T> {
  return { literal: new Map(), param: undefined, here: [], rest: [] };
}

/**
 * Route templates indexed by segment. A lookup answers the values of the best-matching template:
 * at each segment a literal template segment is preferred to a `:param`, and both to a `**`, as
 * the service's own router resolves `/runners/all` or `…/artifacts/keep` before the parametric
 * route of the same length. Without that preference `PUT …/artifacts/keep` would count as routed
 * (an artifact named `keep`) and the method check would have two answers instead of one.
 */
export class RouteTrie<T> {
  private readonly root: TrieNode<T> = node();

  /**
   * `notItems`: words that never name one item of a top-level collection (`all`, `owned` in
   * `/projects/owned` are v3's sub-lists, not a project called `owned` of `/projects/:id`).
   */
  constructor(
    entries: Iterable<{ path: string; value: T }>,
    private readonly notItems: ReadonlySet<string> = new Set(),
  ) {
    for (const { path, value } of entries) this.add(path, value);
  }

  private add(path: string, value: T): void {
    const parts = path.split('/').filter(Boolean);
    let at = this.root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (part === '**') {
        if (i !== parts.length - 1) throw new Error(`route template ${path}: ** must come last`);
        if (!at.rest.includes(value)) at.rest.push(value);
        return;
      }
      if (part.startsWith(':')) at = at.param ??= node();
      else {
        let next = at.literal.get(part);
        if (!next) at.literal.set(part, (next = node()));
        at = next;
      }
    }
    if (!at.here.includes(value)) at.here.push(value);
  }

  /** The values of the best template for a route shape (null = a dynamic segment); [] when none. */
  match(shape: readonly (string | null)[]): readonly T[] {
    return walk(this.root, shape, 0, this.notItems) ?? [];
  }
}

function walk<T>(at: TrieNode<T>, shape: readonly (string | null)[], i: number, notItems: ReadonlySet<string>): readonly T[] | undefined {
  if (i === shape.length) {
    if (at.here.length > 0) return at.here;
    return at.rest.length > 0 ? at.rest : undefined;
  }
  const seg = shape[i]!;
  // A dynamic call segment may hold any text, so only a template parameter can be sure to match it.
  if (seg !== null) {
    const next = at.literal.get(seg);
    const found = next && walk(next, shape, i + 1, notItems);
    if (found) return found;
  }
  const found = at.param && !(i === 1 && seg !== null && notItems.has(seg)) && walk(at.param, shape, i + 1, notItems);
  if (found) return found;
  return at.rest.length > 0 ? at.rest : undefined;
}

// The sub-lists v3 put where an item's id goes (`/projects/all`, `/groups/owned`, `/projects/search/:q`).
const V3_SUBLISTS = new Set(['all', 'owned', 'starred', 'visible', 'search']);
const index = new RouteTrie(
  V4_ROUTES.map((r) => ({ path: r.path, value: r.method })),
  V3_SUBLISTS,
);

/** The methods v4 routes for a route shape (null = dynamic segment); [] when v4 has no such path. */
export function v4MethodsFor(segments: readonly (string | null)[]): Method[] {
  return [...index.match(segments)];
}

/**
 * Whether v4 routes this method (any method when undefined) on this path shape. HEAD counts as
 * routed wherever GET is: the service's API framework answers HEAD for every GET route.
 */
export function isV4Route(method: Method | undefined, segments: readonly (string | null)[]): boolean {
  const methods = index.match(segments);
  if (method === undefined) return methods.length > 0;
  return methods.includes(method) || (method === 'HEAD' && methods.includes('GET'));
}
