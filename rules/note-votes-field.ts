import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'note-votes-field',
  changes: ['R90-NOTE-VOTES'],
  release: '9.0',
  category: 'response',
  fix: 'report',
  message: 'Notes no longer carry `upvote`/`downvote` in v4; read award emoji instead',
  v3: { method: 'GET', path: '{/**}', version: 'any' },
  check: ({ match }) => {
    const s = match.segments;
    const onNotes = s[0] === 'projects' && (s[s.length - 1] === 'notes' || s[s.length - 2] === 'notes');
    return onNotes ? match.response().reads.filter((r) => r.path[0] === 'upvote' || r.path[0] === 'downvote').map((r) => ({ atSpan: r })) : [];
  },
  docs:
    'Release 9.0 removed the deprecated `upvote` and `downvote` fields of notes; they are `undefined` in v4. Votes ' +
    'are award emoji (`thumbsup`, `thumbsdown`): list them with `GET /projects/:id/issues/:iid/award_emoji` (or the ' +
    'merge request and note variants).',
  examples: {
    invalid: [
      { code: "api.get(`/projects/${id}/issues/${iid}/notes`).then((res) => res.data.forEach((note) => { if (note.upvote) likes++; }));" },
      { code: "$.getJSON('/api/v3/projects/' + id + '/merge_requests/' + iid + '/notes', function (notes) {\n  render(notes.map(function (n) { return n.downvote; }));\n});" },
    ],
    valid: [
      "api.get(`/projects/${id}/issues/${iid}/notes`).then((res) => res.data.forEach((note) => render(note.body)));",
      "api.get(`/projects/${id}/merge_requests/${iid}`).then((res) => show(res.data.upvotes));",
    ],
  },
});
