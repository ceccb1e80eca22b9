// The tools a user would otherwise reach for, each set up with one rule that finds REST API v3 URLs in
// string and template literals, and each asked (after its run) how many files it linted, so the
// benchmark can check that every tool did the same work.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { corpusRoot, here } from './corpus.mjs';

const bin = (name) => path.join(here, 'node_modules/.bin', name);

/** ESLint 9, one `no-restricted-syntax` rule on string and template literals (TypeScript through @typescript-eslint/parser). */
export function eslint(dir) {
  const config = path.join(corpusRoot, 'eslint.config.mjs');
  writeFileSync(
    config,
    `// Written by bench/peers.mjs: one rule, the ESLint way to find API v3 URLs in literals.
import tsParser from '@typescript-eslint/parser';
const rules = { 'no-restricted-syntax': ['error', 'Literal[value=/api\\\\/v3/]', 'TemplateElement[value.raw=/api\\\\/v3/]'] };
export default [
  { files: ['**/*.{js,mjs,jsx}'], languageOptions: { sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } }, rules },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules },
  { files: ['**/*.{ts,mts,cts,tsx}'], languageOptions: { parser: tsParser }, rules },
];
`,
  );
  return {
    cmd: process.execPath,
    args: [path.join(here, 'node_modules/eslint/bin/eslint.js'), '-c', config, '--format', 'json', path.relative(corpusRoot, dir)],
    cwd: corpusRoot,
    ok: (status) => status === 0 || status === 1,
    /** Files linted, and files it reported (fatal parse errors included). */
    count: (out) => {
      const results = JSON.parse(out.stdout);
      return { files: results.length, withFindings: results.filter((r) => r.messages.length > 0).length };
    },
  };
}

/**
 * oxlint with one rule on one or two threads. oxlint has no `no-restricted-syntax` (its rules are
 * compiled in); `no-script-url` is the built-in rule closest to it: it visits every string literal and
 * every template literal and tests its text (for `javascript:` instead of `api/v3`).
 */
export function oxlint(dir, threads) {
  const config = path.join(corpusRoot, 'oxlintrc.json');
  writeFileSync(config, JSON.stringify({ categories: { correctness: 'off' }, rules: { 'no-script-url': 'error' } }, null, 2) + '\n');
  return {
    cmd: bin('oxlint'),
    args: ['-c', config, '--threads', String(threads), '--format', 'json', dir],
    ok: (status) => status === 0 || status === 1,
    count: (out) => {
      const report = JSON.parse(out.stdout);
      if (report.number_of_rules !== 1) throw new Error(`oxlint ran ${report.number_of_rules} rules, not 1`);
      return { files: report.number_of_files, withFindings: new Set(report.diagnostics.map((d) => d.filename)).size };
    },
  };
}

/** ast-grep (`sg scan`) on two threads, one rule per language: a string or template literal holding `api/v3`. */
export function astGrep(dir) {
  const rules = ['JavaScript', 'TypeScript', 'Tsx']
    .map(
      (language) => `id: api-v3-literal-${language.toLowerCase()}
language: ${language}
severity: error
message: REST API v3 URL
rule:
  any:
    - { kind: string, regex: 'api/v3' }
    - { kind: template_string, regex: 'api/v3' }
`,
    )
    .join('---\n');
  return {
    cmd: bin('ast-grep'),
    args: ['scan', '--threads', '2', '--inline-rules', rules, '--json=stream', '--inspect', 'summary', dir],
    ok: (status) => status === 0 || status === 1,
    count: (out) => {
      const scanned = /scannedFileCount=(\d+)/.exec(out.stderr);
      if (!scanned) throw new Error(`ast-grep did not say how many files it scanned:\n${out.stderr}`);
      const hits = out.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line).file);
      return { files: Number(scanned[1]), withFindings: new Set(hits).size };
    },
  };
}
