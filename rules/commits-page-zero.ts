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
  check: ({ match }) => {
    const p = match.param;
    if (!p) return [];
    const v = p.value;
    if ((v.kind === 'number' || v.kind === 'string') && Number(v.literal) === 0) {
      return [{ at: p, rewrite: { params: [{ op: 'value', param: p, literal: p.where === 'query' || v.kind === 'string' ? '1' : 1 }] } }];
    }
    if (v.kind !== 'expression' || v.initial?.value !== 0) return [];
    // A counter is reported where it starts at 0 (`let page = 0`, a pager's first call `fetchPage(0)`): that is
    // the v3 habit, and what the fix changes. A counter a wrapper's body sends is reported at the parameter.
    const rewrite = { counterStarts: [{ initial: v.initial, value: 1 }], unsafe: true };
    return [p.foreign ? { at: p, rewrite } : { atSpan: { start: v.initial.start, end: v.initial.end }, rewrite }];
  },
  docs:
    'v3 numbered the pages of `GET /projects/:id/repository/commits` from 0, unlike every other list. v4 numbers ' +
    'every list from 1 (document §8) and returns a correct `Link` header: page 0 and page 1 would now be the same page. ' +
    'A literal `page: 0` becomes `1`; a counter that starts at 0 and feeds `page`, or a page that defaults to 0 ' +
    '(`page || 0`, `page ?? 0`, a parameter `page = 0`), is changed to start at 1 (unsafe), ' +
    'and so is the first call of a pager that calls itself with the next page. A counter is reported where it starts.',
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
      {
        code: "const next = (n) => api.get(`/projects/${id}/repository/commits`, { params: { page: n } }).then((r) => (r.data.length ? next(n + 1) : done));\nnext(0);",
        output: "const next = (n) => api.get(`/projects/${id}/repository/commits`, { params: { page: n } }).then((r) => (r.data.length ? next(n + 1) : done));\nnext(1);",
        fix: 'unsafe',
      },
    ],
    valid: ['axios.get(`/projects/${id}/repository/commits`, { params: { page: 1 } })', 'axios.get(`/projects/${id}/issues`, { params: { page: 0 } })'],
  },
});
