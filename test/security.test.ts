// The tool reads code, never runs it; never reaches the network; runs a JavaScript configuration only when
// the user names it; never prints a token found in code; and names files relative to the working
// directory. Each checked through the CLI as a spawned process.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatters } from '../src/report/index.js';
import { fixtureCases } from './support/fixtures.js';
import { commitAll, git } from './support/spawn.js';
import { Redaction } from '../src/report/redact.js';
import { parseXml } from './support/xml.js';

vi.setConfig({ testTimeout: 120_000 });

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'dist/src/cli/main.js');
const noNetwork = fileURLToPath(new URL('./support/no-network.cjs', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'v4m-sec-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env }, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Several CLI runs side by side (they are independent processes). */
function clis(cwd: string, runs: readonly string[][]): Promise<Run[]> {
  return Promise.all(
    runs.map(
      (args) =>
        new Promise<Run>((resolve) => {
          const child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
          child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
          child.on('close', (code) => resolve({ code, stdout, stderr }));
        }),
    ),
  );
}

/**
 * Every format from one run: each written to its own report file (-o, in a folder of its own) but the last,
 * which goes to stdout. Reports to a file and to stdout are the same text, hidden by the same redaction;
 * the test reads every one. Returns the run and each format's report.
 */
async function everyFormat(cwd: string, args: readonly string[]): Promise<{ run: Run; reports: Record<string, string> }> {
  const formats = Object.keys(formatters);
  const onStdout = 'stylish';
  const inFiles = formats.filter((f) => f !== onStdout);
  const out = tree({});
  const [run] = await clis(cwd, [[...inFiles.flatMap((f) => ['-f', f, '-o', path.join(out, `${f}.report`)]), '-f', onStdout, ...args]]);
  const reports = Object.fromEntries(formats.map((f) => [f, f === onStdout ? run.stdout : existsSync(path.join(out, `${f}.report`)) ? readFileSync(path.join(out, `${f}.report`), 'utf8') : '']));
  return { run: run!, reports };
}

describe('the code it reads is never run', () => {
  it('lints, fixes and type-checks code that would leave a mark and exit if it ran; a configuration beside it in JavaScript is not loaded', () => {
    const marks = mkdtempSync(path.join(tmpdir(), 'v4m-marks-'));
    dirs.push(marks);
    const mark = (name: string) => JSON.stringify(path.join(marks, name));
    const call = "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n";
    const dir = tree({
      'package.json': JSON.stringify({ name: 'victim', scripts: { preinstall: `touch ${mark('script')}`, postinstall: `touch ${mark('script')}` } }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, allowJs: true, module: 'nodenext' }, include: ['src'] }),
      'src/evil.cjs': `require('node:fs').writeFileSync(${mark('cjs')}, 'ran');\nprocess.exit(3);\n${call}`,
      'src/evil.mjs': `import { writeFileSync } from 'node:fs';\nwriteFileSync(${mark('mjs')}, 'ran');\nprocess.exit(3);\n${call}`,
      'src/evil.ts': `import { writeFileSync } from 'node:fs';\nimport './side-effect.js';\nwriteFileSync(${mark('ts')}, 'ran');\n${call}`,
      'src/side-effect.js': `require('node:fs').writeFileSync(${mark('import')}, 'ran');\nprocess.kill(process.pid, 'SIGKILL');\n`,
      'src/Evil.vue': `<script>\nimport { writeFileSync } from 'node:fs';\nwriteFileSync(${mark('vue')}, 'ran');\n${call}</script>\n`,
      'v4-migrate.config.js': `require('node:fs').writeFileSync(${mark('config.js')}, 'ran');\nmodule.exports = { rules: { 'api-prefix': 'off' } };\n`,
      'v4-migrate.config.mjs': `import { writeFileSync } from 'node:fs';\nwriteFileSync(${mark('config.mjs')}, 'ran');\nexport default { rules: { 'api-prefix': 'off' } };\n`,
      'v4-migrate.config.cjs': `require('node:fs').writeFileSync(${mark('config.cjs')}, 'ran');\nmodule.exports = {};\n`,
    });
    const lint = cli(dir, ['-f', 'json', '--project', 'tsconfig.json', 'src']);
    const fix = cli(dir, ['--fix', 'src']);
    expect(readdirSync(marks)).toEqual([]);
    expect(lint.code, lint.stderr).toBe(1);
    const results = JSON.parse(lint.stdout) as { filePath: string; messages: { ruleId: string }[] }[];
    // Every file was read and checked, and the unnamed configuration did not turn api-prefix off.
    for (const name of ['evil.cjs', 'evil.mjs', 'evil.ts', 'Evil.vue']) {
      expect(results.find((r) => r.filePath.endsWith(name))!.messages.map((m) => m.ruleId), name).toEqual(['api-prefix', 'builds-endpoint']);
    }
    expect(fix.code, fix.stderr).toBe(0);
    expect(readFileSync(path.join(dir, 'src/evil.ts'), 'utf8')).toContain("fetch('https://gitlab.example.com/api/v4/projects/' + id + '/jobs');");
  });

  it('runs a JavaScript configuration when it is named with --config, and applies it', () => {
    const marks = mkdtempSync(path.join(tmpdir(), 'v4m-marks-'));
    dirs.push(marks);
    const dir = tree({
      'client.js': "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n",
      'team.config.mjs': `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(path.join(marks, 'named'))}, 'ran');\nexport default { rules: { 'api-prefix': 'off' } };\n`,
      'bad.config.mjs': "export default { rulez: {} };\n",
    });
    const r = cli(dir, ['-f', 'json', '--config', 'team.config.mjs', 'client.js']);
    expect(readdirSync(marks)).toEqual(['named']);
    expect((JSON.parse(r.stdout) as { messages: { ruleId: string }[] }[])[0]!.messages.map((m) => m.ruleId)).toEqual(['builds-endpoint']);
    const bad = cli(dir, ['--config', 'bad.config.mjs', 'client.js']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^v4-migrate: .*bad\.config\.mjs: unknown key "rulez"; allowed: rules, apiBase, ignorePatterns, unsafeFixes, format, allow, reportUnusedDisableDirectives, testDoubles\n$/);
  });
});

