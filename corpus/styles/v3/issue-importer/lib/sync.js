'use strict';

var unirest = require('unirest');

var API = (process.env.IMPORT_URL || 'https://gitlab.example.org') + '/api/v3';
var HEADERS = {
  'PRIVATE-TOKEN': process.env.IMPORT_TOKEN,
  'Accept': 'application/json',
  'Content-Type': 'application/json'
};

function issueUrl(issue) {
  return API + '/projects/' + issue.project_id + '/issues/' + issue.id;
}

function done(cb) {
  return function (response) {
    if (response.error) {
      return cb(new Error('GitLab answered ' + response.code + ': ' + JSON.stringify(response.body)));
    }
    cb(null, response.body);
  };
}

// Replaces the labels that came from Redmine, keeps the ones people added in GitLab.
exports.labels = function (issue, fromRedmine, cb) {
  var labels = issue.labels
    .filter(function (l) { return ['Bug', 'Feature', 'Support', 'Low', 'Normal', 'High', 'Urgent'].indexOf(l) === -1; })
    .concat(fromRedmine.filter(Boolean));
  unirest.put(issueUrl(issue))
    .headers(HEADERS)
    .send({ labels: labels.join(',') })
    .end(done(cb));
};

exports.close = function (issue, cb) {
  unirest.put(issueUrl(issue))
    .headers(HEADERS)
    .send({ state_event: 'close' })
    .end(done(cb));
};

// Milestones of a release train, by their numbers in the project.
exports.milestones = function (projectId, numbers, cb) {
  unirest.get(API + '/projects/' + projectId + '/milestones')
    .headers(HEADERS)
    .query(numbers.map(function (n) { return 'iid[]=' + n; }).join('&'))
    .end(done(cb));
};
