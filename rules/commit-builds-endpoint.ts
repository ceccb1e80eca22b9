import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'commit-builds-endpoint',
  changes: ['R90-COMMIT-JOBS'],
  release: '9.0',
  category: 'endpoint',
  fix: 'report',
  message: '`{v3}` is dropped in v4; find the commit\'s pipeline and list its jobs instead',
  v3: { method: 'GET', path: '/projects/:id/repository/commits/:sha/builds' },
  docs:
    'Release 9.0 dropped the list of builds of one commit. Find the pipelines of the commit with ' +
    '`GET /projects/:id/pipelines?sha=<sha>` and list each pipeline\'s jobs with ' +
    '`GET /projects/:id/pipelines/:pipeline_id/jobs`. There is no one-call replacement, so nothing is rewritten.',
  examples: {
    invalid: [
      { code: "fetch(API + '/projects/' + id + '/repository/commits/' + sha + '/builds')" },
      { code: 'http.get(`/projects/${id}/repository/commits/${sha}/builds`)' },
    ],
    valid: ['http.get(`/projects/${id}/pipelines/${pipelineId}/jobs`)', 'http.get(`/projects/${id}/repository/commits/${sha}`)'],
  },
});
