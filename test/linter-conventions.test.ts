// What people expect of a linter, as ESLint does it, through the spawned CLI: named paths that are never
// linted (node_modules, .git, files that are not sources) are one warning each; quoted globs are expanded;
// --max-warnings says why it failed; `lsp` explains itself; --print-config shows what applies to a file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanTemps, cli, pkg } from './support/spawn.js';

afterAll(cleanTemps);

const V3_OWNED = "fetch('https://gitlab.example.com/api/v3/projects/owned');\n";
const V3_STARRED = "fetch('https://gitlab.example.com/api/v3/projects/starred');\n";
const UNUSED_DIRECTIVE = '// v4-migrate-disable-next-line\nexport const one = 1;\n';

interface Message {
  ruleId: string;
  severity: number;
  message: string;
}
interface Result {
  filePath: string;
  messages: Message[];
}

/** `relative path: ruleIds` of a JSON report. */
function byFile(dir: string, stdout: string): Record<string, string[]> {
  const results = JSON.parse(stdout) as Result[];
  return Object.fromEntries(results.map((r) => [path.relative(dir, r.filePath).split(path.sep).join('/'), r.messages.map((m) => m.ruleId)]));
}

/** A project as `v4-migrate *` meets it: sources, docs, a manifest, installed dependencies and git's folder. */
function messyProject(): string {
  return pkg({
    'src/a.ts': V3_OWNED,
    'src/b.js': V3_STARRED,
    'src/types.d.ts': 'export declare const x: string;\n',
    'README.md': "# client\n\nfetch('https://gitlab.example.com/api/v3/projects/owned')\n",
    'node_modules/dep/index.js': V3_STARRED,
    'node_modules/dep/package.json': '{ "name": "dep" }\n',
    '.git/HEAD': 'ref: refs/heads/main\n',
    'pages/[id].js': V3_OWNED,
  });
}

