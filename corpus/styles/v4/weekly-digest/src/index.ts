import { GitLab, HttpError, projectPath } from './client';
import { Digest, weekOf } from './digest';

const WIKI_PROJECT = process.env.DIGEST_WIKI || 'team/handbook';
const BRANCH = 'digests';
const projects = (process.env.DIGEST_PROJECTS || '').split(',').filter(Boolean);

function render(d: Digest): string {
  return [
    `## ${d.project}`,
    '',
    `${d.merged.length} merge requests merged, ${d.pushes} pushes.`,
    '',
    ...d.merged.map(m => `- ${m}`),
    '',
    d.failedJobs.length ? `Failed jobs: ${d.failedJobs.map(j => `[${j.name}](${j.web_url})`).join(', ')}` : 'No failed jobs.',
    `Pipelines on master: ${d.pipelines.map(p => `${p.sha} ${p.status}`).join(', ')}`
  ].join('\n');
}

async function ensureBranch(gl: GitLab, wiki: string) {
  try {
    await gl.get(`projects/${wiki}/repository/branches/${BRANCH}`);
  } catch (e) {
    if (!(e instanceof HttpError) || e.status !== 404) throw e;
    await gl.post(`projects/${wiki}/repository/branches`, { branch: BRANCH, ref: 'master' });
  }
}

async function main() {
  const gl = new GitLab();
  const since = new Date(Date.now() - 7 * 24 * 3600 * 1000);
  const digests = await Promise.all(projects.map(p => weekOf(gl, p, since)));
  const wiki = projectPath(WIKI_PROJECT);
  const file = `digests/${since.toISOString().slice(0, 10)}.md`;

  await ensureBranch(gl, wiki);
  await gl.post(`projects/${wiki}/repository/files/${encodeURIComponent(file)}`, {
    branch: BRANCH,
    content: digests.map(render).join('\n\n'),
    commit_message: `Weekly digest ${file}`
  });
  console.log(`wrote ${file} to ${WIKI_PROJECT}@${BRANCH}`);
}

main().catch(err => {
  console.error(err.message);
  process.exit(1);
});
