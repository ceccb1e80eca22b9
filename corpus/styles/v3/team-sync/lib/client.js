'use strict';

var request = require('request');

function GitlabClient(options) {
  options = options || {};
  this.host = (options.host || 'https://gitlab.com').replace(/\/+$/, '');
  this.base = this.host + '/api/v3';
  this.headers = { 'PRIVATE-TOKEN': options.token, 'User-Agent': 'team-sync' };
  this.dryRun = !!options.dryRun;
}

GitlabClient.prototype._json = function (method, url, body, callback) {
  if (this.dryRun && method !== 'GET') {
    console.log('[dry-run] ' + method + ' ' + url + (body ? ' ' + JSON.stringify(body) : ''));
    return process.nextTick(callback, null, { statusCode: 200 }, body);
  }
  request({ method: method, url: url, headers: this.headers, json: body || true }, callback);
};

// filter: { owned: true } | { starred: true } | {} for the projects the token's user is a member of
GitlabClient.prototype.projects = function (filter, callback) {
  var url = this.base + '/projects';
  if (filter.owned) {
    url += '/owned';
  } else if (filter.starred) {
    url += '/starred';
  }
  url += '?per_page=100';
  this._json('GET', url, null, function (err, res, body) {
    callback(err, body);
  });
};

GitlabClient.prototype.groups = function (owned, callback) {
  var url = this.base + '/groups';
  if (owned) {
    url = url + '/owned';
  }
  this._json('GET', url, null, function (err, res, body) {
    callback(err, body);
  });
};

GitlabClient.prototype.members = function (projectId, callback) {
  var url = this.base + '/projects/' + projectId + '/members?per_page=100';
  this._json('GET', url, null, function (err, res, body) {
    callback(err, body);
  });
};

GitlabClient.prototype.addMember = function (projectId, userId, level, callback) {
  var url = this.base + '/projects/' + projectId + '/members';
  this._json('POST', url, { user_id: userId, access_level: level }, function (err, res, body) {
    if (err) {
      return callback(err);
    }
    if (res.statusCode === 422) {
      return callback(new Error('invalid access level ' + level + ' for user ' + userId));
    }
    callback(null, body);
  });
};

GitlabClient.prototype.removeMember = function (projectId, userId, callback) {
  var url = this.base + '/projects/' + projectId + '/members/' + userId;
  this._json('DELETE', url, null, callback);
};

GitlabClient.prototype.unstar = function (projectId, callback) {
  var url = this.base + '/projects/' + projectId + '/star';
  this._json('DELETE', url, null, callback);
};

GitlabClient.prototype.userByName = function (username, callback) {
  var url = this.base + '/users?username=' + encodeURIComponent(username);
  this._json('GET', url, null, function (err, res, body) {
    callback(err, body && body[0]);
  });
};

module.exports = GitlabClient;
