'use strict';

const superagent = require('superagent');
const prefixer = require('superagent-prefix');

module.exports = function gitlab(host, token) {
  const prefix = prefixer(`${host.replace(/\/$/, '')}/api/v3`);

  function req(method, path) {
    return superagent(method, path)
      .use(prefix)
      .set('PRIVATE-TOKEN', token)
      .set('Accept', 'application/json')
      .timeout({ response: 10000, deadline: 60000 });
  }

  return {
    get: path => req('GET', path),
    post: path => req('POST', path),
    put: path => req('PUT', path),
    del: path => req('DELETE', path),

    // Raw downloads are redirected to a storage host that rejects the token header,
    // so the token travels in the query string for these.
    raw(path) {
      return superagent.get(path)
        .use(prefix)
        .query({ private_token: token })
        .buffer(true)
        .parse(superagent.parse.text);
    }
  };
};
