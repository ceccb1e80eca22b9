import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'merge-request-singular-path',
  changes: ['R817-MR-PATH'],
  release: '8.17',
  category: 'endpoint',
  fix: 'safe',
  message: '`{v3}` is removed; merge requests live under `{v4}`',
  fixTitle: 'Use the plural `merge_requests` segment',
  v3: { path: '/projects/:id/merge_request/:mr{/**}' },
  v4: { path: '/projects/:id/merge_requests/:mr{/**}' },
  docs:
    'Release 8.17 removed the endpoints under the singular `merge_request` segment; the same actions are under ' +
    '`merge_requests`. In v4 the number in that path is the merge request\'s `iid` (its number within the project), ' +
    'not its global `id`: see the V-IID change.',
  examples: {
    invalid: [
      { code: "fetch(base + '/api/v3/projects/' + id + '/merge_request/' + mrIid + '/changes')", output: "fetch(base + '/api/v4/projects/' + id + '/merge_requests/' + mrIid + '/changes')" },
      { code: 'api.put(`/projects/${id}/merge_request/${mr.iid}/merge`, body)', output: 'api.put(`/projects/${id}/merge_requests/${mr.iid}/merge`, body)' },
    ],
    valid: ["fetch(base + '/api/v4/projects/' + id + '/merge_requests/' + iid + '/changes')", "const label = 'merge_request'"],
  },
});
