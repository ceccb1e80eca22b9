// Shipping: the packed tarball installed into a project and run with npx; the GitHub Action, the GitLab CI
// template and the pre-commit hook checked against what their consumers require and their commands run
// here, as those consumers would run them; and every CI snippet of the README parsed and run the same way.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'dist/src/cli/main.js');
const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { name: string; version: string; bin: Record<string, string> };
const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
const { validateAction, validateWorkflow } = createRequire(import.meta.url)('@action-validator/core') as {
  validateAction(src: string): { errors: unknown[] };
  validateWorkflow(src: string): { errors: unknown[] };
};

const temps: string[] = [];
// The project holds a whole node_modules: removing it takes a while on a loaded machine.
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })), 300_000);
function temp(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

// No network needed: the dependencies come from npm's cache (filled by `npm ci`), and nothing asks for updates.
const npmEnv = { ...process.env, npm_config_prefer_offline: 'true', npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false', NO_COLOR: '1' };

let tarball = '';
let packedFiles: string[] = [];
/** A user's project: v4-migrate installed from the tarball, v3 client code in src/, clean code in clean/. */
let project = '';
// The project's v3 code: a dozen of the client fixtures, of every kind (TypeScript, compiled CoffeeScript,
// wrappers across modules, test doubles, tokens, a page and a CLI). These tests check that each shipped form
// runs and reports what the build reports; what is found in every fixture is fixtures.test.ts's to check.
const CLIENTS = ['angular-service', 'axios-service', 'coffee-sdk', 'cross-module-wrapper', 'fetch-helpers', 'gl-got-default', 'jquery-page', 'msw-handlers', 'nock-tests', 'request-superagent', 'tokens', 'yargs-cli'];

beforeAll(() => {
  const out = temp('v4m-ship-pack-');
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], { cwd: repo, encoding: 'utf8', env: npmEnv })) as { filename: string; files: { path: string }[] }[];
  tarball = path.join(out, packed!.filename);
  packedFiles = packed!.files.map((f) => f.path);
  project = temp('v4m-ship-project-');
  writeFileSync(path.join(project, 'package.json'), '{ "name": "client-project", "private": true }\n');
  execFileSync('npm', ['install', '--no-package-lock', tarball], { cwd: project, env: npmEnv, stdio: 'pipe' });
  for (const client of CLIENTS) cpSync(path.join(repo, 'fixtures/clients', client), path.join(project, 'src', client), { recursive: true });
  cpSync(path.join(repo, 'fixtures/negative'), path.join(project, 'clean'), { recursive: true });
}, 600_000);

/** A fresh copy of the project's code (without node_modules, which it reaches through the parent). */
function workspace(): string {
  const dir = path.join(project, 'ws', String(temps.length + Math.random()).replace('.', ''));
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(project, 'src'), path.join(dir, 'src'), { recursive: true });
  cpSync(path.join(project, 'clean'), path.join(dir, 'clean'), { recursive: true });
  return dir;
}

