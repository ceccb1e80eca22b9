'use strict';

// Every endpoint the CI scripts use, in one table. `:name` segments are filled from the
// params passed to call(); whatever is left goes to the query string (GET/DELETE) or the body.
module.exports = {
  listBuilds:        { method: 'GET',    path: '/projects/:id/builds' },
  getBuild:          { method: 'GET',    path: '/projects/:id/builds/:build_id' },
  buildTrace:        { method: 'GET',    path: '/projects/:id/builds/:build_id/trace', raw: true },
  retryBuild:        { method: 'POST',   path: '/projects/:id/builds/:build_id/retry' },
  playBuild:         { method: 'POST',   path: '/projects/:id/builds/:build_id/play' },
  commitBuilds:      { method: 'GET',    path: '/projects/:id/repository/commits/:sha/builds' },
  latestArtifacts:   { method: 'GET',    path: '/projects/:id/builds/artifacts/:ref_name/download', raw: true },

  triggerPipeline:   { method: 'POST',   path: '/projects/:id/trigger/builds' },
  listTriggers:      { method: 'GET',    path: '/projects/:id/triggers' },
  createTrigger:     { method: 'POST',   path: '/projects/:id/triggers' },

  listEnvironments:  { method: 'GET',    path: '/projects/:id/environments' },
  stopEnvironment:   { method: 'DELETE', path: '/projects/:id/environments/:environment_id' },

  listDeployKeys:    { method: 'GET',    path: '/projects/:id/deploy_keys' },
  addDeployKey:      { method: 'POST',   path: '/projects/:id/deploy_keys' },
  enableDeployKey:   { method: 'POST',   path: '/projects/:id/deploy_keys/:key_id/enable' },
  disableDeployKey:  { method: 'DELETE', path: '/projects/:id/deploy_keys/:key_id/disable' },

  branch:            { method: 'GET',    path: '/projects/:id/repository/branches/:branch' }
};
