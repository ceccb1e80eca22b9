'use strict';

const semver = require('semver');

/**
 * Bumps `dep` to `version` in the package.json of `project` (id or encoded path) and opens a
 * merge request that is merged as soon as its pipeline passes.
 */
module.exports = async function bump(gl, project, dep, version, opts = {}) {
  const base = opts.base || 'master';
  const branch = `bump/${dep.replace('/', '-')}-${version}`;
  const id = encodeURIComponent(project);

  const file = await gl.get(`/projects/${id}/repository/files`)
    .query({ file_path: 'package.json', ref: base });
  const pkg = JSON.parse(Buffer.from(file.body.content, 'base64').toString('utf8'));

  const current = (pkg.dependencies || {})[dep] || (pkg.devDependencies || {})[dep];
  if (!current || semver.satisfies(version, current)) {
    return { skipped: true, reason: current ? `already satisfies ${current}` : 'not a dependency' };
  }
  const section = pkg.dependencies && pkg.dependencies[dep] ? 'dependencies' : 'devDependencies';
  pkg[section][dep] = `^${version}`;

  await gl.post(`/projects/${id}/repository/branches`)
    .send({ branch_name: branch, ref: base });

  await gl.put(`/projects/${id}/repository/files`)
    .send({
      file_path: 'package.json',
      branch_name: branch,
      content: JSON.stringify(pkg, null, 2) + '\n',
      commit_message: `Bump ${dep} to ${version}`
    });

  if (opts.lockfile) {
    await gl.post(`/projects/${id}/repository/commits`)
      .send({
        branch_name: branch,
        commit_message: 'Drop the lock file; CI regenerates it',
        actions: [{ action: 'delete', file_path: 'package-lock.json' }]
      });
  }

  const mr = (await gl.post(`/projects/${id}/merge_requests`)
    .send({ source_branch: branch, target_branch: base, title: `Bump ${dep} to ${version}`, remove_source_branch: true })).body;

  await gl.put(`/projects/${id}/merge_request/${mr.id}/merge`)
    .send({ merge_when_build_succeeds: true, should_remove_source_branch: true });

  return { mr };
};

/** Deletes bump branches whose merge request was closed without merging. */
module.exports.cleanup = async function cleanup(gl, project, branches) {
  const id = encodeURIComponent(project);
  const deleted = [];
  for (const name of branches) {
    const res = await gl.del(`/projects/${id}/repository/branches/${encodeURIComponent(name)}`);
    deleted.push(res.body.branch_name);
  }
  return deleted;
};
