import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'trigger-description',
  changes: ['R90-TRIGGER-DESCRIPTION'],
  release: '9.0',
  category: 'param',
  fix: 'report',
  message: 'Creating a trigger requires a `description` in v4',
  // v4 requires the description: the finding stays after the call itself is migrated.
  v3: { method: 'POST', path: '/projects/:id/triggers', version: 'any' },
  // Only when the whole payload is in view: a caller may pass the description.
  when: (m) => !m.findParam('description') && !m.call.paramsOpen,
  docs:
    'Release 9.0 made `description` a required parameter of `POST /projects/:id/triggers`. A request without it is ' +
    'rejected; add a description that says what the trigger is for.',
  examples: {
    invalid: [
      { code: 'api.post(`/projects/${id}/triggers`)' },
      { code: "$.post('/api/v3/projects/' + id + '/triggers', {}, done)" },
    ],
    valid: ["api.post(`/projects/${id}/triggers`, { description: 'nightly' })", 'api.get(`/projects/${id}/triggers`)'],
  },
  cases: {
    // The payload is the caller's: it may hold the description.
    valid: ['function createTrigger(id, params) {\n  return api.post(`/projects/${id}/triggers`, params);\n}'],
  },
});
