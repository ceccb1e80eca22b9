import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'token-literal',
  changes: ['A-TOKEN-LITERAL'],
  release: '9.0',
  category: 'auth',
  fix: 'report',
  message: 'An access token is written into the source; read it from the environment or a secret store, and revoke this one',
  secrets: (sites) => sites,
  docs:
    'A token in source code is a token in every clone, fork, log and backup of it. Read it from the environment ' +
    '(`process.env.GITLAB_TOKEN`) or a secret store, and revoke the one that was committed: it must be considered ' +
    'leaked. The finding never prints the token, and every report format masks it. A literal is a token by its ' +
    "name (`gitlabToken`, `'PRIVATE-TOKEN'`), by its form (`glpat-…`), or by where it goes: the value a request's " +
    "`private_token` parameter is sent with, whatever name holds it (`var readKey = '…'`, then `'?private_token=' + readKey`).",
  examples: {
    invalid: [
      { code: "fetch(API + '/projects', { headers: { 'PRIVATE-TOKEN': 'glpat-x9Fq2LmT7bVn4KsW1cRe' } });" },
      { code: "superagent.get(API + '/projects').set('PRIVATE-TOKEN', 'a8Kd02mZq7LpXv3NcR5t').end(done);" },
    ],
    valid: ["fetch(API + '/projects', { headers: { 'PRIVATE-TOKEN': process.env.GITLAB_TOKEN } });", "const client = new Client({ token: '<your token>' });"],
  },
  cases: {
    // A token in the service's format is reported wherever it is written, not only where it is sent.
    // A random value held by a name that says token, or the default after `||`/`??`, in a package that
    // speaks to the service (elsewhere such a name may hold any product's token), or by a name that says
    // the service too (`gitlabToken`).
    invalid: [
      { code: "export const DEFAULT_TOKEN = 'glpat-Zx81QmVt5KpLw3NcRb7Y';" },
      { code: 'const auth = `Bearer glpat-Zx81QmVt5KpLw3NcRb7Y`;' },
      { code: "var READ_TOKEN = 'Fm3nQ8cW2vLp7xZr4tYh';" },
      { code: "module.exports = { gitlab: { token: process.env.BOT_TOKEN || 'q8Xr2bTzL1mVfYw9sKdE' } };" },
      { code: "this.privateToken = opts.token ?? 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0';" },
      { code: "const gitlabToken = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3';" },
    ],
    valid: [
      "export const TOKEN_PREFIX = 'glpat-';",
      "const docs = 'tokens look like glpat-xxxx';",
      "const CSRF_TOKEN = 'X-CSRF-Token-Header-Name';",
      "const nextPageToken = response.headers['x-next-page'];",
      "const tokenUrl = 'https://gitlab.example.com/oauth/token';",
    ],
  },
});
