'use strict';

const request = require('request');
const rp = require('request-promise');

const GITLAB_URL = process.env.JANITOR_GITLAB_URL || 'https://gitlab.example.org';
const TOKEN = process.env.JANITOR_TOKEN;

const defaults = {
  baseUrl: GITLAB_URL + '/api/v3',
  qs: { private_token: TOKEN },
  json: true,
  timeout: 30000,
  headers: { 'User-Agent': 'repo-janitor' }
};

// callback flavour, used by the queue worker
exports.gitlab = request.defaults(defaults);

// promise flavour, used through the circuit breaker
exports.gitlabAsync = rp.defaults(Object.assign({}, defaults, { resolveWithFullResponse: true }));

// qs given in an options object replaces the default one, so merge the token back in.
exports.withToken = function withToken(options) {
  return Object.assign({}, options, { qs: Object.assign({}, defaults.qs, options.qs) });
};
