import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'environment-project-payload',
  changes: ['R90-ENV-PROJECT'],
  release: '9.0',
  category: 'response',
  fix: 'report',
  message: 'Environments embed a simplified project in v4; fetch the project for its other fields',
  v3: { path: '/projects/:id/environments{/**}', version: 'any' },
  check: ({ match }) => match.response().reads.filter((r) => r.path[0] === 'project' && r.path.length > 1 && r.path[1] !== 'id').map((r) => ({ atSpan: r })),
  docs:
    'Release 9.0 simplified the project embedded in environment answers. Fields of `environment.project` beyond ' +
    'its id may be missing; read them from `GET /projects/:id` instead.',
  examples: {
    invalid: [
      { code: "const res = await http.get(`/projects/${id}/environments`);\nres.data.forEach((env) => link(env.project.web_url));" },
      { code: "$.getJSON('/api/v3/projects/' + id + '/environments/' + envId, function (env) { title(env.project.name_with_namespace); });" },
    ],
    valid: ["const res = await http.get(`/projects/${id}/environments`);\nres.data.forEach((env) => link(env.external_url));", "const res = await http.get(`/projects/${id}/environments`);\nres.data.forEach((env) => use(env.project.id));"],
  },
});
