import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'star-delete',
  changes: ['R90-UNSTAR'],
  release: '9.0',
  category: 'method',
  fix: 'safe',
  message: '`{v3}` is removed in v4; unstar with `{v4}`',
  fixTitle: 'Change the call to `POST …/unstar`',
  v3: { method: 'DELETE', path: '/projects/:id/star' },
  v4: { method: 'POST', path: '/projects/:id/unstar' },
  docs:
    'v4 routes no `DELETE` on a project\'s star (release 9.0): unstarring is its own action, ' +
    '`POST /projects/:id/unstar`. The method and the last segment change together.',
  examples: {
    invalid: [
      { code: 'api.delete(`/projects/${id}/star`)', output: 'api.post(`/projects/${id}/unstar`)' },
      { code: "$.ajax({ url: '/api/v3/projects/' + id + '/star', type: 'DELETE' })", output: "$.ajax({ url: '/api/v4/projects/' + id + '/unstar', type: 'POST' })" },
      { code: "client.request(verb, '/projects/:id/star', { id })" },
    ],
    valid: ['api.post(`/projects/${id}/unstar`)', "app.delete('/projects/:id/star', unstar)", 'api.post(`/projects/${id}/star`)'],
  },
});