/** A shell command as CI runs it (bash with errexit; pipefail where the CI sets it). */
function shell(command: string, cwd: string, env: NodeJS.ProcessEnv = {}, flags = ['-e']) {
  const r = spawnSync('bash', ['--noprofile', '--norc', ...flags, '-c', command], { cwd, env: { ...npmEnv, ...env }, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The copy of the CLI the GitHub Action ships (action/v4-migrate.mjs, rebuilt for each release). */
const actionBin = path.join(repo, 'action/v4-migrate.mjs');

const expected = new Map<string, number>();
/**
 * The findings the repository's own build reports for the project's src/ (what every shipped form must match
 * on each copy of it a test lints); for the Action, those of the copy it ships. Counted once for each.
 */
function expectedFindings(cli = bin): number {
  if (!expected.has(cli)) {
    const r = spawnSync(process.execPath, [cli, '--format', 'json', path.join(project, 'src')], { encoding: 'utf8', maxBuffer: 1 << 28 });
    expected.set(cli, (JSON.parse(r.stdout) as { messages: unknown[] }[]).reduce((n, x) => n + x.messages.length, 0));
  }
  return expected.get(cli)!;
}

describe('the npm package', { timeout: 120_000 }, () => {
  it('holds the built CLI, its schema and docs, and no sources or tests', () => {
    expect(packedFiles).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE', 'dist/src/cli/main.js', 'dist/src/index.js', 'dist/src/index.d.ts', 'schema/v4-migrate.config.schema.json', 'docs/RULES.md']));
    // The v4 record types ship as `v4-migrate/types`.
    expect(packedFiles).toEqual(expect.arrayContaining(['dist/src/types.d.ts', 'dist/src/types.js']));
    expect(packedFiles.some((f) => f.startsWith('dist/rules/') && f.endsWith('.js'))).toBe(true);
    expect(packedFiles.filter((f) => /^(test|fixtures|bench|editors|src|rules|scripts)\//.test(f) || (f.endsWith('.ts') && !f.endsWith('.d.ts')))).toEqual([]);
    expect(packedFiles).toContain(pkg.bin['v4-migrate']!);
    expect(readFileSync(path.join(repo, pkg.bin['v4-migrate']!), 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  });

  it('installed from the tarball, `npx v4-migrate` runs in the project', () => {
    const link = path.join(project, 'node_modules/.bin/v4-migrate');
    expect(statSync(link).mode & 0o111).not.toBe(0);
    const version = shell('npx v4-migrate --version', project);
    expect(version.stdout.trim()).toBe(pkg.version);
    const r = shell('npx v4-migrate --format json src', project);
    expect(r.code, r.stderr).toBe(1);
    const results = JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string }[] }[];
    expect(results.reduce((n, x) => n + x.messages.length, 0)).toBe(expectedFindings());
    expect(results.every((x) => x.filePath.startsWith(path.join(project, 'src')))).toBe(true);
    expect(shell('npx v4-migrate clean', project).code).toBe(0);
  });

  it('installs what the CLI needs and no more: ESLint, its TypeScript parser and @eslint/json are optional peers of the plugin', () => {
    for (const name of ['eslint', '@typescript-eslint/parser', 'typescript', '@eslint/json']) expect(existsSync(path.join(project, 'node_modules', name)), name).toBe(false);
    // The plugin loads without them, and a TypeScript file (package.json, for the package-json config) says what to install.
    const script = `
      const { default: plugin } = await import('v4-migrate/eslint-plugin');
      const typescript = plugin.configs.recommended.find((c) => c.name === 'v4-migrate/recommended/typescript');
      try { typescript.languageOptions.parser.parseForESLint('const n: number = 1;'); } catch (error) { console.log(error.message); }
      console.log(Object.keys(plugin.rules).length);
      const [json] = plugin.configs['package-json'];
      console.log(json.plugins.json.languages.json.parse({ body: '{}' }).errors[0].message);`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const [message, rules, json] = r.stdout.trim().split('\n');
    expect(message).toBe('v4-migrate/eslint-plugin lints TypeScript with @typescript-eslint/parser, which is not installed: npm install --save-dev @typescript-eslint/parser typescript');
    expect(Number(rules)).toBeGreaterThan(50);
    expect(json).toBe('v4-migrate/eslint-plugin lints package.json with @eslint/json, which is not installed: npm install --save-dev @eslint/json');
  });
});

// ---------------------------------------------------------------------------------------------------------
// GitHub Actions: a small runner for composite actions, enough for action.yml and the README's workflows.
// It evaluates the `${{ }}` expressions these files use (property paths, == and != against strings, && and
// ||), runs `run` steps as `shell: bash` does (bash --noprofile --norc -eo pipefail), collects
// $GITHUB_OUTPUT, skips the steps after a failure, and records `uses` steps it cannot run here.

interface Context {
  inputs: Record<string, string>;
  github: Record<string, string>;
  runner: Record<string, string>;
  steps: Record<string, { outputs: Record<string, string> }>;
}
interface StepRecord {
  name: string;
  ran: boolean;
  code?: number | null;
  stdout?: string;
  stderr?: string;
  uses?: string;
  with?: Record<string, string>;
}

function lookup(expr: string, ctx: Context): string {
  const literal = /^'(.*)'$/.exec(expr);
  if (literal) return literal[1]!.replace(/''/g, "'");
  let value: unknown = ctx;
  for (const part of expr.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return value === undefined || value === null ? '' : String(value);
}

function evaluate(expr: string, ctx: Context): boolean | string {
  const e = expr.trim();
  if (e.includes('||')) return e.split('||').some((p) => Boolean(evaluate(p, ctx)));
  if (e.includes('&&')) return e.split('&&').every((p) => Boolean(evaluate(p, ctx)));
  const compare = /^(.+?)\s*(==|!=)\s*(.+)$/.exec(e);
  if (compare) return (lookup(compare[1]!.trim(), ctx).toLowerCase() === lookup(compare[3]!.trim(), ctx).toLowerCase()) === (compare[2] === '==');
  return lookup(e, ctx);
}

const interpolate = (text: string, ctx: Context) => text.replace(/\$\{\{(.+?)\}\}/g, (_, expr: string) => String(evaluate(expr, ctx)));

interface ActionStep {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  name: string;
  description: string;
  inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

const action = (): Action => parseYaml(readFileSync(path.join(repo, 'action.yml'), 'utf8')) as Action;

/** Run the composite action with these inputs in a workspace, as a runner would. */
function runAction(inputs: Record<string, string>, workspaceDir: string, runnerEnv: NodeJS.ProcessEnv = {}) {
  const def = action();
  const given = Object.fromEntries(Object.entries(def.inputs).map(([k, v]) => [k, inputs[k] ?? v.default ?? '']));
  const runnerTemp = temp('v4m-runner-');
  const ctx: Context = { inputs: given, github: { action_path: repo, workspace: workspaceDir }, runner: { temp: runnerTemp }, steps: {} };
  const records: StepRecord[] = [];
  let failed = false;
  for (const [i, step] of def.runs.steps.entries()) {
    const name = step.name ?? step.uses ?? `step ${i}`;
    if (failed || (step.if !== undefined && !evaluate(step.if, ctx))) {
      records.push({ name, ran: false });
      continue;
    }
    const withValues = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, interpolate(String(v), ctx)]));
    if (step.uses) {
      // setup-node and upload-sarif cannot run here; what they are handed is checked by the tests.
      records.push({ name, ran: true, uses: step.uses, with: withValues });
      continue;
    }
    const outputFile = path.join(runnerTemp, `output-${i}`);
    writeFileSync(outputFile, '');
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, interpolate(String(v), ctx)]));
    expect(step.shell).toBe('bash');
    const r = shell(step.run!, workspaceDir, { ...runnerEnv, ...env, CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_OUTPUT: outputFile, RUNNER_TEMP: runnerTemp }, ['-eo', 'pipefail']);
    const outputs = Object.fromEntries(readFileSync(outputFile, 'utf8').split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    if (step.id) ctx.steps[step.id] = { outputs };
    records.push({ name, ran: true, code: r.code, stdout: r.stdout, stderr: r.stderr });
    if (r.code !== 0) failed = true;
  }
  const outputs = Object.fromEntries(Object.entries(def.outputs).map(([k, v]) => [k, interpolate(v.value, ctx)]));
  return { failed, records, outputs, step: (name: RegExp) => records.find((r) => name.test(r.name))! };
}

describe('the GitHub Action (action.yml)', { timeout: 300_000 }, () => {
  it('is a valid action by the published schema, and a composite one whose steps say their shell', () => {
    const text = readFileSync(path.join(repo, 'action.yml'), 'utf8');
    expect(validateAction(text).errors).toEqual([]);
    const def = action();
    expect(def.runs.using).toBe('composite');
    expect(Object.values(def.inputs).every((i) => i.description.length > 0)).toBe(true);
    for (const step of def.runs.steps) {
      if (step.run) expect(step.shell, step.name).toBe('bash');
      // Inputs reach scripts only through env: an input pasted into a script could inject shell code.
      if (step.run) expect(step.run, step.name).not.toContain('${{');
      if (step.uses) expect(step.uses).toMatch(/^(actions\/setup-node|github\/codeql-action\/upload-sarif)@v\d+$/);
    }
    // Every input and step an expression names exists.
    const declared = new Set(Object.keys(def.inputs));
    const ids = new Set(def.runs.steps.map((s) => s.id).filter(Boolean));
    for (const [, name] of text.matchAll(/inputs\.([\w-]+)/g)) expect(declared.has(name!), name).toBe(true);
    for (const [, id] of text.matchAll(/steps\.([\w-]+)\.outputs/g)) expect(ids.has(id!), id).toBe(true);
  });

  it('writes SARIF for code scanning, annotates the findings, and fails on them', () => {
    const ws = workspace();
    const run = runAction({ paths: 'src' }, ws);
    expect(run.outputs['exit-code']).toBe('1');
    expect(run.failed).toBe(true);
    expect(run.records.filter((r) => r.ran && r.code !== undefined && r.code !== 0).map((r) => r.name)).toEqual(['Fail on findings']);
    expect(run.step(/Fail on findings/).stdout).toMatch(/^::error title=v4-migrate::/m);
    // setup-node gets the input's version.
    expect(run.step(/Set up Node/).with).toEqual({ 'node-version': '24' });
    // The SARIF report is where the upload step looks, and holds every finding.
    const upload = run.step(/Upload to code scanning/);
    expect(upload.uses).toBe('github/codeql-action/upload-sarif@v4');
    expect(upload.with!.sarif_file).toBe('v4-migrate.sarif');
    const sarif = JSON.parse(readFileSync(path.join(ws, upload.with!.sarif_file!), 'utf8')) as { version: string; runs: { tool: { driver: { name: string } }; results: unknown[] }[] };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]!.tool.driver.name).toBe('v4-migrate');
    const findings = expectedFindings(actionBin);
    expect(sarif.runs[0]!.results).toHaveLength(findings);
    // One workflow annotation per finding, on the file's path relative to the workspace.
    const annotations = run.step(/Annotate/).stdout!.split('\n').filter((l) => /^::(error|warning|notice) /.test(l));
    expect(annotations).toHaveLength(findings);
    expect(annotations.every((l) => / file=src\//.test(l))).toBe(true);
  });

  it('passes on clean code, reports without failing when asked, and stops on a usage error', () => {
    const clean = runAction({ paths: 'clean', sarif: 'false' }, workspace());
    expect(clean.failed).toBe(false);
    expect(clean.outputs['exit-code']).toBe('0');
    expect(clean.step(/Upload/).ran).toBe(false);

    const lenient = runAction({ paths: 'src', 'fail-on-findings': 'false', annotations: 'false', args: '--rule R90-JOBS' }, workspace());
    expect(lenient.failed).toBe(false);
    expect(lenient.outputs['exit-code']).toBe('1');
    expect(lenient.step(/Annotate/).ran).toBe(false);

    const typo = runAction({ paths: 'no-such-dir' }, workspace());
    expect(typo.failed).toBe(true);
    const lint = typo.step(/Lint/);
    expect(lint.code).toBe(2);
    expect(lint.stderr).toMatch(/^v4-migrate: no such file or directory: no-such-dir\./m);
    expect(typo.records.filter((r) => r.ran).map((r) => r.name)).toEqual(['Set up Node.js', 'Lint (SARIF report)']);
  });

  it('runs the copy it ships with: no npm, npx or registry needed', () => {
    // A PATH holding node and what the steps' shell needs, nothing else.
    const tools = temp('v4m-runner-path-');
    for (const tool of ['node', 'rm', 'bash']) symlinkSync(execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim(), path.join(tools, tool));
    const ws = temp('v4m-action-alone-');
    cpSync(path.join(project, 'src'), path.join(ws, 'src'), { recursive: true });
    const run = runAction({ paths: 'src', 'node-version': '' }, ws, { PATH: tools });
    expect(run.step(/Lint/).stderr).toBe('');
    expect(run.outputs['exit-code']).toBe('1');
    expect(run.step(/Annotate/).stdout!.split('\n').filter((l) => /^::(error|warning|notice) /.test(l)).length).toBe(expectedFindings(actionBin));
    expect(run.records.filter((r) => r.ran && r.code !== undefined && r.code !== 0).map((r) => r.name)).toEqual(['Fail on findings']);
  });

  it('the copy it ships with is this version of the CLI, whole: it runs from the repository alone', () => {
    // The Action's checkout holds the repository, without node_modules or dist/.
    const checkout = temp('v4m-action-checkout-');
    for (const entry of ['package.json', 'action', 'schema']) cpSync(path.join(repo, entry), path.join(checkout, entry), { recursive: true });
    const copy = path.join(checkout, 'action/v4-migrate.mjs');
    expect(execFileSync(process.execPath, [copy, '--version'], { encoding: 'utf8' }).trim()).toBe(pkg.version);
    const ws = workspace();
    const r = spawnSync(process.execPath, [copy, '--format', 'json', 'src'], { cwd: ws, encoding: 'utf8', maxBuffer: 1 << 28 });
    expect(r.status, r.stderr).toBe(1);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBeGreaterThan(10);
    // A configuration is checked against the schema it finds beside it.
    writeFileSync(path.join(ws, 'v4-migrate.config.json'), '{ "rulez": {} }');
    const bad = spawnSync(process.execPath, [copy, 'src'], { cwd: ws, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown key "rulez"/);
    // The licenses of what it bundles go with it.
    expect(readFileSync(path.join(checkout, 'action/THIRD-PARTY-LICENSES.txt'), 'utf8')).toMatch(/^yargs@[\d.]+ \(MIT\)$/m);
  });

  it('with a package that cannot be installed: says v4-migrate could not run, exit code 3, never findings', () => {
    const ws = temp('v4m-action-broken-');
    cpSync(path.join(project, 'src'), path.join(ws, 'src'), { recursive: true });
    const run = runAction({ paths: 'src', package: path.join(ws, 'no-such-v4-migrate.tgz') }, ws);
    expect(run.failed).toBe(true);
    expect(run.outputs['exit-code']).toBe('3');
    const lint = run.step(/Lint/);
    expect(lint.code).toBe(3);
    expect(lint.stdout).toMatch(/^::error title=v4-migrate could not run::npx --yes --package \S+no-such-v4-migrate\.tgz -- v4-migrate exited with \d+ without writing its report/m);
    expect(run.step(/Fail on findings/).ran).toBe(false);
    expect(run.step(/Upload/).ran).toBe(false);
  });

  it('runs the package the workflow names instead, when it is given', () => {
    const ws = temp('v4m-action-package-');
    cpSync(path.join(project, 'src'), path.join(ws, 'src'), { recursive: true });
    const run = runAction({ paths: 'src', package: tarball, annotations: 'false' }, ws);
    expect(run.outputs['exit-code']).toBe('1');
    const sarif = JSON.parse(readFileSync(path.join(ws, 'v4-migrate.sarif'), 'utf8')) as { runs: { results: unknown[] }[] };
    expect(sarif.runs[0]!.results).toHaveLength(expectedFindings());
  });
});

// ---------------------------------------------------------------------------------------------------------
// GitLab CI: the keywords GitLab accepts (docs.gitlab.com/ci/yaml), and the job's script run as the runner's
// shell executor runs it (one bash session with errexit and pipefail, the job's variables in the environment).

const JOB_KEYWORDS = new Set(['after_script', 'allow_failure', 'artifacts', 'before_script', 'cache', 'coverage', 'dast_configuration', 'dependencies', 'environment', 'extends', 'hooks', 'id_tokens', 'identity', 'image', 'inherit', 'interruptible', 'manual_confirmation', 'needs', 'pages', 'parallel', 'release', 'resource_group', 'retry', 'rules', 'run', 'script', 'secrets', 'services', 'stage', 'tags', 'timeout', 'trigger', 'variables', 'when']);
const GLOBAL_KEYWORDS = new Set(['default', 'include', 'stages', 'variables', 'workflow', 'spec', 'image', 'services', 'cache', 'before_script', 'after_script']);
const ARTIFACTS_KEYWORDS = new Set(['paths', 'exclude', 'expire_in', 'expose_as', 'name', 'public', 'access', 'reports', 'untracked', 'when']);
const CACHE_KEYWORDS = new Set(['key', 'paths', 'untracked', 'unprotect', 'when', 'policy', 'fallback_keys']);

interface GitlabJob {
  stage?: string;
  image?: string;
  variables?: Record<string, string>;
  script: string | string[];
  cache?: { key?: string; paths?: string[] };
  artifacts?: { when?: string; paths?: string[]; expire_in?: string; reports?: { codequality?: string } };
}

/** A job as GitLab requires it; returns the job's script lines. */
function checkGitlabJob(name: string, job: Record<string, unknown>): string[] {
  expect(Object.keys(job).filter((k) => !JOB_KEYWORDS.has(k)), name).toEqual([]);
  const j = job as unknown as GitlabJob;
  const script = Array.isArray(j.script) ? j.script : [j.script];
  expect(script.length).toBeGreaterThan(0);
  expect(script.every((l) => typeof l === 'string')).toBe(true);
  if (j.stage !== undefined) expect(['.pre', 'build', 'test', 'deploy', '.post']).toContain(j.stage);
  for (const [key, value] of Object.entries(j.variables ?? {})) {
    expect(key).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    expect(typeof value, key).toBe('string');
  }
  if (j.artifacts) {
    expect(Object.keys(j.artifacts).filter((k) => !ARTIFACTS_KEYWORDS.has(k))).toEqual([]);
    if (j.artifacts.when) expect(['on_success', 'on_failure', 'always']).toContain(j.artifacts.when);
    expect(j.artifacts.reports?.codequality).toBe('gl-code-quality-report.json');
  }
  if (j.cache) {
    expect(Object.keys(j.cache).filter((k) => !CACHE_KEYWORDS.has(k))).toEqual([]);
    expect(j.cache.paths?.every((p) => typeof p === 'string')).toBe(true);
  }
  return script;
}

/** Run a job's script in a workspace; returns the run and the Code Quality report it left. */
function runGitlabJob(job: GitlabJob, ws: string, overrides: Record<string, string> = {}) {
  const script = (Array.isArray(job.script) ? job.script : [job.script]).join('\n');
  const r = shell(script, ws, { CI: 'true', GITLAB_CI: 'true', CI_PROJECT_DIR: ws, ...job.variables, ...overrides }, ['-eo', 'pipefail']);
  const file = path.join(ws, job.artifacts!.reports!.codequality!);
  return { ...r, report: existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CodeQualityIssue[]) : undefined };
}

interface CodeQualityIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: string;
  location: { path: string; lines: { begin: number } };
}

/** The fields GitLab's Code Quality widget reads, on every issue. */
function checkCodeQuality(issues: CodeQualityIssue[], findings: number): void {
  expect(issues).toHaveLength(findings);
  for (const i of issues) {
    expect(typeof i.description).toBe('string');
    expect(typeof i.check_name).toBe('string');
    expect(i.fingerprint).toMatch(/^[0-9a-f]+(-\d+)?$/);
    expect(['info', 'minor', 'major', 'critical', 'blocker']).toContain(i.severity);
    expect(i.location.path).toMatch(/^src\//);
    expect(Number.isInteger(i.location.lines.begin)).toBe(true);
  }
  expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
}

const templatePath = 'templates/v4-migrate.gitlab-ci.yml';
const template = () => parseYaml(readFileSync(path.join(repo, templatePath), 'utf8')) as Record<string, GitlabJob>;

describe('the GitLab CI template', { timeout: 300_000 }, () => {
  it('is one job of keywords GitLab knows, reporting Code Quality, pinned to this version', () => {
    const t = template();
    expect(Object.keys(t)).toEqual(['v4-migrate']);
    expect(Object.keys(t).filter((k) => GLOBAL_KEYWORDS.has(k))).toEqual([]);
    const job = t['v4-migrate']!;
    const [line] = checkGitlabJob('v4-migrate', job as unknown as Record<string, unknown>);
    expect(job.variables!.V4_MIGRATE_PACKAGE).toBe(`${pkg.name}@${pkg.version}`);
    expect(job.image).toBe('node:24');
    expect(job.artifacts!.when).toBe('always');
    // The cache GitLab keeps is the one the script writes, and so is the report.
    expect(line).toContain(`--cache-location ${job.cache!.paths![0]}`);
    expect(line).toContain(`report=${job.artifacts!.reports!.codequality}\n`);
    expect(line).toContain('-o "$report"');
  });

  it('runs: the job fails on findings and leaves its report, and passes on clean code', () => {
    const job = template()['v4-migrate']!;
    const ws = workspace();
    const r = runGitlabJob(job, ws, { V4_MIGRATE_PATHS: 'src' });
    expect(r.code, r.stderr).toBe(1);
    checkCodeQuality(r.report!, expectedFindings());
    expect(existsSync(path.join(ws, job.cache!.paths![0]!))).toBe(true);
    const lenient = runGitlabJob(job, workspace(), { V4_MIGRATE_PATHS: 'src', V4_MIGRATE_ARGS: '--exit-zero' });
    expect(lenient.code).toBe(0);
    expect(lenient.report!.length).toBeGreaterThan(0);
    const clean = runGitlabJob(job, workspace(), { V4_MIGRATE_PATHS: 'clean' });
    expect(clean.code).toBe(0);
    expect(clean.report).toEqual([]);
  });

  // Also what a user does to run a tarball once: `npx --package <tarball>` where nothing is installed.
  it('installs the package V4_MIGRATE_PACKAGE names (here a tarball), in a project that has none', () => {
    const job = template()['v4-migrate']!;
    const ws = temp('v4m-gitlab-tarball-');
    cpSync(path.join(project, 'src'), path.join(ws, 'src'), { recursive: true });
    const r = runGitlabJob(job, ws, { V4_MIGRATE_PACKAGE: tarball, V4_MIGRATE_PATHS: 'src' });
    expect(r.code, r.stderr).toBe(1);
    checkCodeQuality(r.report!, expectedFindings());
  });

  it('when v4-migrate cannot be installed: says so, exit code 3, no report, never findings; a usage error stays 2', () => {
    const job = template()['v4-migrate']!;
    const ws = temp('v4m-gitlab-broken-');
    cpSync(path.join(project, 'src'), path.join(ws, 'src'), { recursive: true });
    const missing = path.join(ws, 'no-such-v4-migrate.tgz');
    const r = runGitlabJob(job, ws, { V4_MIGRATE_PACKAGE: missing, V4_MIGRATE_PATHS: 'src' });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`v4-migrate could not run: npx --package ${missing} exited with `);
    expect(r.stderr).toMatch(/without a report; see the lines above, and check V4_MIGRATE_PACKAGE\n$/);
    expect(r.report).toBeUndefined();
    const typo = runGitlabJob(job, workspace(), { V4_MIGRATE_PATHS: 'no-such-dir' });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^v4-migrate: no such file or directory: no-such-dir\./m);
    expect(typo.stderr).not.toMatch(/could not run/);
  });
});

