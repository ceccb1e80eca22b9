import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'builds-endpoint',
  changes: ['R90-JOBS'],
  release: '9.0',
  category: 'endpoint',
  fix: 'safe',
  message: '`{v3}` is renamed `{v4}` in v4',
  fixTitle: 'Rename `builds` to `jobs` in the path',
  v3: { path: '/projects/:id/builds{/**}' },
  v4: { path: '/projects/:id/jobs{/**}' },
  docs:
    'Release 9.0 renamed every `build` of the API to `job`: `/projects/:id/builds` and everything below it ' +
    '(`/:build_id`, `/trace`, `/cancel`, `/retry`, `/erase`, `/play`, `/artifacts`, `/artifacts/:ref/download`) ' +
    'answer 404 under `/api/v4`. The same requests work under `/projects/:id/jobs`; the segment is the only change.',
  examples: {
    invalid: [
      { code: 'fetch(`${base}/api/v3/projects/${id}/builds`)', output: 'fetch(`${base}/api/v4/projects/${id}/jobs`)' },
      { code: 'this.get("projects/" + id + "/builds/" + buildId + "/trace", cb)', output: 'this.get("projects/" + id + "/jobs/" + buildId + "/trace", cb)' },
      { code: "axios.post(`/projects/${id}/builds/${job.id}/retry`)", output: "axios.post(`/projects/${id}/jobs/${job.id}/retry`)" },
    ],
    valid: ['fetch(`${base}/api/v4/projects/${id}/jobs`)', "app.get('/projects/:id/builds', listBuilds)", "const label = 'builds'"],
  },
});
