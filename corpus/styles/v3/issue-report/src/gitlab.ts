import fetch from 'node-fetch';
import { URL } from 'url';

const API_ROOT = process.env.REPORT_API || 'https://gitlab.com/api/v3/';
const TOKEN = process.env.REPORT_TOKEN || '';

export interface Issue {
  iid: number;
  title: string;
  labels: string[];
  created_at: string;
  assignee: { username: string } | null;
  web_url: string;
}

export interface TreeEntry {
  name: string;
  path: string;
  type: 'tree' | 'blob';
}

export interface Commit {
  id: string;
  title: string;
  created_at: string;
}

async function getJson<T>(url: URL): Promise<T> {
  url.searchParams.set('private_token', TOKEN);
  const res = await fetch(url.toString());
  if (!res.ok) {
    throw new Error(`${url.pathname}: HTTP ${res.status}`);
  }
  return res.json();
}

/** Open issues carrying both the "bug" and the "regression" label. */
export function openRegressions(projectId: number): Promise<Issue[]> {
  const url = new URL(`projects/${projectId}/issues`, API_ROOT);
  url.searchParams.set('state', 'opened');
  url.searchParams.set('labels', 'bug,regression');
  url.searchParams.set('per_page', '100');
  return getJson<Issue[]>(url);
}

export function findProject(name: string): Promise<Array<{ id: number; path_with_namespace: string }>> {
  const url = new URL('projects/search/' + encodeURIComponent(name), API_ROOT);
  return getJson(url);
}

export function listFolder(projectId: number, ref: string, path: string): Promise<TreeEntry[]> {
  const url = new URL(`projects/${projectId}/repository/tree`, API_ROOT);
  url.searchParams.set('ref_name', ref);
  url.searchParams.set('path', path);
  return getJson<TreeEntry[]>(url);
}

/** Every commit of `ref` since `since`, page by page. */
export async function commitsSince(projectId: number, ref: string, since: Date): Promise<Commit[]> {
  const all: Commit[] = [];
  for (let page = 0; ; page++) {
    const url = new URL(`projects/${projectId}/repository/commits`, API_ROOT);
    url.searchParams.set('ref_name', ref);
    url.searchParams.set('since', since.toISOString());
    url.searchParams.set('per_page', '100');
    url.searchParams.set('page', String(page));
    const batch = await getJson<Commit[]>(url);
    all.push(...batch);
    if (batch.length < 100) {
      return all;
    }
  }
}
