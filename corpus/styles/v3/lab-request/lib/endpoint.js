'use strict';

const DEFAULTS = {
  baseUrl: 'https://gitlab.com/api/v3',
  headers: {
    accept: 'application/json',
    'user-agent': 'lab-request/1.4.0'
  }
};

function omit(object, keys) {
  return Object.keys(object)
    .filter(key => keys.indexOf(key) === -1)
    .reduce((out, key) => Object.assign(out, { [key]: object[key] }), {});
}

function toQuery(params) {
  return Object.keys(params)
    .map(key => {
      const value = params[key];
      if (Array.isArray(value)) {
        return value.map(v => `${encodeURIComponent(key)}[]=${encodeURIComponent(v)}`).join('&');
      }
      return `${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
    })
    .join('&');
}

/**
 * Turns ('DELETE /projects/:id/star', { id: 'a/b' }) into { method, url, headers, body }.
 * Placeholders are URL-encoded; the remaining parameters go to the query string for
 * GET/HEAD/DELETE and to a JSON body otherwise.
 */
function endpoint(route, parameters) {
  const options = Object.assign({}, DEFAULTS, parameters);
  const headers = Object.assign({}, DEFAULTS.headers, options.headers);
  const parts = route.split(' ');
  const method = (parts.length > 1 ? parts[0] : options.method || 'GET').toUpperCase();
  const template = parts.length > 1 ? parts[1] : parts[0];

  const used = ['baseUrl', 'headers', 'method', 'token'];
  const path = template.replace(/:([a-z_]+)/g, (match, name) => {
    used.push(name);
    return encodeURIComponent(options[name]);
  });
  const rest = omit(options, used);

  if (options.token) {
    headers['private-token'] = options.token;
  }

  let url = options.baseUrl.replace(/\/$/, '') + path;
  let body;
  if (['GET', 'HEAD', 'DELETE'].indexOf(method) !== -1) {
    const query = toQuery(rest);
    url += query ? (url.indexOf('?') === -1 ? '?' : '&') + query : '';
  } else if (Object.keys(rest).length) {
    headers['content-type'] = 'application/json; charset=utf-8';
    body = JSON.stringify(rest);
  }
  return { method, url, headers, body };
}

endpoint.DEFAULTS = DEFAULTS;
module.exports = endpoint;