describe('nothing of the checked repository runs', () => {
  it("--fix's uncommitted-changes check runs no program a hostile .git/config names (fsmonitor, filters, hooks, pager, diff drivers)", () => {
    const marks = mkdtempSync(path.join(tmpdir(), 'v4m-marks-'));
    dirs.push(marks);
    const mark = (name: string) => `touch ${JSON.stringify(path.join(marks, name))}`;
    const dir = tree({
      'package.json': '{ "name": "victim" }\n',
      'a.js': "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n",
      'b.js': "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n",
      '.gitattributes': '*.js filter=evil diff=evil\nb.js filter=proc\n',
    });
    commitAll(dir);
    const config: [string, string][] = [
      ['core.fsmonitor', `${mark('fsmonitor')}; false`],
      ['filter.evil.clean', `${mark('clean')}; cat`],
      ['filter.evil.smudge', `${mark('smudge')}; cat`],
      ['filter.proc.process', mark('process')],
      ['filter.proc.required', 'true'],
      ['filter.evil.required', 'true'],
      ['core.pager', `${mark('pager')}; cat`],
      ['pager.status', `${mark('pager.status')}; cat`],
      ['diff.external', mark('diff.external')],
      ['diff.evil.textconv', `${mark('textconv')}; cat`],
      ['core.sshCommand', mark('ssh')],
      ['status.submoduleSummary', 'true'],
      ['core.hooksPath', '.git/evil-hooks'],
      ['include.path', 'more.config'],
    ];
    for (const [key, value] of config) git(dir, 'config', key, value);
    // An included file is the repository's configuration too.
    writeFileSync(path.join(dir, '.git/more.config'), `[filter "evil"]\n\tclean = ${mark('included')}; cat\n`);
    for (const hooks of ['.git/evil-hooks', '.git/hooks']) {
      mkdirSync(path.join(dir, hooks), { recursive: true });
      for (const hook of ['post-index-change', 'pre-commit', 'post-checkout']) {
        writeFileSync(path.join(dir, hooks, hook), `#!/bin/sh\n${mark(hook)}\n`);
        chmodSync(path.join(dir, hooks, hook), 0o755);
      }
    }
    // A stat that no longer matches the index makes git read the files again, through their clean filter.
    const touch = (when: number) => ['a.js', 'b.js'].forEach((f) => utimesSync(path.join(dir, f), when, when));
    touch(1_000_000_000);
    // The attack is real: the status command git would run unprotected runs the tree's programs.
    spawnSync('git', ['status', '--porcelain', '-z', '--untracked-files=all', '--ignored=traditional', '--', 'a.js', 'b.js'], { cwd: dir });
    expect(readdirSync(marks)).toEqual(expect.arrayContaining(['fsmonitor', 'included', 'process']));
    for (const m of readdirSync(marks)) rmSync(path.join(marks, m));

    touch(1_100_000_000);
    // A file changed since the commit is still refused: the check works with the tree's settings off.
    const committed = readFileSync(path.join(dir, 'b.js'), 'utf8');
    writeFileSync(path.join(dir, 'b.js'), committed + '// edited\n');
    const refused = cli(dir, ['--fix', '.']);
    expect(refused.stderr).toMatch(/^v4-migrate: not writing: 1 file it would write has uncommitted changes .*\(b\.js\)/);
    expect(refused.code).toBe(2);
    writeFileSync(path.join(dir, 'b.js'), committed);
    touch(1_200_000_000);
    const fixed = cli(dir, ['--fix', '.']);
    expect(fixed.stderr).toBe('');
    expect(fixed.code).toBe(0);
    expect(readFileSync(path.join(dir, 'a.js'), 'utf8')).toContain('/api/v4/projects/');
    expect(readdirSync(marks)).toEqual([]);
  });
});

