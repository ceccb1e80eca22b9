// The VS Code extension packages into a .vsix with @vscode/vsce (no publishing).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'v4m-vsix-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('packages editors/vscode into a .vsix holding the client and its language client library', () => {
  cpSync(path.join(repo, 'editors/vscode'), work, { recursive: true });
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: work, stdio: 'pipe', env: { ...process.env, npm_config_cache: path.join(work, '.npm') } });
  const vsix = path.join(work, 'v4-migrate.vsix');
  execFileSync(process.execPath, [path.join(repo, 'node_modules/@vscode/vsce/vsce'), 'package', '--out', vsix, '--allow-missing-repository'], { cwd: work, stdio: 'pipe' });
  const bytes = readFileSync(vsix);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  // Zip entry names are stored uncompressed in the central directory.
  const names = bytes.toString('latin1');
  for (const entry of ['extension/package.json', 'extension/extension.js', 'extension/node_modules/vscode-languageclient/package.json', 'extension.vsixmanifest']) {
    expect(names).toContain(entry);
  }
  const manifest = JSON.parse(readFileSync(path.join(work, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, unknown> } } };
  expect(Object.keys(manifest.contributes.configuration.properties)).toEqual(['v4-migrate.enable', 'v4-migrate.serverPath']);
}, 180_000);
