// Bad input gets a clear finding and loses nothing: ignored paths, huge, binary, UTF-16 and invalid UTF-8
// files, read-only files and files that change under --fix.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lintFiles, writeFixes } from '../src/index.js';

const bin = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const V3_CALL = "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n";

function tree(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'v4m-robust-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

function run(dir: string, args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8' });
  const results = r.stdout.startsWith('[') ? (JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string; severity: number }[] }[]) : [];
  return { code: r.status, stderr: r.stderr, byFile: Object.fromEntries(results.map((x) => [path.relative(dir, x.filePath), x.messages.map((m) => m.ruleId)])) };
}

describe('what is linted', () => {
  it('honours .gitignore in a repository and --ignore-pattern', () => {
    const dir = tree({ '.git/HEAD': 'ref: refs/heads/main\n', '.gitignore': 'build/\n', 'src/a.js': V3_CALL, 'build/a.js': V3_CALL, 'gen/a.js': V3_CALL });
    expect(Object.keys(run(dir, ['-f', 'json', '.']).byFile).sort()).toEqual(['gen/a.js', 'src/a.js']);
    expect(Object.keys(run(dir, ['-f', 'json', '--ignore-pattern', 'gen/**', '.']).byFile)).toEqual(['src/a.js']);
  });

  it('skips a file over the size limit with a warning', () => {
    const dir = tree({ 'big.js': '// generated\n' + 'x();\n'.repeat(300_000), 'ok.js': V3_CALL });
    const r = run(dir, ['-f', 'json', '--max-file-size', '1', '.']);
    expect(r.byFile['big.js']).toEqual(['file-too-large']);
    expect(r.byFile['ok.js']).toEqual(['api-prefix', 'builds-endpoint']);
  });

  it('reports binary and UTF-16 files instead of parsing them', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(V3_CALL, 'utf16le')]);
    const dir = tree({ 'blob.js': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2]), 'wide.js': utf16 });
    const r = run(dir, ['-f', 'json', '.']);
    expect(r.byFile).toEqual({ 'blob.js': ['binary-file'], 'wide.js': ['binary-file'] });
    expect(r.code).toBe(0);
  });
});

describe('--fix loses nothing', () => {
  it('reports a file with invalid UTF-8 but never rewrites it', () => {
    const bytes = Buffer.concat([Buffer.from('// caf'), Buffer.from([0xe9]), Buffer.from('\n' + V3_CALL)]);
    const dir = tree({ 'latin1.js': bytes });
    const r = run(dir, ['-f', 'json', '--fix', '.']);
    expect(r.byFile['latin1.js']).toEqual(['fix-error', 'api-prefix', 'builds-endpoint']);
    expect(readFileSync(path.join(dir, 'latin1.js')).equals(bytes)).toBe(true);
  });

  it('does not force a read-only file', () => {
    const dir = tree({ 'locked.js': V3_CALL });
    chmodSync(path.join(dir, 'locked.js'), 0o444);
    const r = run(dir, ['--fix', '.']);
    expect(r.stderr).toMatch(/locked\.js not fixed: the file is read-only/);
    expect(r.code).toBe(1);
    expect(readFileSync(path.join(dir, 'locked.js'), 'utf8')).toBe(V3_CALL);
  });

  it('does not overwrite a file that changed on disk after it was read', async () => {
    const dir = tree({ 'moving.js': V3_CALL });
    const file = path.join(dir, 'moving.js');
    const results = await lintFiles([file], { fix: true });
    writeFileSync(file, '// edited meanwhile\n' + V3_CALL);
    const problems = await writeFixes(results);
    expect(problems).toEqual([{ filePath: file, reason: 'the file changed on disk while it was being checked; run again' }]);
    expect(readFileSync(file, 'utf8')).toBe('// edited meanwhile\n' + V3_CALL);
  });

  it('writes atomically and keeps the file mode', async () => {
    const dir = tree({ 'tool.js': V3_CALL });
    const file = path.join(dir, 'tool.js');
    chmodSync(file, 0o750);
    expect(await writeFixes(await lintFiles([file], { fix: true }))).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe("fetch('https://gitlab.example.com/api/v4/projects/' + id + '/jobs');\n");
    expect(spawnSync('stat', ['-c', '%a', file], { encoding: 'utf8' }).stdout.trim()).toBe('750');
  });
});