describe('no network', () => {
  const blocked = (log: string) => ({ NODE_OPTIONS: `--require ${noNetwork}`, NO_NETWORK_LOG: log });

  it('the block works: a program that reaches out is stopped and logged', () => {
    const log = path.join(tree({}), 'attempts');
    const r = spawnSync(process.execPath, ['-e', "require('node:dns').lookup('example.com', () => {})"], { encoding: 'utf8', env: { ...process.env, ...blocked(log) } });
    expect(r.status).not.toBe(0);
    expect(readFileSync(log, 'utf8')).toBe('dns.lookup\n');
  });

  it('a run with the network blocked reports and fixes exactly as a normal run, and tries nothing', () => {
    const log = path.join(tree({}), 'attempts');
    const normal = cli(repo, ['-f', 'json', 'fixtures/clients']);
    const offline = cli(repo, ['-f', 'json', 'fixtures/clients'], blocked(log));
    expect(offline.stderr).toBe('');
    expect(offline.code).toBe(normal.code);
    expect(offline.stdout).toBe(normal.stdout);

    const copy = tree({});
    cpSync(path.join(repo, 'fixtures/clients'), copy, { recursive: true });
    const fixed = cli(copy, ['--fix', '.'], blocked(log));
    expect(fixed.stderr).toBe('');
    for (const c of fixtureCases().filter((f) => f.name.startsWith('clients/') && existsSync(f.expected))) {
      expect(readFileSync(path.join(copy, path.relative(path.join(repo, 'fixtures/clients'), c.input)), 'utf8'), c.name).toBe(readFileSync(c.expected, 'utf8'));
    }
    expect(existsSync(log)).toBe(false);
  });
});

