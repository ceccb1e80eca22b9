import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'projects-owned-path',
  changes: ['R90-PROJECTS-OWNED'],
  release: '9.0',
  category: 'endpoint',
  fix: 'safe',
  message: '`{v3}` is removed; list owned projects with `{v4}`',
  fixTitle: 'Use `GET /projects?owned=true`',
  v3: { method: 'GET', path: '/projects/owned' },
  v4: { path: '/projects', query: { owned: 'true' } },
  docs: 'Release 9.0 turned the project list filters into query parameters: `GET /projects/owned` is `GET /projects?owned=true`.',
  examples: {
    invalid: [
      { code: "http.get('/projects/owned?per_page=100')", output: "http.get('/projects?per_page=100&owned=true')" },
      { code: "got.get('https://gitlab.com/api/v3/projects/owned')", output: "got.get('https://gitlab.com/api/v4/projects?owned=true')" },
    ],
    valid: ["http.get('/projects?owned=true')", "fetch('https://api.github.com/user/repos?type=owner')"],
  },
});
