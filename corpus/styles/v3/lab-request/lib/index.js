'use strict';

const fetch = require('node-fetch');
const debug = require('debug')('lab-request');
const endpoint = require('./endpoint');

class HttpError extends Error {
  constructor(message, status, response) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.response = response;
  }
}

function withDefaults(defaults) {
  function request(route, parameters) {
    const options = endpoint(route, Object.assign({}, defaults, parameters));
    debug('%s %s', options.method, options.url);

    return fetch(options.url, options).then(res => {
      const type = res.headers.get('content-type') || '';
      const parse = type.indexOf('application/json') !== -1 ? res.json() : res.text();
      return parse.then(data => {
        if (res.status >= 400) {
          throw new HttpError(data && data.message ? JSON.stringify(data.message) : res.statusText, res.status, data);
        }
        return { status: res.status, headers: res.headers, data };
      });
    });
  }

  request.defaults = more => withDefaults(Object.assign({}, defaults, more));
  request.endpoint = (route, parameters) => endpoint(route, Object.assign({}, defaults, parameters));
  return request;
}

module.exports = withDefaults({});
module.exports.HttpError = HttpError;
