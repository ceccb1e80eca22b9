import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'subscription-post',
  changes: ['R90-SUBSCRIBE'],
  release: '9.0',
  category: 'endpoint',
  fix: 'safe',
  message: '`{v3}` is removed; subscribe with `{v4}`',
  fixTitle: 'Use `POST …/subscribe`',
  v3: { method: 'POST', path: '/projects/:id/:type(issues|merge_requests|labels)/:x/subscription' },
  v4: { path: '/projects/:id/:type/:x/subscribe' },
  docs:
    'Release 9.0 replaced the `subscription` resource of issues, merge requests and labels with two actions, ' +
    '`POST …/subscribe` and `POST …/unsubscribe`.',
  examples: {
    invalid: [
      { code: "fetch(host + '/api/v3/projects/' + id + '/issues/' + iid + '/subscription', { method: 'POST' })", output: "fetch(host + '/api/v4/projects/' + id + '/issues/' + iid + '/subscribe', { method: 'POST' })" },
      { code: 'this.post(`projects/${id}/labels/${label}/subscription`, cb)', output: 'this.post(`projects/${id}/labels/${label}/subscribe`, cb)' },
    ],
    valid: ["fetch(host + '/api/v4/projects/' + id + '/issues/' + iid + '/subscribe', { method: 'POST' })", "app.post('/projects/:id/issues/:iid/subscription', h)"],
  },
});
