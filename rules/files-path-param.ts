import { defineRule, filePathBinding } from '../src/rule.js';

export default defineRule({
  id: 'files-path-param',
  changes: ['R90-FILES-PATH'],
  release: '9.0',
  category: 'param',
  fix: 'safe',
  message: '`file_path` is part of the path in v4: `…/repository/files/:file_path`, URL-encoded',
  fixTitle: 'Move `file_path` into the path, URL-encoded',
  v3: { path: '/projects/:id/repository/files', param: 'file_path' },
  // The path is what changes: the finding points at it, wherever the parameter is set.
  pointsAt: 'route',
  rewrite: ({ param }) => {
    const bind = filePathBinding(param!);
    return bind ? { path: '/projects/:id/repository/files/:file_path', bind: { file_path: bind }, params: [{ op: 'remove', param: param! }] } : null;
  },
  docs:
    'Release 9.0 moved the file path of the repository files API from a parameter into the path, where it must be ' +
    'URL-encoded as one segment (`lib%2Fclass.rb`): `GET`, `POST`, `PUT` and `DELETE …/repository/files/:file_path`. ' +
    'The fix wraps the value in `encodeURIComponent` (a string literal is encoded in place) and removes the parameter.',
  examples: {
    invalid: [
      {
        code: "fetch(API + '/projects/' + id + '/repository/files?file_path=' + encodeURIComponent(path) + '&ref=master')",
        output: "fetch(API + '/projects/' + id + '/repository/files/' + encodeURIComponent(path) + '?ref=master')",
      },
      {
        code: "axios.get(`/projects/${id}/repository/files`, { params: { file_path: 'app/models/user.rb', ref: 'master' } })",
        output: "axios.get(`/projects/${id}/repository/files/app%2Fmodels%2Fuser.rb`, { params: { ref: 'master' } })",
      },
      {
        code: "this.put('projects/' + id + '/repository/files', { file_path: p, branch: 'master', content: c }, cb)",
        output: "this.put('projects/' + id + '/repository/files/' + encodeURIComponent(p), { branch: 'master', content: c }, cb)",
      },
    ],
    valid: ['axios.get(`/projects/${id}/repository/files/${encodeURIComponent(p)}`, { params: { ref } })', "api.get('/search', { file_path: p })"],
  },
  cases: {
    // The parameters come from the caller: the route alone is v3 (v4 has no `…/repository/files` without a path).
    invalid: [{ code: 'function getFile(id, params) {\n  return api.get(`/projects/${id}/repository/files`, params);\n}' }],
    valid: ['function tree(id, params) {\n  return api.get(`/projects/${id}/repository/tree`, params);\n}'],
  },
});
