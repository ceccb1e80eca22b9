// The change catalogue of CHANGES.md, kept in the project so a clone builds and tests on its own.
// Every rule cites IDs from here; the catalogue test checks that each ID is covered.

export type ChangeRelease = '8.17' | '9.0';
export interface ChangeInfo {
  release: ChangeRelease;
  /** The best fix class the change allows. */
  fix: 'safe' | 'unsafe' | 'report';
  title: string;
  v3: string;
  v4: string;
  section: string;
}

export const CHANGES = {
  'V-PREFIX': { release: '9.0', fix: 'safe', section: 'Versioning', title: 'The API prefix is /api/v4', v3: '/api/v3 in a URL or base URL', v4: '/api/v4' },
  'V-IID': { release: '9.0', fix: 'safe', section: 'Versioning', title: 'Issue and merge request ids in paths are iids', v3: 'global id (issue.id)', v4: 'internal iid (issue.iid)' },
  'R817-SEARCH': { release: '8.17', fix: 'safe', section: 'Release 8.17', title: 'Project search moved to a query parameter', v3: 'GET /projects/search/:query', v4: 'GET /projects?search=<text>' },
  'R817-ISSUE-IID': { release: '8.17', fix: 'unsafe', section: 'Release 8.17', title: 'The iid filter of the project issue list is gone', v3: 'GET /projects/:id/issues?iid=N', v4: 'GET /projects/:id/issues/:iid or iids[]=N' },
  'R817-MR-IIDS': { release: '8.17', fix: 'safe', section: 'Release 8.17', title: 'The iid[] filter of merge requests is iids[]', v3: 'GET /projects/:id/merge_requests?iid[]=N', v4: 'iids[]=N' },
  'R817-MR-PATH': { release: '8.17', fix: 'safe', section: 'Release 8.17', title: 'Singular merge_request paths are gone', v3: '/projects/:id/merge_request/:mr_id/…', v4: '/projects/:id/merge_requests/:mr_iid/…' },
  'R817-SNIPPET-EXPIRES': { release: '8.17', fix: 'report', section: 'Release 8.17', title: 'Project snippets no longer carry expires_at', v3: 'snippet.expires_at', v4: 'field removed' },
  'R817-KEYS': { release: '8.17', fix: 'safe', section: 'Release 8.17', title: 'Project keys are deploy keys', v3: '/projects/:id/keys[/…]', v4: '/projects/:id/deploy_keys[/…]' },
  'R90-MEMBER-409': { release: '9.0', fix: 'report', section: 'Members and status codes', title: 'Adding an existing member answers 409', v3: 'no 409 from POST /projects/:id/members', v4: '409 Conflict' },
  'R90-MEMBER-400': { release: '9.0', fix: 'safe', section: 'Members and status codes', title: 'Member validation errors answer 400', v3: '422 (sometimes)', v4: '400' },
  'R90-UNSTAR': { release: '9.0', fix: 'safe', section: 'Moved or removed endpoints', title: 'Unstar is a POST', v3: 'DELETE /projects/:id/star', v4: 'POST /projects/:id/unstar' },
  'R90-TEMPLATES': { release: '9.0', fix: 'safe', section: 'Moved or removed endpoints', title: 'Template endpoints moved under /templates', v3: '/licenses, /gitignores, /gitlab_ci_ymls, /dockerfiles', v4: '/templates/…' },
  'R90-FORK': { release: '9.0', fix: 'safe', section: 'Moved or removed endpoints', title: 'Fork path puts the project first', v3: 'POST /projects/fork/:id', v4: 'POST /projects/:id/fork' },
  'R90-TODOS': { release: '9.0', fix: 'safe', section: 'Moved or removed endpoints', title: 'Todos are marked done with POST', v3: 'DELETE /todos[/:todo_id]', v4: 'POST /todos[/:todo_id]/mark_as_done' },
  'R90-DEPLOY-KEY-DISABLE': { release: '9.0', fix: 'safe', section: 'Moved or removed endpoints', title: 'Deploy key disable is a plain DELETE', v3: 'DELETE /projects/:id/deploy_keys/:key_id/disable', v4: 'DELETE /projects/:id/deploy_keys/:key_id' },
  'R90-USER-BLOCK': { release: '9.0', fix: 'safe', section: 'Moved or removed endpoints', title: 'Block and unblock are POST', v3: 'PUT /users/:id/block|unblock', v4: 'POST /users/:id/block|unblock' },
  'R90-GROUPS-OWNED': { release: '9.0', fix: 'safe', section: 'Moved or removed endpoints', title: 'Owned groups are a filter', v3: 'GET /groups/owned', v4: 'GET /groups?owned=true' },
  'R90-ENV-STOP': { release: '9.0', fix: 'report', section: 'Moved or removed endpoints', title: 'Environments have a stop action', v3: '(none)', v4: 'POST /projects/:id/environments/:environment_id/stop' },
  'R90-COMMIT-JOBS': { release: '9.0', fix: 'report', section: 'Moved or removed endpoints', title: 'Jobs of a commit are dropped', v3: 'GET /projects/:id/repository/commits/:sha/builds', v4: 'dropped: use pipelines and jobs' },
  'R90-PROJECTS-ALL': { release: '9.0', fix: 'safe', section: 'Project listing', title: 'All and visible projects are the plain list', v3: 'GET /projects/all, /projects/visible', v4: 'GET /projects' },
  'R90-PROJECTS-OWNED': { release: '9.0', fix: 'safe', section: 'Project listing', title: 'Owned projects are a filter', v3: 'GET /projects/owned', v4: 'GET /projects?owned=true' },
  'R90-PROJECTS-STARRED': { release: '9.0', fix: 'safe', section: 'Project listing', title: 'Starred projects are a filter', v3: 'GET /projects/starred', v4: 'GET /projects?starred=true' },
  'R90-PROJECTS-MEMBERSHIP': { release: '9.0', fix: 'safe', section: 'Project listing', title: 'The project list shows every visible project', v3: 'GET /projects (member projects)', v4: 'GET /projects?membership=true' },
  'R90-VISIBILITY': { release: '9.0', fix: 'safe', section: 'Project listing', title: 'Visibility is a string parameter', v3: 'public / visibility_level', v4: "visibility: 'private' | 'internal' | 'public'" },
  'R90-SUBSCRIBE': { release: '9.0', fix: 'safe', section: 'Subscriptions', title: 'Subscribe has its own path', v3: 'POST …/:x/subscription', v4: 'POST …/:x/subscribe' },
  'R90-UNSUBSCRIBE': { release: '9.0', fix: 'safe', section: 'Subscriptions', title: 'Unsubscribe is a POST', v3: 'DELETE …/:x/subscription', v4: 'POST …/:x/unsubscribe' },
  'R90-SUBSCRIBED-FIELD': { release: '9.0', fix: 'report', section: 'Subscriptions', title: 'List results lose subscribed', v3: 'issue/MR list items carry subscribed', v4: 'fetch the single item' },
  'R90-LABELS-AND': { release: '9.0', fix: 'report', section: 'Filters and parameters', title: 'Several labels match with AND', v3: 'labels=a,b matched any', v4: 'labels=a,b matches all' },
  'R90-MILESTONE-IIDS': { release: '9.0', fix: 'safe', section: 'Filters and parameters', title: 'The iid[] filter of milestones is iids[]', v3: 'GET /projects/:id/milestones?iid[]=N', v4: 'iids[]=N' },
  'R90-BRANCH-PARAM': { release: '9.0', fix: 'safe', section: 'Filters and parameters', title: 'branch_name is branch', v3: 'branch_name', v4: 'branch' },
  'R90-PIPELINE-SUCCEEDS': { release: '9.0', fix: 'safe', section: 'Filters and parameters', title: 'build_succeeds is pipeline_succeeds', v3: 'merge_when_build_succeeds', v4: 'merge_when_pipeline_succeeds' },
  'R90-TREE-REF': { release: '9.0', fix: 'safe', section: 'Filters and parameters', title: 'Tree ref_name is ref', v3: 'GET …/repository/tree?ref_name=x', v4: 'ref=x' },
  'R90-SKIP-CONFIRMATION': { release: '9.0', fix: 'safe', section: 'Filters and parameters', title: 'confirm is skip_confirmation, inverted', v3: 'POST /users confirm', v4: 'skip_confirmation (opposite meaning)' },
  'R90-JOBS': { release: '9.0', fix: 'safe', section: 'Builds, jobs and pipelines', title: 'Builds are jobs', v3: '/projects/:id/builds[/…]', v4: '/projects/:id/jobs[/…]' },
  'R90-TRIGGER-PIPELINE': { release: '9.0', fix: 'safe', section: 'Builds, jobs and pipelines', title: 'Triggers start pipelines', v3: 'POST /projects/:id/trigger/builds', v4: 'POST /projects/:id/trigger/pipeline' },
  'R90-TRIGGER-DESCRIPTION': { release: '9.0', fix: 'report', section: 'Builds, jobs and pipelines', title: 'Triggers need a description', v3: 'POST /projects/:id/triggers without description', v4: 'description required' },
  'R90-PIPELINES-BASIC': { release: '9.0', fix: 'report', section: 'Builds, jobs and pipelines', title: 'Pipeline lists are basic', v3: 'full pipelines in GET /projects/:id/pipelines', v4: 'basic fields only' },
  'R90-ENV-PROJECT': { release: '9.0', fix: 'report', section: 'Builds, jobs and pipelines', title: 'Environments embed a simplified project', v3: 'full project payload', v4: 'simplified project payload' },
  'R90-FILES-PATH': { release: '9.0', fix: 'safe', section: 'Repository files', title: 'The file path is part of the path', v3: '…/repository/files?file_path=<p>', v4: '…/repository/files/:file_path (URL-encoded)' },
  'R90-BLOB-RAW': { release: '9.0', fix: 'safe', section: 'Repository files', title: 'Raw content by path is under files', v3: 'GET …/repository/blobs/:sha?filepath=<p>', v4: 'GET …/repository/files/:file_path/raw?ref=:sha' },
  'R90-COMMIT-BLOB': { release: '9.0', fix: 'safe', section: 'Repository files', title: 'Raw content of a commit is under files', v3: 'GET …/repository/commits/:sha/blob?filepath=<p>', v4: 'GET …/repository/files/:file_path/raw?ref=:sha' },
  'R90-NOTE-VOTES': { release: '9.0', fix: 'report', section: 'Payloads', title: 'Notes lose upvote and downvote', v3: 'note.upvote / note.downvote', v4: 'award emoji API' },
  'L-PAGE-ONE': { release: '9.0', fix: 'safe', section: 'Limits', title: 'Pages start at 1', v3: 'page=0 on commits', v4: 'page=1' },
  'L-PAGINATION': { release: '9.0', fix: 'report', section: 'Limits', title: 'Every list paginates', v3: 'lists read once', v4: 'follow the Link header' },
  'E-ASYNC-202': { release: '9.0', fix: 'unsafe', section: 'Errors', title: 'Some removals answer 202', v3: '200/204 from DELETE /projects/:id, merged_branches', v4: '202 with a JSON body' },
  'A-TOKEN-QUERY': { release: '9.0', fix: 'unsafe', section: 'Authentication', title: 'Send the token in a header', v3: 'private_token query parameter', v4: 'PRIVATE-TOKEN header' },
  'A-TOKEN-LITERAL': { release: '9.0', fix: 'report', section: 'Authentication', title: 'Tokens do not belong in source', v3: 'token written in code', v4: 'read it from the environment' },
  'EV-ACTION': { release: '9.0', fix: 'safe', section: 'Events API', title: 'Event action filter values', v3: 'an action outside the allowed set', v4: 'created updated closed reopened pushed commented merged joined left destroyed expired' },
  'EV-TARGET-TYPE': { release: '9.0', fix: 'safe', section: 'Events API', title: 'Event target_type filter values', v3: 'a target type outside the allowed set', v4: 'issue milestone merge_request note project snippet user' },
  'EV-DATE': { release: '9.0', fix: 'unsafe', section: 'Events API', title: 'Event date filters are YYYY-MM-DD', v3: 'timestamp, Date, epoch', v4: 'YYYY-MM-DD (exclusive bound)' },
  'EV-SORT': { release: '9.0', fix: 'safe', section: 'Events API', title: 'Event sort is asc or desc', v3: 'other sort values', v4: 'asc | desc' },
  'EV-RESPONSE-TARGET-TYPE': { release: '9.0', fix: 'safe', section: 'Events API', title: 'Response target_type is capitalised', v3: "e.target_type === 'issue'", v4: "e.target_type === 'Issue'" },
  'EV-RESPONSE-ACTION': { release: '9.0', fix: 'unsafe', section: 'Events API', title: 'Response action_name is a phrase', v3: "e.action_name === 'commented'", v4: "e.action_name === 'commented on'" },
  'EV-USER-EVENTS-AVAILABLE': { release: '9.0', fix: 'report', section: 'Events API', title: 'GET /events needs release 9.3', v3: 'GET /events', v4: 'available from release 9.3' },
  'EV-PROJECT-PATH': { release: '9.0', fix: 'safe', section: 'Events API', title: 'Project paths must be URL-encoded', v3: '/projects/group/name/…', v4: '/projects/group%2Fname/…' },
  'X-RAW-BLOBS': { release: '9.0', fix: 'unsafe', section: 'Seen in real v3 code', title: 'raw_blobs is blobs/:sha/raw', v3: 'GET /projects/:id/repository/raw_blobs/:sha', v4: 'GET /projects/:id/repository/blobs/:sha/raw' },
  'X-V4-METHOD': { release: '9.0', fix: 'safe', section: 'Seen in real v3 code', title: 'A v4 path with a method v4 does not route', v3: 'DELETE …/unsubscribe, PUT …/mark_as_done', v4: 'the routed method (POST)' },
} as const satisfies Record<string, ChangeInfo>;

export type ChangeId = keyof typeof CHANGES;
export const CHANGE_IDS = Object.keys(CHANGES) as ChangeId[];

export function isChangeId(s: string): s is ChangeId {
  return Object.hasOwn(CHANGES, s);
}
