// Fix modes through the spawned CLI: --fix-dry-run, --fix-type, --stats, --show-fixes, the unsafe hint,
// the git guard of --fix, --diff --group-by change (checked with git apply) and --add-todo-comments.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { cleanTemps, cli, commitAll, git, pkg, repo } from './support/spawn.js';

afterAll(cleanTemps);
// Each test spawns the CLI (and git) several times on a shared two-core machine.
vi.setConfig({ testTimeout: 120_000 });

// One call per kind of fix: param (safe), endpoint (safe), endpoint (safe), report only, unsafe.
const CLIENT = [
  "const base = 'https://gitlab.example.com';",
  "export const tree = (id) => fetch(base + '/api/v3/projects/' + id + '/repository/tree?ref_name=master');",
  "export const all = () => fetch(base + '/api/v3/projects/all');",
  "export const jobs = (id) => fetch(base + '/api/v3/projects/' + id + '/builds');",
  'export const commitJobs = (id, sha) => fetch(`${base}/api/v3/projects/${id}/repository/commits/${sha}/builds`);',
  'export const raw = (id, sha) => fetch(`${base}/api/v3/projects/${id}/repository/raw_blobs/${sha}`);',
  '',
].join('\n');

// What --fix makes of CLIENT, written out by hand from the rules' documentation. The commit's jobs have no
// v4 route and the raw blob's only v4 form is an unsafe fix: `/api/v4` alone would make requests v4 does
// not route, so those two calls keep `/api/v3` (and are reported) until a person or --unsafe-fixes moves them.
const FIXED = [
  "const base = 'https://gitlab.example.com';",
  "export const tree = (id) => fetch(base + '/api/v4/projects/' + id + '/repository/tree?ref=master');",
  "export const all = () => fetch(base + '/api/v4/projects?membership=false');",
  "export const jobs = (id) => fetch(base + '/api/v4/projects/' + id + '/jobs');",
  'export const commitJobs = (id, sha) => fetch(`${base}/api/v3/projects/${id}/repository/commits/${sha}/builds`);',
  'export const raw = (id, sha) => fetch(`${base}/api/v3/projects/${id}/repository/raw_blobs/${sha}`);',
  '',
].join('\n');

interface JsonResult {
  filePath: string;
  messages: { ruleId: string; line: number; changes: string[]; fixClass: string; fix?: unknown; suggestions?: unknown }[];
  output?: string;
  source?: string;
}

const byRule = (results: JsonResult[]) => {
  const counts: Record<string, number> = {};
  for (const r of results) for (const m of r.messages) counts[m.ruleId] = (counts[m.ruleId] ?? 0) + 1;
  return counts;
};

describe('--fix-dry-run', () => {
  it('prints ESLint JSON results with `output` for files that change, and writes nothing', () => {
    const dir = pkg({ 'client.js': CLIENT, 'clean.js': "export const x = fetch('/api/v4/projects');\n" });
    const r = cli(['--fix-dry-run', '.'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1); // errors remain (a report-only finding), as after --fix
    const results = JSON.parse(r.stdout) as JsonResult[];
    const client = results.find((x) => x.filePath === path.join(dir, 'client.js'))!;
    expect(client.output).toBe(FIXED);
    // The remaining findings describe the fixed text: the two calls not moved, each with its prefix.
    expect(client.messages.map((m) => `${m.line} ${m.ruleId}`)).toEqual(['5 api-prefix', '5 commit-builds-endpoint', '6 api-prefix', '6 raw-blobs-endpoint']);
    expect(results.find((x) => x.filePath === path.join(dir, 'clean.js'))!.output).toBeUndefined();
    expect(readFileSync(path.join(dir, 'client.js'), 'utf8')).toBe(CLIENT);
  });

  it('prints the same text --fix writes, and --format stylish shows what would be left', () => {
    const dir = pkg({ 'client.js': CLIENT });
    const dry = JSON.parse(cli(['--fix-dry-run', '--unsafe-fixes', 'client.js'], dir).stdout) as JsonResult[];
    cli(['--fix', '--unsafe-fixes', 'client.js'], dir);
    expect(dry[0]!.output).toBe(readFileSync(path.join(dir, 'client.js'), 'utf8'));
    const text = cli(['--fix-dry-run', '--format', 'stylish', 'client.js'], pkg({ 'client.js': CLIENT }));
    expect(text.stdout).toMatch(/commit-builds-endpoint/);
    expect(text.stdout).not.toMatch(/\sbuilds-endpoint\s/);
  });

  it('works on standard input too: JSON with `output`', () => {
    const r = cli(['--stdin', '--stdin-filename', 'client.js', '--fix-dry-run'], pkg({}), { input: CLIENT });
    const [result] = JSON.parse(r.stdout) as JsonResult[];
    expect(result!.output).toBe(FIXED);
    expect(result!.messages.map((m) => m.ruleId)).toEqual(['api-prefix', 'commit-builds-endpoint', 'api-prefix', 'raw-blobs-endpoint']);
  });

  it('refuses --fix together with --fix-dry-run', () => {
    const r = cli(['--fix', '--fix-dry-run', '.'], pkg({ 'client.js': CLIENT }));
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--fix and --fix-dry-run/);
  });
});

