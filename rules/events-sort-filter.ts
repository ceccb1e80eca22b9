import { defineRule, literalText, onEventsRoute } from '../src/rule.js';

export default defineRule({
  id: 'events-sort-filter',
  changes: ['EV-SORT'],
  release: '9.0',
  category: 'events',
  fix: 'safe',
  message: '`sort` of the events API is `asc` or `desc`',
  fixTitle: 'Write the sort order in lower case',
  v3: { method: 'GET', path: '{/**}', version: 'any' },
  check: ({ match }) => {
    const param = onEventsRoute(match.segments) ? match.findParam('sort') : undefined;
    const value = param && literalText(param);
    if (!param || value === undefined || value === 'asc' || value === 'desc') return [];
    const lower = value.toLowerCase();
    if (lower === 'asc' || lower === 'desc') return [{ at: param, rewrite: { params: [{ op: 'value', param, literal: lower }] } }];
    return [{ at: param, message: `\`${value}\` is not an events \`sort\`: use \`asc\` or \`desc\` (default \`desc\`, newest first)` }];
  },
  docs: 'The events API orders by `created_at`; `sort` is `asc` or `desc` in lower case, and defaults to `desc` (document §4).',
  examples: {
    invalid: [
      { code: "fetch('/api/v4/events?sort=ASC')", output: "fetch('/api/v4/events?sort=asc')" },
      { code: "ky.get(`users/${id}/events`, { searchParams: { sort: 'Desc' } })", output: "ky.get(`users/${id}/events`, { searchParams: { sort: 'desc' } })" },
      { code: "axios.get('/events', { params: { sort: 'created_at' } })" },
    ],
    valid: ["fetch('/api/v4/events?sort=asc')", "fetch('/api/v4/projects?sort=ASC')"],
  },
});
