#!/usr/bin/env node
'use strict';

const argv = require('minimist')(process.argv.slice(2));
const { call } = require('../src/call');

// CI_PROJECT_ID is set by the runner in every job
const project = argv.project || process.env.CI_PROJECT_ID;
const DAY = 24 * 60 * 60 * 1000;

const tasks = {
  // Retry the failed jobs of a pipeline once; our e2e suite is flaky on Mondays.
  'retry-failed'() {
    return call('commitBuilds', { id: project, sha: argv.sha || process.env.CI_COMMIT_SHA })
      .then(builds => builds.filter(b => b.status === 'failed' && !b.allow_failure))
      .then(failed => Promise.all(failed.map(b => call('retryBuild', { id: project, build_id: b.id }))))
      .then(retried => console.log(`retried ${retried.length} job(s)`));
  },

  // Review apps whose branch is gone or untouched for a week are stopped.
  'stop-stale'() {
    const maxAge = (argv.days || 7) * DAY;
    return call('listEnvironments', { id: project, per_page: 100 }).then(envs => {
      const review = envs.filter(env => env.name.indexOf('review/') === 0);
      return Promise.all(review.map(env => {
        const branch = env.name.slice('review/'.length);
        console.log(`${env.name} in ${env.project.namespace.name}`);
        return call('branch', { id: project, branch })
          .then(b => Date.now() - new Date(b.commit.committed_date).getTime() > maxAge, () => true)
          .then(stale => stale && call('stopEnvironment', { id: project, environment_id: env.id }));
      }));
    });
  },

  // Nightly deploy of the docs site from another project's pipeline.
  'deploy-docs'() {
    return call('listTriggers', { id: argv.docs })
      .then(triggers => triggers[0] || call('createTrigger', { id: argv.docs }))
      .then(trigger => call('triggerPipeline', { id: argv.docs, token: trigger.token, ref: 'master' }));
  },

  // Swap the deploy key used by the release job.
  'rotate-key'() {
    return call('addDeployKey', { id: project, title: `release ${new Date().toISOString()}`, key: argv.key })
      .then(added => call('disableDeployKey', { id: project, key_id: argv.old })
        .then(() => console.log(`key ${added.id} active, key ${argv.old} disabled`)));
  }
};

const task = tasks[argv._[0]];
if (!task) {
  console.error(`usage: ci-chores <${Object.keys(tasks).join('|')}> [--project ID]`);
  process.exit(2);
}
task().catch(err => {
  console.error(err.message);
  process.exit(1);
});
