'use strict';

var CronJob = require('cron').CronJob;
var config = require('./config');
var gitlab = require('./lib/gitlab');
var chat = require('./lib/chat');

function hoursSince(date) {
  return Math.floor((Date.now() - new Date(date).getTime()) / 3600000);
}

function nag(project, done) {
  gitlab.recentlyActive(project, function (err, active) {
    if (err) {
      return done(err);
    }
    gitlab.openMergeRequests(project, function (err, mrs) {
      if (err) {
        return done(err);
      }
      var stale = mrs.filter(function (mr) {
        return !mr.work_in_progress && !active[mr.id] && hoursSince(mr.updated_at) >= config.staleHours;
      });
      if (!stale.length) {
        return done();
      }
      var lines = stale.map(function (mr) {
        var who = mr.assignee ? '@' + mr.assignee.username : '(nobody)';
        return '- [!' + mr.iid + ' ' + mr.title + '](' + mr.web_url + ') waiting ' + hoursSince(mr.updated_at) + 'h for ' + who;
      });
      chat.post('**' + project + '** has merge requests waiting for review:\n' + lines.join('\n'), done);
    });
  });
}

function run() {
  config.projects.forEach(function (project) {
    nag(project, function (err) {
      if (err) {
        console.error('[nagbot] ' + project + ': ' + err.message);
      }
    });
  });
}

new CronJob(config.schedule, run, null, true, 'Europe/Berlin');
console.log('[nagbot] scheduled: ' + config.schedule);

if (process.argv.indexOf('--now') !== -1) {
  run();
}
