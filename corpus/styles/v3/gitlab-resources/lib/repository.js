'use strict';

const { Resource } = require('./resource');
const pid = Resource.pid;

class Repository extends Resource {
  branches(projectId) {
    return this.get(`projects/${pid(projectId)}/repository/branches`);
  }

  tree(projectId, options) {
    return this.get(`projects/${pid(projectId)}/repository/tree`, options);
  }

  /** Entries of one folder at a branch, tag or sha. */
  folder(projectId, ref, path) {
    return this.get(`projects/${pid(projectId)}/repository/tree`, { ref_name: ref, path });
  }

  commits(projectId, options) {
    const query = Object.assign({ page: 0, per_page: 20 }, options);
    return this.get(`projects/${pid(projectId)}/repository/commits`, query);
  }

  commit(projectId, sha) {
    return this.get(`projects/${pid(projectId)}/repository/commits/${sha}`);
  }

  /** Raw content of `filepath` at a commit (sha or branch name). */
  rawFile(projectId, sha, filepath) {
    return this.getRaw(`projects/${pid(projectId)}/repository/blobs/${sha}`, { filepath });
  }

  /** Raw content of a blob, by the blob's own sha (from a tree entry). */
  rawBlob(projectId, blobSha) {
    return this.getRaw(`projects/${pid(projectId)}/repository/raw_blobs/${blobSha}`);
  }

  fileAtCommit(projectId, sha, filepath) {
    return this.getRaw(`projects/${pid(projectId)}/repository/commits/${sha}/blob`, { filepath });
  }

  /** File metadata and base64 content. */
  file(projectId, filePath, ref) {
    return this.get(`projects/${pid(projectId)}/repository/files`, { file_path: filePath, ref });
  }

  createFile(projectId, attributes) {
    return this.post(`projects/${pid(projectId)}/repository/files`, attributes);
  }

  updateFile(projectId, filePath, content, branch, message) {
    return this.put(`projects/${pid(projectId)}/repository/files`, {
      file_path: filePath,
      branch_name: branch,
      content,
      commit_message: message
    });
  }

  compare(projectId, from, to) {
    return this.get(`projects/${pid(projectId)}/repository/compare`, { from, to });
  }
}

module.exports = { Repository };
