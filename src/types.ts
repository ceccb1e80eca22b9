// Types of the v4 records of the events API (document §2) and of its filters (§4), so client code can be
// typed against v4: `import type { Event, EventFilters } from 'v4-migrate/types'`.

/** A user as embedded in other records (`author`). */
export interface UserSummary {
  name: string;
  username: string;
  id: number;
  /** `active` occurs; other states are not documented. */
  state: 'active' | (string & {});
  avatar_url: string;
  web_url: string;
}

/** A note as embedded in an event whose target is a note. */
export interface NoteSummary {
  id: number;
  body: string;
  attachment: unknown | null;
  author: UserSummary;
  /** ISO 8601 timestamp. */
  created_at: string;
  system: boolean;
  noteable_id: number;
  /** For example `Issue`. */
  noteable_type: string;
}

/** A commit in a push event's data. */
export interface PushCommit {
  id: string;
  message: string;
  /** ISO 8601 with offset. */
  timestamp: string;
  url: string;
  author: { name: string; email: string };
}

/** The `data` of a push event. */
export interface PushData {
  before: string;
  after: string;
  /** Full reference name (`refs/heads/main`). */
  ref: string;
  user_id: number;
  user_name: string;
  repository: { name: string; url: string; description: string; homepage: string };
  commits: PushCommit[];
  total_commits_count: number;
}

/** `target_type` as event records spell it: capitalised (the filter uses lower case). */
export type EventTargetTypeName = 'Issue' | 'Milestone' | 'MergeRequest' | 'Note' | 'Project' | 'Snippet' | 'User' | (string & {});

/** One element of the array every events endpoint returns. */
export interface Event {
  title: string | null;
  project_id: number;
  /** A phrase such as `opened`, `closed`, `commented on`: not the `action` filter's vocabulary. */
  action_name: string;
  target_id: number | null;
  target_type: EventTargetTypeName | null;
  author_id: number;
  /** Push payload for push events, otherwise null. */
  data: PushData | null;
  target_title: string | null;
  /** ISO 8601 timestamp with milliseconds and `Z`. */
  created_at?: string;
  author: UserSummary;
  author_username: string;
  /** Only on events whose target is a note. */
  note?: NoteSummary;
}

/** Allowed values of the `action` filter. */
export type EventAction = 'created' | 'updated' | 'closed' | 'reopened' | 'pushed' | 'commented' | 'merged' | 'joined' | 'left' | 'destroyed' | 'expired';

/** Allowed values of the `target_type` filter (lower case). */
export type EventTargetType = 'issue' | 'milestone' | 'merge_request' | 'note' | 'project' | 'snippet' | 'user';

/** A date in the form the filters take: `YYYY-MM-DD`. */
export type IsoDate = `${number}-${number}-${number}`;

/** The common filter parameters of `GET /events`, `GET /users/:id/events` and `GET /projects/:id/events`. */
export interface EventFilters {
  action?: EventAction;
  target_type?: EventTargetType;
  /** Events created before this date (exclusive). */
  before?: IsoDate;
  /** Events created after this date (exclusive). */
  after?: IsoDate;
  /** By `created_at`; default `desc`. */
  sort?: 'asc' | 'desc';
}

/** The runtime lists behind the filter unions, for validating values that arrive at run time. */
export const EVENT_ACTIONS: readonly EventAction[] = ['created', 'updated', 'closed', 'reopened', 'pushed', 'commented', 'merged', 'joined', 'left', 'destroyed', 'expired'];
export const EVENT_TARGET_TYPES: readonly EventTargetType[] = ['issue', 'milestone', 'merge_request', 'note', 'project', 'snippet', 'user'];
