import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'trigger-builds-endpoint',
  changes: ['R90-TRIGGER-PIPELINE'],
  release: '9.0',
  category: 'endpoint',
  fix: 'safe',
  message: '`{v3}` is `{v4}` in v4',
  fixTitle: 'Trigger `…/trigger/pipeline`',
  v3: { method: 'POST', path: '/projects/:id/trigger/builds' },
  v4: { path: '/projects/:id/trigger/pipeline' },
  docs: 'Release 9.0 turned build triggers into pipeline triggers. The token and `ref` parameters are unchanged; the call answers the created pipeline.',
  examples: {
    invalid: [
      { code: "request.post({ url: GITLAB + '/projects/' + id + '/trigger/builds', form: { token, ref } }, cb)", output: "request.post({ url: GITLAB + '/projects/' + id + '/trigger/pipeline', form: { token, ref } }, cb)" },
      { code: 'axios.post(`${base}/api/v3/projects/${id}/trigger/builds`, { token, ref })', output: 'axios.post(`${base}/api/v4/projects/${id}/trigger/pipeline`, { token, ref })' },
    ],
    valid: ['axios.post(`${base}/api/v4/projects/${id}/trigger/pipeline`, { token, ref })', "app.post('/projects/:id/trigger/builds', h)"],
  },
});
