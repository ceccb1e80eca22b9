'use strict';
const glGot = require('gl-got');

const cache = new Map();

// All API traffic goes through here: one place for the token, retries and the debug log.
// The endpoint comes from --endpoint or $GITLAB_ENDPOINT, else gl-got's default (gitlab.com).
module.exports = function gl(path, opts) {
	const options = Object.assign({
		token: process.env.RELEASE_NOTES_TOKEN || process.env.GITLAB_TOKEN,
		retries: 2
	}, opts);

	if (process.env.RELEASE_NOTES_DEBUG) {
		console.error(`gl ${options.method || 'GET'} ${path}`, options.query || '');
	}

	const key = path + JSON.stringify(options.query || {});
	if (!options.method && cache.has(key)) {
		return cache.get(key);
	}

	const pending = glGot(path, options);
	if (!options.method) {
		cache.set(key, pending);
	}
	return pending;
};
