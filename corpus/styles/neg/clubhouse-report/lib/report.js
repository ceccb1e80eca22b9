#!/usr/bin/env node
'use strict';

const ch = require('./clubhouse');

// Usage: clubhouse-report "iteration:Sprint 42"
async function main(search) {
  const [projects, workflows, members, found] = await Promise.all([
    ch.projects(),
    ch.workflows(),
    ch.members(),
    ch.searchStories(search, 25)
  ]);

  const stateName = {};
  workflows.forEach(w => w.states.forEach(s => { stateName[s.id] = s.name; }));
  const memberName = {};
  members.forEach(m => { memberName[m.id] = m.profile.mention_name; });

  const stories = found.data;
  const lines = [`# ${search}`, ''];
  for (const project of projects.filter(p => !p.archived)) {
    const mine = stories.filter(s => s.project_id === project.id);
    if (!mine.length) continue;
    lines.push(`## ${project.name}`, '');
    for (const story of mine) {
      const owners = story.owner_ids.map(id => '@' + memberName[id]).join(' ') || 'unassigned';
      lines.push(`- [${stateName[story.workflow_state_id]}] ${story.name} (${story.story_type}, ${owners})`);
    }
    lines.push('');
  }
  console.log(lines.join('\n'));
}

main(process.argv.slice(2).join(' ') || 'is:started').catch(err => {
  console.error(err.message);
  process.exit(1);
});
