// A stand-in for the CLI in test/realworld.test.ts: `--format json <roots>` prints the ESLint-shaped
// results kept in fake-results.json in the source's folder (or, with fake-broken beside it, no JSON at
// all); `rules --format json` prints a two-rule catalogue, for messages that carry no change IDs. Run at a
// copy of a corpus (the fix-model check: no fake-results.json there), it prints what each source folder's
// fake-left.json holds for `--fix`, else its fake-after.json: none by default, so the model holds.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

if (process.argv[2] === 'rules') {
  console.log(JSON.stringify([{ id: 'builds-endpoint', changes: ['R90-JOBS'] }, { id: 'api-prefix', changes: ['V-PREFIX'] }]));
} else if (existsSync('fake-broken')) {
  console.error('v4-migrate: something went wrong');
  process.exitCode = 2;
} else if (existsSync('fake-results.json')) {
  process.stdout.write(readFileSync('fake-results.json', 'utf8'));
} else {
  const name = process.argv.includes('--fix') ? 'fake-left.json' : 'fake-after.json';
  const results = readdirSync('.').flatMap((dir) => {
    const file = path.join(dir, name);
    if (!existsSync(file)) return [];
    return JSON.parse(readFileSync(file, 'utf8')).map((r) => ({ ...r, filePath: path.join(dir, r.filePath) }));
  });
  console.log(JSON.stringify(results));
}
