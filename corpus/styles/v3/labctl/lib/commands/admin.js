'use strict';

const chalk = require('chalk');
const { api, print } = require('../api');

const TEMPLATE_KINDS = ['licenses', 'gitignores', 'gitlab_ci_ymls', 'dockerfiles'];

module.exports = yargs => yargs
  .command('block <user>', 'block a user (admin)', {}, argv =>
    api(argv, 'PUT', `/users/${argv.user}/block`)
      .then(() => console.log(chalk.yellow(`user ${argv.user} blocked`))))

  .command('unblock <user>', 'unblock a user (admin)', {}, argv =>
    api(argv, 'PUT', `/users/${argv.user}/unblock`)
      .then(() => console.log(chalk.green(`user ${argv.user} unblocked`))))

  .command('user-add <username> <email> <name>', 'create a user (admin)', y => y
    .option('password', { type: 'string', demandOption: true })
    .option('skip-confirm', { type: 'boolean', default: false, describe: 'do not send a confirmation mail' }),
  argv => api(argv, 'POST', '/users', {
    username: argv.username,
    email: argv.email,
    name: argv.name,
    password: argv.password,
    confirm: !argv.skipConfirm
  }).then(u => console.log(`created user ${u.id}`)))

  .command('todo-done [id]', 'mark one todo, or all of them, as done', {}, argv => {
    const path = argv.id
      ? `/todos/${argv.id}`
      : '/todos';
    return api(argv, 'DELETE', path).then(() => console.log('done'));
  })

  .command('groups', 'list your groups', y => y.option('owned', { type: 'boolean' }), argv =>
    (argv.owned ? api(argv, 'GET', '/groups/owned') : api(argv, 'GET', '/groups', { all_available: true }))
      .then(groups => print(argv, groups, g => `${g.id}\t${g.full_path || g.path}`)))

  .command('license <key>', 'print a license template', y => y.option('fullname', { type: 'string' }), argv =>
    api(argv, 'GET', '/licenses/' + argv.key, { fullname: argv.fullname || '' })
      .then(t => console.log(t.content)))

  .command('gitignore <key>', 'print a .gitignore template', {}, argv =>
    api(argv, 'GET', '/gitignores/' + argv.key).then(t => console.log(t.content)))

  .command('template <kind> <key>', 'print any template', y => y.positional('kind', { choices: TEMPLATE_KINDS }), argv =>
    api(argv, 'GET', `/${argv.kind}/${argv.key}`).then(t => console.log(t.content)));
