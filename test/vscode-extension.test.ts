// The VS Code extension packages into a .vsix with @vscode/vsce (no publishing), by the README's own
// commands, with no prompt to answer; and it activates on every file type the server lints.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'v4m-vsix-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// npm's cache as `npm ci` left it; the extension's one dependency is fetched once, then read from there.
const npmEnv = { ...process.env, npm_config_prefer_offline: 'true', npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' };

/** The README's build command for the extension: `cd editors/vscode && <steps> && code --install-extension <vsix>`. */
function readmeCommands(): { steps: string[][]; vsix: string } {
  const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
  const line = /^cd editors\/vscode && (.+)$/m.exec(readme)![1]!;
  const commands = line.split(' && ').map((c) => c.split(' '));
  const install = commands.pop()!;
  expect(install.slice(0, 2)).toEqual(['code', '--install-extension']);
  return { steps: commands, vsix: install[2]! };
}

it('packages editors/vscode by the README commands, without a prompt, into a .vsix holding the client and its library', () => {
  cpSync(path.join(repo, 'editors/vscode'), work, { recursive: true });
  const { steps, vsix } = readmeCommands();
  expect(steps.map((s) => s.slice(0, 2).join(' '))).toEqual(['npm ci', 'npx @vscode/vsce']);
  const [install, pack] = steps;
  execFileSync(install![0]!, install!.slice(1), { cwd: work, stdio: ['ignore', 'pipe', 'pipe'], env: npmEnv });
  // vsce as this repository pins it, on a terminal (util-linux `script`), where it asks its questions (off
  // a terminal it only warns); the one line of input answers the first question with its default, no.
  const vsce = [process.execPath, path.join(repo, 'node_modules/@vscode/vsce/vsce'), ...pack!.slice(2)].map((a) => `'${a}'`).join(' ');
  const r = spawnSync('script', ['-qfec', vsce, '/dev/null'], { cwd: work, input: '\n', encoding: 'utf8', env: npmEnv, timeout: 120_000 });
  expect(r.stdout).not.toMatch(/\[y\/N\]/);
  expect(r.status, r.stdout).toBe(0);
  const bytes = readFileSync(path.join(work, vsix));
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  // Zip entry names are stored uncompressed in the central directory.
  const names = bytes.toString('latin1');
  for (const entry of ['extension/package.json', 'extension/extension.js', 'extension/node_modules/vscode-languageclient/package.json', 'extension.vsixmanifest']) {
    expect(names).toContain(entry);
  }
  const manifest = JSON.parse(readFileSync(path.join(work, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, unknown> } } };
  expect(Object.keys(manifest.contributes.configuration.properties)).toEqual(['v4-migrate.enable', 'v4-migrate.serverPath']);
}, 180_000);

it('activates on, and hands the server, JavaScript, TypeScript, Vue and Svelte files, and package.json', () => {
  const manifest = JSON.parse(readFileSync(path.join(repo, 'editors/vscode/package.json'), 'utf8')) as { activationEvents: string[] };
  const languages = ['javascript', 'javascriptreact', 'typescript', 'typescriptreact', 'vue', 'svelte'];
  expect(manifest.activationEvents).toEqual([...languages.map((l) => `onLanguage:${l}`), 'workspaceContains:**/package.json']);
  const client = readFileSync(path.join(repo, 'editors/vscode/extension.js'), 'utf8');
  const selector = /const languages = (\[[^\]]*\]);/.exec(client)![1]!;
  expect(JSON.parse(selector.replace(/'/g, '"'))).toEqual(languages);
  // package.json alone of the JSON files: the server reports nothing in the others.
  expect(client).toContain("{ scheme: 'file', language: 'json', pattern: '**/package.json' }");
});
