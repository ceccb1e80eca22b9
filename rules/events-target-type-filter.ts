import { defineRule, EVENT_TARGET_TYPES, literalText, onEventsRoute } from '../src/rule.js';

const TARGET_TYPES: readonly string[] = EVENT_TARGET_TYPES;

export default defineRule({
  id: 'events-target-type-filter',
  changes: ['EV-TARGET-TYPE'],
  release: '9.0',
  category: 'events',
  fix: 'safe',
  message: '`target_type` of the events API takes one of: ' + TARGET_TYPES.join(', '),
  fixTitle: 'Write the target type in lower snake case',
  v3: { method: 'GET', path: '{/**}', version: 'any' },
  check: ({ match }) => {
    const param = onEventsRoute(match.segments) ? match.findParam('target_type') : undefined;
    const value = param && literalText(param);
    if (!param || value === undefined || TARGET_TYPES.includes(value)) return [];
    const snake = value.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
    if (TARGET_TYPES.includes(snake)) return [{ at: param, message: `\`${value}\` is \`${snake}\` in the events filter`, rewrite: { params: [{ op: 'value', param, literal: snake }] } }];
    return [{ at: param, message: `\`${value}\` is not an events \`target_type\`; use one of ${TARGET_TYPES.join(', ')}` }];
  },
  docs:
    'The `target_type` filter of the events API takes a lower-case, snake-case word (document §4), while the ' +
    '`target_type` field of the response is capitalised (`Issue`, `MergeRequest`). Code that filters with the response ' +
    'spelling gets an error or nothing back.',
  examples: {
    invalid: [
      { code: "fetch(API + '/projects/' + id + '/events?target_type=MergeRequest')", output: "fetch(API + '/projects/' + id + '/events?target_type=merge_request')" },
      { code: "got('https://gitlab.example.com/api/v4/events', { searchParams: { target_type: 'Issue' } })", output: "got('https://gitlab.example.com/api/v4/events', { searchParams: { target_type: 'issue' } })" },
      { code: "axios.get('/events', { params: { target_type: 'comment' } })" },
    ],
    valid: ["axios.get('/events', { params: { target_type: 'merge_request' } })", "axios.get('/projects/' + id + '/todos', { params: { target_type: 'MergeRequest' } })"],
  },
});
