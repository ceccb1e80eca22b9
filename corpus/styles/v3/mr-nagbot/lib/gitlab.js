'use strict';

var https = require('https');
var config = require('../config');

function get(path, callback) {
  var req = https.request({
    hostname: config.gitlab.host,
    port: 443,
    path: '/api/v3' + path + (path.indexOf('?') === -1 ? '?' : '&') + 'private_token=' + config.gitlab.token,
    method: 'GET',
    headers: { 'Accept': 'application/json', 'User-Agent': 'mr-nagbot/0.3' }
  }, function (res) {
    var chunks = [];
    res.setEncoding('utf8');
    res.on('data', function (chunk) { chunks.push(chunk); });
    res.on('end', function () {
      var body = chunks.join('');
      if (res.statusCode !== 200) {
        return callback(new Error('GET ' + path + ' answered ' + res.statusCode + ': ' + body.slice(0, 200)));
      }
      try {
        callback(null, JSON.parse(body));
      } catch (e) {
        callback(e);
      }
    });
  });
  req.on('error', callback);
  req.setTimeout(20000, function () {
    req.abort();
  });
  req.end();
}

exports.openMergeRequests = function (project, callback) {
  get('/projects/' + project + '/merge_requests?state=opened&per_page=100', callback);
};

// Merge requests that got a push or a comment recently are not nagged about.
exports.recentlyActive = function (project, callback) {
  get('/projects/' + encodeURIComponent(project) + '/events?per_page=100', function (err, events) {
    if (err) {
      return callback(err);
    }
    var active = {};
    events.forEach(function (e) {
      if (e.target_type === 'merge_request' || e.action_name === 'pushed') {
        active[e.target_id] = true;
      }
    });
    callback(null, active);
  });
};
