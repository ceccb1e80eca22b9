'use strict';

const fetch = require('node-fetch');
const querystring = require('querystring');

const DEFAULT_URL = 'https://gitlab.com';

function baseUrl(argv) {
  const host = (argv.url || process.env.LABCTL_URL || DEFAULT_URL).replace(/\/+$/, '');
  return host + '/api/v3';
}

/**
 * One request to the API. GET bodies become the query string.
 * Resolves with the parsed JSON (null for 204), rejects with an Error carrying `status`.
 */
function api(argv, method, path, body) {
  let url = baseUrl(argv) + path;
  const opts = {
    method,
    headers: {
      'PRIVATE-TOKEN': argv.token || process.env.LABCTL_TOKEN || '',
      'User-Agent': 'labctl/' + require('../package.json').version
    }
  };

  if (body && (method === 'GET' || method === 'DELETE')) {
    url += (url.indexOf('?') === -1 ? '?' : '&') + querystring.stringify(body);
  } else if (body) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }

  if (argv.verbose) {
    console.error(`> ${method} ${url}`);
  }

  return fetch(url, opts).then(res => {
    if (res.status === 204) {
      return null;
    }
    return res.json().then(data => {
      if (!res.ok) {
        const err = new Error(`${method} ${path}: ${data.message || data.error || res.statusText}`);
        err.status = res.status;
        throw err;
      }
      return data;
    });
  });
}

/** Print a result: raw JSON with --json, else one line per item through `line`. */
function print(argv, data, line) {
  if (argv.json) {
    console.log(JSON.stringify(data, null, 2));
    return;
  }
  (Array.isArray(data) ? data : [data]).forEach(item => console.log(line(item)));
}

module.exports = { api, baseUrl, print };
