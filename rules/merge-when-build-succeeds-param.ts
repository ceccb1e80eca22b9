import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'merge-when-build-succeeds-param',
  changes: ['R90-PIPELINE-SUCCEEDS'],
  release: '9.0',
  category: 'param',
  fix: 'safe',
  message: '`merge_when_build_succeeds` is `merge_when_pipeline_succeeds` in v4',
  fixTitle: 'Rename to `merge_when_pipeline_succeeds`',
  v3: { method: ['PUT', 'POST'], path: '{/**}', param: 'merge_when_build_succeeds' },
  v4: { param: 'merge_when_pipeline_succeeds' },
  docs:
    'Release 9.0 renamed builds to jobs and pipelines everywhere, parameters included: accepting a merge request ' +
    'and creating or editing a project take `merge_when_pipeline_succeeds`. v4 ignores the old name, so the ' +
    'merge would happen at once instead of waiting.',
  examples: {
    invalid: [
      { code: 'api.put(`/projects/${id}/merge_requests/${iid}/merge`, { merge_when_build_succeeds: true })', output: 'api.put(`/projects/${id}/merge_requests/${iid}/merge`, { merge_when_pipeline_succeeds: true })' },
      { code: "fetch(API + '/projects/' + id + '/merge_requests/' + iid + '/merge?merge_when_build_succeeds=true', { method: 'PUT' })", output: "fetch(API + '/projects/' + id + '/merge_requests/' + iid + '/merge?merge_when_pipeline_succeeds=true', { method: 'PUT' })" },
    ],
    valid: ['api.put(`/projects/${id}/merge_requests/${iid}/merge`, { merge_when_pipeline_succeeds: true })', "const opts = { merge_when_build_succeeds: true }"],
  },
});
