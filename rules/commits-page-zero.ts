import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'commits-page-zero',
  changes: ['L-PAGE-ONE'],
  release: '9.0',
  category: 'param',
  fix: 'safe',
  message: 'Pages are numbered from 1 in v4; `page=0` of the commit list is the first page in v3 only',
  fixTitle: 'Ask for page 1',
  fixSafety: 'A page counter that starts at 0 is changed to start at 1; code that uses the counter for anything else (an index, a log) shifts too.',
  v3: { method: 'GET', path: '/projects/:id/repository/commits', param: 'page', version: 'any' },
  when: ({ param }) => {
    const v = param!.value;
    return ((v.kind === 'number' || v.kind === 'string') && Number(v.literal) === 0) || (v.kind === 'expression' && v.initial?.value === 0);
  },
  rewrite: ({ param }) => {
    const p = param!;
    const v = p.value;
    if (v.kind === 'expression' && v.initial) return { counterStarts: [{ initial: v.initial, value: 1 }], unsafe: true };
    return { params: [{ op: 'value', param: p, literal: p.where === 'query' || v.kind === 'string' ? '1' : 1 }] };
  },
  docs:
    'v3 numbered the pages of `GET /projects/:id/repository/commits` from 0, unlike every other list. v4 numbers ' +
    'every list from 1 (document §8) and returns a correct `Link` header: page 0 and page 1 would now be the same page. ' +
    'A literal `page: 0` becomes `1`; a counter that starts at 0 and feeds `page` is changed to start at 1 (unsafe).',
  examples: {
    invalid: [
      { code: "fetch(API + '/projects/' + id + '/repository/commits?page=0&per_page=100')", output: "fetch(API + '/projects/' + id + '/repository/commits?page=1&per_page=100')" },
      { code: 'axios.get(`/projects/${id}/repository/commits`, { params: { page: 0, ref_name: ref } })', output: 'axios.get(`/projects/${id}/repository/commits`, { params: { page: 1, ref_name: ref } })' },
      {
        code: "let page = 0;\nwhile (more) {\n  const res = await api.get(`/projects/${id}/repository/commits`, { params: { page, per_page: 100 } });\n  more = res.data.length === 100;\n  page++;\n}",
        output: "let page = 1;\nwhile (more) {\n  const res = await api.get(`/projects/${id}/repository/commits`, { params: { page, per_page: 100 } });\n  more = res.data.length === 100;\n  page++;\n}",
        fix: 'unsafe',
      },
      { code: "for (let p = 0; p < pages; p++) {\n  fetch(API + '/projects/' + id + '/repository/commits?page=' + p);\n}", output: "for (let p = 1; p < pages; p++) {\n  fetch(API + '/projects/' + id + '/repository/commits?page=' + p);\n}", fix: 'unsafe' },
    ],
    valid: ['axios.get(`/projects/${id}/repository/commits`, { params: { page: 1 } })', 'axios.get(`/projects/${id}/issues`, { params: { page: 0 } })'],
  },
});
