import { defineRule } from '../src/rule.js';

// Collections the service answers as arrays (every one of them paginates in v4).
const LISTS = new Set(['projects', 'issues', 'merge_requests', 'pipelines', 'jobs', 'builds', 'notes', 'members', 'branches', 'commits', 'tags', 'events', 'users', 'groups', 'milestones', 'labels', 'snippets', 'hooks', 'deploy_keys', 'environments', 'deployments', 'todos', 'tree']);
const PAGING_HEADERS = ['link', 'x-next-page', 'x-total-pages', 'x-total'];

export default defineRule({
  id: 'list-without-pagination',
  changes: ['L-PAGINATION'],
  release: '9.0',
  category: 'response',
  fix: 'report',
  severity: 'warning',
  enabled: false,
  message: 'This list is read once; every v4 list is paginated, so only its first page (20 items) arrives',
  v3: { method: 'GET', path: '{/**}', version: 'any' },
  when: (m) => {
    const last = m.segments[m.segments.length - 1];
    if (!last || !LISTS.has(last) || m.findParam('page') || m.findParam('per_page')) return false;
    const response = m.response();
    return response.handled && !response.headers.some((h) => PAGING_HEADERS.includes(h));
  },
  docs:
    'Every v4 endpoint that answers an array is paginated (document §8): without `page`/`per_page` the answer is ' +
    'the first page only. Follow the `Link` header (`rel="next"`) or `X-Next-Page` until there is none. This rule ' +
    'is off by default (most code that reads one page knows it); turn it on in the configuration to audit a codebase.',
  examples: {
    invalid: [
      { code: "const { data } = await api.get(`/projects/${id}/issues`);\nreturn data.length;" },
      { code: "$.getJSON('/api/v3/projects/' + id + '/members', function (members) { render(members); });" },
    ],
    valid: [
      "const res = await api.get(`/projects/${id}/issues`, { params: { per_page: 100, page } });\nreturn res.data;",
      "const res = await fetch(API + '/projects/' + id + '/issues');\nconst next = res.headers.get('Link');",
    ],
  },
});