describe('what reports show', () => {
  const tokens = ['glpat-Hk3v9QxR2mTz7LpW4nYc', 'b7d0e9a2c4f6183d5e7a9c1b', 'Zq81NdkW0cVx4TbL7sPa', 'k2J9xQ7vLm3Np8Rt'];
  const client = [
    "const HOST = 'https://gitlab.example.com';",
    `const headers = { 'PRIVATE-TOKEN': '${tokens[0]}' };`,
    `fetch(HOST + '/api/v3/projects/' + id + '/trigger/builds', { method: 'POST', headers, body: JSON.stringify({ token: '${tokens[1]}', ref }) });`,
    `superagent.get(HOST + '/api/v3/projects/owned').set('PRIVATE-TOKEN', '${tokens[2]}');`,
    `fetch('https://gitlab.example.com/api/v3/projects/all?private_token=${tokens[3]}');`,
    '',
  ].join('\n');
  const formats = Object.keys(formatters);

  it('covers every format there is', () => {
    expect(formats.length).toBeGreaterThanOrEqual(6);
  });

  // Every format from one run (with the unsafe fixes, whose replacement texts carry tokens too), a diff, and
  // --fix with JSON (the report carries the fixed text); shared by the checks below.
  const runs = [['--diff', '--unsafe-fixes', 'src'], ['-f', 'json', '--fix', '--unsafe-fixes', 'src']];
  let dir = '';
  let reports: Record<string, string> = {};
  let formatsRun: Run = { code: null, stdout: '', stderr: '' };
  let outputs: Run[] = [];
  beforeAll(async () => {
    dir = tree({ 'package.json': '{}', 'src/deep/client.js': client });
    [{ run: formatsRun, reports }, outputs] = await Promise.all([everyFormat(dir, ['--unsafe-fixes', 'src']), clis(dir, runs.slice(0, 1))]);
    outputs.push(cli(dir, runs.at(-1)!));
  }, 120_000);

  it('never prints a token found in code, in any format, with or without fixes, nor in a diff', () => {
    expect(formatsRun.stderr).toBe('');
    const texts = [...formats.map((f) => [`-f ${f}`, reports[f]!] as const), ...outputs.map((o, i) => [runs[i]!.join(' '), o.stdout] as const)];
    outputs.forEach((o, i) => expect(o.stderr, runs[i]!.join(' ')).toBe(''));
    for (const [name, text] of texts) {
      expect(text, name).toMatch(/token-literal|PRIVATE-TOKEN|private_token/);
      for (const token of tokens) expect(text, `${name} shows ${token}`).not.toContain(token.slice(0, 8));
    }
    // The file itself keeps its tokens: only reports hide them.
    expect(readFileSync(path.join(dir, 'src/deep/client.js'), 'utf8')).toContain(tokens[0]);
    expect(readFileSync(path.join(dir, 'src/deep/client.js'), 'utf8')).not.toContain('/api/v3/');
  });

  it("names files relative to the working directory in every format (JSON keeps ESLint's absolute filePath)", () => {
    for (const format of formats) {
      const text = reports[format]!;
      if (format === 'json') {
        expect((JSON.parse(text) as { filePath: string }[]).map((r) => r.filePath)).toEqual([path.join(dir, 'src/deep/client.js')]);
        continue;
      }
      expect(text, format).toContain('src/deep/client.js');
      // SARIF names the working directory once, as the base URI the relative paths resolve against.
      const rest = format === 'sarif' ? text.replace(/"originalUriBaseIds": \{[^}]*\}\s*\}/, '') : text;
      expect(rest, format).not.toContain(dir);
    }
  });
});

