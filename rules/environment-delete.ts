import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'environment-delete',
  changes: ['R90-ENV-STOP'],
  release: '9.0',
  category: 'endpoint',
  fix: 'report',
  severity: 'info',
  message: 'Deleting an environment does not stop it; v4 stops environments with `POST /projects/:id/environments/:environment_id/stop`',
  v3: { method: 'DELETE', path: '/projects/:id/environments/:environment_id' },
  docs:
    'Release 9.0 added an action to stop an environment, `POST /projects/:id/environments/:environment_id/stop`. ' +
    'v3 clients had no such call and often deleted the environment instead. If the intent is to stop it (and keep ' +
    'its history), call the stop action; if the intent really is to delete it, nothing needs to change.',
  examples: {
    invalid: [
      { code: 'api.delete(`/projects/${id}/environments/${envId}`)' },
      { code: "$.ajax({ url: '/api/v3/projects/' + id + '/environments/' + env, type: 'DELETE' })" },
    ],
    valid: ['api.post(`/projects/${id}/environments/${envId}/stop`)', 'api.get(`/projects/${id}/environments`)'],
  },
});
