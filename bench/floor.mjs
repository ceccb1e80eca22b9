// The floors v4-migrate is measured against, as whole processes over a list of files (one path a line):
//   read   reads every file;
//   regex  also runs one regular expression over each file's text (the cheapest possible text filter);
//   parse  also parses each with @babel/parser on one thread (the work a naive linter must do).
// Prints what it saw, so the benchmark can check that the work was done.
import { readFileSync } from 'node:fs';
import { parse } from '@babel/parser';

const [mode, list] = process.argv.slice(2);
if (!['read', 'regex', 'parse'].includes(mode) || !list) {
  process.stderr.write('usage: node bench/floor.mjs read|regex|parse <file listing one path a line>\n');
  process.exit(2);
}
const files = readFileSync(list, 'utf8').split('\n').filter(Boolean);
let chars = 0;
let matched = 0;
let parsed = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  chars += text.length;
  if (mode === 'regex') {
    if (/api\/v3/.test(text)) matched++;
  } else if (mode === 'parse') {
    const ts = /\.[cm]?tsx?$/.test(file);
    try {
      parse(text, { sourceType: 'unambiguous', errorRecovery: true, plugins: ts ? (file.endsWith('x') ? ['typescript', 'jsx'] : ['typescript']) : ['jsx'] });
      parsed++;
    } catch {
      // A file the parser rejects still cost its time.
    }
  }
}
process.stdout.write(JSON.stringify({ files: files.length, chars, matched, parsed }) + '\n');
