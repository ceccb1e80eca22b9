'use strict';

const circuitBreaker = require('opossum');
const winston = require('winston');
const { gitlabAsync, withToken } = require('./http');

// Deletions go through a breaker: when GitLab starts failing we stop deleting instead of
// hammering it (and possibly leaving half-deleted projects behind).
const breaker = circuitBreaker(options => gitlabAsync(withToken(options)), {
  timeout: 60000,
  errorThresholdPercentage: 50,
  resetTimeout: 5 * 60000
});

breaker.on('open', () => winston.warn('GitLab circuit open: pausing deletions'));
breaker.on('close', () => winston.info('GitLab circuit closed again'));

exports.deleteProject = function deleteProject(project) {
  return breaker.fire({ uri: '/projects/' + project.id, method: 'DELETE' })
    .then(res => {
      if (res.statusCode === 200) {
        winston.info(`deleted ${project.path_with_namespace}`);
        return true;
      }
      winston.warn(`unexpected ${res.statusCode} deleting ${project.path_with_namespace}`);
      return false;
    });
};

exports.pruneMergedBranches = function pruneMergedBranches(projectId) {
  const options = { method: 'DELETE' };
  options.uri = `/projects/${projectId}/repository/merged_branches`;
  return breaker.fire(options).then(res => res.statusCode === 204);
};
