import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'labels-filter',
  changes: ['R90-LABELS-AND'],
  release: '9.0',
  category: 'param',
  fix: 'report',
  message: 'Several `labels` now match issues that have all of them (AND), not any of them; check this filter still asks what you mean',
  // The AND semantics is v4's: the finding stays after the call itself is migrated.
  v3: { method: 'GET', path: '{/**}', version: 'any' },
  check: ({ match }) => {
    const s = match.segments;
    const onIssues = (s.length === 1 && s[0] === 'issues') || (s.length === 3 && s[0] === 'projects' && s[2] === 'issues');
    const labels = onIssues ? match.findParam('labels') : undefined;
    if (!labels) return [];
    const v = labels.value;
    const several = v.kind === 'string' ? v.literal.includes(',') : v.kind === 'array' ? v.literal === null || v.literal.length > 1 : v.kind === 'expression';
    return several ? [{ at: labels }] : [];
  },
  docs:
    'Release 9.0 changed the meaning of the `labels` filter of `GET /projects/:id/issues` and `GET /issues`: a ' +
    'comma-separated list now returns the issues that carry **all** the labels. A v3 query for issues with any of ' +
    'several labels must become one request per label (merging the results). A single label means the same in both.',
  examples: {
    invalid: [
      { code: "fetch('/api/v3/projects/' + id + '/issues?labels=bug,regression')" },
      { code: 'axios.get(`/issues`, { params: { labels: selected.join(",") } })' },
    ],
    valid: ["fetch('/api/v3/projects/' + id + '/issues?labels=bug')", "axios.get('/projects/' + id + '/merge_requests', { params: { labels: 'a,b' } })"],
  },
});
