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
  when: (m) => !m.findParam('description'),
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
});
