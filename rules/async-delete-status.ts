import { defineRule } from '../src/rule.js';

function isAsyncRemoval(s: readonly (string | null)[]): boolean {
  return s[0] === 'projects' && (s.length === 2 || (s.length === 4 && s[2] === 'repository' && s[3] === 'merged_branches'));
}

export default defineRule({
  id: 'async-delete-status',
  changes: ['E-ASYNC-202'],
  release: '9.0',
  category: 'status',
  fix: 'unsafe',
  message: 'This removal answers 202 Accepted in v4 (it runs in the background), not 200 or 204',
  fixTitle: 'Compare with 202',
  fixSafety: 'The removal is now asynchronous: 202 means it was accepted, not done. Code that relies on it being finished needs more than a new status code.',
  v3: { method: 'DELETE', path: '{/**}', version: 'any' },
  check: ({ match }) =>
    isAsyncRemoval(match.segments)
      ? match.response().statuses.filter((s) => s.code === 200 || s.code === 204).map((s) => ({ atSpan: s, rewrite: { statusCodes: [{ check: s, code: 202 }], unsafe: true } }))
      : [],
  docs:
    '`DELETE /projects/:id` and `DELETE /projects/:id/repository/merged_branches` run in the background in v4 and ' +
    'answer **202** with a JSON body (document §7). A check for 200 or 204 fails although the request was accepted.',
  examples: {
    invalid: [
      { code: "const res = await fetch(API + '/projects/' + id, { method: 'DELETE' });\nif (res.status === 200) done();", output: "const res = await fetch(API + '/projects/' + id, { method: 'DELETE' });\nif (res.status === 202) done();" },
      { code: "axios.delete(`/projects/${id}/repository/merged_branches`).then((res) => { if (res.status !== 204) throw new Error('failed'); });", output: "axios.delete(`/projects/${id}/repository/merged_branches`).then((res) => { if (res.status !== 202) throw new Error('failed'); });" },
    ],
    valid: ["const res = await fetch(API + '/projects/' + id, { method: 'DELETE' });\nif (res.status === 202) done();", "const res = await fetch(API + '/projects/' + id + '/issues/' + iid, { method: 'DELETE' });\nif (res.status === 204) done();"],
  },
});
