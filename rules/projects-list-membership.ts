import { defineRule } from '../src/rule.js';

const FILTERS = ['membership', 'owned', 'starred', 'search'];

export default defineRule({
  id: 'projects-list-membership',
  changes: ['R90-PROJECTS-MEMBERSHIP'],
  release: '9.0',
  category: 'endpoint',
  fix: 'safe',
  message: '`GET /projects` lists every visible project in v4, not only the caller\'s; add `membership=true` to keep the v3 meaning',
  fixTitle: 'Add `membership=true`',
  v3: { method: 'GET', path: '/projects' },
  when: (m) => FILTERS.every((f) => !m.findParam(f)),
  v4: { query: { membership: 'true' } },
  // What changes is what the list asks for: a base URL it reads its route from is not where to say so.
  pointsAt: 'call',
  docs:
    'In v3, `GET /projects` listed the projects the caller is a member of. In v4 it lists every project the ' +
    'caller can see, public ones included, which is usually far more. `membership=true` restores the v3 answer. ' +
    'Calls that already filter (`owned`, `starred`, `search`, `membership`) are left alone.',
  examples: {
    invalid: [
      { code: "this.get('projects', cb)", output: "this.get('projects?membership=true', cb)" },
      { code: 'fetch(`${base}/api/v3/projects?per_page=100`)', output: 'fetch(`${base}/api/v4/projects?per_page=100&membership=true`)' },
    ],
    valid: ["this.get('projects?owned=true', cb)", "api.post('/projects', { name })", 'fetch(`${base}/api/v4/projects?membership=true`)'],
  },
});
