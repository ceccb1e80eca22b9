import { defineRule, eventFieldCompares, type CheckFinding, type MatchedCall } from '../src/rule.js';

// The filter word → the spelling of the `target_type` field in event records.
const RESPONSE: Record<string, string> = { issue: 'Issue', milestone: 'Milestone', merge_request: 'MergeRequest', note: 'Note', project: 'Project', snippet: 'Snippet', user: 'User' };

function check(match: MatchedCall): CheckFinding[] {
  return eventFieldCompares(match, 'target_type', RESPONSE).map(({ compare, to }) => ({
    atSpan: compare,
    message: `Event records spell \`target_type\` \`${to}\`; \`${compare.value}\` is the filter word and never matches`,
    rewrite: { compareValues: [{ compare, value: to }] },
  }));
}

export default defineRule({
  id: 'events-response-target-type',
  changes: ['EV-RESPONSE-TARGET-TYPE'],
  release: '9.0',
  category: 'events',
  fix: 'safe',
  message: 'Event records spell `target_type` capitalised (`Issue`, `MergeRequest`); the lower-case word is the filter',
  fixTitle: 'Compare with the capitalised type',
  v3: { method: 'GET', path: '{/**}', version: 'any' },
  check: ({ match }) => check(match),
  docs:
    'The `target_type` **filter** of the events API is lower case (`merge_request`), but the `target_type` **field** ' +
    'of each event record is the class name, capitalised (`MergeRequest`, `Issue`, `Note`; document §2). Comparing the ' +
    'field with the filter word is always false.',
  examples: {
    invalid: [
      { code: "const { data } = await api.get(`/projects/${id}/events`);\nconst issues = data.filter((e) => e.target_type === 'issue');", output: "const { data } = await api.get(`/projects/${id}/events`);\nconst issues = data.filter((e) => e.target_type === 'Issue');" },
      { code: "$.getJSON('/api/v4/events', function (events) {\n  events.forEach(function (e) { if (e.target_type == \"merge_request\") count++; });\n});", output: "$.getJSON('/api/v4/events', function (events) {\n  events.forEach(function (e) { if (e.target_type == \"MergeRequest\") count++; });\n});" },
    ],
    valid: ["const { data } = await api.get(`/projects/${id}/events`);\nconst issues = data.filter((e) => e.target_type === 'Issue');", "const { data } = await api.get(`/projects/${id}/todos`);\nconst issues = data.filter((t) => t.target_type === 'issue');"],
  },
});
