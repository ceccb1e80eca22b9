import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'cancel-merge-when-build-succeeds-path',
  changes: ['R90-PIPELINE-SUCCEEDS'],
  release: '9.0',
  category: 'endpoint',
  fix: 'safe',
  message: '`{v3}` is `{v4}` in v4',
  fixTitle: 'Rename the action to `cancel_merge_when_pipeline_succeeds`',
  // The singular `merge_request` of 8.16 and before too (merge-request-singular-path reports that part).
  v3: { path: '/projects/:id/:kind(merge_requests|merge_request)/:mr/cancel_merge_when_build_succeeds' },
  // v3 servers took PUT as well; v4 routes only POST.
  v4: { method: 'POST', path: '/projects/:id/merge_requests/:mr/cancel_merge_when_pipeline_succeeds' },
  docs: 'Release 9.0 renamed the action that cancels an automatic merge, as part of renaming builds to pipelines.',
  examples: {
    invalid: [
      { code: "axios.post(base + '/api/v3/projects/' + id + '/merge_requests/' + iid + '/cancel_merge_when_build_succeeds')", output: "axios.post(base + '/api/v4/projects/' + id + '/merge_requests/' + iid + '/cancel_merge_when_pipeline_succeeds')" },
      { code: 'this.post(`projects/${id}/merge_requests/${iid}/cancel_merge_when_build_succeeds`, {}, cb)', output: 'this.post(`projects/${id}/merge_requests/${iid}/cancel_merge_when_pipeline_succeeds`, {}, cb)' },
    ],
    valid: ['this.post(`projects/${id}/merge_requests/${iid}/cancel_merge_when_pipeline_succeeds`, {}, cb)', "const action = 'cancel_merge_when_build_succeeds'"],
  },
  cases: {
    // The 8.16 singular path: both renames in one rewrite.
    invalid: [{ code: 'this.put(`/projects/${id}/merge_request/${mrIid}/cancel_merge_when_build_succeeds`, {})', output: 'this.post(`/projects/${id}/merge_requests/${mrIid}/cancel_merge_when_pipeline_succeeds`, {})' }],
  },
});
