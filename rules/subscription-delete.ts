import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'subscription-delete',
  changes: ['R90-UNSUBSCRIBE'],
  release: '9.0',
  category: 'method',
  fix: 'safe',
  message: '`{v3}` is removed; unsubscribe with `{v4}`',
  fixTitle: 'Change the call to `POST …/unsubscribe`',
  v3: { method: 'DELETE', path: '/projects/:id/:type(issues|merge_requests|labels)/:x/subscription' },
  v4: { method: 'POST', path: '/projects/:id/:type/:x/unsubscribe' },
  docs:
    'Release 9.0 replaced `DELETE …/subscription` with the action `POST …/unsubscribe`. The method and the last ' +
    'segment change together; `DELETE …/unsubscribe` (seen in early v4 SDKs) is not routed either.',
  examples: {
    invalid: [
      { code: 'axios.delete(`/projects/${id}/merge_requests/${iid}/subscription`)', output: 'axios.post(`/projects/${id}/merge_requests/${iid}/unsubscribe`)' },
      { code: "superagent.del(base + '/api/v3/projects/' + id + '/issues/' + iid + '/subscription').end(cb)", output: "superagent.post(base + '/api/v4/projects/' + id + '/issues/' + iid + '/unsubscribe').end(cb)" },
      { code: "client.request(method, '/projects/:id/issues/:iid/subscription')" },
    ],
    valid: ['axios.post(`/projects/${id}/merge_requests/${iid}/unsubscribe`)', "router.delete('/projects/:id/issues/:iid/subscription', h)"],
  },
});
