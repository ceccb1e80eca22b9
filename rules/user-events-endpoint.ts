import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'user-events-endpoint',
  changes: ['EV-USER-EVENTS-AVAILABLE'],
  release: '9.0',
  category: 'events',
  fix: 'report',
  severity: 'info',
  message: '`GET /events` exists from service release 9.3; older v4 servers answer 404',
  v3: { method: 'GET', path: '/events', version: 'any' },
  docs:
    'The list of the authenticated user\'s own events, `GET /events`, was introduced in release 9.3 (document §4.1). ' +
    'A client that may talk to a 9.0–9.2 server should handle 404 there, for example by falling back to ' +
    '`GET /users/:id/events` with the current user\'s id.',
  examples: {
    invalid: [{ code: "fetch(host + '/api/v4/events?action=pushed')" }, { code: "axios.get('/events', { params: { sort: 'asc' } })" }],
    valid: ["fetch(host + '/api/v4/users/' + me.id + '/events')", "app.get('/events', list)"],
  },
});
