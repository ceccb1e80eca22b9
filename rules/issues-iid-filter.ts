import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'issues-iid-filter',
  changes: ['R817-ISSUE-IID'],
  release: '8.17',
  category: 'param',
  fix: 'unsafe',
  message: 'The `iid` filter of `GET /projects/:id/issues` is removed in v4; use `iids[]` or `GET /projects/:id/issues/:iid`',
  fixTitle: 'Filter with `iids[]` instead of `iid`',
  fixSafety:
    'v4 ignores an unknown `iid` parameter and returns every issue, so the call must change; `iids[]` keeps the ' +
    'list shape of the answer, but code that expected one issue may prefer `GET /projects/:id/issues/:iid`, which ' +
    'answers an object. Read the call before accepting.',
  v3: { method: 'GET', path: '/projects/:id/issues', param: 'iid' },
  rewrite: (m) => ({ params: [{ op: 'rename', param: m.param!, to: 'iids[]' }], unsafe: true }),
  docs:
    'Release 8.17 removed the `iid` filter from the project issue list. v4 does not reject the old parameter: it ' +
    'ignores it and returns the whole (paginated) list, so a lookup by iid silently returns the wrong issues. ' +
    'Filter with `iids[]=N` (several allowed), or fetch the one issue with `GET /projects/:id/issues/:iid`.',
  examples: {
    invalid: [
      { code: "fetch('/api/v3/projects/' + id + '/issues?iid=' + iid)", output: "fetch('/api/v4/projects/' + id + '/issues?iids[]=' + iid)" },
      { code: 'axios.get(`/projects/${id}/issues`, { params: { iid: 42 } })', output: "axios.get(`/projects/${id}/issues`, { params: { 'iids[]': 42 } })" },
    ],
    valid: ["axios.get(`/projects/${id}/issues`, { params: { 'iids[]': 42 } })", "fetch('/api/v4/projects/' + id + '/issues/' + iid)"],
  },
});
