import { defineRule, v4MethodsFor } from '../src/rule.js';

// Action routes (a verb as the last segment) where early v4 SDKs guessed the method wrong.
const ACTIONS = new Set(['subscribe', 'unsubscribe', 'mark_as_done', 'star', 'unstar', 'block', 'unblock', 'fork', 'archive', 'unarchive', 'stop', 'cancel', 'retry', 'erase', 'play', 'keep', 'todo', 'enable', 'take_ownership', 'cherry_pick', 'move', 'merge', 'cancel_merge_when_pipeline_succeeds']);

export default defineRule({
  id: 'unrouted-method',
  changes: ['X-V4-METHOD'],
  release: '9.0',
  category: 'method',
  fix: 'safe',
  message: 'A v4 action path is called with a method v4 does not route; call it with the method v4 answers',
  fixTitle: 'Use the method v4 routes',
  v3: { path: '{/**}', version: 'v4' },
  check: ({ match }) => {
    const last = match.segments[match.segments.length - 1];
    if (!last || !ACTIONS.has(last) || !match.call.method) return [];
    const methods = v4MethodsFor(match.segments);
    if (methods.length !== 1 || methods.includes(match.call.method)) return [];
    return [{ message: `v4 does not route \`${match.call.method}\` on \`…/${last}\`; it answers \`${methods[0]}\``, rewrite: { method: methods[0] } }];
  },
  docs:
    'Some v4 paths of the catalogue are called with a method v4 does not route: `DELETE …/unsubscribe` (early v4 ' +
    'SDKs kept the v3 `DELETE …/subscription` method), `PUT …/mark_as_done`, `DELETE …/unstar`, `PUT …/cancel_merge_when_pipeline_succeeds`. The service ' +
    'answers 404 or 405. Only action routes of the v4 route table with a single method are checked.',
  examples: {
    invalid: [
      { code: "fetch(`${base}/api/v4/projects/${id}/issues/${iid}/unsubscribe`, { method: 'DELETE' })", output: "fetch(`${base}/api/v4/projects/${id}/issues/${iid}/unsubscribe`, { method: 'POST' })" },
      { code: "api.put('/api/v4/todos/' + id + '/mark_as_done')", output: "api.post('/api/v4/todos/' + id + '/mark_as_done')" },
      { code: 'this.put(`/api/v4/projects/${pId}/merge_requests/${iid}/cancel_merge_when_pipeline_succeeds`)', output: 'this.post(`/api/v4/projects/${pId}/merge_requests/${iid}/cancel_merge_when_pipeline_succeeds`)' },
    ],
    valid: ["fetch(`${base}/api/v4/projects/${id}/issues/${iid}/unsubscribe`, { method: 'POST' })", "api.delete('/api/v4/projects/' + id)"],
  },
});
