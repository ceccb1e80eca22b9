import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'groups-owned-path',
  changes: ['R90-GROUPS-OWNED'],
  release: '9.0',
  category: 'endpoint',
  fix: 'safe',
  message: '`{v3}` is removed; list owned groups with `{v4}`',
  fixTitle: 'Use `GET /groups?owned=true`',
  v3: { method: 'GET', path: '/groups/owned' },
  v4: { path: '/groups', query: { owned: 'true' } },
  docs: 'Release 9.0 turned the owned-groups path into a filter of the group list: `GET /groups?owned=true`.',
  examples: {
    invalid: [
      { code: 'got(`${base}/api/v3/groups/owned`)', output: 'got(`${base}/api/v4/groups?owned=true`)' },
      { code: "this.get('groups/owned', cb)", output: "this.get('groups?owned=true', cb)" },
    ],
    valid: ["api.get('/groups?owned=true')", "app.get('/groups/owned', listOwned)"],
  },
});
