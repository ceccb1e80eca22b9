import { defineRule, type CheckFinding, type ParamRef } from '../src/rule.js';

// The project, group and snippet create/edit routes that took `public` or `visibility_level` in v3.
const ROUTES: readonly (readonly (string | null)[])[] = [
  ['projects'],
  ['projects', 'user', null],
  ['projects', null],
  ['groups'],
  ['groups', null],
  ['projects', null, 'snippets'],
  ['projects', null, 'snippets', null],
  ['snippets'],
  ['snippets', null],
];
const LEVELS: Record<string, string> = { '0': 'private', '10': 'internal', '20': 'public' };

function onRoute(segments: readonly (string | null)[]): boolean {
  return ROUTES.some((r) => r.length === segments.length && r.every((s, i) => s === null || s === segments[i]));
}

function fixFor(param: ParamRef): CheckFinding {
  const { value } = param;
  const rename = { op: 'rename', param, to: 'visibility' } as const;
  const simple = /^[\w$.]+$/.test(value.code) ? value.code : `(${value.code})`;
  if (param.name === 'public') {
    const literal = value.kind === 'boolean' ? value.literal : value.kind === 'string' && /^(true|false)$/.test(value.literal) ? value.literal === 'true' : undefined;
    if (literal !== undefined) return { at: param, rewrite: { params: [rename, { op: 'value', param, literal: literal ? 'public' : 'private' }] } };
    if (param.where === 'query') return { at: param };
    return { at: param, rewrite: { params: [rename, { op: 'wrap', param, before: simple === value.code ? '' : '(', after: `${simple === value.code ? '' : ')'} ? 'public' : 'private'` }], unsafe: true } };
  }
  const level = value.kind === 'number' || value.kind === 'string' ? LEVELS[String(value.literal)] : undefined;
  if (level) return { at: param, rewrite: { params: [rename, { op: 'value', param, literal: level }] } };
  if (value.kind !== 'expression' || param.where === 'query') return { at: param };
  return { at: param, rewrite: { params: [rename, { op: 'wrap', param, before: "['private', 'internal', 'public'][", after: ' / 10]' }], unsafe: true } };
}

export default defineRule({
  id: 'visibility-param',
  changes: ['R90-VISIBILITY'],
  release: '9.0',
  category: 'param',
  fix: 'safe',
  message: '`public` and `visibility_level` are removed in v4; send `visibility` as `private`, `internal` or `public`',
  fixTitle: 'Send `visibility` as a string',
  fixSafety:
    'For an expression the fix maps the value at run time (`x ? \'public\' : \'private\'`, or the level divided by 10 ' +
    'as an index); a value outside true/false or 0/10/20 would map to the wrong visibility, so read it first.',
  v3: { method: ['POST', 'PUT'], path: '{/**}' },
  check: ({ match }) => {
    if (!onRoute(match.segments)) return [];
    return ['public', 'visibility_level'].map((name) => match.findParam(name)).filter((p): p is ParamRef => p !== undefined).map(fixFor);
  },
  docs:
    'Release 9.0 replaced the boolean `public` and the numeric `visibility_level` (0, 10, 20) of project, group ' +
    'and snippet create and edit calls with one string parameter, `visibility`: `private`, `internal` or `public`. ' +
    'v4 ignores the old parameters, so a project meant to be public is created private.',
  examples: {
    invalid: [
      { code: "api.post('/projects', { name, public: true })", output: "api.post('/projects', { name, visibility: 'public' })" },
      { code: "$.ajax({ url: '/api/v3/groups', type: 'POST', data: { name: n, path: p, visibility_level: 10 } })", output: "$.ajax({ url: '/api/v4/groups', type: 'POST', data: { name: n, path: p, visibility: 'internal' } })" },
      { code: "this.put('projects/' + id, { public: isPublic }, cb)", output: "this.put('projects/' + id, { visibility: isPublic ? 'public' : 'private' }, cb)", fix: 'unsafe' },
    ],
    valid: ["api.post('/projects', { name, visibility: 'public' })", "api.post('/orders', { public: true })"],
  },
});
