'use strict';

const path = require('path');
const pLimit = require('p-limit');
const { createClient } = require('./lib/client');
const artifacts = require('./lib/artifacts');

// sync.json:
// {
//   "apiUrl": "https://gitlab.example.org/api/v3",
//   "target": "/srv/downloads",
//   "projects": [{ "id": 12, "ref": "master", "job": "package" }]
// }
const config = require(process.env.SYNC_CONFIG || './sync.json');

const client = createClient({ apiUrl: process.env.SYNC_API_URL || config.apiUrl, token: process.env.SYNC_TOKEN });
const limit = pLimit(2);

async function syncOne({ id, ref = 'master', job }) {
  const latest = await artifacts.latestJob(client, id, ref, job);
  if (!latest || !latest.artifacts_file) {
    console.log(`[${id}] no artifacts for ${job} on ${ref}`);
    return;
  }
  const dest = path.join(config.target, String(id), ref, `${job}-${latest.id}.zip`);
  await artifacts.downloadLatest(client, id, ref, job, dest);
  console.log(`[${id}] ${job}#${latest.id} -> ${dest}`);
  (await artifacts.pipelineSummary(client, id)).forEach(line => console.log(`[${id}]   ${line}`));
}

Promise.all(config.projects.map(p => limit(() => syncOne(p))))
  .then(() => console.log('sync done'))
  .catch(err => {
    console.error(err.stack || err.message);
    process.exit(1);
  });
