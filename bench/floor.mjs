// The floors v4-migrate is measured against, as whole processes: `read` reads every file; `parse` also
// parses each with @babel/parser on one thread (the work a naive linter must do).
import { readFileSync } from 'node:fs';
import { parse } from '@babel/parser';

const [mode, list] = process.argv.slice(2);
const files = readFileSync(list, 'utf8').split('\n').filter(Boolean);
let bytes = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  bytes += text.length;
  if (mode !== 'parse') continue;
  const ts = /\.[cm]?tsx?$/.test(file);
  try {
    parse(text, { sourceType: 'unambiguous', errorRecovery: true, plugins: ts ? ['typescript', 'jsx'] : ['jsx'] });
  } catch {
    // A file the parser rejects still cost its time.
  }
}
process.stdout.write(`${files.length} files, ${bytes} chars\n`);
