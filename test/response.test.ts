// Response flow: every way code receives a call's result leads to the same facts.
import { describe, expect, it } from 'vitest';
import { analyse } from '../src/lint.js';
import { responseFacts } from '../src/callsites/response.js';

/** The response facts of the `nth` request of the code (its first by default). */
function facts(code: string, nth = 0) {
  const a = analyse('x.ts', code);
  expect(a.fileError).toBeUndefined();
  const call = a.calls.filter((c) => c.client !== 'url')[nth];
  expect(call, code).toBeDefined();
  const f = responseFacts(call!, call!.ancestors);
  return { handled: f.handled, reads: f.reads.map((r) => `${r.element ? '[]' : ''}${r.path.join('.')}`), statuses: f.statuses.map((s) => s.code) };
}

describe('response flow', () => {
  it.each([
    ['await + .data + filter', 'const res = await axios.get(`/projects/${id}/issues`);\nres.data.filter((i) => i.subscribed);', ['[]subscribed']],
    ['destructured data + for…of', 'const { data } = await api.get(`/projects/${id}/issues`);\nfor (const issue of data) use(issue.title);', ['[]title']],
    ['fetch json in two thens', "fetch('/api/v3/projects/' + id + '/issues').then((r) => r.json()).then((list) => list.map((i) => i.web_url));", ['[]web_url']],
    ['await res.json()', "const res = await fetch('/api/v3/projects/' + id);\nconst project = await res.json();\nshow(project.name);", ['name']],
    ['request callback body', "request.get({ url: API + '/projects/' + id + '/issues', json: true }, function (err, res, body) { body.forEach(function (i) { use(i.iid); }); });", ['[]iid']],
    ['wrapper callback data', "this.get('projects/' + id + '/issues', {}, (err, issues) => issues[0].author.name);", ['[]author.name']],
    ['jQuery success', "$.getJSON('/api/v3/projects/' + id, function (project) { title(project.name_with_namespace); });", ['name_with_namespace']],
    ['superagent end', "superagent.get(API + '/projects/' + id).set('PRIVATE-TOKEN', t).end((err, res) => use(res.body.path));", ['path']],
    ['got json()', "const project = await got(API + '/projects/' + id).json();\nuse(project.namespace.full_path);", ['namespace.full_path']],
    ['jQuery promise yields the body', "const issues = await $.getJSON('/api/v3/projects/' + id + '/issues');\nissues.forEach((i) => use(i.iid));", ['[]iid']],
    ['HttpClient yields the body', "import { ajax } from 'rxjs/ajax';\nclass S { constructor(private http: HttpClient) {}\n load() { return this.http.get<any>(`/api/v3/projects/${id}`).subscribe((p) => use(p.default_branch)); } }", ['default_branch']],
    ['RxJS ajax: map to .response, then subscribe', "import { ajax } from 'rxjs/ajax';\najax({ url: API + '/projects/' + id + '/issues' }).pipe(map((r) => r.response), tap((list) => log(list.length))).subscribe((list) => list.forEach((i) => use(i.subscribed)));", ['length', '[]subscribed']],
    ['RxJS getJSON in map, error in catchError', "import { ajax } from 'rxjs/ajax';\najax.getJSON(API + '/projects/' + id + '/events').pipe(map((events) => events.filter((e) => e.target_type === 'note')), catchError((err) => of(err.status)));", ['[]target_type']],
    ['RxJS operators given no function pass nothing on', "import { ajax } from 'rxjs/ajax';\najax.getJSON(API + '/projects/' + id + '/events').pipe(share(), toArray(), map()).subscribe((all) => use(all.length));", []],
    ['lodash get given no path', "const res = await axios.get(`/projects/${id}/issues`);\n_.get(res);\nres.data.forEach((i) => use(i.iid));", ['[]iid']],
    ['awaited with another in Promise.all, taken apart by place', "const [pipes, issues] = await Promise.all([axios.get(`/projects/${id}/pipelines`), axios.get(`/projects/${id}/issues`)]);\nissues.data.forEach((i) => use(i.subscribed));", []],
    ['second in Promise.all: its own place', "const [pipes, issues] = await Promise.all([axios.get(`/projects/${id}/pipelines`), axios.get(`/projects/${id}/issues`)]);\nissues.data.forEach((i) => use(i.subscribed));", ['[]subscribed'], 1],
    ['axios.all with axios.spread', "axios.all([axios.get(`/projects/${id}/issues`), axios.get(`/user`)]).then(axios.spread((issues, me) => issues.data.map((i) => i.web_url)));", ['[]web_url']],
    ['Promise.all then a destructured list', "Promise.all([api.get(`/projects/${id}/issues`)]).then(([{ data }]) => data.filter((i) => i.subscribed));", ['[]subscribed']],
    ['a list reversed or sliced keeps its items', "const res = await axios.get(`/projects/${id}/events`);\nfor (const ev of res.data.reverse()) use(ev.action_name);\nres.data.slice(0, 5).map((e) => e.target_type);", ['[]action_name', '[]target_type']],
    ["a schema's parse hands the body back", "const raw = await api.get(`projects/${id}/merge_requests`).json();\nreturn Schema.parse(raw).filter((mr) => mr.subscribed);", ['[]subscribed']],
    ['structuredClone hands the body back', "const res = await axios.get(`/projects/${id}/issues`);\nstructuredClone(res.data).forEach((i) => use(i.iid));", ['[]iid']],
    ['RxJS: a list emitted item by item', "import { ajax } from 'rxjs/ajax';\najax.getJSON(API + '/projects/' + id + '/events').pipe(mergeMap((events) => from(events)), filter((e) => e.target_type === 'note')).subscribe((e) => use(e.action_name));", ['[]target_type', '[]action_name']],
    ['RxJS subscribe with an observer', "import { ajax } from 'rxjs/ajax';\najax.getJSON(API + '/projects/' + id).subscribe({ next: (p) => use(p.namespace.name), error: (e) => fail(e) });", ['namespace.name']],
  ])('%s', (_name, code, reads, nth?: number) => {
    expect(facts(code, nth).reads).toEqual(reads);
  });

  it.each([
    ['status ===', "const res = await fetch(API + '/projects/' + id, { method: 'DELETE' });\nif (res.status === 204) ok();", [204]],
    ['catch err.response.status', "api.post(`/projects/${id}/members`, body).catch((err) => { if (err.response.status == 409) return; throw err; });", [409]],
    ['try/catch with switch', "try { await api.post(`/projects/${id}/members`, body); } catch (e) { switch (e.status) { case 409: break; case 422: fail(); } }", [409, 422]],
    ['request statusCode', "request.post({ url: API + '/projects/' + id + '/members' }, (err, res) => { if (422 === res.statusCode) fail(); });", [422]],
  ])('%s', (_name, code, statuses) => {
    expect(facts(code).statuses).toEqual(statuses);
  });

  it('knows when nothing handles the result', () => {
    expect(facts("api.post(`/projects/${id}/members`, body);")).toEqual({ handled: false, reads: [], statuses: [] });
  });
});
