import { defineRule, rawFileRewrite } from '../src/rule.js';

export default defineRule({
  id: 'blob-filepath',
  changes: ['R90-BLOB-RAW'],
  release: '9.0',
  category: 'endpoint',
  fix: 'safe',
  message: '`GET …/repository/blobs/:sha` answers JSON attributes in v4; raw content by path is `GET …/repository/files/:file_path/raw?ref=:sha`',
  fixTitle: 'Read the raw file through the files API',
  v3: { method: 'GET', path: '/projects/:id/repository/blobs/:sha' },
  rewrite: rawFileRewrite,
  docs:
    'In v3, `blobs/:sha` with a `filepath` parameter answered the raw content of that file at commit `:sha`. In ' +
    'v4 the same path answers the JSON attributes of the blob whose own sha is `:sha`. Raw content by path is ' +
    '`GET /projects/:id/repository/files/:file_path/raw?ref=:sha`, with the path URL-encoded. Without a `filepath` the ' +
    'call cannot be rewritten: use `…/blobs/:sha/raw` if `:sha` is really a blob sha.',
  examples: {
    invalid: [
      {
        code: "fetch(API + '/projects/' + id + '/repository/blobs/' + sha + '?filepath=' + encodeURIComponent(p))",
        output: "fetch(API + '/projects/' + id + '/repository/files/' + encodeURIComponent(p) + '/raw?ref=' + sha)",
      },
      {
        code: "this.get('projects/' + id + '/repository/blobs/' + sha, { filepath: 'README.md' }, cb)",
        output: "this.get('projects/' + id + '/repository/files/README.md/raw?ref=' + sha, {}, cb)",
      },
      { code: 'axios.get(`/projects/${id}/repository/blobs/${sha}`)' },
    ],
    valid: ["fetch(API + '/projects/' + id + '/repository/files/' + encodeURIComponent(p) + '/raw?ref=' + sha)", 'axios.get(`/projects/${id}/repository/blobs/${sha}/raw`)'],
  },
});
