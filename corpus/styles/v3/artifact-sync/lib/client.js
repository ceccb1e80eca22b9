'use strict';

const got = require('got');

/**
 * A got instance bound to one API root. `apiUrl` is the root of the instance's REST API
 * as configured in sync.json, `token` an access token with api scope.
 */
function createClient({ apiUrl, token, timeout = 30000 }) {
  return got.extend({
    baseUrl: apiUrl,
    headers: {
      'PRIVATE-TOKEN': token,
      'user-agent': 'artifact-sync/0.6'
    },
    json: true,
    timeout,
    retry: 2
  });
}

/** Follows X-Next-Page until the last page; returns every item. */
async function all(client, path, query = {}) {
  const items = [];
  let page = 1;
  while (page) {
    const res = await client.get(path, { query: Object.assign({ per_page: 100 }, query, { page }) });
    items.push(...res.body);
    page = Number(res.headers['x-next-page']) || 0;
  }
  return items;
}

module.exports = { createClient, all };
