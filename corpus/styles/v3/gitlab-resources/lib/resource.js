'use strict';

const axios = require('axios');

class ApiError extends Error {
  constructor(method, path, status, body) {
    super(`${method} ${path} failed with ${status}: ${body && body.message ? JSON.stringify(body.message) : ''}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** Holds the HTTP transport shared by every resource. */
class Client {
  constructor(options) {
    options = options || {};
    if (!options.url) {
      throw new Error('gitlab-resources: the `url` option is required');
    }
    if (!options.token && !options.oauthToken) {
      throw new Error('gitlab-resources: pass `token` or `oauthToken`');
    }
    const headers = options.oauthToken
      ? { Authorization: `Bearer ${options.oauthToken}` }
      : { 'PRIVATE-TOKEN': options.token };

    this.http = axios.create({
      baseURL: options.url.replace(/\/+$/, '') + '/api/v3/',
      headers,
      timeout: options.timeout || 15000
    });
  }
}

class Resource {
  constructor(client) {
    this.client = client;
  }

  request(method, path, opts) {
    opts = opts || {};
    return this.client.http.request({
      method,
      url: path,
      params: opts.query,
      data: opts.body,
      responseType: opts.raw ? 'text' : 'json'
    })
      .then(res => res.data)
      .catch(err => {
        if (err.response) {
          throw new ApiError(method, path, err.response.status, err.response.data);
        }
        throw err;
      });
  }

  get(path, query) {
    return this.request('GET', path, { query });
  }

  getRaw(path, query) {
    return this.request('GET', path, { query, raw: true });
  }

  post(path, body) {
    return this.request('POST', path, { body });
  }

  put(path, body) {
    return this.request('PUT', path, { body });
  }

  delete(path, query) {
    return this.request('DELETE', path, { query });
  }

  /** Project ids may be numbers or "namespace/name" paths. */
  static pid(id) {
    return encodeURIComponent(id);
  }
}

module.exports = { ApiError, Client, Resource };
