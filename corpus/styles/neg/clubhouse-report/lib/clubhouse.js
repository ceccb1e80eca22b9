'use strict';

const fetch = require('node-fetch');

const API = 'https://api.clubhouse.io/api/v3';
const TOKEN = process.env.CLUBHOUSE_API_TOKEN;

function url(path, query) {
  const params = Object.assign({ token: TOKEN }, query);
  const qs = Object.keys(params).map(k => `${k}=${encodeURIComponent(params[k])}`).join('&');
  return `${API}${path}?${qs}`;
}

function call(method, path, body, query) {
  return fetch(url(path, query), {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined
  }).then(res => {
    if (!res.ok) {
      throw new Error(`Clubhouse ${method} ${path}: ${res.status}`);
    }
    return res.status === 204 ? null : res.json();
  });
}

module.exports = {
  projects: () => call('GET', '/projects'),
  project: id => call('GET', `/projects/${id}`),
  projectStories: id => call('GET', `/projects/${id}/stories`),
  archiveProject: id => call('PUT', `/projects/${id}`, { archived: true }),
  deleteProject: id => call('DELETE', `/projects/${id}`),
  workflows: () => call('GET', '/workflows'),
  members: () => call('GET', '/members'),
  labels: () => call('GET', '/labels'),
  epics: () => call('GET', '/epics'),
  searchStories: (query, pageSize) => call('GET', '/search/stories', null, { query, page_size: pageSize || 25 }),
  updateStory: (id, changes) => call('PUT', `/stories/${id}`, changes),
  deleteStory: id => call('DELETE', `/stories/${id}`)
};
