'use strict';

const axios = require('axios');
const parseLink = require('parse-link-header');

// GitHub Enterprise serves its REST API v3 under /api/v3 on the appliance's own host.
const GHE_HOST = process.env.GHE_HOST || 'https://github.example.org';

const ghe = axios.create({
  baseURL: `${GHE_HOST}/api/v3`,
  headers: {
    Accept: 'application/vnd.github.v3+json',
    Authorization: `token ${process.env.GHE_TOKEN}`
  },
  timeout: 15000
});

/** Follows the Link header until the last page. */
async function paginate(path, params = {}) {
  let url = path;
  let query = Object.assign({ per_page: 100 }, params);
  const items = [];
  while (url) {
    const res = await ghe.get(url, { params: query });
    items.push(...res.data);
    const links = parseLink(res.headers.link);
    url = links && links.next ? links.next.url : null;
    query = undefined;
  }
  return items;
}

// Some scripts run from machines where only the old OAuth app token works.
function legacyGet(path, accessToken) {
  return axios.get(`${GHE_HOST}/api/v3${path}`, { params: { access_token: accessToken } }).then(res => res.data);
}

module.exports = { ghe, paginate, legacyGet };
