import { defineRule, iidsFilterRename } from '../src/rule.js';

export default defineRule({
  id: 'milestones-iid-filter',
  changes: ['R90-MILESTONE-IIDS'],
  release: '9.0',
  category: 'param',
  fix: 'safe',
  message: 'The `iid` filter of `GET /projects/:id/milestones` is `iids[]` in v4',
  fixTitle: 'Rename the filter to `iids`',
  v3: { method: 'GET', path: '/projects/:id/milestones' },
  check: ({ match }) => iidsFilterRename(match),
  docs: 'Release 9.0 renamed the array filter `iid[]` of the milestone list to `iids[]`; v4 ignores the old name and returns every milestone.',
  examples: {
    invalid: [
      { code: "request.get({ url: base + '/api/v3/projects/' + id + '/milestones', qs: { 'iid[]': ms } }, cb)", output: "request.get({ url: base + '/api/v4/projects/' + id + '/milestones', qs: { 'iids[]': ms } }, cb)" },
      { code: 'ky.get(`projects/${id}/milestones?iid[]=${n}`)', output: 'ky.get(`projects/${id}/milestones?iids[]=${n}`)' },
    ],
    valid: ["ky.get(`projects/${id}/milestones?iids[]=${n}`)", "ky.get(`projects/${id}/milestones?state=active`)"],
  },
});
