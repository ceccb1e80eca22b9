import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'users-confirm-param',
  changes: ['R90-SKIP-CONFIRMATION'],
  release: '9.0',
  category: 'param',
  fix: 'safe',
  message: '`confirm` on `POST /users` is `skip_confirmation` in v4, with the opposite meaning',
  fixTitle: 'Rename to `skip_confirmation` and negate the value',
  fixSafety: 'Negating an expression is unsafe: an omitted (`undefined`) value becomes `true`.',
  v3: { method: 'POST', path: '/users', param: 'confirm' },
  rewrite: ({ param }) => {
    const p = param!;
    const v = p.value;
    const literal = v.kind === 'boolean' ? v.literal : v.kind === 'string' && /^(true|false)$/.test(v.literal) ? v.literal === 'true' : undefined;
    const rename = { op: 'rename', param: p, to: 'skip_confirmation' } as const;
    if (literal !== undefined) return { params: [rename, { op: 'value', param: p, literal: p.where === 'query' ? String(!literal) : !literal }] };
    if (p.where === 'query') return null;
    return { params: [rename, { op: 'wrap', param: p, before: '!(', after: ')' }], unsafe: true };
  },
  docs:
    'Release 9.0 deprecated `confirm` (send a confirmation email, default true) in favour of `skip_confirmation` ' +
    '(default false): the same switch, inverted. `confirm: false` becomes `skip_confirmation: true`.',
  examples: {
    invalid: [
      { code: "api.post('/users', { email, confirm: false })", output: "api.post('/users', { email, skip_confirmation: true })" },
      { code: "this.post('users', { email: e, confirm: c }, cb)", output: "this.post('users', { email: e, skip_confirmation: !(c) }, cb)", fix: 'unsafe' },
      { code: "fetch('/api/v3/users?confirm=false&email=' + e, { method: 'POST' })", output: "fetch('/api/v4/users?skip_confirmation=true&email=' + e, { method: 'POST' })" },
    ],
    valid: ["api.post('/users', { email, skip_confirmation: true })", "api.post('/orders', { confirm: false })"],
  },
});
