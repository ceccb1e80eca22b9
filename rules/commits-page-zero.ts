import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'commits-page-zero',
  changes: ['L-PAGE-ONE'],
  release: '9.0',
  category: 'param',
  fix: 'safe',
  message: 'Pages are numbered from 1 in v4; `page=0` of the commit list is the first page in v3 only',
  fixTitle: 'Ask for page 1',
  v3: { method: 'GET', path: '/projects/:id/repository/commits', param: 'page', version: 'any' },
  when: (m) => m.param !== undefined && (m.param.value.kind === 'number' || m.param.value.kind === 'string') && Number(m.param.value.literal) === 0,
  rewrite: ({ param }) => ({ params: [{ op: 'value', param: param!, literal: param!.where === 'query' || param!.value.kind === 'string' ? '1' : 1 }] }),
  docs:
    'v3 numbered the pages of `GET /projects/:id/repository/commits` from 0, unlike every other list. v4 numbers ' +
    'every list from 1 (document §8) and returns a correct `Link` header: page 0 and page 1 would now be the same page.',
  examples: {
    invalid: [
      { code: "fetch(API + '/projects/' + id + '/repository/commits?page=0&per_page=100')", output: "fetch(API + '/projects/' + id + '/repository/commits?page=1&per_page=100')" },
      { code: 'axios.get(`/projects/${id}/repository/commits`, { params: { page: 0, ref_name: ref } })', output: 'axios.get(`/projects/${id}/repository/commits`, { params: { page: 1, ref_name: ref } })' },
    ],
    valid: ['axios.get(`/projects/${id}/repository/commits`, { params: { page: 1 } })', 'axios.get(`/projects/${id}/issues`, { params: { page: 0 } })'],
  },
});
