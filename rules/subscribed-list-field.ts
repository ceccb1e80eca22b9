import { defineRule } from '../src/rule.js';

function isIssueOrMrList(s: readonly (string | null)[]): boolean {
  const last = s[s.length - 1];
  if (last !== 'issues' && last !== 'merge_requests') return false;
  return s.length === 1 || (s.length === 3 && (s[0] === 'projects' || s[0] === 'groups'));
}

export default defineRule({
  id: 'subscribed-list-field',
  changes: ['R90-SUBSCRIBED-FIELD'],
  release: '9.0',
  category: 'response',
  fix: 'report',
  message: 'Issue and merge request lists no longer carry `subscribed` in v4; fetch the single item to read it',
  v3: { method: 'GET', path: '{/**}', version: 'any' },
  check: ({ match }) =>
    isIssueOrMrList(match.segments) ? match.response().reads.filter((r) => r.element && r.path[0] === 'subscribed').map((r) => ({ atSpan: r })) : [],
  docs:
    'Release 9.0 removed the `subscribed` field from the items of issue and merge request lists (it cost a query ' +
    'per item). On v4 the field is `undefined`, so a filter on it drops everything. Fetch the single issue ' +
    '(`GET /projects/:id/issues/:iid`) or merge request where the subscription state matters.',
  examples: {
    invalid: [
      { code: "const res = await axios.get(`/projects/${id}/issues`);\nconst mine = res.data.filter((issue) => issue.subscribed);" },
      { code: "fetch(API + '/projects/' + id + '/merge_requests').then((r) => r.json()).then((mrs) => {\n  for (const mr of mrs) if (mr.subscribed) notify(mr);\n});" },
    ],
    valid: [
      "const res = await axios.get(`/projects/${id}/issues/${iid}`);\nif (res.data.subscribed) notify();",
      "const res = await axios.get(`/projects/${id}/issues`);\nconst open = res.data.filter((issue) => issue.state === 'opened');",
    ],
  },
});
