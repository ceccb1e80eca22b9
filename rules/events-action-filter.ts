import { defineRule, EVENT_ACTIONS, literalText, onEventsRoute } from '../src/rule.js';

const ACTIONS: readonly string[] = EVENT_ACTIONS;
// `action_name` phrases of the response, and the filter word that selects them.
const PHRASES: Record<string, string> = { 'commented on': 'commented', 'pushed to': 'pushed', 'pushed new': 'pushed', opened: 'created', accepted: 'merged', deleted: 'destroyed', removed: 'destroyed' };

export default defineRule({
  id: 'events-action-filter',
  changes: ['EV-ACTION'],
  release: '9.0',
  category: 'events',
  fix: 'safe',
  message: '`action` of the events API takes one of: ' + ACTIONS.join(', '),
  fixTitle: 'Use the filter word',
  fixSafety: 'An `action_name` phrase maps to the nearest filter word (`opened` → `created`), which may select more events than the phrase did.',
  v3: { method: 'GET', path: '{/**}', version: 'any' },
  check: ({ match }) => {
    const param = onEventsRoute(match.segments) ? match.findParam('action') : undefined;
    const value = param && literalText(param);
    if (!param || value === undefined || ACTIONS.includes(value)) return [];
    const lower = value.toLowerCase().trim();
    if (ACTIONS.includes(lower)) return [{ at: param, message: `\`${value}\` is \`${lower}\` in the events filter (lower case)`, rewrite: { params: [{ op: 'value', param, literal: lower }] } }];
    const word = PHRASES[lower];
    if (word) return [{ at: param, message: `\`${value}\` is an \`action_name\` phrase of the response; the filter word is \`${word}\``, rewrite: { params: [{ op: 'value', param, literal: word }], unsafe: true } }];
    return [{ at: param, message: `\`${value}\` is not an events \`action\`; use one of ${ACTIONS.join(', ')}` }];
  },
  docs:
    'The `action` filter of `GET /events`, `GET /users/:id/events` and `GET /projects/:id/events` takes one lower-case ' +
    'word of a fixed set (document §4). It is not the vocabulary of the `action_name` field of the response ' +
    '(`commented on`, `pushed to`, `opened`): code that filters with a response phrase gets nothing back.',
  examples: {
    invalid: [
      { code: "fetch(`${base}/api/v4/projects/${id}/events?action=Closed`)", output: "fetch(`${base}/api/v4/projects/${id}/events?action=closed`)" },
      { code: "axios.get('/events', { params: { action: 'commented on' } })", output: "axios.get('/events', { params: { action: 'commented' } })", fix: 'unsafe' },
      { code: "api.get(`/users/${uid}/events`, { action: 'starred' })" },
    ],
    valid: ["axios.get('/events', { params: { action: 'commented' } })", "axios.get('/projects/' + id + '/issues', { params: { action: 'Closed' } })"],
  },
});