describe('--fix-type', () => {
  it('applies only the fixes of rules in that category; the prefix of a call it rewrites comes along', () => {
    const dir = pkg({ 'client.js': CLIENT });
    const r = cli(['--fix', '--fix-type', 'param', 'client.js'], dir);
    expect(r.code).toBe(1);
    const lines = readFileSync(path.join(dir, 'client.js'), 'utf8').split('\n');
    expect(lines[1]).toBe(FIXED.split('\n')[1]); // the param fix, with its call's /api/v4
    expect(lines.slice(2)).toEqual(CLIENT.split('\n').slice(2)); // endpoints and bare prefixes untouched
    // The endpoint findings are still reported (every rule reports; only fixes are chosen).
    expect(r.stdout).toMatch(/projects-all-path/);
    expect(r.stdout).toMatch(/builds-endpoint/);
  });

  it('takes several categories, repeated or comma-separated as in ESLint', () => {
    const repeated = pkg({ 'client.js': CLIENT });
    cli(['--fix', '--fix-type', 'param', '--fix-type', 'endpoint', 'client.js'], repeated);
    const commas = pkg({ 'client.js': CLIENT });
    cli(['--fix', '--fix-type', 'param,endpoint', 'client.js'], commas);
    const want = FIXED.split('\n').slice(0, 4).concat(CLIENT.split('\n').slice(4)).join('\n');
    expect(readFileSync(path.join(repeated, 'client.js'), 'utf8')).toBe(want);
    expect(readFileSync(path.join(commas, 'client.js'), 'utf8')).toBe(want);
  });

  it('--fix-type prefix moves only the calls whose one change is the prefix', () => {
    const issues = "export const issues = (id) => fetch(base + '/api/v3/projects/' + id + '/issues');";
    const dir = pkg({ 'client.js': CLIENT + issues + '\n' });
    const r = cli(['--diff', '--fix-type', 'prefix', 'client.js'], dir);
    expect(r.code).toBe(1);
    const added = r.stdout.split('\n').filter((l) => l.startsWith('+') && !l.startsWith('+++'));
    // The other calls need more than the prefix: a v4 prefix on a v3 path is wrong on either server.
    expect(added).toEqual(['+' + issues.replace('/api/v3/', '/api/v4/')]);
  });

  it('rejects an unknown category and a --fix-type without a fix mode, in one line each', () => {
    const dir = pkg({ 'client.js': CLIENT });
    const bad = cli(['--fix', '--fix-type', 'layout', '.'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('v4-migrate: --fix-type layout: not a rule category; use one of prefix, endpoint, method, param, status, response, auth, events\n');
    const alone = cli(['--fix-type', 'param', '.'], dir);
    expect(alone.code).toBe(2);
    expect(alone.stderr.trim().split('\n')).toHaveLength(1);
    expect(readFileSync(path.join(dir, 'client.js'), 'utf8')).toBe(CLIENT);
  });
});

describe('--stats and --show-fixes', () => {
  it('--stats counts findings by rule and by change ID, with what --fix and --unsafe-fixes can do', () => {
    const dir = pkg({ 'client.js': CLIENT });
    const r = cli(['--stats', '.'], dir);
    expect(r.code).toBe(1);
    const [ruleTable, changeTable] = r.stdout.split('Findings by change');
    const row = (name: string, table = ruleTable!) => table.split('\n').find((l) => new RegExp(`\\s${name}\\s`).test(l + ' '))!.trim().split(/\s+/);
    // count, fixable, unsafe, rule, changes
    // The commit's jobs cannot move to v4 (no route): neither can its prefix. The raw blob moves only with its unsafe fix.
    expect(row('api-prefix')).toEqual(['5', '3', '1', 'api-prefix', 'V-PREFIX']);
    expect(row('raw-blobs-endpoint')).toEqual(['1', '0', '1', 'raw-blobs-endpoint', 'X-RAW-BLOBS']);
    expect(row('commit-builds-endpoint')).toEqual(['1', '0', '0', 'commit-builds-endpoint', 'R90-COMMIT-JOBS']);
    expect(row('R90-JOBS', changeTable)).toEqual(['1', '1', '0', 'R90-JOBS', 'Builds', 'are', 'jobs']);
    expect(r.stdout).toMatch(/^10 findings in 1 of 1 file: 6 fixable with `--fix`, 2 more with `--unsafe-fixes`$/m);
    expect(r.stdout).not.toMatch(/commitJobs|fetch\(/); // counts, not findings
  });

  it('--stats agrees with the JSON report, and after --fix counts what was fixed and the files touched', () => {
    const dir = pkg({ 'client.js': CLIENT, 'other.js': "export const j = (id) => fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n", 'clean.js': 'export const x = 1;\n' });
    const before = byRule(JSON.parse(cli(['-f', 'json', '.'], dir).stdout) as JsonResult[]);
    const stats = JSON.parse(cli(['--stats', '-f', 'json', '.'], dir).stdout) as { rules: { ruleId: string; count: number }[]; totals: { files: number; filesWithFindings: number } };
    expect(Object.fromEntries(stats.rules.map((r) => [r.ruleId, r.count]))).toEqual(before);
    expect(stats.totals).toMatchObject({ files: 3, filesWithFindings: 2 });

    const fixedStats = JSON.parse(cli(['--fix', '--stats', '-f', 'json', '.'], dir).stdout) as {
      rules: { ruleId: string; count: number; fixed: number }[];
      totals: { fixed: number; filesTouched: number };
    };
    const after = byRule(JSON.parse(cli(['-f', 'json', '.'], dir).stdout) as JsonResult[]);
    for (const row of fixedStats.rules) {
      expect(row.count, row.ruleId).toBe(after[row.ruleId] ?? 0);
      expect(row.fixed, row.ruleId).toBe((before[row.ruleId] ?? 0) - (after[row.ruleId] ?? 0));
    }
    expect(fixedStats.totals.filesTouched).toBe(2);
    expect(fixedStats.totals.fixed).toBe(Object.values(before).reduce((a, b) => a + b, 0) - Object.values(after).reduce((a, b) => a + b, 0));
  });

  it('--show-fixes lists the fixes applied per file and rule, after the report', () => {
    const dir = pkg({ 'client.js': CLIENT });
    const r = cli(['--fix', '--show-fixes', '.'], dir);
    const list = r.stdout.slice(r.stdout.indexOf('Fixed '));
    expect(list).toBe(
      'Fixed 6 findings in 1 file:\n' +
        '  client.js\n' +
        '    3 × api-prefix (V-PREFIX)\n' +
        '    1 × builds-endpoint (R90-JOBS)\n' +
        '    1 × projects-all-path (R90-PROJECTS-ALL)\n' +
        '    1 × tree-ref-name-param (R90-TREE-REF)\n',
    );
    // In a dry run the list says what would be fixed; beside JSON on stdout it goes to stderr.
    const dry = cli(['--fix-dry-run', '--show-fixes', '.'], pkg({ 'client.js': CLIENT }));
    expect(() => JSON.parse(dry.stdout)).not.toThrow();
    expect(dry.stderr).toMatch(/^Would fix 6 findings in 1 file:\n {2}client\.js\n/);
  });

  it('--show-fixes needs a fix mode, and --stats does not go with --diff', () => {
    const dir = pkg({ 'client.js': CLIENT });
    for (const args of [['--show-fixes', '.'], ['--stats', '--diff', '.'], ['--stats', '-f', 'sarif', '.']]) {
      const r = cli(args, dir);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });

  it('says how many more fixes --unsafe-fixes would apply', () => {
    const one = cli(['client.js'], pkg({ 'client.js': CLIENT }));
    // The raw blob's call: its rewrite, prefix included, is one unsafe fix of two findings.
    expect(one.stdout).toMatch(/^ {2}2 more fixes are available with `--unsafe-fixes`$/m);
    const two = cli(['client.js'], pkg({ 'client.js': CLIENT + 'export const raw2 = (id, sha) => fetch(`${base}/api/v3/projects/${id}/repository/raw_blobs/${sha}`);\n' }));
    expect(two.stdout).toMatch(/^ {2}4 more fixes are available with `--unsafe-fixes`$/m);
  });
});

describe('--fix in a git work tree', () => {
  it('writes committed files', () => {
    const dir = pkg({ 'client.js': CLIENT });
    commitAll(dir);
    const r = cli(['--fix', '.'], dir);
    expect(r.code).toBe(1);
    expect(readFileSync(path.join(dir, 'client.js'), 'utf8')).toBe(FIXED);
  });

  it('refuses, before writing anything, when a file it would write is modified, staged, untracked or ignored', () => {
    const dir = pkg({ 'a.js': CLIENT, 'b.js': CLIENT, 'c.js': CLIENT, 'd.js': CLIENT });
    commitAll(dir);
    // Ignored by git but not by v4-migrate (which reads .gitignore files, not .git/info/exclude).
    writeFileSync(path.join(dir, '.git/info/exclude'), 'gen/\n');
    writeFileSync(path.join(dir, 'a.js'), CLIENT + '// edited\n'); // unstaged change
    writeFileSync(path.join(dir, 'b.js'), CLIENT + '// staged\n');
    git(dir, 'add', 'b.js');
    writeFileSync(path.join(dir, 'new.js'), CLIENT); // untracked
    writeFileSync(path.join(dir, 'gen.js'), CLIENT);
    execFileSync('mkdir', ['-p', path.join(dir, 'gen')]);
    writeFileSync(path.join(dir, 'gen', 'out.js'), CLIENT); // ignored (named on the command line)
    const snapshot = () => ['a.js', 'b.js', 'c.js', 'd.js', 'new.js', 'gen.js', 'gen/out.js'].map((f) => readFileSync(path.join(dir, f), 'utf8'));
    const before = snapshot();
    const r = cli(['--fix', '.'], dir);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'v4-migrate: not writing: 5 files it would write have uncommitted changes or are not committed to git (a.js, b.js, gen.js and 2 more); ' +
        'commit or stash first so the migration is one reviewable diff, or pass --allow-dirty\n',
    );
    expect(snapshot()).toEqual(before); // c.js and d.js are clean, but nothing is written
  });

  it('names a single file, and --allow-dirty writes anyway', () => {
    const dir = pkg({ 'a.js': CLIENT, 'notes.js': 'export const n = 1;\n' });
    commitAll(dir);
    writeFileSync(path.join(dir, 'notes.js'), 'export const n = 2;\n'); // dirty, but nothing to fix in it
    expect(cli(['--fix', '.'], dir).code).toBe(1);
    expect(readFileSync(path.join(dir, 'a.js'), 'utf8')).toBe(FIXED);

    git(dir, 'commit', '-q', '-am', 'fixed');
    writeFileSync(path.join(dir, 'a.js'), CLIENT);
    const refused = cli(['--fix', '.'], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^v4-migrate: not writing: 1 file it would write has uncommitted changes or is not committed to git \(a\.js\);.*--allow-dirty\n$/);
    expect(cli(['--fix', '--allow-dirty', '.'], dir).code).toBe(1);
    expect(readFileSync(path.join(dir, 'a.js'), 'utf8')).toBe(FIXED);
  });

  it('guards --add-disable-comments the same way', () => {
    const dir = pkg({ 'a.js': CLIENT });
    commitAll(dir);
    writeFileSync(path.join(dir, 'a.js'), CLIENT + '// edited\n');
    const refused = cli(['--add-disable-comments', '.'], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/not writing: 1 file .*\(a\.js\).*--allow-dirty/);
    expect(readFileSync(path.join(dir, 'a.js'), 'utf8')).toBe(CLIENT + '// edited\n');
    expect(cli(['--add-disable-comments', '--allow-dirty', '.'], dir).code).toBe(0);
    expect(readFileSync(path.join(dir, 'a.js'), 'utf8')).toMatch(/\/\/ v4-migrate-disable-next-line /);
  });

  it('files outside a git work tree are written, and so is everything when git is not installed', () => {
    const plain = pkg({ 'client.js': CLIENT });
    expect(cli(['--fix', '.'], plain).code).toBe(1);
    expect(readFileSync(path.join(plain, 'client.js'), 'utf8')).toBe(FIXED);

    const dir = pkg({ 'client.js': CLIENT });
    commitAll(dir);
    writeFileSync(path.join(dir, 'client.js'), CLIENT + '// edited\n');
    const noGit = mkdtempSync(path.join(tmpdir(), 'v4m-nogit-'));
    const r = cli(['--fix', '.'], dir, { env: { PATH: noGit } });
    expect(r.stderr).toBe('');
    expect(readFileSync(path.join(dir, 'client.js'), 'utf8')).toBe(FIXED + '// edited\n');
  });

  it('--diff and --fix-dry-run never look at git (they write nothing)', () => {
    const dir = pkg({ 'client.js': CLIENT });
    commitAll(dir);
    writeFileSync(path.join(dir, 'client.js'), CLIENT + '// edited\n');
    expect(cli(['--diff', '.'], dir).code).toBe(1);
    expect(cli(['--fix-dry-run', '.'], dir).code).toBe(1);
  });
});

describe('--diff --group-by change', () => {
  /** Split the output into its patches by their `# CHANGE:` header lines. */
  const split = (out: string) => out.split(/^(?=# )/m).filter(Boolean);

  it('prints one patch per change ID, each applying on its own to the original tree', () => {
    const dir = pkg({ 'client.js': CLIENT, 'sub/more.js': "export const j = (id) => fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds/' + 7);\n" });
    commitAll(dir);
    const r = cli(['--diff', '--group-by', 'change', '.'], dir);
    expect(r.code).toBe(1);
    const patches = split(r.stdout);
    expect(patches.map((p) => p.split('\n')[0])).toEqual([
      '# R90-PROJECTS-ALL: GET /projects/all, /projects/visible → GET /projects (1 site)',
      '# R90-TREE-REF: GET …/repository/tree?ref_name=x → ref=x (1 site)',
      '# R90-JOBS: /projects/:id/builds[/…] → /projects/:id/jobs[/…] (2 sites)',
    ]);
    const jobs = patches[2]!;
    expect(jobs).toMatch(/^\+\+\+ b\/client\.js$/m);
    expect(jobs).toMatch(/^\+\+\+ b\/sub\/more\.js$/m);
    expect(jobs).not.toMatch(/ref=master|projects\?membership/);
    // Each patch applies to the untouched tree, and applying it removes exactly its change's findings.
    patches.forEach((patch, i) => {
      const file = path.join(dir, `.patch-${i}`);
      writeFileSync(file, patch);
      expect(() => git(dir, 'apply', '--check', file), patch.split('\n')[0]).not.toThrow();
    });
    const copy = mkdtempSync(path.join(tmpdir(), 'v4m-apply-'));
    for (const f of ['package.json', 'client.js']) copyFileSync(path.join(dir, f), path.join(copy, f));
    execFileSync('mkdir', ['-p', path.join(copy, 'sub')]);
    copyFileSync(path.join(dir, 'sub/more.js'), path.join(copy, 'sub/more.js'));
    commitAll(copy);
    writeFileSync(path.join(copy, 'jobs.patch'), jobs);
    git(copy, 'apply', 'jobs.patch');
    const left = JSON.parse(cli(['-f', 'json', 'client.js', 'sub'], copy).stdout) as JsonResult[];
    const rules = left.flatMap((x) => x.messages.map((m) => m.ruleId));
    expect(rules).not.toContain('builds-endpoint');
    expect(rules).toContain('projects-all-path');
    expect(rules).toContain('tree-ref-name-param');
  });

  it('needs --diff', () => {
    const r = cli(['--group-by', 'change', '.'], pkg({ 'client.js': CLIENT }));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--group-by change .*add --diff/);
  });

  it('groups every fixture rewrite, and each patch passes git apply --check', () => {
    const fixtures = path.join(repo, 'fixtures/clients');
    const dir = mkdtempSync(path.join(tmpdir(), 'v4m-fixtures-'));
    execFileSync('cp', ['-r', fixtures + '/.', dir]);
    // Tokens are hidden in every output, patches included: a hunk on (or beside) a token's line cannot apply.
    for (const withTokens of ['tokens', 'keys-in-urls']) rmSync(path.join(dir, withTokens), { recursive: true });
    commitAll(dir);
    const r = cli(['--diff', '--group-by', 'change', '.'], dir);
    expect(r.code).toBe(1);
    const patches = split(r.stdout);
    expect(patches.length).toBeGreaterThan(10);
    for (const [i, patch] of patches.entries()) {
      const file = path.join(dir, `.patch-${i}`);
      writeFileSync(file, patch);
      expect(() => git(dir, 'apply', '--check', file), patch.split('\n')[0]).not.toThrow();
      expect(patch, patch.split('\n')[0]).toMatch(/^\+[^+]/m);
    }
    // One patch per change ID: no header twice.
    const ids = patches.map((p) => /^# ([A-Z0-9-]+):/.exec(p)![1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(readdirSync(dir).filter((f) => f.startsWith('.patch-'))).toHaveLength(patches.length);
  });
});

describe('--add-todo-comments', () => {
  const SOURCE = [
    "const base = 'https://gitlab.example.com';",
    'export function commitJobs(id, sha) {',
    '  if (!sha) return null;',
    '  return fetch(`${base}/api/v4/projects/${id}/repository/commits/${sha}/builds`);',
    '}',
    'export const raw = (id, sha) => fetch(`${base}/api/v4/projects/${id}/repository/raw_blobs/${sha}`);',
    'export const jobs = (id) => fetch(`${base}/api/v4/projects/${id}/builds`);',
    '',
  ];
  const COMMIT_JOBS = "// v4-migrate: R90-COMMIT-JOBS `GET /projects/:id/repository/commits/:sha/builds` is dropped in v4; find the commit's pipeline and list its jobs instead";
  const RAW_BLOBS = '// v4-migrate: X-RAW-BLOBS `GET /projects/:id/repository/raw_blobs/:sha` has no v4 route; raw blob content is `GET /projects/:id/repository/blobs/:sha/raw`';
  // The markers, by hand: above the report-only finding (indented like its line) and the unsafe one; none for the safe one.
  const MARKED = [...SOURCE.slice(0, 3), '  ' + COMMIT_JOBS, SOURCE[3]!, SOURCE[4]!, RAW_BLOBS, ...SOURCE.slice(5)].join('\n');
  const read = (dir: string, f = 'client.js') => readFileSync(path.join(dir, f), 'utf8');

  it('writes a marker above each finding that needs a person, and a second run changes nothing', () => {
    const dir = pkg({ 'client.js': SOURCE.join('\n') });
    commitAll(dir);
    const r = cli(['--add-todo-comments', '.'], dir);
    expect(r.stderr).toBe('v4-migrate: todo comments: 2 added, 0 removed, in 1 file\n');
    expect(read(dir)).toBe(MARKED);
    // The report describes the written file: the findings moved down with the markers.
    expect(r.stdout).toMatch(/^ +5:16 +error/m);
    git(dir, 'commit', '-q', '-am', 'markers');
    const again = cli(['--add-todo-comments', '.'], dir);
    expect(again.stderr).toBe('v4-migrate: todo comments: 0 added, 0 removed, in 0 files\n');
    expect(read(dir)).toBe(MARKED);
  });

  it('removes a marker whose finding is gone, on the next run', () => {
    const dir = pkg({ 'client.js': MARKED });
    commitAll(dir);
    // The commit's jobs are now read through its pipeline, by hand.
    writeFileSync(path.join(dir, 'client.js'), MARKED.replace('repository/commits/${sha}/builds', 'pipelines?sha=${sha}'));
    git(dir, 'commit', '-q', '-am', 'hand fix');
    const r = cli(['--add-todo-comments', '.'], dir);
    expect(r.stderr).toBe('v4-migrate: todo comments: 0 added, 1 removed, in 1 file\n');
    expect(read(dir)).toBe(MARKED.replace('  ' + COMMIT_JOBS + '\n', '').replace('repository/commits/${sha}/builds', 'pipelines?sha=${sha}'));
  });

  it('--fix removes the markers of the findings it fixed', () => {
    const dir = pkg({ 'client.js': MARKED });
    commitAll(dir);
    cli(['--fix', '--unsafe-fixes', '.'], dir);
    const text = read(dir);
    expect(text).toMatch(/repository\/blobs\/\$\{sha\}\/raw/); // the unsafe fix was applied…
    expect(text).not.toContain(RAW_BLOBS); // …and its marker went with it
    expect(text).toContain('  ' + COMMIT_JOBS + '\n  return fetch('); // the report-only one stays
  });

  it('with --unsafe-fixes, unsafe findings need no marker; markers of changes not checked are left alone', () => {
    const dir = pkg({ 'client.js': SOURCE.join('\n') });
    commitAll(dir);
    cli(['--add-todo-comments', '--unsafe-fixes', '.'], dir);
    expect(read(dir)).not.toContain('X-RAW-BLOBS');
    expect(read(dir)).toContain(COMMIT_JOBS);
    git(dir, 'commit', '-q', '-am', 'markers');
    // Only the raw_blobs rule runs: the R90-COMMIT-JOBS marker is not its to judge.
    const r = cli(['--add-todo-comments', '--rule', 'raw-blobs-endpoint', '.'], dir);
    expect(r.stderr).toBe('v4-migrate: todo comments: 1 added, 0 removed, in 1 file\n');
    expect(read(dir)).toBe(MARKED);
  });

  it('uses the JSX comment form between JSX children, and goes above a template literal spanning lines', () => {
    const view = [
      "const base = 'https://gitlab.example.com/api/v4';",
      'export function Jobs({ id, sha }) {',
      '  return (',
      '    <ul>',
      '      {fetch(`${base}/projects/${id}/repository/commits/${sha}/builds`)}',
      '    </ul>',
      '  );',
      '}',
      'export const q = `first line',
      '${fetch(`${base}/projects/${1}/repository/commits/${2}/builds`)}`;',
      '',
    ];
    const message = "`GET /projects/:id/repository/commits/:sha/builds` is dropped in v4; find the commit's pipeline and list its jobs instead";
    const dir = pkg({ 'view.jsx': view.join('\n') });
    commitAll(dir);
    cli(['--add-todo-comments', '.'], dir);
    expect(read(dir, 'view.jsx')).toBe(
      [
        ...view.slice(0, 4),
        `      {/* v4-migrate: R90-COMMIT-JOBS ${message} */}`,
        ...view.slice(4, 8),
        `// v4-migrate: R90-COMMIT-JOBS ${message}`,
        ...view.slice(8),
      ].join('\n'),
    );
    // It still parses (no parse-error), the findings are the same, and a re-run adds nothing.
    git(dir, 'commit', '-q', '-am', 'markers');
    const again = cli(['--add-todo-comments', '-f', 'json', '.'], dir);
    expect((JSON.parse(again.stdout) as JsonResult[])[0]!.messages.map((m) => m.ruleId)).toEqual(['commit-builds-endpoint', 'commit-builds-endpoint']);
    expect(again.stderr).toMatch(/0 added, 0 removed/);
  });

  it('is refused on uncommitted files, and --diff shows the markers without writing', () => {
    const dir = pkg({ 'client.js': SOURCE.join('\n') });
    const refused = cli(['--add-todo-comments', '.'], (commitAll(dir), writeFileSync(path.join(dir, 'client.js'), SOURCE.join('\n') + '\n'), dir));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/not writing: 1 file .*\(client\.js\).*--allow-dirty/);
    const diff = cli(['--diff', '--add-todo-comments', '.'], dir);
    expect(diff.code).toBe(1);
    expect(diff.stdout).toContain('+  ' + COMMIT_JOBS + '\n');
    expect(read(dir)).toBe(SOURCE.join('\n') + '\n');
  });
});
