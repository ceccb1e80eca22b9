// Another service whose URLs look like the hosting service's: nothing here is a v3 call of it.
const BASE = 'https://api.app.shortcut.com';

function project(id) {
  return fetch(BASE + '/api/v3/projects/' + id);
}

module.exports = { project };
