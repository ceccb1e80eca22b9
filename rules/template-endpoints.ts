import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'template-endpoints',
  changes: ['R90-TEMPLATES'],
  release: '9.0',
  category: 'endpoint',
  fix: 'safe',
  message: '`{v3}` is removed in v4; templates are under `{v4}`',
  fixTitle: 'Prefix the path with `/templates`',
  v3: { method: 'GET', path: '/:kind(licenses|licences|gitignores|gitlab_ci_ymls|dockerfiles){/**}' },
  v4: { path: '/templates/:kind{/**}' },
  docs:
    'Release 9.0 removed the deprecated template endpoints at the API root. The same lists and templates are ' +
    'served under the `/templates` prefix; the rest of the path (and its spelling) is unchanged.',
  examples: {
    invalid: [
      { code: "$.get('/api/v3/licenses/' + key)", output: "$.get('/api/v4/templates/licenses/' + key)" },
      { code: 'got(`${host}/api/v3/gitignores`)', output: 'got(`${host}/api/v4/templates/gitignores`)' },
      { code: "api.get('/dockerfiles/' + name)", output: "api.get('/templates/dockerfiles/' + name)" },
    ],
    valid: ["$.get('/api/v4/templates/licenses/' + key)", "fetch('https://api.github.com/licenses/mit')"],
  },
});
