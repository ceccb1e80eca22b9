'use strict';

const fetch = require('node-fetch');
const querystring = require('querystring');
const ROUTES = require('./routes');

const API_URL = (process.env.CHORES_API_URL || 'https://gitlab.com/api/v3').replace(/\/+$/, '');
const TOKEN = process.env.CHORES_TOKEN;

function expand(template, params) {
  const rest = Object.assign({}, params);
  const path = template.replace(/:(\w+)/g, (match, name) => {
    if (rest[name] === undefined) {
      throw new Error(`missing parameter "${name}" for ${template}`);
    }
    const value = encodeURIComponent(rest[name]);
    delete rest[name];
    return value;
  });
  return { path, rest };
}

/**
 * call('retryBuild', { id: 12, build_id: 3456 }) -> Promise of the parsed answer
 */
function call(name, params) {
  const route = ROUTES[name];
  if (!route) {
    return Promise.reject(new Error(`unknown route ${name}`));
  }
  const { path, rest } = expand(route.path, params || {});
  const hasBody = route.method === 'POST' || route.method === 'PUT';
  const qs = !hasBody && Object.keys(rest).length ? '?' + querystring.stringify(rest) : '';

  return fetch(API_URL + path + qs, {
    method: route.method,
    headers: Object.assign({ 'PRIVATE-TOKEN': TOKEN }, hasBody ? { 'Content-Type': 'application/json' } : {}),
    body: hasBody ? JSON.stringify(rest) : undefined
  }).then(res => {
    if (!res.ok) {
      return res.text().then(text => {
        const err = new Error(`${route.method} ${path}: ${res.status} ${text.slice(0, 200)}`);
        err.status = res.status;
        throw err;
      });
    }
    if (res.status === 204) {
      return null;
    }
    return route.raw ? res.buffer() : res.json();
  });
}

module.exports = { call, expand };
