'use strict';

const { api, print } = require('../api');

const line = p => `${p.id}\t${p.path_with_namespace}\t${p.web_url}`;
const projectId = argv => encodeURIComponent(argv.project);

module.exports = yargs => yargs
  .command('projects', 'list projects', y => y
    .option('owned', { type: 'boolean', describe: 'only projects you own' })
    .option('limit', { type: 'number', default: 20 }),
  argv => {
    const path = argv.owned
      ? '/projects/owned'
      : '/projects/visible';
    return api(argv, 'GET', path, { per_page: argv.limit, order_by: 'name', sort: 'asc' })
      .then(list => print(argv, list, line));
  })

  .command('search <query>', 'find projects by name', {}, argv =>
    api(argv, 'GET', '/projects/search/' + encodeURIComponent(argv.query), { per_page: 50 })
      .then(list => print(argv, list, line)))

  .command('fork <project>', 'fork a project into your namespace', {}, argv =>
    api(argv, 'POST', `/projects/fork/${projectId(argv)}`)
      .then(fork => console.log(`forked to ${fork.web_url}`)))

  .command('keys <project>', 'list the deploy keys of a project', {}, argv =>
    api(argv, 'GET', `/projects/${projectId(argv)}/keys`)
      .then(keys => print(argv, keys, k => `${k.id}\t${k.title}\t${k.created_at}`)))

  .command('key-add <project> <title> <keyfile>', 'add a deploy key', {}, argv => {
    const key = require('fs').readFileSync(argv.keyfile, 'utf8').trim();
    return api(argv, 'POST', `/projects/${projectId(argv)}/keys`, { title: argv.title, key })
      .then(k => console.log(`added key ${k.id}`));
  })

  .command('key-rm <project> <id>', 'remove a deploy key', {}, argv =>
    api(argv, 'DELETE', `/projects/${projectId(argv)}/keys/${argv.id}`)
      .then(() => console.log('removed')))

  .command('hooks <project>', 'list webhooks', {}, argv =>
    api(argv, 'GET', `/projects/${projectId(argv)}/hooks`)
      .then(hooks => print(argv, hooks, h => `${h.id}\t${h.url}`)));
