'use strict';

const { ghe } = require('./client');

// Project boards (classic) are still a preview API on our GHE version.
const PREVIEW = { headers: { Accept: 'application/vnd.github.inertia-preview+json' } };

exports.orgProjects = org => ghe.get(`/orgs/${org}/projects`, PREVIEW).then(res => res.data);

exports.project = projectId => ghe.get(`/projects/${projectId}`, PREVIEW).then(res => res.data);

exports.columns = projectId => ghe.get(`/projects/${projectId}/columns`, PREVIEW).then(res => res.data);

exports.cards = columnId => ghe.get(`/projects/columns/${columnId}/cards`, PREVIEW).then(res => res.data);

exports.moveCard = (cardId, columnId) =>
  ghe.post(`/projects/columns/cards/${cardId}/moves`, { position: 'top', column_id: columnId }, PREVIEW);

exports.deleteProject = projectId => ghe.delete(`/projects/${projectId}`, PREVIEW)
  .then(res => res.status === 204);

/** Archives every card in the "Done" column of a board that is older than `days`. */
exports.archiveDone = async function archiveDone(projectId, days) {
  const cols = await exports.columns(projectId);
  const done = cols.find(c => c.name === 'Done');
  if (!done) return 0;
  const cards = await exports.cards(done.id);
  const old = cards.filter(c => Date.now() - new Date(c.updated_at).getTime() > days * 86400000);
  await Promise.all(old.map(c => ghe.patch(`/projects/columns/cards/${c.id}`, { archived: true }, PREVIEW)));
  return old.length;
};
