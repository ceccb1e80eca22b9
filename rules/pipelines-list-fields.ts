import { defineRule } from '../src/rule.js';

// The fields of a pipeline in the v4 list (release 9.0: basic information only).
const BASIC = new Set(['id', 'sha', 'ref', 'status']);

export default defineRule({
  id: 'pipelines-list-fields',
  changes: ['R90-PIPELINES-BASIC'],
  release: '9.0',
  category: 'response',
  fix: 'report',
  message: 'The pipeline list carries only id, sha, ref and status in v4; fetch the single pipeline for other fields',
  v3: { method: 'GET', path: '/projects/:id/pipelines', version: 'any' },
  check: ({ match }) => match.response().reads.filter((r) => r.element && r.path[0] !== undefined && !BASIC.has(r.path[0])).map((r) => ({ atSpan: r, message: `\`${r.path[0]}\` is not in the v4 pipeline list (only id, sha, ref, status); fetch the single pipeline` })),
  docs:
    'Release 9.0 trimmed the items of `GET /projects/:id/pipelines` to basic information: `id`, `sha`, `ref`, ' +
    '`status`. Other fields (`user`, `duration`, `coverage`, `created_at`, …) are `undefined` there; read them from ' +
    '`GET /projects/:id/pipelines/:pipeline_id`.',
  examples: {
    invalid: [
      { code: "const { data } = await api.get(`/projects/${id}/pipelines`);\nconst slow = data.filter((p) => p.duration > 600);" },
      { code: "fetch(API + '/projects/' + id + '/pipelines').then((r) => r.json()).then((list) => list.map((p) => p.user.name));" },
    ],
    valid: ["const { data } = await api.get(`/projects/${id}/pipelines`);\nconst failed = data.filter((p) => p.status === 'failed');", "const { data } = await api.get(`/projects/${id}/pipelines/${pid}`);\nshow(data.duration);"],
  },
});
