// The ESLint plugin: every rule of the catalogue as an ESLint rule, a thin shell over the library.
// The file is linted once by v4-migrate (its own parser, its package's evidence) and each ESLint rule
// reports its share; safe fixes are ESLint fixes, unsafe ones suggestions.
import { createRequire } from 'node:module';
import type { ESLint, Linter, Rule as EslintRule } from 'eslint';
import { lintText, rules as catalogue } from '../index.js';
import { ruleDocsUrl, ruleSummary } from '../docs/render.js';
import type { LintMessage, LintResult } from '../results.js';
import type { Rule } from '../rule.js';
import type { PackageFacts } from '../match/evidence.js';
import { Redaction } from '../report/redact.js';

const PREFIX = 'v4-migrate';
// Every rule runs in the shared pass (each ESLint rule then reports only its own findings), so a rule
// that is off by default still works when a config turns it on.
const allRules = catalogue;

// One v4-migrate run per file and source text, shared by all the ESLint rules that look at it, with the
// redaction of the file's tokens that its messages pass through (ESLint prints them).
const runs = new WeakMap<object, { result: LintResult; redaction: Redaction }>();

/**
 * `settings: { 'v4-migrate': { apiVersion: 'v3' } }` declares what the package is a client of, for code
 * whose base URL lives outside the linted tree; otherwise the package is scanned once, as the CLI does.
 */
function factsFor(context: EslintRule.RuleContext): PackageFacts | undefined {
  const declared = (context.settings?.[PREFIX] as { apiVersion?: unknown } | undefined)?.apiVersion;
  return declared === 'v3' || declared === 'v4' ? { version: declared, service: true } : undefined;
}

function resultFor(context: EslintRule.RuleContext): { result: LintResult; redaction: Redaction } {
  const sourceCode = context.sourceCode;
  let run = runs.get(sourceCode);
  if (!run) {
    const real = context.filename && !context.filename.startsWith('<') ? context.filename : undefined;
    // `settings: { 'v4-migrate': { testDoubles: false } }` leaves test doubles of the service (nock, msw, fetch-mock) out, as --no-test-doubles does.
    const testDoubles = (context.settings?.[PREFIX] as { testDoubles?: unknown } | undefined)?.testDoubles !== false;
    const result = lintText(sourceCode.text, { filename: real ?? 'input.ts', rules: allRules, packageFacts: factsFor(context), inPackage: real !== undefined, testDoubles });
    run = { result, redaction: new Redaction().addResults([result]) };
    runs.set(sourceCode, run);
  }
  return run;
}

function report(context: EslintRule.RuleContext, m: LintMessage, redaction: Redaction): void {
  const loc = isJavaScript(context) ? { start: { line: m.line, column: m.column - 1 }, end: { line: m.endLine, column: m.endColumn - 1 } } : textLoc(context, m);
  const fix = m.fix;
  const suggestion = m.suggestions?.[0];
  context.report({
    loc,
    message: redaction.apply(m.message),
    ...(fix ? { fix: (fixer: EslintRule.RuleFixer) => fixer.replaceTextRange(fix.range, fix.text) } : {}),
    ...(suggestion ? { suggest: [{ desc: suggestion.desc, fix: (fixer: EslintRule.RuleFixer) => fixer.replaceTextRange(suggestion.fix.range, suggestion.fix.text) }] } : {}),
  });
}

/** Whether ESLint lints the file as JavaScript (its columns from 0), not in another language (JSON: package.json). */
function isJavaScript(context: EslintRule.RuleContext): boolean {
  return (context.sourceCode.ast as { type: string }).type === 'Program';
}

/** A finding's place in a file of another language, by offsets: each language counts its columns its own way. */
function textLoc(context: EslintRule.RuleContext, m: LintMessage): { start: { line: number; column: number }; end: { line: number; column: number } } {
  const text = context.sourceCode.text;
  const offset = (line: number, column: number) => {
    let at = 0;
    for (let l = 1; l < line; l++) at = text.indexOf('\n', at) + 1;
    return at + column - 1;
  };
  const code = context.sourceCode as unknown as { getLocFromIndex(index: number): { line: number; column: number } };
  return { start: code.getLocFromIndex(offset(m.line, m.column)), end: code.getLocFromIndex(offset(m.endLine, m.endColumn)) };
}

