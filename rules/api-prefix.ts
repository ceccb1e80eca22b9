import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'api-prefix',
  changes: ['V-PREFIX'],
  release: '9.0',
  category: 'prefix',
  fix: 'safe',
  message: '`/api/v3` is removed; the service answers under `/api/v4`',
  fixTitle: 'Change `/api/v3` to `/api/v4`',
  v3: { path: '{/**}' },
  check: ({ match }) => {
    if (match.version !== 'v3') return [];
    if (match.prefixWritten === 'here') return [{ rewrite: { version: 'v4' } }];
    // The client's own default base is v3 at the version the package depends on (gl-got before 8).
    if (match.prefixWritten === 'dependency') {
      const module = match.call.clientModule ?? 'the client';
      return [{ message: `\`${module}\` at the version this package depends on sends requests to \`/api/v3\`; upgrade it to a version whose default is \`/api/v4\`, or give it an \`/api/v4\` base URL`, rewrite: null }];
    }
    return [];
  },
  docs:
    'The API version is part of the path prefix. Version 3 is removed in release 9.5; every request must go to ' +
    '`/api/v4`. The prefix is reported where it is written: a base URL constant is reported (and fixed) once, ' +
    'at its declaration, not at every call that uses it; so is one written in a function that builds URLs ' +
    '(`const api = (path) => `${host}/api/v3${path}``), in that function. The other rules report what else changed on each call.',
  examples: {
    invalid: [
      { code: "const API = 'https://gitlab.example.com/api/v3';", output: "const API = 'https://gitlab.example.com/api/v4';" },
      { code: 'fetch(`${host}/api/v3/projects/${id}/issues`)', output: 'fetch(`${host}/api/v4/projects/${id}/issues`)' },
      { code: "const http = axios.create({ baseURL: host + '/api/v3' });", output: "const http = axios.create({ baseURL: host + '/api/v4' });" },
    ],
    valid: [
      "const API = 'https://gitlab.example.com/api/v4';",
      "fetch('https://api.github.com/api/v3/repos/x')",
      '// the old /api/v3 endpoint',
      "fetch(host + '/api/v3/projects/' + id + '/notices')",
    ],
  },
});
