#!/usr/bin/env node
'use strict';

const createRequest = require('./request');
const { publish, waitForPages } = require('./publish');

const env = process.env;
const send = createRequest({
  host: env.DOCS_GITLAB_HOST || 'https://gitlab.example.org',
  token: env.DOCS_TOKEN,
  useV4: env.DOCS_API_V4 === 'true'
});

const options = {
  projectId: env.DOCS_PROJECT || 'docs/api-reference',
  dir: process.argv[2] || 'build/docs',
  branch: env.DOCS_BRANCH || 'master',
  version: require(process.cwd() + '/package.json').version
};

publish(send, options)
  .then(files => {
    console.log(`uploaded ${files.length} files to ${options.projectId}@${options.branch}`);
    return waitForPages(send, options.projectId);
  })
  .then(job => {
    console.log(`pages job ${job.id}: ${job.status}`);
    process.exitCode = job.status === 'success' ? 0 : 1;
  })
  .catch(err => {
    console.error(err.message);
    process.exitCode = 1;
  });