describe('tokens are hidden whichever rules run', () => {
  // A token in each place a file can hold one, each unseen by the token rule in some way: a comment, JSX
  // text, a component's markup, a file that does not parse, a name that says the service.
  const tokens = {
    comment: 'glpat-Cm8Tq2ZxW4vLp7NrYb3K',
    named: 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',
    header: 'Pq7Rk2Lm9Xc4Vb1N',
    query: 'Zt5Ny8Wq3Ka6Hd1F',
    jsx: 'glpat-Jx4Hn8Rb2Wq6Zt1Vm5Ks',
    markup: 'glpat-Vb3Nm7Qw1Er5Ty9Ui2Op',
    unparsed: 'glpat-Lk9Jh7Gf5Ds3Ap1Zx2Cv',
    message: 'glpat-Ab3Cd5Ef7Gh9Ij1Kl3Mn',
  };
  const files = {
    'package.json': '{ "name": "client" }\n',
    'src/api.js': [
      `// the old one was ${tokens.comment}`,
      `const gitlabToken = '${tokens.named}';`,
      "const HOST = 'https://gitlab.example.com';",
      `fetch(HOST + '/api/v3/projects/' + id + '/builds', { headers: { 'PRIVATE-TOKEN': '${tokens.header}' } });`,
      `fetch('https://gitlab.example.com/api/v3/projects/all?private_token=${tokens.query}');`,
      // A rule's message quotes the value it judges.
      `fetch('https://gitlab.example.com/api/v3/events?action=${tokens.message}');`,
      '',
    ].join('\n'),
    'src/View.jsx': `export const View = () => <p>Use ${tokens.jsx} as your token</p>;\nfetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n`,
    'src/Comp.vue': `<template><div title="${tokens.markup}">hi</div></template>\n<script>\nfetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n</script>\n`,
    'src/broken.js': `const t = '${tokens.unparsed}';\nfetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds'\n  (((\n`,
  };
  const shows = (text: string) => Object.entries(tokens).filter(([, t]) => text.includes(t.slice(0, 12)) || text.includes(t.slice(-12)));

  it('in every format, --diff, --fix-dry-run, stderr, report files, the inventory, the cache and the baseline', async () => {
    const dir = tree(files);
    const selections = [[], ['--rule', 'api-prefix'], ['--config', 'off.json']];
    writeFileSync(path.join(dir, 'off.json'), JSON.stringify({ rules: { 'token-literal': 'off' } }));
    // Every format with the token rule left out; html (which marks code up), --diff and --fix-dry-run with
    // the other ways of leaving it out, and with every rule on.
    const runs = [
      ...selections.flatMap((s) => [['-f', 'html', ...s, 'src'], ['--diff', '--unsafe-fixes', ...s, 'src'], ['--fix-dry-run', '--unsafe-fixes', ...s, 'src']]),
      ['inventory', '--format', 'json', 'src'],
      ['inventory', '--format', 'csv', 'src'],
    ];
    // Every format (all but one in report files) from one run, the others side by side.
    const [{ run: formatsRun, reports }, outputs] = await Promise.all([everyFormat(dir, ['--unsafe-fixes', '--ignore-rule', 'token-literal', 'src']), clis(dir, runs)]);
    for (const [format, report] of Object.entries(reports)) {
      expect(report, format).not.toBe('');
      expect(shows(report), format).toEqual([]);
    }
    expect(shows(formatsRun.stderr)).toEqual([]);
    outputs.forEach((o, i) => {
      const name = runs[i]!.join(' ');
      expect(o.stdout, name).not.toBe('');
      expect(shows(o.stdout + o.stderr), name).toEqual([]);
    });
    // What hides them is seen: asterisks where each token was.
    expect(reports.json).toContain(`'PRIVATE-TOKEN': '${'*'.repeat(tokens.header.length)}'`);

    for (const args of [['--cache', '--ignore-rule', 'token-literal', 'src'], ['--cache', '--fix-dry-run', '--unsafe-fixes', 'src'], ['--suppress-all', '--ignore-rule', 'token-literal', 'src']]) {
      const r = cli(dir, args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBeLessThan(2);
    }
    expect(shows(readFileSync(path.join(dir, '.v4-migrate-cache'), 'utf8'))).toEqual([]);
    expect(shows(readFileSync(path.join(dir, 'v4-migrate-baseline.json'), 'utf8'))).toEqual([]);
    // A warm run from the cache hides them as well, and finds what the cold run found.
    const warm = cli(dir, ['--cache', '-f', 'json', '--ignore-rule', 'token-literal', '--no-baseline', 'src']);
    expect(shows(warm.stdout)).toEqual([]);
    expect((JSON.parse(warm.stdout) as { messages: unknown[] }[]).flatMap((r) => r.messages).length).toBeGreaterThan(5);

    // The files keep their text, and --stdin --fix prints the file's own text, its token in it.
    for (const [name, text] of Object.entries(files)) expect(readFileSync(path.join(dir, name), 'utf8')).toBe(text);
    const piped = spawnSync(process.execPath, [bin, '--stdin', '--fix', '--stdin-filename', 'src/api.js'], { cwd: dir, input: files['src/api.js'], encoding: 'utf8' });
    expect(piped.stdout).toContain(tokens.header);
    expect(piped.stdout).toContain('/api/v4/');
  }, 240_000);

  it('the token rule reports a 40-hex value held by a name that says the service, in a package that says nothing else of it', () => {
    const dir = tree({ 'package.json': '{ "name": "tools" }\n', 'config.js': `export const gitlabToken = '${tokens.named}';\n` });
    const r = cli(dir, ['-f', 'json', '.']);
    const results = JSON.parse(r.stdout) as { messages: { ruleId: string; line: number }[] }[];
    expect(results.flatMap((x) => x.messages.map((m) => `${m.ruleId}:${m.line}`))).toEqual(['token-literal:1']);
    expect(r.stdout).not.toContain(tokens.named);
  });

  it('hides thousands of tokens in one pass: the cost does not grow with their number', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => `glpat-${i.toString(36).padStart(8, '0')}Qw3Er5Ty7Ui9`);
    const text = many.map((t, i) => `const token${i % 10} = '${t}'; // in a report line\n`).join('').repeat(2);
    const time = (values: string[]) => {
      const started = performance.now();
      const out = new Redaction().add(values).apply(text);
      return { ms: performance.now() - started, out };
    };
    const one = time(many.slice(0, 1));
    const all = time(many);
    expect(all.out).not.toMatch(/glpat-/);
    expect(all.out.length).toBe(text.length);
    expect(one.out.split('glpat-').length - 1).toBe(2 * many.length - 2);
    // Replacing value by value costs tokens × text: 20,000 × 2.4 MB, minutes. One pass takes well under seconds.
    expect(all.ms).toBeLessThan(5_000);
  });

  it('hides the same spans whether it searches value by value (a few) or in one pass (many): overlapping and touching values merge', () => {
    const values = ['aaaa-bbbb', 'bbbb-cccc', 'dddddddd', 'eeeeeeee', 'ffff-gggg'];
    const text = 'x aaaa-bbbb-cccc y ddddddddeeeeeeee z ffff-ggg';
    // Masked by hand: the two overlapping values as one span, the two touching ones as one, not the cut-off one.
    const want = `x ${'*'.repeat(14)} y ${'*'.repeat(16)} z ffff-ggg`;
    expect(new Redaction().add(values).apply(text)).toBe(want);
    // Forty more values that are nowhere in the text take it past the few a native search handles.
    const padding = Array.from({ length: 40 }, (_, i) => `absent-${i}`);
    expect(new Redaction().add([...values, ...padding]).apply(text)).toBe(want);
  });
});

