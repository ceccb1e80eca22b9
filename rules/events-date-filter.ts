import { defineRule, onEventsRoute, type CheckFinding, type ParamRef } from '../src/rule.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ]/;

function checkDate(param: ParamRef): CheckFinding[] {
  const v = param.value;
  const exclusive = `; the bound is exclusive (only events ${param.name} that day)`;
  if (v.kind === 'string') {
    if (DAY.test(v.literal)) return [];
    const day = TIMESTAMP.exec(v.literal)?.[1];
    if (day) return [{ at: param, message: `\`${param.name}\` takes a date, \`YYYY-MM-DD\`, not a timestamp${exclusive}`, rewrite: { params: [{ op: 'value', param, literal: day }], unsafe: true } }];
    return [{ at: param, message: `\`${param.name}\` takes a date, \`YYYY-MM-DD\`${exclusive}` }];
  }
  if (v.kind === 'number') return [{ at: param, message: `\`${param.name}\` takes a date, \`YYYY-MM-DD\`, not a number${exclusive}` }];
  if (v.kind !== 'expression') return [];
  // A call of a function of the module is judged by what it returns (`day(since)`, `day = (d) => d.toISOString()`).
  const code = (v.returns ?? v.code).trim();
  if (/\.toISOString\(\)$/.test(code)) {
    return [{ at: param, message: `\`${param.name}\` takes \`YYYY-MM-DD\`, not a full ISO timestamp${exclusive}`, rewrite: { params: [{ op: 'wrap', param, before: '', after: '.slice(0, 10)' }], unsafe: true } }];
  }
  // Milliseconds since the epoch (`Date.now() - DAY_MS`, `d.getTime()`): a number, made a date.
  if (/\bDate\.now\(\)|\.getTime\(\)|\.valueOf\(\)/.test(code) && !/\.toISOString\(\)/.test(code)) {
    return [{ at: param, message: `\`${param.name}\` takes a date, \`YYYY-MM-DD\`, not milliseconds since the epoch${exclusive}`, rewrite: { params: [{ op: 'wrap', param, before: 'new Date(', after: ').toISOString().slice(0, 10)' }], unsafe: true } }];
  }
  // A Date itself; one already turned into text (`….toISOString().slice(0, 10)`) is a string.
  if ((/^new Date\b/.test(code) || /(^|\.)([a-z]\w*Date|date)$/.test(code)) && !/\.toISOString\(\)/.test(code)) {
    return [{ at: param, message: `\`${param.name}\` takes a \`YYYY-MM-DD\` string, not a Date${exclusive}`, rewrite: { params: [{ op: 'wrap', param, before: '(', after: ').toISOString().slice(0, 10)' }], unsafe: true } }];
  }
  return [];
}

export default defineRule({
  id: 'events-date-filter',
  changes: ['EV-DATE'],
  release: '9.0',
  category: 'events',
  fix: 'unsafe',
  message: '`before` and `after` of the events API take a date, `YYYY-MM-DD`',
  fixTitle: 'Send the date as `YYYY-MM-DD`',
  fixSafety:
    'Cutting a timestamp to its UTC date moves the bound to midnight, and the bound is exclusive: events of that ' +
    'day are left out. Check the window the code wants.',
  v3: { method: 'GET', path: '{/**}', version: 'any' },
  check: ({ match }) => (onEventsRoute(match.segments) ? ['before', 'after'].map((n) => match.findParam(n)).filter((p): p is ParamRef => !!p).flatMap(checkDate) : []),
  docs:
    'The `before` and `after` filters of the events API take a date in the form `YYYY-MM-DD` (document §4): not a ' +
    'full ISO timestamp, not a `Date` object (which axios would send as a long timestamp), not an epoch number. ' +
    'Both bounds are exclusive.',
  examples: {
    invalid: [
      { code: "axios.get('/events', { params: { after: since.toISOString() } })", output: "axios.get('/events', { params: { after: since.toISOString().slice(0, 10) } })" },
      { code: "fetch(`/api/v4/projects/${id}/events?before=2017-06-01T00:00:00Z`)", output: "fetch(`/api/v4/projects/${id}/events?before=2017-06-01`)" },
      { code: "got(`${base}/api/v4/users/${uid}/events`, { searchParams: { after: 1496275200 } })" },
    ],
    valid: ["axios.get('/events', { params: { after: '2017-06-01' } })", "axios.get('/issues', { params: { after: since.toISOString() } })", "axios.get('/events', { params: { after: new Date(t).toISOString().slice(0, 10) } })"],
  },
  cases: {
    invalid: [
      { code: "const day = (d) => d.toISOString();\nfetch(`${API}/projects/${id}/events?after=${day(since)}&sort=desc`);", output: "const day = (d) => d.toISOString().slice(0, 10);\nfetch(`${API}/projects/${id}/events?after=${day(since)}&sort=desc`);", fix: 'unsafe' },
      { code: "function dayOf(t) { return new Date(t); }\naxios.get(`/projects/${id}/events`, { params: { before: dayOf(ts) } });", output: "function dayOf(t) { return new Date(t); }\naxios.get(`/projects/${id}/events`, { params: { before: (dayOf(ts)).toISOString().slice(0, 10) } });", fix: 'unsafe' },
      { code: "axios.get('/events', { params: { after: Date.now() - 7 * 86400000 } })", output: "axios.get('/events', { params: { after: new Date(Date.now() - 7 * 86400000).toISOString().slice(0, 10) } })", fix: 'unsafe' },
      { code: "axios.get(`/projects/${id}/events`, { params: { before: until.getTime() } })", output: "axios.get(`/projects/${id}/events`, { params: { before: new Date(until.getTime()).toISOString().slice(0, 10) } })", fix: 'unsafe' },
    ],
    valid: ["const day = (d) => d.toISOString().slice(0, 10);\nfetch(`${API}/projects/${id}/events?after=${day(since)}`);"],
  },
});
