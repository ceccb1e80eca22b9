'use strict';

const fetch = require('node-fetch');

const DEFAULTS = {
  method: 'GET',
  headers: { Accept: 'application/json' },
  timeout: 30000
};

/**
 * Returns a function (path, options) => Promise<json> bound to one server.
 * `useV4` is for the new server we move to in the autumn; the old one only speaks v3.
 */
module.exports = function createRequest({ host, token, useV4 = false }) {
  const api = useV4 ? '/api/v4' : '/api/v3';
  const root = host.replace(/\/$/, '') + api;

  return function send(path, options = {}) {
    const opts = { ...DEFAULTS, ...options, headers: { ...DEFAULTS.headers, ...options.headers } };
    opts.headers['PRIVATE-TOKEN'] = token;

    let url = root + path;
    if (opts.params) {
      const query = Object.keys(opts.params)
        .map(k => `${encodeURIComponent(k)}=${encodeURIComponent(opts.params[k])}`)
        .join('&');
      url += (url.includes('?') ? '&' : '?') + query;
      delete opts.params;
    }
    if (opts.body && typeof opts.body !== 'string') {
      opts.body = JSON.stringify(opts.body);
      opts.headers['Content-Type'] = 'application/json';
    }

    return fetch(url, opts).then(res => {
      if (!res.ok) {
        return res.text().then(text => {
          throw new Error(`${opts.method} ${path}: ${res.status} ${text.slice(0, 300)}`);
        });
      }
      return res.status === 204 ? null : res.json();
    });
  };
};
