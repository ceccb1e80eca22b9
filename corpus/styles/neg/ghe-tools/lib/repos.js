'use strict';

const { ghe, paginate } = require('./client');

exports.me = () => ghe.get('/user').then(res => res.data);

exports.myKeys = () => ghe.get('/user/keys').then(res => res.data);

exports.orgRepos = org => paginate(`/orgs/${org}/repos`, { type: 'all' });

exports.fork = (owner, repo, organization) =>
  ghe.post(`/repos/${owner}/${repo}/forks`, { organization }).then(res => res.data);

exports.star = (owner, repo) => ghe.put(`/user/starred/${owner}/${repo}`, null, { headers: { 'Content-Length': 0 } });

exports.unstar = (owner, repo) => ghe.delete(`/user/starred/${owner}/${repo}`);

// Stop watching a repository (notifications).
exports.unwatch = (owner, repo) => ghe.delete(`/repos/${owner}/${repo}/subscription`);

exports.deployKeys = (owner, repo) => ghe.get(`/repos/${owner}/${repo}/keys`).then(res => res.data);

exports.removeDeployKey = (owner, repo, keyId) => ghe.delete(`/repos/${owner}/${repo}/keys/${keyId}`);

exports.hooks = (owner, repo) => ghe.get(`/repos/${owner}/${repo}/hooks`).then(res => res.data);

/** Open issues carrying every label given ("bug,ui"). */
exports.issues = (owner, repo, labels) =>
  paginate(`/repos/${owner}/${repo}/issues`, { state: 'open', labels: labels.join(',') });

exports.readFile = (owner, repo, path, ref) =>
  ghe.get(`/repos/${owner}/${repo}/contents/${path}`, { params: { ref } })
    .then(res => Buffer.from(res.data.content, 'base64').toString('utf8'));

exports.suspend = login => ghe.put(`/users/${login}/suspended`, { reason: 'left the company' });

exports.unsuspend = login => ghe.delete(`/users/${login}/suspended`);
