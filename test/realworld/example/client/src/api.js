// A small v3 client, the shape of the real ones: a base URL with /api/v3 and relative paths.
const axios = require('axios');

const http = axios.create({ baseURL: 'https://gitlab.example.com/api/v3' });

function jobs(projectId) {
  return http.get(`/projects/${projectId}/builds`);
}

function unstar(projectId) {
  return http.delete(`/projects/${projectId}/star`);
}

function owned() {
  return http.get('/projects/owned');
}

module.exports = { jobs, unstar, owned };
