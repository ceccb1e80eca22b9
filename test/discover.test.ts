// Which files a directory walk lints, through the CLI: sources by extension, never hidden entries,
// node_modules, declaration files or symbolic links (a walk stays inside its roots).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
const root = mkdtempSync(path.join(tmpdir(), 'v4m-discover-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('walks directories for sources only, skipping hidden entries, node_modules, declarations and links', () => {
  const outside = path.join(root, 'outside');
  const project = path.join(root, 'project');
  const files = [
    'src/a.js', 'src/b.ts', 'src/c.tsx', 'src/d.mjs', 'src/e.cts', 'src/deep/f.jsx',
    'src/types.d.ts', 'src/.hidden.js', '.cache/g.js', 'node_modules/m/index.js', 'src/node_modules/n/index.js',
    'src/notes.md', 'src/UPPER.JS',
  ];
  for (const f of files) {
    mkdirSync(path.dirname(path.join(project, f)), { recursive: true });
    writeFileSync(path.join(project, f), "export const url = '/api/v3/projects';\n");
  }
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'h.js'), "export const url = '/api/v3/projects';\n");
  symlinkSync(path.join(outside, 'h.js'), path.join(project, 'src/linked.js'));
  symlinkSync(outside, path.join(project, 'src/linked-dir'));

  const r = spawnSync(process.execPath, [bin, '--format', 'json', '--exit-zero', '.'], { cwd: project, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  const linted = (JSON.parse(r.stdout) as { filePath: string }[]).map((x) => path.relative(project, x.filePath).split(path.sep).join('/'));
  expect(linted).toEqual(['src/a.js', 'src/b.ts', 'src/c.tsx', 'src/d.mjs', 'src/deep/f.jsx', 'src/e.cts']);
});
