#!/usr/bin/env node
'use strict';

var fs = require('fs');
var parse = require('csv-parse');
var needle = require('needle');
var sync = require('./lib/sync');

var API = (process.env.IMPORT_URL || 'https://gitlab.example.org') + '/api/v3';
var TOKEN = process.env.IMPORT_TOKEN;
var PROJECT = process.env.IMPORT_PROJECT; // numeric id

function url(path) {
  return API + path + (path.indexOf('?') === -1 ? '?' : '&') + 'private_token=' + TOKEN;
}

// Redmine ids are kept as the issue number, so a re-run finds what it already imported.
function exists(number, cb) {
  needle.get(url('/projects/' + PROJECT + '/issues?iid=' + number), { json: true }, function (err, res) {
    if (err) return cb(err);
    cb(null, Array.isArray(res.body) && res.body.length ? res.body[0] : null);
  });
}

function milestoneFor(version, cb) {
  if (!version) return cb(null, null);
  needle.get(url('/projects/' + PROJECT + '/milestones?search=' + encodeURIComponent(version)), { json: true },
    function (err, res) {
      if (err) return cb(err);
      cb(null, res.body.length ? res.body[0].id : null);
    });
}

function create(row, cb) {
  milestoneFor(row['Target version'], function (err, milestoneId) {
    if (err) return cb(err);
    needle.post(url('/projects/' + PROJECT + '/issues'), {
      title: row.Subject,
      description: row.Description + '\n\n_Imported from Redmine #' + row['#'] + '_',
      labels: [row.Tracker, row.Priority].filter(Boolean).join(','),
      milestone_id: milestoneId
    }, { json: true }, function (err, res) {
      if (err) return cb(err);
      if (res.statusCode !== 201) return cb(new Error('create failed: ' + JSON.stringify(res.body)));
      cb(null, res.body);
    });
  });
}

function importRow(row, cb) {
  exists(row['#'], function (err, issue) {
    if (err) return cb(err);
    if (issue) return sync.labels(issue, [row.Tracker, row.Priority], cb);
    create(row, function (err, created) {
      if (err) return cb(err);
      if (row.Status === 'Closed' || row.Status === 'Rejected') return sync.close(created, cb);
      cb(null, created);
    });
  });
}

var rows = [];
fs.createReadStream(process.argv[2] || 'issues.csv')
  .pipe(parse({ columns: true }))
  .on('data', function (row) { rows.push(row); })
  .on('end', function next() {
    var row = rows.shift();
    if (!row) return console.log('import finished');
    importRow(row, function (err, issue) {
      console.log(err ? 'FAILED #' + row['#'] + ': ' + err.message : 'ok #' + row['#'] + ' -> ' + issue.web_url);
      next();
    });
  });
