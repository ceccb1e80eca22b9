'use strict';

// Entry point of the package for hubot's external-scripts.json:
//   ["hubot-lab"]
// The scripts themselves are written in CoffeeScript (src/, not published) and compiled
// into lib/ before publishing.

var fs = require('fs');
var path = require('path');

// Loads the compiled scripts from lib/ into the robot (the usual hubot-scripts entry point).
module.exports = function (robot, scripts) {
  var dir = path.resolve(__dirname, 'lib');
  fs.readdirSync(dir).forEach(function (file) {
    if (path.extname(file) !== '.js' || file === 'gitlab.js') {
      return;
    }
    if (!scripts || scripts.indexOf('*') !== -1 || scripts.indexOf(file) !== -1) {
      robot.loadFile(dir, file);
    }
  });
};
