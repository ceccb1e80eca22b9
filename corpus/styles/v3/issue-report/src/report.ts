import * as fs from 'fs';
import * as stringify from 'csv-stringify';

import { commitsSince, findProject, listFolder, openRegressions } from './gitlab';

const WEEK = 7 * 24 * 3600 * 1000;

function ageInDays(date: string): number {
  return Math.round((Date.now() - new Date(date).getTime()) / (24 * 3600 * 1000));
}

async function main(projectName: string, releaseBranch: string, out: string) {
  const matches = await findProject(projectName);
  const project = matches.find(p => p.path_with_namespace === projectName) || matches[0];
  if (!project) {
    throw new Error(`no project matches "${projectName}"`);
  }

  const [issues, commits, migrations] = await Promise.all([
    openRegressions(project.id),
    commitsSince(project.id, releaseBranch, new Date(Date.now() - WEEK)),
    listFolder(project.id, releaseBranch, 'db/migrate')
  ]);

  const rows = issues.map(issue => [
    issue.iid,
    issue.title,
    issue.labels.join(' '),
    issue.assignee ? issue.assignee.username : '',
    ageInDays(issue.created_at),
    issue.web_url
  ]);

  stringify([['iid', 'title', 'labels', 'assignee', 'age (days)', 'url'], ...rows], (err, csv) => {
    if (err) {
      throw err;
    }
    fs.writeFileSync(out, csv);
    console.log(`${rows.length} regressions, ${commits.length} commits this week, ` +
      `${migrations.length} migrations on ${releaseBranch} -> ${out}`);
  });
}

const [name, branch = 'master', out = 'report.csv'] = process.argv.slice(2);
main(name, branch, out).catch(err => {
  console.error(err.message);
  process.exit(1);
});
