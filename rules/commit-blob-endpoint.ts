import { defineRule, rawFileRewrite } from '../src/rule.js';

export default defineRule({
  id: 'commit-blob-endpoint',
  changes: ['R90-COMMIT-BLOB'],
  release: '9.0',
  category: 'endpoint',
  fix: 'safe',
  message: '`{v3}` is removed; raw content by path is `GET …/repository/files/:file_path/raw?ref=:sha`',
  fixTitle: 'Read the raw file through the files API',
  v3: { method: 'GET', path: '/projects/:id/repository/commits/:sha/blob' },
  rewrite: rawFileRewrite,
  docs:
    'Release 9.0 removed the raw file content of a commit (`commits/:sha/blob?filepath=<p>`). The files API serves ' +
    'it: `GET /projects/:id/repository/files/:file_path/raw?ref=:sha`, with the path URL-encoded.',
  examples: {
    invalid: [
      {
        code: "got(base + '/api/v3/projects/' + id + '/repository/commits/' + sha + '/blob?filepath=' + file)",
        output: "got(base + '/api/v4/projects/' + id + '/repository/files/' + encodeURIComponent(file) + '/raw?ref=' + sha)",
      },
      {
        code: "api.get('projects/' + id + '/repository/commits/' + sha + '/blob', { filepath: '.gitlab-ci.yml' })",
        output: "api.get('projects/' + id + '/repository/files/.gitlab-ci.yml/raw?ref=' + sha, {})",
      },
    ],
    valid: ["api.get('projects/' + id + '/repository/files/.gitlab-ci.yml/raw?ref=' + sha)", "api.get('projects/' + id + '/repository/commits/' + sha)"],
  },
});