describe('paths named on the command line', () => {
  it('`v4-migrate *` lints the sources and warns once for node_modules, .git and each file that is not a source', () => {
    const dir = messyProject();
    // What the shell hands over for `*` (with dotglob for .git).
    const r = cli(['-f', 'json', ...readdirSync(dir)], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(byFile(dir, r.stdout)).toEqual({
      '.git': ['ignored-file'],
      'README.md': ['ignored-file'],
      node_modules: ['ignored-file'],
      'package.json': ['ignored-file'],
      'pages/[id].js': ['api-prefix', 'projects-owned-path'],
      'src/a.ts': ['api-prefix', 'projects-owned-path'],
      'src/b.js': ['api-prefix', 'projects-starred-path'],
    });
    const messages = (JSON.parse(r.stdout) as Result[]).flatMap((x) => x.messages.filter((m) => m.ruleId === 'ignored-file').map((m) => `${path.basename(x.filePath)}: ${m.severity}: ${m.message}`));
    expect(messages).toEqual([
      '.git: 1: Not linted: it is in .git, git\'s own files, which are never linted',
      'README.md: 1: Not linted: it is not a JavaScript or TypeScript file (.js .cjs .mjs .jsx .ts .cts .mts .tsx .vue .svelte)',
      'node_modules: 1: Not linted: it is in node_modules, and installed dependencies are never linted',
      'package.json: 1: Not linted: it is not a JavaScript or TypeScript file (.js .cjs .mjs .jsx .ts .cts .mts .tsx .vue .svelte)',
    ]);
  });

  it('a file inside node_modules named on its own is a warning, not linted, and exits 0', () => {
    const dir = messyProject();
    const r = cli(['-f', 'json', 'node_modules/dep/index.js'], dir);
    expect(r.code).toBe(0);
    expect(byFile(dir, r.stdout)).toEqual({ 'node_modules/dep/index.js': ['ignored-file'] });
  });

  it('a declaration file named explicitly is still linted, and a file named like a glob is that file', () => {
    const dir = messyProject();
    const r = cli(['-f', 'json', 'src/types.d.ts', 'pages/[id].js'], dir);
    expect(byFile(dir, r.stdout)).toEqual({ 'pages/[id].js': ['api-prefix', 'projects-owned-path'], 'src/types.d.ts': [] });
  });
});

describe('quoted globs', () => {
  it('are expanded as a walk would find the files: sources only, no node_modules, no declarations', () => {
    const dir = messyProject();
    const ts = cli(['-f', 'json', 'src/**/*.ts'], dir);
    expect(ts.stderr).toBe('');
    expect(byFile(dir, ts.stdout)).toEqual({ 'src/a.ts': ['api-prefix', 'projects-owned-path'] });
    const everything = cli(['-f', 'json', '**/*'], dir);
    expect(Object.keys(byFile(dir, everything.stdout))).toEqual(['pages/[id].js', 'src/a.ts', 'src/b.js']);
  });

  it('walk the directories they match, and may name files another path names too', () => {
    const dir = messyProject();
    const r = cli(['-f', 'json', 's*'], dir);
    expect(Object.keys(byFile(dir, r.stdout))).toEqual(['src/a.ts', 'src/b.js']);
    const twice = cli(['-f', 'json', 'src', 'src/*.ts'], dir);
    expect(twice.stderr).toBe('');
    expect(Object.keys(byFile(dir, twice.stdout))).toEqual(['src/a.ts', 'src/b.js']);
  });

  it('matching no source: one line, exit 2', () => {
    const dir = messyProject();
    const none = cli(['src/**/*.vue'], dir);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe('v4-migrate: no JavaScript or TypeScript files match the pattern src/**/*.vue; check the pattern\n');
    const docs = cli(['*.md'], dir);
    expect(docs.code).toBe(2);
    expect(docs.stderr).toBe('v4-migrate: no JavaScript or TypeScript files match the pattern *.md (it matches 1 other path); check the pattern\n');
  });
});

describe('--max-warnings', () => {
  it('says how many warnings exceed the limit when it fails the run, and nothing within it', () => {
    const dir = pkg({ 'a.js': UNUSED_DIRECTIVE, 'b.js': UNUSED_DIRECTIVE });
    const over = cli(['--max-warnings', '1', '.'], dir);
    expect(over.code).toBe(1);
    expect(over.stdout).toMatch(/2 problems \(0 errors, 2 warnings\)/);
    expect(over.stderr).toBe('v4-migrate: 2 warnings exceed the limit of 1 (--max-warnings)\n');
    const one = cli(['--max-warnings', '0', 'a.js'], dir);
    expect(one.code).toBe(1);
    expect(one.stderr).toBe('v4-migrate: 1 warning exceeds the limit of 0 (--max-warnings)\n');
    const within = cli(['--max-warnings', '2', '.'], dir);
    expect(within.code).toBe(0);
    expect(within.stderr).toBe('');
    // Standard input is held to the limit too.
    const stdin = cli(['--stdin', '--max-warnings', '0'], dir, { input: UNUSED_DIRECTIVE });
    expect(stdin.code).toBe(1);
    expect(stdin.stderr).toBe('v4-migrate: 1 warning exceeds the limit of 0 (--max-warnings)\n');
    expect(cli(['--max-warnings', '0', '--exit-zero', '.'], dir)).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('unused disable comments', () => {
  it('are reported by default, as in ESLint 9, and --fix removes them', () => {
    const dir = pkg({ 'a.js': UNUSED_DIRECTIVE });
    const r = cli(['-f', 'json', '.'], dir);
    expect(r.code).toBe(0);
    expect(byFile(dir, r.stdout)).toEqual({ 'a.js': ['unused-disable-directive'] });
    expect(cli(['--fix', '.'], dir).code).toBe(0);
    expect(readFileSync(path.join(dir, 'a.js'), 'utf8')).toBe('export const one = 1;\n');
  });

  it('are not reported when the configuration turns them off, or with --no-report-unused-disable-directives', () => {
    for (const setting of ['false', '"off"']) {
      const dir = pkg({ 'a.js': UNUSED_DIRECTIVE, 'v4-migrate.config.json': `{ "reportUnusedDisableDirectives": ${setting} }` });
      expect(byFile(dir, cli(['-f', 'json', 'a.js'], dir).stdout), setting).toEqual({ 'a.js': [] });
      // The flag still turns them on for one run.
      expect(byFile(dir, cli(['-f', 'json', '--report-unused-disable-directives', 'a.js'], dir).stdout), setting).toEqual({ 'a.js': ['unused-disable-directive'] });
    }
    const dir = pkg({ 'a.js': UNUSED_DIRECTIVE });
    expect(byFile(dir, cli(['-f', 'json', '--no-report-unused-disable-directives', '.'], dir).stdout)).toEqual({ 'a.js': [] });
  });
});

describe('lsp', () => {
  it('is listed by --help', () => {
    const r = cli(['--help'], process.cwd());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\s+v4-migrate lsp\s+Start the language server/m);
  });

  it('without --stdio says how to start it: one line, exit 2, no stack trace', () => {
    const r = cli(['lsp'], process.cwd());
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("v4-migrate: lsp talks to an editor, which starts it as `v4-migrate lsp --stdio`; put that command in your editor's settings (v4-migrate lsp --help)\n");
  });

  it('--help prints its usage and exits 0', () => {
    const r = cli(['lsp', '--help'], process.cwd());
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: v4-migrate lsp --stdio\n/);
    expect(r.stdout).toMatch(/In any editor: the language server/);
  });
});

describe('--print-config', () => {
  const CONFIG = { rules: { 'api-prefix': 'warn', 'builds-endpoint': 'off' }, apiBase: ['https://git.example.com/api/v3'], ignorePatterns: ['vendor/**'], reportUnusedDisableDirectives: 'error' };

  it('prints the configuration in effect for a file as JSON, and lints nothing', () => {
    const dir = pkg({ 'src/a.js': V3_OWNED, 'v4-migrate.config.json': JSON.stringify(CONFIG) });
    const r = cli(['--print-config', 'src/a.js'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout) as { configFile: string; rules: Record<string, string> } & Record<string, unknown>;
    expect(printed).toMatchObject({
      configFile: path.join(dir, 'v4-migrate.config.json'),
      ignored: false,
      apiBase: ['https://git.example.com/api/v3'],
      ignorePatterns: ['vendor/**'],
      unsafeFixes: false,
      format: 'stylish',
      allow: [],
      reportUnusedDisableDirectives: 'error',
    });
    expect(printed.rules['api-prefix']).toBe('warn');
    expect(printed.rules['builds-endpoint']).toBe('off');
    expect(printed.rules['projects-owned-path']).toBe('error');
    // Rules that are off by default say so.
    expect(printed.rules['list-without-pagination']).toBe('off');
    expect(Object.keys(printed.rules).length).toBeGreaterThan(50);
    // The file's configuration's ignorePatterns.
    expect(JSON.parse(cli(['--print-config', 'vendor/lib.js'], dir).stdout)).toMatchObject({ ignored: true });
  });

  it('applies the other flags: --rule, --unsafe-fixes, --no-config, --ignore-pattern', () => {
    const dir = pkg({ 'src/a.js': V3_OWNED, 'v4-migrate.config.json': JSON.stringify(CONFIG) });
    const narrowed = JSON.parse(cli(['--print-config', 'src/a.js', '--rule', 'R90-PROJECTS-OWNED', '--unsafe-fixes', '--ignore-pattern', 'src/**'], dir).stdout) as { rules: Record<string, string> } & Record<string, unknown>;
    expect(Object.entries(narrowed.rules).filter(([, s]) => s !== 'off')).toEqual([['projects-owned-path', 'error']]);
    expect(narrowed).toMatchObject({ unsafeFixes: true, ignored: true });
    const none = JSON.parse(cli(['--print-config', 'src/a.js', '--no-config'], dir).stdout) as Record<string, unknown>;
    expect(none).toMatchObject({ configFile: null, apiBase: [], reportUnusedDisableDirectives: 'warn' });
  });

  it('with paths to lint as well: one line, exit 2', () => {
    const dir = pkg({ 'src/a.js': V3_OWNED });
    const r = cli(['--print-config', 'src/a.js', 'src'], dir);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^v4-migrate: --print-config shows one file's configuration and lints nothing; [^\n]+\n$/);
  });
});
