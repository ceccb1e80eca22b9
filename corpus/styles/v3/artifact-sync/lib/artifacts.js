'use strict';

const fs = require('fs');
const path = require('path');
const mkdirp = require('mkdirp');
const { all } = require('./client');

/** Newest successful job of `jobName` on `ref`. */
async function latestJob(client, projectId, ref, jobName) {
  const jobs = await client.get(`projects/${projectId}/builds`, { query: { scope: 'success', per_page: 50 } });
  return jobs.body.find(job => job.ref === ref && job.name === jobName);
}

/** Streams the artifacts archive of the latest successful `jobName` on `ref` into `dest`. */
function downloadLatest(client, projectId, ref, jobName, dest) {
  mkdirp.sync(path.dirname(dest));
  return new Promise((resolve, reject) => {
    client.stream(`projects/${projectId}/builds/artifacts/${encodeURIComponent(ref)}/download`, {
      query: { job: jobName },
      json: false
    })
      .on('error', reject)
      .pipe(fs.createWriteStream(dest))
      .on('finish', resolve)
      .on('error', reject);
  });
}

/** One line per recent pipeline for the sync log: who ran it and how long it took. */
async function pipelineSummary(client, projectId) {
  const res = await client.get(`projects/${projectId}/pipelines`, { query: { per_page: 5 } });
  return res.body.map(p => `#${p.id} ${p.ref} ${p.status} in ${p.duration}s by ${p.user.username}`);
}

/** Environments whose last deployment used an artifact we mirror. */
async function deployedEnvironments(client, projectId) {
  const envs = await all(client, `projects/${projectId}/environments`);
  return envs.map(env => ({ name: env.name, url: env.external_url, owner: env.project.owner.username }));
}

module.exports = { latestJob, downloadLatest, pipelineSummary, deployedEnvironments };
