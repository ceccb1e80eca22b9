// Writes the generated files: rules/index.ts, docs/RULES.md, and the rule table in README.md.
// `--check` writes nothing and exits 1 naming each stale file (the tests run the same comparison).
import { readdirSync, readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { renderEvidenceTable, renderReadmeTable, renderRuleIndex, renderRulesMarkdown } from '../src/docs/render.js';
import type { Rule } from '../src/rule.js';

export interface GeneratedFile {
  path: string;
  content: string;
}

/** Rule ids from the file names in rules/ (index.ts excluded). */
export function ruleIds(root: string): string[] {
  return readdirSync(path.join(root, 'rules'))
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.d.ts'))
    .map((f) => f.slice(0, -3))
    .sort();
}

const START = '<!-- rules:start -->';
const END = '<!-- rules:end -->';
const EVIDENCE_START = '<!-- evidence:start -->';
const EVIDENCE_END = '<!-- evidence:end -->';

/** `text` with what lies between two markers replaced (unchanged when they are not both there). */
function between(text: string, start: string, end: string, content: string): string {
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  return a !== -1 && b > a ? text.slice(0, a + start.length) + '\n' + content + '\n' + text.slice(b) : text;
}

/** What every generated file should contain, given the rules. */
export function generatedFiles(root: string, rules: readonly Rule[]): GeneratedFile[] {
  const files: GeneratedFile[] = [
    { path: 'rules/index.ts', content: renderRuleIndex(ruleIds(root)) },
    { path: 'docs/RULES.md', content: renderRulesMarkdown(rules) },
  ];
  const readme = path.join(root, 'README.md');
  if (existsSync(readme)) {
    const text = readFileSync(readme, 'utf8');
    if (text.includes(START) && text.includes(END)) {
      files.push({ path: 'README.md', content: between(between(text, START, END, renderReadmeTable(rules)), EVIDENCE_START, EVIDENCE_END, renderEvidenceTable()) });
    }
  }
  return files;
}

/** The files whose content on disk differs from what they should be. */
export function staleFiles(root: string, files: readonly GeneratedFile[]): string[] {
  return files.filter((f) => {
    const file = path.join(root, f.path);
    return !existsSync(file) || readFileSync(file, 'utf8') !== f.content;
  }).map((f) => f.path);
}

async function main(): Promise<void> {
  // Compiled to dist/scripts/gen.js: the repository root is two levels up, the compiled rules beside it.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(here, '../..');
  const rules: Rule[] = [];
  for (const id of ruleIds(root)) {
    const mod = (await import(pathToFileURL(path.resolve(here, '../rules', `${id}.js`)).href)) as { default: Rule };
    rules.push(mod.default);
  }
  const files = generatedFiles(root, rules);
  if (process.argv.includes('--check')) {
    const stale = staleFiles(root, files);
    for (const f of stale) console.error(`${f} is stale: run npm run gen`);
    process.exitCode = stale.length > 0 ? 1 : 0;
    return;
  }
  for (const f of files) {
    mkdirSync(path.dirname(path.join(root, f.path)), { recursive: true });
    writeFileSync(path.join(root, f.path), f.content);
  }
  console.log(`wrote ${files.map((f) => f.path).join(', ')} (${rules.length} rules)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
