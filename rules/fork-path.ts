import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'fork-path',
  changes: ['R90-FORK'],
  release: '9.0',
  category: 'endpoint',
  fix: 'safe',
  message: '`{v3}` is removed; fork with `{v4}`',
  fixTitle: 'Move the project id before `fork`',
  v3: { method: 'POST', path: '/projects/fork/:id' },
  v4: { path: '/projects/:id/fork' },
  docs:
    'Release 9.0 moved the fork action under the project it forks, like every other project action. The method ' +
    'and the parameters (`namespace`) stay the same; only the order of the segments changes.',
  examples: {
    invalid: [
      { code: "client.request('post', '/projects/fork/:id', params)", output: "client.request('post', '/projects/:id/fork', params)" },
      { code: 'axios.post(`${base}/api/v3/projects/fork/${id}`)', output: 'axios.post(`${base}/api/v4/projects/${id}/fork`)' },
      { code: "fetch(API + '/projects/fork/' + id, { method: 'POST' })", output: "fetch(API + '/projects/' + id + '/fork', { method: 'POST' })" },
    ],
    valid: ['axios.post(`${base}/api/v4/projects/${id}/fork`)', "router.post('/projects/fork/:id', forkHandler)"],
  },
});
