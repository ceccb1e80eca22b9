'use strict';

var https = require('https');
var url = require('url');
var config = require('../config');

// Posts one message to the incoming webhook of the chat server.
exports.post = function (text, callback) {
  var hook = url.parse(config.chat.hook);
  var payload = JSON.stringify({
    channel: config.chat.channel,
    username: config.chat.username,
    icon_emoji: ':hourglass:',
    text: text
  });

  var req = https.request({
    hostname: hook.hostname,
    port: hook.port || 443,
    path: hook.path,
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(payload)
    }
  }, function (res) {
    res.resume();
    res.on('end', function () {
      callback(res.statusCode === 200 ? null : new Error('chat answered ' + res.statusCode));
    });
  });
  req.on('error', callback);
  req.write(payload);
  req.end();
};
