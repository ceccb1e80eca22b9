import { defineRule, iidsFilterRename } from '../src/rule.js';

export default defineRule({
  id: 'merge-requests-iid-filter',
  changes: ['R817-MR-IIDS'],
  release: '8.17',
  category: 'param',
  fix: 'safe',
  message: 'The `iid` filter of `GET /projects/:id/merge_requests` is `iids[]` in v4',
  fixTitle: 'Rename the filter to `iids`',
  v3: { method: 'GET', path: '/projects/:id/merge_requests' },
  check: ({ match }) => iidsFilterRename(match),
  docs:
    'Release 8.17 renamed the array filter `iid[]` of the merge request list to `iids[]`. v4 ignores the old name ' +
    'and returns every merge request. A params object keeps its array (`{ iids: [1, 2] }` is sent as `iids[]=1&iids[]=2` ' +
    'by axios, jQuery and request).',
  examples: {
    invalid: [
      { code: "$.getJSON('/api/v3/projects/' + id + '/merge_requests', { 'iid[]': [1, 2] })", output: "$.getJSON('/api/v4/projects/' + id + '/merge_requests', { 'iids[]': [1, 2] })" },
      { code: 'fetch(`/projects/${id}/merge_requests?iid[]=${iid}`)', output: 'fetch(`/projects/${id}/merge_requests?iids[]=${iid}`)' },
      { code: 'api.get(`/projects/${id}/merge_requests`, { iid: [3] })', output: 'api.get(`/projects/${id}/merge_requests`, { iids: [3] })' },
    ],
    valid: ["$.getJSON('/api/v4/projects/' + id + '/merge_requests', { 'iids[]': [1, 2] })", 'fetch(`/projects/${id}/merge_requests?state=opened`)'],
  },
});
