'use strict';

const async = require('async');
const winston = require('winston');
const { gitlab, withToken } = require('./http');

// One request at a time per worker; GitLab rate-limits the janitor's user.
const queue = async.queue(function worker(task, done) {
  gitlab(withToken(task.options), (err, res, body) => {
    if (err) {
      return done(err);
    }
    if (res.statusCode >= 400) {
      return done(new Error(`${task.options.method || 'GET'} ${task.options.uri} -> ${res.statusCode}`));
    }
    if (task.onResult) {
      task.onResult(body, res);
    }
    done();
  });
}, Number(process.env.JANITOR_CONCURRENCY) || 1);

queue.error = function (err, task) {
  winston.error(`task ${task.name} failed: ${err.message}`);
};

exports.push = function push(name, options, onResult) {
  queue.push({ name, options, onResult });
};

exports.drained = function drained() {
  return new Promise(resolve => {
    if (queue.idle()) {
      return resolve();
    }
    queue.drain = resolve;
  });
};
