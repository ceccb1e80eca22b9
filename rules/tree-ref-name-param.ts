import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'tree-ref-name-param',
  changes: ['R90-TREE-REF'],
  release: '9.0',
  category: 'param',
  fix: 'safe',
  message: '`ref_name` of `GET …/repository/tree` is `ref` in v4',
  fixTitle: 'Rename `ref_name` to `ref`',
  v3: { method: 'GET', path: '/projects/:id/repository/tree', param: 'ref_name' },
  v4: { param: 'ref' },
  docs: 'Release 9.0 renamed the branch or tag parameter of the tree listing to `ref`, as elsewhere; v4 ignores `ref_name` and lists the default branch.',
  examples: {
    invalid: [
      { code: "fetch('{0}/api/v3/projects/{1}/repository/tree?ref_name=develop'.Format(host, id))", output: "fetch('{0}/api/v4/projects/{1}/repository/tree?ref=develop'.Format(host, id))" },
      { code: "axios.get(`/projects/${id}/repository/tree`, { params: { ref_name: branch, recursive: true } })", output: "axios.get(`/projects/${id}/repository/tree`, { params: { ref: branch, recursive: true } })" },
    ],
    valid: ["axios.get(`/projects/${id}/repository/tree`, { params: { ref: branch } })", "axios.get(`/projects/${id}/repository/files`, { params: { ref_name: b } })"],
  },
});