describe('names and messages from the tree are escaped in every output', () => {
  const call = "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n";
  // A line break and a workflow command, terminal escapes (ESC, BEL, the one-byte CSI), a bidirectional override.
  const names = ['x\n::error file=a.js,line=1::pwned\n.js', 'esc\u001b[31mred\u001b]0;title\u0007.js', 'csi\u009b31m.js', 'bidi\u202egnp.js'];
  // Line ends (CSV ends its lines with CRLF) and tabs are the outputs' own.
  const acting = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
  // The commands the names carry, were they to start a line.
  const forged = /^::error(?: file=a\.js,line=1)?::pwned/m;

  it('in every format, on stderr and in --diff, which git still applies', async () => {
    const dir = tree({ 'package.json': '{ "name": "client" }\n', ...Object.fromEntries(names.map((n) => [n, call])), 'broken\n::error::pwned.js': 'fetch(;\n' });
    const runs = [['--diff', '.'], ['inventory', '.'], ['inventory', '--format', 'csv', '.']];
    // Every format (all but one in report files, outside the tree) from one run, the others side by side.
    const [{ run: formatsRun, reports }, outputs] = await Promise.all([everyFormat(dir, ['.']), clis(dir, runs)]);
    const texts = [...Object.entries(reports).map(([f, report]) => [`-f ${f}`, report + formatsRun.stderr] as const), ...outputs.map((o, i) => [runs[i]!.join(' '), o.stdout + o.stderr] as const)];
    for (const [name, text] of texts) {
      expect(text, name).not.toMatch(acting);
      expect(text, name).not.toMatch(forged);
      // Every file was checked (its calls are reported, or listed).
      expect(text.split(/builds|v4\/projects/).length - 1, name).toBeGreaterThanOrEqual(names.length);
    }
    const out = (format: string) => reports[format]!;
    // Machine formats keep the exact names: JSON escapes them; XML parses back to them, but for the
    // characters XML cannot hold at all, which it shows as escapes.
    expect((JSON.parse(out('json')) as { filePath: string }[]).map((r) => path.basename(r.filePath)).sort()).toEqual([...names, 'broken\n::error::pwned.js'].sort());
    const inXml = names.map((n) => n.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`));
    expect(parseXml(out('junit')).children.map((s) => s.attributes.name)).toEqual(expect.arrayContaining(inXml));
    expect(parseXml(out('checkstyle')).children.map((f) => f.attributes.name)).toEqual(expect.arrayContaining(inXml));
    // Text formats show escapes.
    expect(out('stylish')).toContain('x\\u000A::error file=a.js,line=1::pwned\\u000A.js');
    expect(out('stylish')).toContain('esc\\u001B[31mred\\u001B]0;title\\u0007.js');
    expect(outputs[1]!.stderr).toContain('broken\\u000A::error::pwned.js: calls not listed');
    // The diff quotes the names as git does, and applies.
    const diff = outputs[0]!.stdout;
    expect(diff).toContain('--- "a/x\\n::error file=a.js,line=1::pwned\\n.js"');
    writeFileSync(path.join(dir, 'fix.patch'), diff);
    git(dir, 'init', '-q');
    git(dir, 'apply', 'fix.patch');
    for (const n of names) expect(readFileSync(path.join(dir, n), 'utf8'), n).toContain('/api/v4/projects/');
  });
});
