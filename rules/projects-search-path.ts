import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'projects-search-path',
  changes: ['R817-SEARCH'],
  release: '8.17',
  category: 'endpoint',
  fix: 'safe',
  message: '`{v3}` is removed; search with `GET /projects?search=<text>`',
  fixTitle: 'Move the search text into the `search` query parameter',
  v3: { method: 'GET', path: '/projects/search/:query' },
  rewrite: (m) => {
    const query = m.capture('query');
    if (!query || ('text' in query && /^[:{]/.test(query.text))) return null;
    if ('text' in query) return { path: '/projects', query: { search: encodeURIComponent(safeDecode(query.text)) } };
    const code = /^encodeURIComponent\(/.test(query.code) ? query.code : `encodeURIComponent(${query.code})`;
    return { path: '/projects', query: { search: ':text' }, bind: { text: { code } } };
  },
  docs:
    'Release 8.17 removed the search path segment. The search text is now a query parameter of the project ' +
    'list, `GET /projects?search=<text>`, and must be URL-encoded there (`encodeURIComponent`). The result is the ' +
    'same list of projects.',
  examples: {
    invalid: [
      { code: "fetch('/api/v3/projects/search/' + term)", output: "fetch('/api/v4/projects?search=' + encodeURIComponent(term))" },
      { code: 'axios.get(`/projects/search/${q}`)', output: 'axios.get(`/projects?search=${encodeURIComponent(q)}`)' },
      { code: "this.get('projects/search/web app', cb)", output: "this.get('projects?search=web%20app', cb)" },
    ],
    valid: ["fetch('/api/v4/projects?search=' + encodeURIComponent(term))", "app.get('/projects/search/:query', search)"],
  },
});

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
