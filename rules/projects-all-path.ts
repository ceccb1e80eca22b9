import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'projects-all-path',
  changes: ['R90-PROJECTS-ALL'],
  release: '9.0',
  category: 'endpoint',
  fix: 'safe',
  message: '`{v3}` is removed; `GET /projects` lists every visible project in v4',
  fixTitle: 'Use `GET /projects`',
  v3: { method: 'GET', path: '/projects/:which(all|visible)' },
  // `membership=false` is v4's default, written out: a later run must not read the call as v3's plain
  // member list (projects-list-membership) and narrow it.
  v4: { path: '/projects', query: { membership: 'false' } },
  docs:
    'Release 9.0 merged `GET /projects/all` (administrators: every project) and `GET /projects/visible` into the ' +
    'plain project list, which v4 answers with every project visible to the caller, with or without authentication. ' +
    'The fix writes `membership=false` (v4\'s default) so that the call keeps saying "every visible project" and is ' +
    'not mistaken later for v3\'s member list.',
  examples: {
    invalid: [
      { code: "axios.get(API + '/projects/all', { params: { per_page: 100 } })", output: "axios.get(API + '/projects?membership=false', { params: { per_page: 100 } })" },
      { code: "$.getJSON('/api/v3/projects/visible')", output: "$.getJSON('/api/v4/projects?membership=false')" },
    ],
    valid: ["axios.get(API + '/projects?membership=false', { params: { per_page: 100 } })", "app.get('/projects/all', listAll)"],
  },
});
