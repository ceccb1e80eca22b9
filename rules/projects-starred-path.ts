import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'projects-starred-path',
  changes: ['R90-PROJECTS-STARRED'],
  release: '9.0',
  category: 'endpoint',
  fix: 'safe',
  message: '`{v3}` is removed; list starred projects with `{v4}`',
  fixTitle: 'Use `GET /projects?starred=true`',
  v3: { method: 'GET', path: '/projects/starred' },
  v4: { path: '/projects', query: { starred: 'true' } },
  docs: 'Release 9.0 turned the project list filters into query parameters: `GET /projects/starred` is `GET /projects?starred=true`.',
  examples: {
    invalid: [
      { code: 'ky.get(`${root}/api/v3/projects/starred`).json()', output: 'ky.get(`${root}/api/v4/projects?starred=true`).json()' },
      { code: "this.get('projects/starred', { per_page: 20 }, cb)", output: "this.get('projects?starred=true', { per_page: 20 }, cb)" },
    ],
    valid: ["this.get('projects?starred=true', cb)", "const tab = 'projects/starred'"],
  },
});
