'use strict';

var fs = require('fs');
var yaml = require('js-yaml');
var GitlabClient = require('./lib/client');
var Sync = require('./lib/sync');

var args = process.argv.slice(2);
var teams = yaml.safeLoad(fs.readFileSync(process.env.TEAMS_FILE || 'teams.yml', 'utf8'));

var client = new GitlabClient({
  host: process.env.GITLAB_HOST,
  token: process.env.GITLAB_TOKEN,
  dryRun: args.indexOf('--dry-run') !== -1
});

function list(owned) {
  client.projects({ owned: owned }, function (err, projects) {
    if (err) {
      throw err;
    }
    projects.forEach(function (p) {
      console.log(p.id + '\t' + p.path_with_namespace);
    });
  });
}

function sync() {
  var job = new Sync(client, teams);
  job.run(function (err, changes) {
    if (err) {
      console.error('sync failed: ' + err.message);
      process.exit(1);
    }
    console.log(changes.length ? changes.join('\n') : 'nothing to do');
    if (args.indexOf('--unstar') !== -1) {
      job.unstarForeign(function (err) {
        if (err) {
          console.error('unstar failed: ' + err.message);
        }
      });
    }
  });
}

if (args.indexOf('--list') !== -1) {
  list(args.indexOf('--owned') !== -1);
} else {
  sync();
}
