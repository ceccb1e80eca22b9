'use strict';

const winston = require('winston');
const queue = require('./lib/queue');
const breaker = require('./lib/breaker');

const MIRROR_GROUP = process.env.JANITOR_MIRROR_GROUP || 'mirrors';
const UPSTREAMS = (process.env.JANITOR_UPSTREAMS || '').split(',').filter(Boolean);
const ARCHIVE_DAYS = 90;

function daysSince(date) {
  return (Date.now() - new Date(date).getTime()) / 86400000;
}

// 1. make sure every upstream has a fork in the mirror group
UPSTREAMS.forEach(upstream => {
  queue.push(`fork ${upstream}`, {
    uri: `/projects/fork/${encodeURIComponent(upstream)}`,
    method: 'POST',
    body: { namespace: MIRROR_GROUP }
  });
});

// 2. the janitor's own projects: prune merged branches of the active ones
queue.push('list member projects', { uri: '/projects', qs: { per_page: 100, archived: false } }, projects => {
  projects.forEach(p => {
    breaker.pruneMergedBranches(p.id).then(ok => ok || winston.warn(`prune of ${p.id} not confirmed`));
  });
});

// 3. archived projects nobody touched for three months are deleted (admin token)
queue.push('list all projects', {
  uri: '/projects/all',
  method: 'GET',
  qs: { archived: true, per_page: 100, order_by: 'last_activity_at', sort: 'asc' }
}, projects => {
  projects
    .filter(p => daysSince(p.last_activity_at) > ARCHIVE_DAYS)
    .forEach(p => breaker.deleteProject(p).catch(err => winston.error(err.message)));
});

queue.drained().then(() => winston.info('queue drained'));
