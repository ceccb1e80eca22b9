import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'raw-blobs-endpoint',
  changes: ['X-RAW-BLOBS'],
  release: '9.0',
  category: 'endpoint',
  fix: 'unsafe',
  message: '`{v3}` has no v4 route; raw blob content is `{v4}`',
  fixTitle: 'Use `…/repository/blobs/:sha/raw`',
  fixSafety:
    'v4 serves the raw content of a blob at `blobs/:sha/raw`; the answer is the same bytes, but its headers ' +
    '(content type, disposition) may differ from what the v3 SDKs saw, so code that inspects them needs a look.',
  v3: { method: 'GET', path: '/projects/:id/repository/raw_blobs/:sha' },
  v4: { path: '/projects/:id/repository/blobs/:sha/raw' },
  docs:
    'The v3 SDKs fetched raw file content by blob sha from `raw_blobs/:sha`, a route the document never listed ' +
    'and v4 does not have. v4 serves the same content at `GET /projects/:id/repository/blobs/:sha/raw`.',
  examples: {
    invalid: [
      { code: "api.get('projects/' + id + '/repository/raw_blobs/' + sha, cb)", output: "api.get('projects/' + id + '/repository/blobs/' + sha + '/raw', cb)", fix: 'unsafe' },
      { code: 'fetch(`${API}/projects/${id}/repository/raw_blobs/${sha}`)', output: 'fetch(`${API}/projects/${id}/repository/blobs/${sha}/raw`)', fix: 'unsafe' },
    ],
    valid: ['fetch(`${API}/projects/${id}/repository/blobs/${sha}/raw`)', "const dir = 'raw_blobs/'"],
  },
});
