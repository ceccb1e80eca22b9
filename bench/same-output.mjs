// Optimisations must not change any output. `node bench/same-output.mjs save` keeps the built CLI's
// reports (--format json, and --fix-dry-run's fixed texts) on fixtures/ and on both benchmark corpora;
// after a change, `npm run build && node bench/same-output.mjs check` runs them again and fails on the
// first byte that differs. The reports are kept in bench/.corpus/same-output (ignored by git).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { corpusRoot, repo } from './corpus.mjs';

const cli = path.join(repo, 'dist/src/cli/main.js');
const kept = path.join(corpusRoot, 'same-output');
const runs = {
  'fixtures.json': ['fixtures'],
  'fixtures-fix.json': ['--fix-dry-run', '--unsafe-fixes', 'fixtures'],
  'third-party.json': [path.join(corpusRoot, 'third-party')],
  'dense.json': [path.join(corpusRoot, 'dense')],
  'dense-fix.json': ['--fix-dry-run', path.join(corpusRoot, 'dense')],
};

const mode = process.argv[2];
if (mode !== 'save' && mode !== 'check') throw new Error('usage: node bench/same-output.mjs save|check');
mkdirSync(kept, { recursive: true });
let failed = false;
for (const [name, args] of Object.entries(runs)) {
  const r = spawnSync(process.execPath, [cli, '--format', 'json', '--exit-zero', ...args], { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`${name}: exit ${r.status}\n${r.stderr}`);
  const file = path.join(kept, name);
  if (mode === 'save') {
    writeFileSync(file, r.stdout);
    console.log(`saved ${name} (${r.stdout.length} characters)`);
    continue;
  }
  const before = readFileSync(file, 'utf8');
  if (before === r.stdout) {
    console.log(`same ${name}`);
    continue;
  }
  failed = true;
  let at = 0;
  while (before[at] === r.stdout[at]) at++;
  console.log(`DIFFERENT ${name} at character ${at}:\n  before: ${JSON.stringify(before.slice(Math.max(0, at - 80), at + 80))}\n  now:    ${JSON.stringify(r.stdout.slice(Math.max(0, at - 80), at + 80))}`);
}
process.exitCode = failed ? 1 : 0;
