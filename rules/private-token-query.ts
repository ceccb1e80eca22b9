import { defineRule, type ParamRef } from '../src/rule.js';

/** The token parameter's value as code for a header. */
function valueCode(param: ParamRef): string | undefined {
  const v = param.value;
  if (v.kind === 'string') return `'${v.literal.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (v.kind === 'expression' && !/[\ue000-\uf8ff]/.test(v.code)) return v.code;
  return undefined;
}

export default defineRule({
  id: 'private-token-query',
  changes: ['A-TOKEN-QUERY'],
  release: '9.0',
  category: 'auth',
  fix: 'unsafe',
  message: 'The token travels in the URL (`private_token`), where logs and proxies keep it; send it in the `PRIVATE-TOKEN` header',
  fixTitle: 'Send the token in the `PRIVATE-TOKEN` header',
  fixSafety: 'The request changes shape: a server, proxy or test double that reads the token from the query stops seeing it.',
  v3: { path: '{/**}', param: 'private_token', version: 'any' },
  rewrite: ({ param }) => {
    const code = valueCode(param!);
    return code === undefined ? null : { params: [{ op: 'remove', param: param! }], headers: { 'PRIVATE-TOKEN': code }, unsafe: true };
  },
  docs:
    'Requests carry the credential in the `PRIVATE-TOKEN` header (document §5). A token in the query string ends up ' +
    'in server and proxy logs, browser history and error reports. The fix removes the parameter and adds the header ' +
    'to the request options (creating them where the client takes them).',
  examples: {
    invalid: [
      { code: "fetch(API + '/user?private_token=' + token)", output: "fetch(API + '/user', { headers: { 'PRIVATE-TOKEN': token } })" },
      { code: "axios.get(`/projects/${id}/issues`, { params: { private_token: token, state: 'opened' } })", output: "axios.get(`/projects/${id}/issues`, { params: { state: 'opened' }, headers: { 'PRIVATE-TOKEN': token } })" },
      { code: "$.ajax({\n  url: '/api/v4/user',\n  data: { private_token: token },\n  headers: {\n    Accept: 'application/json',\n  },\n});", output: "$.ajax({\n  url: '/api/v4/user',\n  data: {},\n  headers: {\n    Accept: 'application/json',\n    'PRIVATE-TOKEN': token,\n  },\n});" },
    ],
    valid: ["fetch(API + '/projects', { headers: { 'PRIVATE-TOKEN': token } })", "fetch('https://api.example.com/items?private_token=' + token)"],
  },
});
