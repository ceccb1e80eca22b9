import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'member-status-422',
  changes: ['R90-MEMBER-400'],
  release: '9.0',
  category: 'status',
  fix: 'safe',
  message: 'Member validation errors answer 400 in v4, not 422',
  fixTitle: 'Compare with 400',
  v3: { method: ['POST', 'PUT'], path: '/:kind(projects|groups)/:id/members{/**}', version: 'any' },
  check: ({ match }) =>
    match.response().statuses.filter((s) => s.code === 422).map((s) => ({ atSpan: s, rewrite: { statusCodes: [{ check: s, code: 400 }] } })),
  docs:
    'Release 9.0 made every validation error of creating or updating a project or group member answer 400 ' +
    '(v3 sometimes answered 422). A check for 422 in the handling of that call never matches in v4.',
  examples: {
    invalid: [
      { code: "try {\n  await api.post(`/projects/${id}/members`, { user_id: uid, access_level: 30 });\n} catch (err) {\n  if (err.response.status === 422) warn('invalid');\n}", output: "try {\n  await api.post(`/projects/${id}/members`, { user_id: uid, access_level: 30 });\n} catch (err) {\n  if (err.response.status === 400) warn('invalid');\n}" },
      { code: "request.put({ url: API + '/groups/' + gid + '/members/' + uid, form: { access_level: 40 } }, function (err, res) {\n  switch (res.statusCode) { case 422: return fail(); }\n});", output: "request.put({ url: API + '/groups/' + gid + '/members/' + uid, form: { access_level: 40 } }, function (err, res) {\n  switch (res.statusCode) { case 400: return fail(); }\n});" },
    ],
    valid: ["try {\n  await api.post(`/projects/${id}/members`, body);\n} catch (err) {\n  if (err.response.status === 400) warn('invalid');\n}", "try {\n  await api.post(`/projects/${id}/issues`, body);\n} catch (err) {\n  if (err.response.status === 422) warn('invalid');\n}"],
  },
  cases: {
    // A hand-made client's callback that gets what request gets (`(err, res, body)`).
    invalid: [
      {
        code: "function call(method, url, body, done) { request({ method, url, json: body }, done); }\ncall('POST', API + '/projects/' + id + '/members', { user_id: uid }, function (err, res, body) {\n  if (res.statusCode === 422) return done(new Error('invalid'));\n});",
        output: "function call(method, url, body, done) { request({ method, url, json: body }, done); }\ncall('POST', API + '/projects/' + id + '/members', { user_id: uid }, function (err, res, body) {\n  if (res.statusCode === 400) return done(new Error('invalid'));\n});",
      },
    ],
  },
});
