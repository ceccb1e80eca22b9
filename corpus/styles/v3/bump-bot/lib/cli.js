#!/usr/bin/env node
'use strict';

const gitlab = require('./gitlab');
const bump = require('./bump');

const [dep, version, ...projects] = process.argv.slice(2);
if (!dep || !version || !projects.length) {
  console.error('usage: bump-bot <dependency> <version> <group/project>...');
  process.exit(2);
}

const gl = gitlab(process.env.BUMP_GITLAB_URL || 'https://gitlab.example.org', process.env.BUMP_TOKEN);

(async () => {
  for (const project of projects) {
    try {
      const result = await bump(gl, project, dep, version, { lockfile: process.env.BUMP_DROP_LOCK === '1' });
      console.log(result.skipped ? `${project}: skipped (${result.reason})` : `${project}: ${result.mr.web_url}`);
    } catch (err) {
      const detail = err.response && err.response.body ? JSON.stringify(err.response.body.message) : err.message;
      console.error(`${project}: failed: ${detail}`);
      process.exitCode = 1;
    }
  }

  // Read the README of the first project as a sanity check of the token's scopes.
  const readme = await gl.raw(`/projects/${encodeURIComponent(projects[0])}/repository/blobs/master`)
    .query({ filepath: 'README.md' })
    .catch(() => null);
  if (readme) {
    console.log(`token ok (${readme.text.length} bytes of README)`);
  }
})();
