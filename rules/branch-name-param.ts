import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'branch-name-param',
  changes: ['R90-BRANCH-PARAM'],
  release: '9.0',
  category: 'param',
  fix: 'safe',
  message: '`branch_name` is `branch` in v4 when creating branches and commits and writing files',
  fixTitle: 'Rename `branch_name` to `branch`',
  v3: { method: ['POST', 'PUT', 'DELETE'], path: '/projects/:id/repository/:kind(branches|commits|files){/**}', param: 'branch_name' },
  when: (m) => m.segments[3] === 'files' || (m.call.method === 'POST' && m.segments.length === 4),
  v4: { param: 'branch' },
  docs:
    'Release 9.0 renamed the `branch_name` parameter to `branch` when creating a branch, creating a commit, and ' +
    'creating, updating or deleting a repository file. v4 rejects the request without `branch`.',
  examples: {
    invalid: [
      { code: "api.post(`/projects/${id}/repository/branches`, { branch_name: name, ref: 'master' })", output: "api.post(`/projects/${id}/repository/branches`, { branch: name, ref: 'master' })" },
      { code: "fetch('/api/v3/projects/' + id + '/repository/commits', { method: 'POST', body: JSON.stringify({ branch_name: b, actions }) })", output: "fetch('/api/v4/projects/' + id + '/repository/commits', { method: 'POST', body: JSON.stringify({ branch: b, actions }) })" },
    ],
    valid: ["api.post(`/projects/${id}/repository/branches`, { branch: name, ref: 'master' })", "api.get(`/projects/${id}/repository/commits`, { branch_name: b })"],
  },
});
