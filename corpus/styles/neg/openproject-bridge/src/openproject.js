'use strict';

const rp = require('request-promise-native');

const OP_URL = process.env.OPENPROJECT_URL || 'https://openproject.example.org';

// OpenProject's API v3 (HAL+JSON). The API key goes in as basic auth with the user "apikey".
const op = rp.defaults({
  baseUrl: `${OP_URL}/api/v3`,
  auth: { user: 'apikey', pass: process.env.OPENPROJECT_API_KEY },
  json: true,
  headers: { 'Content-Type': 'application/json' }
});

const elements = res => res._embedded.elements;

exports.projects = () => op.get('/projects').then(elements);

exports.project = id => op.get(`/projects/${id}`);

exports.makePublic = (id, lockVersion) => op.patch(`/projects/${id}`, {
  body: { public: true, lockVersion }
});

exports.versions = projectId => op.get(`/projects/${projectId}/versions`).then(elements);

exports.workPackages = (projectId, status) => op.get(`/projects/${projectId}/work_packages`, {
  qs: {
    filters: JSON.stringify([{ status: { operator: '=', values: [String(status)] } }]),
    sortBy: JSON.stringify([['updatedAt', 'desc']]),
    pageSize: 100,
    offset: 1
  }
}).then(elements);

exports.workPackage = id => op.get(`/work_packages/${id}`);

exports.activities = id => op.get(`/work_packages/${id}/activities`).then(elements);

exports.unwatch = (id, userId) => op.delete(`/work_packages/${id}/watchers/${userId}`);

exports.lockUser = userId => op.post(`/users/${userId}/lock`);

exports.unlockUser = userId => op.delete(`/users/${userId}/lock`);

exports.createWorkPackage = (projectId, subject, versionHref) => op.post(`/projects/${projectId}/work_packages`, {
  body: {
    subject,
    _links: { version: { href: versionHref } }
  }
});
