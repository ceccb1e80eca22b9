// A stand-in for the CLI in test/realworld.test.ts: `--format json <roots>` prints the ESLint-shaped
// results kept in fake-results.json in the source's folder (or, with fake-broken beside it, no JSON at
// all); `rules --format json` prints a two-rule catalogue, for messages that carry no change IDs.
import { existsSync, readFileSync } from 'node:fs';

if (process.argv[2] === 'rules') {
  console.log(JSON.stringify([{ id: 'builds-endpoint', changes: ['R90-JOBS'] }, { id: 'api-prefix', changes: ['V-PREFIX'] }]));
} else if (existsSync('fake-broken')) {
  console.error('v4-migrate: something went wrong');
  process.exitCode = 2;
} else {
  process.stdout.write(readFileSync('fake-results.json', 'utf8'));
}
