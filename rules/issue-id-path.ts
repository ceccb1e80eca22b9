import { defineRule, type CheckFinding, type MatchedCall } from '../src/rule.js';

// How code names an iid, in any casing (`iid`, `iId`, `issueIid`, `mrIID`, `merge_request_iid`): left alone.
const IID = /iid$/i;
const MEMBER_ID = /^([\w$]+(?:\??\.[\w$]+)*)\??\.id$/;

function explain(what: string): string {
  return `\`${what}\` looks like the global id; in v4 this path takes the iid (the number within the project, as in the web UI)`;
}

function checkCapture(match: MatchedCall): CheckFinding[] {
  const capture = match.capture('x');
  if (!capture) return [];
  if ('code' in capture) {
    const code = capture.code.trim();
    if (IID.test(code)) return [];
    // A key of the options a builder is given (`params.id`): judged by what every caller passes under it (no
    // finding for `{ id: mr.iid }`), and never renamed here, which would read a key no caller passes.
    if ('passed' in capture) {
      const given = capture.passed!.filter((value) => !IID.test(value.trim()));
      return given.length === 0 ? [] : [{ atCapture: 'x', message: `${explain(code)}; its callers pass \`${given[0]!.trim()}\` there: pass the iid instead` }];
    }
    const member = MEMBER_ID.exec(code);
    if (member) return [{ atCapture: 'x', message: explain(code), rewrite: { captureCode: { x: `${member[1]}.iid` } } }];
    // A parameter handed on to a wrapper (`close(pid, issueId) { return this.edit(pid, issueId, …) }`) is judged
    // where the wrapper writes the path, and at the callers, with what they pass: not again on its way through.
    if ('passedIn' in capture) return [];
    // Code already on v4 may well pass the iid under another name: only a `.id` read is a leftover there.
    if (match.version === 'v4') return [];
    return [{ atCapture: 'x', message: explain(code) }];
  }
  // A template engine's placeholder holds the value's code (`<%= issue.id %>`, `{{ mr.id }}`): judged as code
  // is, reported only (the text is the template's).
  const engine = /^(?:<%[=-]?\s*([\w$.]+)\s*%>|\{\{\s*([\w$.]+)\s*\}\})$/.exec(capture.text);
  const code = engine?.[1] ?? engine?.[2];
  if (code) return IID.test(code) || (match.version === 'v4' && !MEMBER_ID.test(code)) ? [] : [{ atCapture: 'x', message: explain(code) }];
  const placeholder = /^[:{](\w+)\}?$/.exec(capture.text)?.[1];
  if (!placeholder || IID.test(placeholder)) return [];
  // An Express-style `:issue_id` filled from the params object: fix the value there when it reads `.id`.
  const param = match.findParam(placeholder);
  if (param && IID.test(param.value.code.trim())) return [];
  const member = param && param.value.kind === 'expression' ? MEMBER_ID.exec(param.value.code) : null;
  if (param && member) return [{ at: param, message: explain(param.value.code), rewrite: { params: [{ op: 'code', param, code: `${member[1]}.iid` }] } }];
  if (match.version === 'v4') return [];
  return [{ atCapture: 'x', message: explain(capture.text) }];
}

export default defineRule({
  id: 'issue-id-path',
  changes: ['V-IID'],
  release: '9.0',
  category: 'param',
  fix: 'safe',
  message: 'Issue and merge request paths take the iid in v4, not the global id',
  fixTitle: 'Use the `iid`',
  v3: { path: '/projects/:id/:kind(issues|merge_requests|merge_request)/:x{/**}' },
  check: ({ match }) => checkCapture(match),
  docs:
    'In v4, the `:id` of an issue or merge request in a path (and in its notes, award emoji, todo, time tracking, ' +
    'subscribe, changes, commits and merge sub-paths) is the **iid**: the number shown in the web UI, unique within ' +
    'the project. v3 took the global id (`issue.id`). The same number now names another issue, or none.\n\n' +
    'A value read as `.id` from an issue or merge request object is rewritten to `.iid` (safe: both fields come ' +
    'with every issue and merge request). A value whose name says it is a global id (`issueId`, `mr_id`, ' +
    '`:merge_request_id`) or that cannot be told is reported: find where it comes from and pass the iid instead. ' +
    'Values named as iids (`iid`, `issueIid`, `:merge_request_iid`) are left alone.',
  examples: {
    invalid: [
      { code: "fetch(API + '/projects/' + project.id + '/issues/' + issue.id + '/notes')", output: "fetch(API + '/projects/' + project.id + '/issues/' + issue.iid + '/notes')" },
      { code: 'axios.put(`/projects/${id}/merge_requests/${mr.id}/merge`)', output: 'axios.put(`/projects/${id}/merge_requests/${mr.iid}/merge`)' },
      { code: "client.request('post', '/projects/:id/issues/:issue_id/todo', { id, issue_id: issue.id })", output: "client.request('post', '/projects/:id/issues/:issue_id/todo', { id, issue_id: issue.iid })" },
      { code: 'this.get("projects/" + pid + "/merge_requests/" + mrId + "/changes", cb)' },
    ],
    valid: [
      "fetch(API + '/projects/' + project.id + '/issues/' + issue.iid + '/notes')",
      "client.request('post', '/projects/:id/issues/:issue_iid/todo', { id, issue_iid: iid })",
      'axios.get(`/projects/${id}/issues`)',
    ],
  },
  cases: {
    // Code already on v4: a `.id` read is a leftover of v3; a bare name may well hold the iid.
    invalid: [
      { code: "fetch(API + '/api/v4/projects/' + pid + '/issues/' + issue.id + '/notes')", output: "fetch(API + '/api/v4/projects/' + pid + '/issues/' + issue.iid + '/notes')" },
      // Given the global id by a caller: reported, and the key is not renamed (no caller passes `iid`).
      { code: "const mrUrl = (params) => API + '/api/v3/projects/' + params.projectId + '/merge_requests/' + params.id;\nfetch(mrUrl({ projectId: project.id, id: mr.id }));" },
    ],
    valid: [
      "fetch(API + '/api/v4/projects/' + pid + '/issues/' + issueId + '/notes')",
      'axios.get(`/projects/${id}/issues/${iId}`)',
      'axios.get(`/projects/${id}/merge_requests/${mrIID}/changes`)',
      // A key of a builder's options, given the iid by every caller.
      "const mrUrl = (params) => API + '/api/v3/projects/' + params.projectId + '/merge_requests/' + params.id;\nfetch(mrUrl({ projectId: project.id, id: mr.iid }));",
    ],
  },
});
