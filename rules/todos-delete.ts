import { defineRule } from '../src/rule.js';

export default defineRule({
  id: 'todos-delete',
  changes: ['R90-TODOS'],
  release: '9.0',
  category: 'method',
  fix: 'safe',
  message: '`{v3}` is removed; mark todos as done with `POST …/mark_as_done`',
  fixTitle: 'Change the call to `POST …/mark_as_done`',
  v3: { method: 'DELETE', path: '/todos{/**}' },
  when: (m) => (m.captures['**'] ?? '').split('/').filter(Boolean).length <= 1,
  v4: { method: 'POST', path: '/todos{/**}/mark_as_done' },
  docs:
    'v4 does not delete todos; it marks them as done. `DELETE /todos` becomes `POST /todos/mark_as_done` (all of ' +
    'them) and `DELETE /todos/:todo_id` becomes `POST /todos/:todo_id/mark_as_done` (one). Method and path change together.',
  examples: {
    invalid: [
      { code: "api.delete('/todos')", output: "api.post('/todos/mark_as_done')" },
      { code: "$.ajax({ url: '/api/v3/todos/' + todo.id, type: 'DELETE' })", output: "$.ajax({ url: '/api/v4/todos/' + todo.id + '/mark_as_done', type: 'POST' })" },
      { code: "http(verb, '/todos/' + id)" },
    ],
    valid: ["api.post('/todos/mark_as_done')", "$.ajax({ url: '/api/v4/todos/' + todo.id + '/mark_as_done', type: 'POST' })"],
  },
});
