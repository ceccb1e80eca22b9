'use strict';
const gl = require('./gl');

const encode = repo => encodeURIComponent(repo);

exports.latestTag = (repo, opts) =>
	gl(`projects/${encode(repo)}/repository/tags`, opts)
		.then(res => res.body[0]);

// Commits of `ref` since a date, following the pages until a short one comes back.
exports.commitsSince = (repo, ref, since, opts) => {
	const commits = [];
	const fetchPage = page => gl(`projects/${encode(repo)}/repository/commits`, Object.assign({
		query: {ref_name: ref, since: since.toISOString(), page, per_page: 100}
	}, opts)).then(res => {
		commits.push(...res.body);
		return res.body.length === 100 ? fetchPage(page + 1) : commits;
	});
	return fetchPage(0);
};

// Merge requests merged after a date, from the project's activity.
exports.mergedSince = (repo, since, opts) =>
	gl(`projects/${encode(repo)}/events`, Object.assign({
		query: {
			action: 'Merged',
			target_type: 'MergeRequest',
			after: since.toISOString(),
			sort: 'ASC',
			per_page: 100
		}
	}, opts)).then(res => res.body.map(event => ({
		iid: event.target_iid,
		title: event.target_title,
		author: event.author_username
	})));

// The previous CHANGELOG.md, as of the last tag, to append to.
exports.previousChangelog = (repo, sha, opts) =>
	gl(`projects/${encode(repo)}/repository/commits/${sha}/blob`, Object.assign({
		query: {filepath: 'CHANGELOG.md'},
		json: false
	}, opts))
		.then(res => res.body)
		.catch(err => {
			if (err.statusCode === 404) {
				return '';
			}
			throw err;
		});
