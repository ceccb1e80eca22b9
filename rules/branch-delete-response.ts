import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'branch-delete-response',
  changes: ['R90-BRANCH-PARAM'],
  release: '9.0',
  category: 'response',
  fix: 'report',
  message: 'The answer of deleting a branch names it `branch` in v4, not `branch_name`',
  v3: { method: 'DELETE', path: '/projects/:id/repository/branches/:branch', version: 'any' },
  check: ({ match }) => match.response().reads.filter((r) => r.path[0] === 'branch_name').map((r) => ({ atSpan: r })),
  docs: 'Release 9.0 renamed the field `branch_name` of the answer of `DELETE /projects/:id/repository/branches/:branch` to `branch`; reading the old name gives `undefined`.',
  examples: {
    invalid: [
      { code: "const res = await axios.delete(`/projects/${id}/repository/branches/${name}`);\nlog('deleted ' + res.data.branch_name);" },
      { code: "superagent.del(API + '/projects/' + id + '/repository/branches/' + b).end((err, res) => done(res.body.branch_name));" },
    ],
    valid: ["const res = await axios.delete(`/projects/${id}/repository/branches/${name}`);\nlog('deleted ' + res.data.branch);", "const res = await axios.get(`/projects/${id}/repository/branches/${name}`);\nlog(res.data.branch_name);"],
  },
});
