'use strict';

var async = require('async');

var LEVELS = { guest: 10, reporter: 20, developer: 30, master: 40 };

function Sync(client, teams) {
  this.client = client;
  this.teams = teams;
  this.changes = [];
}

// Adds the missing members of every team to every project of the team.
Sync.prototype.run = function (callback) {
  var self = this;
  async.eachSeries(Object.keys(self.teams), function (name, next) {
    var team = self.teams[name];
    async.eachSeries(team.projects, function (projectId, nextProject) {
      self.syncProject(projectId, team, nextProject);
    }, next);
  }, function (err) {
    callback(err, self.changes);
  });
};

Sync.prototype.syncProject = function (projectId, team, callback) {
  var self = this;
  self.client.members(projectId, function (err, members) {
    if (err) {
      return callback(err);
    }
    var present = members.map(function (m) { return m.username; });
    var missing = team.members.filter(function (u) { return present.indexOf(u) === -1; });
    async.eachSeries(missing, function (username, next) {
      self.client.userByName(username, function (err, user) {
        if (err || !user) {
          return next(err || new Error('unknown user ' + username));
        }
        self.client.addMember(projectId, user.id, LEVELS[team.level || 'developer'], function (err) {
          if (!err) {
            self.changes.push('+' + username + ' -> ' + projectId);
          }
          next(err);
        });
      });
    }, callback);
  });
};

// People who left a team often keep the team's projects starred; clean that up for the bot user.
Sync.prototype.unstarForeign = function (callback) {
  var self = this;
  var ours = [];
  Object.keys(self.teams).forEach(function (name) {
    ours = ours.concat(self.teams[name].projects);
  });
  self.client.projects({ starred: true }, function (err, projects) {
    if (err) {
      return callback(err);
    }
    var foreign = projects.filter(function (p) { return ours.indexOf(p.id) === -1; });
    async.eachSeries(foreign, function (p, next) {
      self.client.unstar(p.id, next);
    }, callback);
  });
};

module.exports = Sync;
