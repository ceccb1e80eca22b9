import { defineRule, eventFieldCompares, type CheckFinding, type MatchedCall } from '../src/rule.js';

// The filter word → the `action_name` phrase event records carry for it.
const PHRASE: Record<string, string> = { commented: 'commented on', pushed: 'pushed to', created: 'opened', merged: 'accepted', destroyed: 'deleted' };

function check(match: MatchedCall): CheckFinding[] {
  return eventFieldCompares(match, 'action_name', PHRASE).map(({ compare, to }) => ({
    atSpan: compare,
    message: `Event records describe this action as \`${to}\`; \`${compare.value}\` is the filter word`,
    rewrite: { compareValues: [{ compare, value: to }], unsafe: true },
  }));
}

export default defineRule({
  id: 'events-response-action',
  changes: ['EV-RESPONSE-ACTION'],
  release: '9.0',
  category: 'events',
  fix: 'unsafe',
  message: '`action_name` of event records is a phrase (`commented on`, `pushed to`), not the filter word',
  fixTitle: 'Compare with the `action_name` phrase',
  fixSafety: 'One filter word covers several phrases (`pushed to`, `pushed new`); the fix picks the common one, so check the other spellings the code should accept.',
  v3: { method: 'GET', path: '{/**}', version: 'any' },
  check: ({ match }) => check(match),
  docs:
    'The `action_name` field of event records is a human-readable phrase (`opened`, `commented on`, `pushed to`, ' +
    '`pushed new`, `accepted`; document §2). It is not the vocabulary of the `action` filter (`created`, ' +
    '`commented`, `pushed`, `merged`), so comparing the field with a filter word never matches.',
  examples: {
    invalid: [
      { code: "const { data } = await api.get(`/users/${uid}/events`);\nconst comments = data.filter((e) => e.action_name === 'commented');", output: "const { data } = await api.get(`/users/${uid}/events`);\nconst comments = data.filter((e) => e.action_name === 'commented on');" },
      { code: "fetch(API + '/events').then((r) => r.json()).then((events) => events.forEach((e) => { switch (e.action_name) { case 'pushed': pushes++; } }));", output: "fetch(API + '/events').then((r) => r.json()).then((events) => events.forEach((e) => { switch (e.action_name) { case 'pushed to': pushes++; } }));" },
    ],
    valid: ["const { data } = await api.get(`/users/${uid}/events`);\nconst comments = data.filter((e) => e.action_name === 'commented on');", "const { data } = await api.get(`/users/${uid}/events`, { params: { action: 'commented' } });"],
  },
});
