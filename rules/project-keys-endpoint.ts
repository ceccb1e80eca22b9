import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'project-keys-endpoint',
  changes: ['R817-KEYS'],
  release: '8.17',
  category: 'endpoint',
  fix: 'safe',
  message: '`{v3}` is removed; use `{v4}`',
  fixTitle: 'Rename `keys` to `deploy_keys` in the path',
  v3: { path: '/projects/:id/keys{/**}' },
  v4: { path: '/projects/:id/deploy_keys{/**}' },
  docs:
    'Release 8.17 removed the old alias for a project\'s deploy keys. Listing, adding, reading and deleting them ' +
    'works the same under `/projects/:id/deploy_keys`.',
  examples: {
    invalid: [
      { code: "superagent.get(API_URL + '/projects/' + id + '/keys')", output: "superagent.get(API_URL + '/projects/' + id + '/deploy_keys')" },
      { code: "this.post('projects/' + id + '/keys', { title: t, key: k }, cb)", output: "this.post('projects/' + id + '/deploy_keys', { title: t, key: k }, cb)" },
    ],
    valid: ["superagent.get(API_URL + '/projects/' + id + '/deploy_keys')", "fetch('https://api.github.com/user/keys')"],
  },
});
