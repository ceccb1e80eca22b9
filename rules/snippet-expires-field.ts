import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'snippet-expires-field',
  changes: ['R817-SNIPPET-EXPIRES'],
  release: '8.17',
  category: 'response',
  fix: 'report',
  message: 'Project snippets no longer carry `expires_at` (removed in 8.17)',
  v3: { method: 'GET', path: '/projects/:id/snippets{/**}', version: 'any' },
  check: ({ match }) => match.response().reads.filter((r) => r.path[0] === 'expires_at').map((r) => ({ atSpan: r })),
  docs: 'Release 8.17 removed the deprecated `expires_at` field of project snippets; it is `undefined` in v4. Snippets do not expire; drop the code that reads it.',
  examples: {
    invalid: [
      { code: "const { data } = await http.get(`/projects/${id}/snippets/${sid}`);\nif (new Date(data.expires_at) < now) hide();" },
      { code: "request.get({ url: API + '/projects/' + id + '/snippets', json: true }, function (err, res, body) {\n  body.forEach(function (s) { list(s.title, s.expires_at); });\n});" },
    ],
    valid: ["const { data } = await http.get(`/projects/${id}/snippets/${sid}`);\nshow(data.title);", "const { data } = await http.get(`/projects/${id}/issues/${iid}`);\nshow(data.expires_at);"],
  },
});
