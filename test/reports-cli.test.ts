// Several reports from one run (`--format` and `-o` in pairs), and report files that are never linted,
// through the built CLI.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'dist/src/cli/main.js');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh copy of one client fixture (a package of its own). */
function project(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'v4m-reports-'));
  temps.push(dir);
  cpSync(path.join(repo, 'fixtures/clients/tokens'), dir, { recursive: true });
  return dir;
}

interface Result {
  filePath: string;
  messages: { ruleId: string; line: number; column: number }[];
}
const findings = (results: Result[]) => results.flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)}:${m.line}:${m.column}:${m.ruleId}`));

// Each test spawns the CLI several times; the machine is shared.
const slow = { timeout: 60_000 };

describe('several reports in one run', slow, () => {
  it('writes each --format to its -o, and the reports agree', () => {
    const dir = project();
    const r = cli(['--format', 'sarif', '-o', 'out.sarif', '--format', 'json', '-o', 'reports/out.json', '.'], dir);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('');
    expect(r.code).toBe(1);
    const json = JSON.parse(readFileSync(path.join(dir, 'reports/out.json'), 'utf8')) as Result[];
    const sarif = JSON.parse(readFileSync(path.join(dir, 'out.sarif'), 'utf8')) as { runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }[] }[] }[] };
    expect(findings(json).length).toBeGreaterThan(3);
    const fromSarif = sarif.runs[0]!.results.map((x) => {
      const loc = x.locations[0]!.physicalLocation;
      return `${loc.artifactLocation.uri}:${loc.region.startLine}:${loc.region.startColumn}:${x.ruleId}`;
    });
    expect(fromSarif).toEqual(findings(json));
  });

  it('prints the one --format left without -o, whichever place it has', () => {
    const dir = project();
    const r = cli(['-f', 'json', '-o', 'out.json', '-f', 'json-lines', '.'], dir);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { ruleId: string });
    const json = JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8')) as Result[];
    expect(lines.map((l) => l.ruleId)).toEqual(json.flatMap((x) => x.messages.map((m) => m.ruleId)));
  });

  it('writes the default (stylish, without colors) to a lone -o', () => {
    const dir = project();
    const r = cli(['-o', 'report.txt', '.'], dir);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(1);
    const text = readFileSync(path.join(dir, 'report.txt'), 'utf8');
    expect(text).toMatch(/private-token-query/);
    expect(text).not.toContain('\u001b[');
  });

  it('refuses a -o without a --format of its own, before linting anything', () => {
    const dir = project();
    const r = cli(['-f', 'json', '-o', 'a.json', '-o', 'b.json', '.'], dir);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('v4-migrate: -o b.json has no --format of its own; give one --format for each -o\n');
    expect(existsSync(path.join(dir, 'a.json'))).toBe(false);
  });

  it('refuses two reports on stdout and one file for two reports', () => {
    const dir = project();
    const two = cli(['-f', 'json', '-f', 'sarif', '.'], dir);
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/^v4-migrate: 2 reports \(--format json, --format sarif\) would all go to stdout; give each but one its -o file\n$/);
    const same = cli(['-f', 'json', '-o', 'r.json', '-f', 'sarif', '-o', './r.json', '.'], dir);
    expect(same.code).toBe(2);
    expect(same.stderr).toBe('v4-migrate: -o r.json is given twice; each report needs its own file\n');
  });

  it('accepts the new formats in --format and in the configuration', () => {
    const dir = project();
    writeFileSync(path.join(dir, 'v4-migrate.config.json'), JSON.stringify({ format: 'checkstyle' }));
    const r = cli(['.'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^<\?xml[^>]*>\n<checkstyle /);
    expect(cli(['-f', 'junit', '.'], dir).stdout).toMatch(/<testsuites /);
    expect(cli(['-f', 'html', '.'], dir).stdout).toMatch(/^<!doctype html>/);
  });
});

describe('a report file is never linted', slow, () => {
  it('refuses -o with a source extension, writing and linting nothing', () => {
    const dir = project();
    const files = readdirSync(dir).sort();
    for (const name of ['report.js', 'out/report.MJS', 'report.d.ts']) {
      const r = cli(['-f', 'json', '-o', name, '.'], dir);
      expect(r.code, name).toBe(2);
      expect(r.stderr, name).toMatch(new RegExp(`^v4-migrate: -o ${name.replace(/\./g, '\\.')}: a report named \\.\\w+ would be linted as source by later runs; give it its format's extension \\(\\.json, \\.sarif, \\.xml, \\.html, \\.txt\\)\\n$`));
    }
    expect(readdirSync(dir).sort()).toEqual(files);
  });

  it('refuses -o naming a file the tools read (package.json, tsconfig, the baseline), leaving it as it was', () => {
    const dir = project();
    const manifest = readFileSync(path.join(dir, 'package.json'), 'utf8');
    for (const name of ['package.json', 'sub/tsconfig.build.json', 'v4-migrate-baseline.json']) {
      const r = cli(['-f', 'json', '-o', name, '.'], dir);
      expect(r.code, name).toBe(2);
      expect(r.stderr, name).toBe(`v4-migrate: -o ${name}: the report would replace a file the project's tools read; give the report a name of its own (v4-migrate-report.json)\n`);
    }
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(manifest);
  });

  it('does not lint the reports of an earlier run, even when the shell names them (one warning each)', () => {
    const dir = project();
    const first = cli(['-f', 'json', '-o', 'report.json', '-f', 'html', '-o', 'report.html', '-f', 'junit', '-o', 'junit.xml', '-f', 'sarif', '-o', 'report.sarif', '.'], dir);
    expect(first.code).toBe(1);
    const before = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as Result[];
    // As `v4-migrate *` would run it: every file of the folder named on the command line.
    const second = cli(['-f', 'json', ...readdirSync(dir)], dir);
    expect(second.stderr).toBe('');
    const after = JSON.parse(second.stdout) as Result[];
    // Each file that is not a source (the reports, and the fixture's expectations) is one warning that it
    // was not linted, as ESLint does; the findings are those of the source alone.
    const [linted, skipped] = [after.filter((r) => r.filePath.endsWith('.js')), after.filter((r) => !r.filePath.endsWith('.js'))];
    expect(linted.map((r) => path.basename(r.filePath))).toEqual(['input.js']);
    expect(findings(linted)).toEqual(findings(before));
    expect(skipped.map((r) => path.basename(r.filePath)).sort()).toEqual(readdirSync(dir).filter((f) => f !== 'input.js').sort());
    expect(skipped.every((r) => r.messages.length === 1 && r.messages[0]!.ruleId === 'ignored-file')).toBe(true);
  });

  it('does not lint the file this run writes, when it is named too', () => {
    const dir = project();
    // An extensionless report name: only the run's own list of outputs keeps it out.
    writeFileSync(path.join(dir, 'report'), "fetch('https://gitlab.example.com/api/v3/projects/owned')\n");
    const r = cli(['-f', 'json', '-o', 'report', 'input.js', 'report'], dir);
    expect(r.code).toBe(1);
    const results = JSON.parse(readFileSync(path.join(dir, 'report'), 'utf8')) as Result[];
    expect(results.map((x) => path.basename(x.filePath))).toEqual(['input.js']);
  });
});
