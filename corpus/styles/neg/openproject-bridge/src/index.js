'use strict';

const op = require('./openproject');

const OP_URL = process.env.OPENPROJECT_URL || 'https://openproject.example.org';

// Prints the release plan: every version of every project with its open work packages.
// The version links in work packages are HAL hrefs like /api/v3/versions/12.
function versionId(href) {
  const match = /\/api\/v3\/versions\/(\d+)$/.exec(href || '');
  return match ? Number(match[1]) : null;
}

async function plan() {
  const projects = await op.projects();
  for (const project of projects) {
    const [versions, packages] = await Promise.all([
      op.versions(project.id),
      op.workPackages(project.id, 1)
    ]);
    console.log(`# ${project.name} (${OP_URL}/projects/${project.identifier})`);
    for (const version of versions) {
      const open = packages.filter(wp => versionId(wp._links.version.href) === version.id);
      console.log(`  ${version.name}: ${open.length} open`);
      open.forEach(wp => console.log(`    #${wp.id} ${wp.subject}`));
    }
  }
}

async function publish(projectId) {
  const project = await op.project(projectId);
  if (!project.public) {
    await op.makePublic(projectId, project.lockVersion);
    console.log(`${project.name} is now public`);
  }
}

const [command, arg] = process.argv.slice(2);
(command === 'publish' ? publish(arg) : plan()).catch(err => {
  console.error(err.statusCode ? `OpenProject answered ${err.statusCode}: ${JSON.stringify(err.error)}` : err.message);
  process.exit(1);
});
