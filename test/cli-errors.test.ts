// Mistakes a person can make, through the spawned CLI: each is exactly one line on stderr naming what is
// wrong and what to do, exit code 2, nothing on stdout, no stack trace (`--debug` adds it).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'dist/src/cli/main.js');
const root = mkdtempSync(path.join(tmpdir(), 'v4m-errors-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}
write('package.json', '{ "name": "errors" }\n');
write('app/client.js', "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n");
write('docs/README.md', '# not code\n');
write('broken/v4-migrate.config.json', '{ "rules": { "builds-endpoint": "warn", }\n');
write('broken/client.js', "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n");
// A configuration that cannot be read as a file (tests run as root, so permissions cannot stop a read).
mkdirSync(path.join(root, 'unreadable/v4-migrate.config.json'), { recursive: true });
write('unreadable/client.js', "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n");
write('ignore-all.json', '{ "ignorePatterns": ["**"] }\n');

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The run failed as a usage error: one line, exit 2, no report, no stack; returns the line. */
function oneLine(r: ReturnType<typeof cli>): string {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^v4-migrate: [^\n]+\n$/);
  expect(r.stderr).not.toMatch(/^\s+at /m);
  return r.stderr.trimEnd();
}

describe('usage errors', { timeout: 60_000 }, () => {
  it('an unknown flag, with "did you mean" when one is close', () => {
    expect(oneLine(cli('--cach', 'app'))).toBe('v4-migrate: unknown flag --cach; did you mean --cache? Run v4-migrate --help for the flags.');
    expect(oneLine(cli('app', '--quite'))).toBe('v4-migrate: unknown flag --quite; did you mean --quiet? Run v4-migrate --help for the flags.');
    expect(oneLine(cli('--no-colr', 'app'))).toBe('v4-migrate: unknown flag --no-colr; did you mean --no-color? Run v4-migrate --help for the flags.');
    expect(oneLine(cli('--ignore', 'x', 'app'))).toBe('v4-migrate: unknown flag --ignore; did you mean --ignore-rule or --ignore-pattern? Run v4-migrate --help for the flags.');
  });

  it('an unknown flag with nothing close, named as it was typed', () => {
    expect(oneLine(cli('--xyzzy', 'app'))).toBe('v4-migrate: unknown flag --xyzzy. Run v4-migrate --help for the flags.');
    // yargs reads --no-such-flag as the negation of "such-flag"; the message names what was typed.
    expect(oneLine(cli('--no-such-flag', 'app'))).toBe('v4-migrate: unknown flag --no-such-flag. Run v4-migrate --help for the flags.');
    expect(oneLine(cli('-x', 'app'))).toBe('v4-migrate: unknown flag -x. Run v4-migrate --help for the flags.');
  });

  it('a value that is not allowed, a missing value, a flag given twice, a number that is not one', () => {
    expect(oneLine(cli('--format', 'bogus', 'app'))).toBe('v4-migrate: --format bogus: use one of stylish, json, json-lines, sarif, github, gitlab, junit, checkstyle, html. Run v4-migrate --help for usage.');
    expect(oneLine(cli('--release', '7.0', 'app'))).toBe('v4-migrate: --release "7.0" is not one of 8.17, 9.0. Run v4-migrate --help for usage.');
    expect(oneLine(cli('app', '--rule'))).toBe('v4-migrate: --rule needs a value. Run v4-migrate --help for usage.');
    expect(oneLine(cli('--config', 'a.json', '--config', 'b.json', 'app'))).toBe('v4-migrate: --config was given more than once; give it once. Run v4-migrate --help for usage.');
    // --format repeats, each with its -o; two left for stdout is the mistake.
    expect(oneLine(cli('--format', 'json', '--format', 'sarif', 'app'))).toBe('v4-migrate: 2 reports (--format json, --format sarif) would all go to stdout; give each but one its -o file');
    expect(oneLine(cli('--max-warnings', 'many', 'app'))).toBe('v4-migrate: --max-warnings needs a number. Run v4-migrate --help for usage.');
  });

  it('a path that does not exist', () => {
    expect(oneLine(cli('app', 'no/such/dir'))).toBe('v4-migrate: no such file or directory: no/such/dir. Check the path, or run v4-migrate from the project root');
  });

  it('a directory with no JavaScript or TypeScript files, and one whose files are all ignored', () => {
    expect(oneLine(cli('docs'))).toBe(
      'v4-migrate: no JavaScript or TypeScript files (.js .cjs .mjs .jsx .ts .cts .mts .tsx .vue .svelte) under docs; name a directory that holds some, or check .gitignore and --ignore-pattern',
    );
    expect(oneLine(cli('--ignore-pattern', 'app/**', 'app'))).toMatch(/no JavaScript or TypeScript files .* under app;/);
    expect(oneLine(cli('--config', 'ignore-all.json', 'app'))).toBe(
      `v4-migrate: every file under app is excluded by the configuration's ignorePatterns (${path.join(root, 'ignore-all.json')}); lint other paths, or narrow ignorePatterns`,
    );
  });

  it('a configuration that does not parse', () => {
    const line = oneLine(cli('broken'));
    expect(line).toMatch(new RegExp(`^v4-migrate: ${path.join(root, 'broken/v4-migrate.config.json').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not valid JSON \\(.+\\); fix it or run with --no-config$`));
    // --no-config is the way out the message gives, and it works.
    expect(cli('--no-config', 'broken').code).toBe(1);
  });

  it('a configuration that cannot be read', () => {
    expect(oneLine(cli('unreadable'))).toBe(
      `v4-migrate: cannot read the configuration ${path.join(root, 'unreadable/v4-migrate.config.json')} (EISDIR); check the path and its permissions, or run with --no-config`,
    );
    expect(oneLine(cli('--config', 'missing.json', 'app'))).toBe(
      `v4-migrate: cannot read the configuration ${path.join(root, 'missing.json')} (ENOENT); check the path and its permissions, or run with --no-config`,
    );
  });

  it('a report file that cannot be written', () => {
    // The report's folders are made as needed; a regular file in its path cannot be one.
    expect(oneLine(cli('-o', 'app/client.js/report.json', 'app'))).toBe('v4-migrate: cannot write the report to app/client.js/report.json (EEXIST); check that its path can hold a file and is writable');
  });

  it('--debug adds the stack trace after the same line', () => {
    const r = cli('--debug', 'docs');
    expect(r.code).toBe(2);
    const [first, ...rest] = r.stderr.trimEnd().split('\n');
    expect(first).toBe(oneLine(cli('docs')));
    expect(rest.some((l) => /^\s+at .*discover/.test(l))).toBe(true);
  });
});
