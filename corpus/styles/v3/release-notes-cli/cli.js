#!/usr/bin/env node
'use strict';
const meow = require('meow');
const ora = require('ora');
const notes = require('./lib/notes');

const cli = meow(`
	Usage
	  $ release-notes <group/project>

	Options
	  --ref       Branch to read (default: master)
	  --endpoint  API root of your GitLab, e.g. https://gitlab.example.org/api/v3/
	  --changelog Prepend to the CHANGELOG.md of the last tag

	Example
	  $ release-notes frontend/design-system --ref develop
`, {
	string: ['ref', 'endpoint'],
	boolean: ['changelog'],
	default: {ref: 'master'}
});

const repo = cli.input[0];
if (!repo) {
	cli.showHelp(2);
}

const opts = {};
if (cli.flags.endpoint) {
	opts.endpoint = cli.flags.endpoint;
}

const spinner = ora(`Reading ${repo}`).start();

notes.latestTag(repo, opts)
	.then(tag => {
		const since = tag ? new Date(tag.commit.committed_date) : new Date(0);
		return Promise.all([
			notes.mergedSince(repo, since, opts),
			notes.commitsSince(repo, cli.flags.ref, since, opts),
			cli.flags.changelog && tag ? notes.previousChangelog(repo, tag.commit.id, opts) : ''
		]).then(([merged, commits, previous]) => {
			spinner.stop();
			const title = `## ${tag ? `Since ${tag.name}` : 'First release'} (${commits.length} commits)`;
			const lines = merged.map(mr => `- ${mr.title} (!${mr.iid}, @${mr.author})`);
			console.log([title, '', ...lines, '', previous].join('\n').trim());
		});
	})
	.catch(err => {
		spinner.fail(err.message);
		process.exitCode = 1;
	});
