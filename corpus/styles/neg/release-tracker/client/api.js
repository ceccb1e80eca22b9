import axios from 'axios';

// Browser client of the tracker's own API (same origin; the session cookie authenticates).
const http = axios.create({ baseURL: '/api/v3', withCredentials: true });

export function projects(ownedOnly) {
  return http.get('/projects', { params: ownedOnly ? { owned: 1 } : {} }).then(res => res.data);
}

export function builds(projectId, page = 0) {
  return fetch(`/api/v3/projects/${projectId}/builds?page=${page}`, { credentials: 'same-origin' })
    .then(res => res.json());
}

export function unstar(projectId) {
  return http.delete(`/projects/${projectId}/star`);
}

export function todos() {
  return fetch('/api/v3/todos', { credentials: 'same-origin' }).then(res => res.json());
}

export function addTodo(text, releaseId) {
  return http.post('/todos', { text, releaseId }).then(res => res.data);
}

export function markDone(id) {
  return http.post(`/todos/${id}/done`).then(res => res.data);
}

export function removeTodo(id) {
  return fetch('/api/v3/todos/' + id, { method: 'DELETE', credentials: 'same-origin' });
}

export function clearDone() {
  return http.delete('/todos');
}
