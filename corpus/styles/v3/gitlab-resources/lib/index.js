'use strict';

const { ApiError, Client } = require('./resource');
const { Issues, Milestones } = require('./issues');
const { Repository } = require('./repository');

/**
 * const gitlab = require('gitlab-resources')({ url: 'https://gitlab.example.org', token });
 * gitlab.issues.all(42, { state: 'opened' }).then(...)
 */
function gitlab(options) {
  const client = new Client(options);
  const api = {
    issues: new Issues(client),
    milestones: new Milestones(client),
    repository: new Repository(client)
  };

  /** README of a project at a ref, found case-insensitively at the root. */
  api.readme = function readme(projectId, ref) {
    return api.repository.tree(projectId, { ref_name: ref || 'master' })
      .then(entries => entries.find(e => e.type === 'blob' && /^readme(\.|$)/i.test(e.name)))
      .then(entry => (entry ? api.repository.rawBlob(projectId, entry.id) : null));
  };

  /** Last `count` commits of a branch, newest first. */
  api.recentCommits = function recentCommits(projectId, branch, count) {
    return api.repository.commits(projectId, { ref_name: branch, per_page: count || 10 });
  };

  return api;
}

module.exports = gitlab;
module.exports.ApiError = ApiError;