// ---------------------------------------------------------------------------------------------------------
// pre-commit: the manifest schema of pre-commit's clientlib (MANIFEST_HOOK_DICT), and the hook's entry run as
// pre-commit runs it (the package's bin on PATH, in the repository's root, with the hook's args).

const HOOK_KEYS = new Set(['id', 'name', 'entry', 'language', 'alias', 'files', 'exclude', 'types', 'types_or', 'exclude_types', 'additional_dependencies', 'args', 'always_run', 'fail_fast', 'pass_filenames', 'description', 'language_version', 'log_file', 'minimum_pre_commit_version', 'require_serial', 'stages', 'verbose']);
interface Hook {
  id: string;
  name: string;
  entry: string;
  language: string;
  files?: string;
  pass_filenames?: boolean;
  args?: string[];
}
const hooks = () => parseYaml(readFileSync(path.join(repo, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];

/** Run a hook's entry as pre-commit does for `pass_filenames: false`, in a git repository's root. */
function runHook(hook: Hook, args: string[], dir: string) {
  const pathWithBin = `${path.join(project, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`;
  const command = [hook.entry, ...(hook.args ?? []), ...args].join(' ');
  return shell(command, dir, { PATH: pathWithBin });
}

describe('the pre-commit hook (.pre-commit-hooks.yaml)', { timeout: 300_000 }, () => {
  it('is a manifest pre-commit accepts, whose entry is the package bin', () => {
    const list = hooks();
    expect(Array.isArray(list)).toBe(true);
    for (const hook of list) {
      expect(Object.keys(hook).filter((k) => !HOOK_KEYS.has(k))).toEqual([]);
      for (const key of ['id', 'name', 'entry', 'language'] as const) expect(typeof hook[key]).toBe('string');
    }
    const hook = list.find((h) => h.id === 'v4-migrate')!;
    expect(hook.language).toBe('node');
    expect(Object.keys(pkg.bin)).toContain(hook.entry.split(' ')[0]);
    // The whole repository is linted (package evidence spans files), whenever a source file is staged.
    expect(hook.pass_filenames).toBe(false);
    const files = new RegExp(hook.files!);
    for (const f of ['src/a.js', 'b.cjs', 'c.mjs', 'd.jsx', 'e.ts', 'f.cts', 'g.mts', 'h.tsx']) expect(files.test(f), f).toBe(true);
    for (const f of ['README.md', 'package.json', 'a.json', 'style.css']) expect(files.test(f), f).toBe(false);
  });

  it('fails a commit that holds v3 calls, passes clean code, and --fix rewrites', () => {
    const hook = hooks().find((h) => h.id === 'v4-migrate')!;
    const ws = workspace();
    spawnSync('git', ['init', '-q'], { cwd: ws });
    const failing = runHook(hook, [], ws);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/builds-endpoint/);
    rmSync(path.join(ws, 'src'), { recursive: true });
    expect(runHook(hook, [], ws).code).toBe(0);
    const fixing = workspace();
    spawnSync('git', ['init', '-q'], { cwd: fixing });
    const before = readFileSync(path.join(fixing, 'src/fetch-helpers/input.js'), 'utf8');
    runHook(hook, ['--fix'], fixing);
    expect(readFileSync(path.join(fixing, 'src/fetch-helpers/input.js'), 'utf8')).toBe(readFileSync(path.join(repo, 'fixtures/clients/fetch-helpers/expected.txt'), 'utf8'));
    expect(before).not.toBe(readFileSync(path.join(fixing, 'src/fetch-helpers/input.js'), 'utf8'));
  });
});

// ---------------------------------------------------------------------------------------------------------
// The README's snippets, parsed and run.

/** The text of a README section: up to the next heading of the same or a higher level, outside code blocks. */
function section(heading: string): string {
  const lines = readme.split('\n');
  const start = lines.indexOf(heading);
  expect(start, heading).toBeGreaterThan(-1);
  const level = heading.indexOf(' ');
  let fenced = false;
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = /^(#+) /.exec(line);
    if (!fenced && m && m[1]!.length <= level) break;
    body.push(line);
  }
  return body.join('\n');
}

function blocks(text: string, lang: string): string[] {
  return [...text.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
}

describe('the README snippets', { timeout: 300_000 }, () => {
  it('names every flag of --help in the usage table', () => {
    const help = execFileSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    const flags = [...help.matchAll(/^\s+(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]!);
    expect(flags).toEqual(expect.arrayContaining(['--cache', '--cache-location', '--fix']));
    const usage = section('## Usage');
    for (const f of flags) expect(usage, f).toContain(`\`${f}`);
    expect(usage).toContain('`--debug`');
  });

  it('Caching: the commands run, and the second answers the same from the cache', () => {
    const [sh] = blocks(section('### Caching'), 'sh');
    const commands = sh!.split('\n').map((l) => l.replace(/#.*$/, '').trim()).filter(Boolean);
    expect(commands).toHaveLength(2);
    const ws = workspace();
    const [first, second] = commands.map((c) => shell(c, ws));
    expect(first!.code).toBe(1);
    expect(second!.code).toBe(1);
    expect(second!.stdout).toBe(first!.stdout);
    expect(existsSync(path.join(ws, '.v4-migrate-cache'))).toBe(true);
  });

  it('In CI: the plain commands run and fail on findings', () => {
    const [yaml] = blocks(section('## In CI'), 'yaml');
    const steps = parseYaml(yaml!) as { run: string }[];
    const ws = workspace();
    for (const step of steps) expect(shell(step.run, ws).code, step.run).toBe(1);
  });

  it('GitHub Action: a valid workflow that uses this action with its inputs, and runs', () => {
    const [workflowText, plainText] = blocks(section('### GitHub Action'), 'yaml');
    expect(validateWorkflow(workflowText!).errors).toEqual([]);
    const workflow = parseYaml(workflowText!) as { permissions: Record<string, string>; jobs: Record<string, { steps: ActionStep[] }> };
    expect(workflow.permissions['security-events']).toBe('write');
    const steps = Object.values(workflow.jobs)[0]!.steps;
    const uses = steps.find((s) => s.uses?.startsWith('OWNER/v4-migrate@'))!;
    expect(uses.uses).toBe(`OWNER/v4-migrate@v${pkg.version}`);
    const inputs = Object.keys(action().inputs);
    expect(Object.keys(uses.with ?? {}).filter((k) => !inputs.includes(k))).toEqual([]);
    // The job runs the action with those inputs: it uploads SARIF and fails on the fixtures' findings.
    const run = runAction(uses.with ?? {}, workspace());
    expect(run.outputs['exit-code']).toBe('1');
    expect(run.step(/Upload/).ran).toBe(true);
    expect(run.failed).toBe(true);
    // The README's table lists the action's inputs, in their order.
    const table = section('### GitHub Action').split('\n').filter((l) => /^\| `[\w-]+` \|/.test(l));
    expect(table.map((l) => /^\| `([\w-]+)`/.exec(l)![1])).toEqual(inputs);

    // The plain steps: valid in a workflow, and their commands run.
    const plain = parseYaml(plainText!) as { steps: ActionStep[] };
    expect(validateWorkflow(`on: push\njobs:\n  lint:\n    runs-on: ubuntu-latest\n${plainText!.replace(/^/gm, '    ')}`).errors).toEqual([]);
    const ws = workspace();
    const results = plain.steps.filter((s) => s.run).map((s) => ({ run: s.run!, ...shell(s.run!, ws) }));
    expect(results.map((r) => r.code)).toEqual([0, 1]);
    const upload = plain.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))!;
    const sarif = JSON.parse(readFileSync(path.join(ws, upload.with!.sarif_file!), 'utf8')) as { version: string; runs: { results: unknown[] }[] };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]!.results.length).toBe(expectedFindings());
    expect(results[1]!.stdout).toMatch(/^::error file=src\//m);
  });

  it('GitLab CI: the include names the template at this version, the override keys exist, and both jobs run', () => {
    const [includeText, plainText] = blocks(section('### GitLab CI'), 'yaml');
    const config = parseYaml(includeText!) as { include: { remote: string }[]; 'v4-migrate': GitlabJob };
    expect(config.include[0]!.remote).toMatch(new RegExp(`/v${pkg.version.replace(/\./g, '\\.')}/${templatePath}$`));
    const job = template()['v4-migrate']!;
    const overrides = config['v4-migrate'].variables!;
    expect(Object.keys(overrides).filter((k) => !(k in job.variables!))).toEqual([]);
    // GitLab merges the override into the included job: its variables win.
    const ws = workspace();
    const r = runGitlabJob({ ...job, variables: { ...job.variables, ...overrides } }, ws);
    expect(r.code, r.stderr).toBe(1);
    checkCodeQuality(r.report!, expectedFindings());

    const plain = parseYaml(plainText!) as Record<string, GitlabJob>;
    checkGitlabJob('v4-migrate', plain['v4-migrate'] as unknown as Record<string, unknown>);
    const ws2 = workspace();
    const p = runGitlabJob(plain['v4-migrate']!, ws2);
    expect(p.code).toBe(1);
    checkCodeQuality(p.report!, expectedFindings());
  });

  it('pre-commit: the config names this hook at this version, and its args run', () => {
    const [configText] = blocks(section('### pre-commit'), 'yaml');
    const config = parseYaml(configText!) as { repos: { repo: string; rev: string; hooks: { id: string; args?: string[] }[] }[] };
    expect(config.repos[0]!.rev).toBe(`v${pkg.version}`);
    const configured = config.repos[0]!.hooks[0]!;
    const hook = hooks().find((h) => h.id === configured.id)!;
    expect(hook).toBeDefined();
    const ws = workspace();
    spawnSync('git', ['init', '-q'], { cwd: ws });
    const r = runHook(hook, configured.args ?? [], ws);
    expect(r.code).toBe(1);
    expect(existsSync(path.join(ws, '.v4-migrate-cache'))).toBe(true);
  });
});
