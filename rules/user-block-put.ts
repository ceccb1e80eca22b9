import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'user-block-put',
  changes: ['R90-USER-BLOCK'],
  release: '9.0',
  category: 'method',
  fix: 'safe',
  message: '`{v3}` is `POST` in v4',
  fixTitle: 'Change the method to `POST`',
  v3: { method: 'PUT', path: '/users/:id/:action(block|unblock)' },
  v4: { method: 'POST' },
  docs: 'Release 9.0 made blocking and unblocking a user actions (`POST`) instead of updates (`PUT`). The path is unchanged.',
  examples: {
    invalid: [
      { code: "api.put('/users/' + uid + '/block')", output: "api.post('/users/' + uid + '/block')" },
      { code: "fetch(`${base}/api/v3/users/${id}/unblock`, { method: 'PUT', headers })", output: "fetch(`${base}/api/v4/users/${id}/unblock`, { method: 'POST', headers })" },
    ],
    valid: ["api.post('/users/' + uid + '/block')", "api.put('/users/' + uid, { name })"],
  },
});
