#!/usr/bin/env node
'use strict';

const chalk = require('chalk');
const yargs = require('yargs');

const projects = require('../lib/commands/projects');
const admin = require('../lib/commands/admin');

let cli = yargs
  .usage('$0 <command> [options]')
  .option('url', {
    describe: 'GitLab URL (default: $LABCTL_URL or https://gitlab.com)',
    type: 'string'
  })
  .option('token', {
    describe: 'personal access token (default: $LABCTL_TOKEN)',
    type: 'string'
  })
  .option('json', { describe: 'print raw JSON', type: 'boolean', default: false })
  .option('verbose', { alias: 'v', type: 'boolean', default: false });

cli = projects(cli);
cli = admin(cli);

cli
  .demandCommand(1, 'Which command? See --help.')
  .fail((msg, err) => {
    if (err && err.status === 401) {
      console.error(chalk.red('Unauthorized: check --token or $LABCTL_TOKEN'));
    } else {
      console.error(chalk.red(msg || err.message));
    }
    process.exit(1);
  })
  .strict()
  .help()
  .argv;
