import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'deploy-key-disable',
  changes: ['R90-DEPLOY-KEY-DISABLE'],
  release: '9.0',
  category: 'endpoint',
  fix: 'safe',
  message: '`{v3}` is removed; disable a deploy key with `{v4}`',
  fixTitle: 'Drop the `/disable` segment',
  v3: { method: 'DELETE', path: '/projects/:id/deploy_keys/:key_id/disable' },
  v4: { path: '/projects/:id/deploy_keys/:key_id' },
  docs:
    'Release 9.0 removed the separate disable action. Deleting a deploy key from a project disables it for that ' +
    'project (the key itself stays for other projects that use it), so the call drops its last segment.',
  examples: {
    invalid: [
      { code: 'axios.delete(`/projects/${pid}/deploy_keys/${keyId}/disable`)', output: 'axios.delete(`/projects/${pid}/deploy_keys/${keyId}`)' },
      { code: "request.del({ uri: base + '/api/v3/projects/' + pid + '/deploy_keys/' + kid + '/disable', json: true }, cb)", output: "request.del({ uri: base + '/api/v4/projects/' + pid + '/deploy_keys/' + kid, json: true }, cb)" },
    ],
    valid: ['axios.delete(`/projects/${pid}/deploy_keys/${keyId}`)', "api.post('/projects/' + pid + '/deploy_keys/' + kid + '/enable')"],
  },
});
