import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'member-add-409',
  changes: ['R90-MEMBER-409'],
  release: '9.0',
  category: 'status',
  fix: 'report',
  message: '`POST /projects/:id/members` answers 409 in v4 when the user is already a member; handle it',
  v3: { method: 'POST', path: '/projects/:id/members', version: 'any' },
  // Only where the handling is in view: a result returned to a caller may be handled there.
  when: (m) => {
    const response = m.response();
    return !response.passedOn && !response.statuses.some((s) => s.code === 409);
  },
  docs:
    'Release 9.0 made adding a user who is already a member of the project fail with 409 Conflict. Code that adds ' +
    'members idempotently (sync jobs, onboarding scripts) must treat 409 as success or update the member with ' +
    '`PUT /projects/:id/members/:user_id` instead. If the error is handled elsewhere, disable this finding there.',
  examples: {
    invalid: [
      { code: "await axios.post(`/projects/${id}/members`, { user_id: uid, access_level: 30 });" },
      { code: "$.post('/api/v3/projects/' + id + '/members', { user_id: uid, access_level: 30 }, done);" },
    ],
    valid: [
      "try {\n  await axios.post(`/projects/${id}/members`, { user_id: uid, access_level: 30 });\n} catch (err) {\n  if (err.response.status !== 409) throw err;\n}",
      "await axios.put(`/projects/${id}/members/${uid}`, { access_level: 30 });",
    ],
  },
  cases: {
    // The result goes back to the caller, who may handle 409.
    valid: ['function addMember(id, body) {\n  return axios.post(`/projects/${id}/members`, body);\n}'],
    invalid: [{ code: 'function addMember(id, body) {\n  axios.post(`/projects/${id}/members`, body);\n}' }],
  },
});
