import { GitLab, day, projectPath } from './client';

interface Event {
  action_name: string;
  target_type: string | null;
  target_iid?: number;
  target_title: string | null;
  author_username: string;
  push_data?: { commit_count: number; ref: string };
}

interface Pipeline { id: number; sha: string; ref: string; status: string; }
interface Job { id: number; name: string; stage: string; ref: string; web_url: string; }

export interface Digest {
  project: string;
  merged: string[];
  pushes: number;
  failedJobs: Job[];
  pipelines: Pipeline[];
  changelog: string;
}

export async function weekOf(gl: GitLab, project: string, since: Date): Promise<Digest> {
  const id = projectPath(project);

  const mergeEvents = await gl.all<Event>(`projects/${id}/events`, {
    action: 'merged',
    target_type: 'merge_request',
    after: day(since),
    sort: 'asc'
  });
  const merged = mergeEvents
    .filter(e => e.target_type === 'MergeRequest' && e.action_name === 'accepted')
    .map(e => `!${e.target_iid} ${e.target_title} (@${e.author_username})`);

  const pushEvents = await gl.all<Event>(`projects/${id}/events`, { action: 'pushed', after: day(since) });
  const pushes = pushEvents.filter(e => e.action_name === 'pushed to').length;

  const failedJobs = await gl.get<Job[]>(`projects/${id}/jobs`, { 'scope[]': 'failed', per_page: 50 });

  const pipelines = (await gl.get<Pipeline[]>(`projects/${id}/pipelines`, { ref: 'master', per_page: 10 }))
    .map(p => ({ id: p.id, sha: p.sha.slice(0, 8), ref: p.ref, status: p.status }));

  let changelog = '';
  try {
    const file = await gl.get<{ content: string }>(`projects/${id}/repository/files/${encodeURIComponent('CHANGELOG.md')}`, { ref: 'master' });
    changelog = Buffer.from(file.content, 'base64').toString('utf8').split('\n## ')[1] || '';
  } catch (e) {
    // no changelog in this project
  }

  return { project, merged, pushes, failedJobs, pipelines, changelog };
}

/** Comments of one merge request, by its iid (the !number). */
export function discussion(gl: GitLab, project: string, mergeRequestIid: number) {
  return gl.all<{ body: string; author: { username: string } }>(
    `projects/${projectPath(project)}/merge_requests/${mergeRequestIid}/notes`, { sort: 'asc' });
}
