'use strict';

const fs = require('fs');
const path = require('path');
const glob = require('glob');

const encodeProject = id => encodeURIComponent(id);

/** Is the file already in the repository at `branch`? Resolves with its blob id or null. */
function existing(send, projectId, filePath, branch) {
  const params = { ref: branch };
  params.file_path = filePath;
  return send(`/projects/${encodeProject(projectId)}/repository/files`, { params })
    .then(file => file.blob_id, () => null);
}

/** Creates or updates one file on `branch`. */
function upload(send, projectId, filePath, content, branch, message) {
  return existing(send, projectId, filePath, branch).then(blobId => {
    const opts = { method: blobId ? 'PUT' : 'POST' };
    opts.body = {
      file_path: filePath,
      content: content.toString('base64'),
      encoding: 'base64',
      commit_message: message
    };
    Object.assign(opts.body, { branch_name: branch });
    return send(`/projects/${encodeProject(projectId)}/repository/files`, opts);
  });
}

/** Uploads every file under `dir` into `prefix/` of the docs repository, one commit per file. */
function publish(send, { projectId, dir, prefix = 'api', branch = 'master', version }) {
  const files = glob.sync('**/*', { cwd: dir, nodir: true });
  const message = `docs: publish ${version || 'snapshot'}`;
  return files.reduce((chain, rel) => chain.then(done => {
    const content = fs.readFileSync(path.join(dir, rel));
    return upload(send, projectId, path.posix.join(prefix, rel), content, branch, message)
      .then(() => done.concat(rel));
  }), Promise.resolve([]));
}

/** Polls the pages job of the newest pipeline until it finishes. */
function waitForPages(send, projectId, { interval = 10000, attempts = 60 } = {}) {
  const poll = left => send(`/projects/${encodeProject(projectId)}/builds`, { params: { scope: ['pending', 'running', 'success', 'failed'] } })
    .then(builds => builds.find(b => b.name === 'pages'))
    .then(job => {
      if (job && (job.status === 'success' || job.status === 'failed')) {
        return job;
      }
      if (left <= 0) {
        throw new Error('gave up waiting for the pages job');
      }
      return new Promise(resolve => setTimeout(resolve, interval)).then(() => poll(left - 1));
    });
  return poll(attempts);
}

module.exports = { publish, upload, waitForPages };