function toEslintRule(rule: Rule): EslintRule.RuleModule {
  const fixes = rule.fix !== 'report';
  return {
    meta: {
      type: 'problem',
      docs: { description: ruleSummary(rule), url: ruleDocsUrl(rule.id) },
      ...(fixes && rule.fix === 'safe' ? { fixable: 'code' as const } : {}),
      // A safe finding's fix is its call's whole rewrite: unsafe when the call (or a call moving with it) has an unsafe fix.
      ...(fixes ? { hasSuggestions: true } : {}),
      schema: [],
    },
    create(context) {
      const done = () => {
        const { result, redaction } = resultFor(context);
        for (const m of result.messages) if (m.ruleId === rule.id) report(context, m, redaction);
      };
      // `Document` is the root of a JSON file (@eslint/json): package.json, for the manifest rule.
      return { 'Program:exit': done, 'Document:exit': done };
    },
  };
}

const eslintRules: Record<string, EslintRule.RuleModule> = Object.fromEntries(catalogue.map((r) => [r.id, toEslintRule(r)]));

/** Severities as the catalogue declares them; rules that are off by default stay off. */
const recommendedRules: Linter.RulesRecord = Object.fromEntries(
  catalogue.map((r) => [`${PREFIX}/${r.id}`, r.enabled === false ? 'off' : r.severity === 'error' || r.severity === undefined ? 'error' : 'warn']),
);

const plugin = {
  meta: { name: 'v4-migrate/eslint-plugin', version: '0.1.0' },
  rules: eslintRules,
  configs: {} as Record<string, Linter.Config[]>,
} satisfies ESLint.Plugin;

/**
 * typescript-eslint's parser, for the TypeScript part of the recommended config. An optional peer, as
 * ESLint is: a user of the CLI alone installs neither. Without it, a TypeScript file says what to install.
 */
function typescriptParser(): Linter.Parser {
  try {
    return createRequire(import.meta.url)('@typescript-eslint/parser') as Linter.Parser;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    const missing = 'v4-migrate/eslint-plugin lints TypeScript with @typescript-eslint/parser, which is not installed: npm install --save-dev @typescript-eslint/parser typescript';
    return {
      meta: { name: 'v4-migrate/missing-typescript-parser' },
      parseForESLint() {
        throw new Error(missing);
      },
    };
  }
}

// The recommended flat config lints JavaScript with ESLint's default parser and TypeScript with
// typescript-eslint's (v4-migrate parses the text itself; ESLint's parser only has to accept the file).
plugin.configs.recommended = [
  {
    name: 'v4-migrate/recommended/javascript',
    files: ['**/*.{js,mjs,cjs,jsx}'],
    plugins: { [PREFIX]: plugin },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: recommendedRules,
  },
  {
    name: 'v4-migrate/recommended/typescript',
    files: ['**/*.{ts,mts,cts,tsx}'],
    plugins: { [PREFIX]: plugin },
    languageOptions: { parser: typescriptParser() },
    rules: recommendedRules,
  },
];

/**
 * @eslint/json, for the package-json config. An optional peer, as ESLint is: only a config that lints
 * package.json needs it. Without it, package.json fails to parse with what to install as its message.
 */
function jsonPlugin(): ESLint.Plugin {
  try {
    // An ES module required: its namespace, whose default export is the plugin.
    const json = createRequire(import.meta.url)('@eslint/json') as { default?: ESLint.Plugin } & ESLint.Plugin;
    return json.default ?? json;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    const missing = 'v4-migrate/eslint-plugin lints package.json with @eslint/json, which is not installed: npm install --save-dev @eslint/json';
    const language = {
      fileType: 'text',
      lineStart: 1,
      columnStart: 1,
      nodeTypeKey: 'type',
      visitorKeys: {},
      validateLanguageOptions() {},
      parse: () => ({ ok: false, errors: [{ message: missing, line: 1, column: 1 }] }),
      createSourceCode() {
        throw new Error(missing);
      },
    };
    return { meta: { name: 'v4-migrate/missing-eslint-json' }, languages: { json: language } } as unknown as ESLint.Plugin;
  }
}

// package.json, in JSON: a dependency whose default base is v3 at the version pinned (gl-got before 8). A config of
// its own, read when a user asks for it, so that @eslint/json is needed only then.
const manifestRules: Linter.RulesRecord = Object.fromEntries(catalogue.filter((r) => 'dependencies' in r).map((r) => [`${PREFIX}/${r.id}`, r.severity === 'warning' ? 'warn' : 'error']));
let packageJson: Linter.Config[] | undefined;
Object.defineProperty(plugin.configs, 'package-json', {
  enumerable: true,
  get: () =>
    (packageJson ??= [
      {
        name: 'v4-migrate/package-json',
        files: ['**/package.json'],
        plugins: { [PREFIX]: plugin, json: jsonPlugin() },
        language: 'json/json',
        rules: manifestRules,
      },
    ]),
});

export default plugin;
