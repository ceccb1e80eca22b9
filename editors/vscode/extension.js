// The VS Code client: starts `v4-migrate lsp --stdio` from the workspace's own install (so the editor
// and the CLI run the same version and rules) and hands it JavaScript and TypeScript files, Vue and
// Svelte components, and package.json (a dependency pinning a client's v3 default base is a finding there).
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

/** The CLI to run: the setting, else the first workspace folder's node_modules/v4-migrate. */
function serverModule() {
  const configured = vscode.workspace.getConfiguration('v4-migrate').get('serverPath');
  if (configured) return configured;
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const candidate = path.join(folder.uri.fsPath, 'node_modules', 'v4-migrate', 'dist', 'src', 'cli', 'main.js');
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

async function activate(context) {
  if (!vscode.workspace.getConfiguration('v4-migrate').get('enable')) return;
  const module = serverModule();
  if (!module) {
    void vscode.window.showWarningMessage('v4-migrate: install it in the workspace (npm i -D v4-migrate) or set "v4-migrate.serverPath".');
    return;
  }
  const run = { module, args: ['lsp'], transport: TransportKind.stdio };
  // Vue and Svelte components too: the server lints their <script> blocks, as the CLI does.
  const languages = ['javascript', 'javascriptreact', 'typescript', 'typescriptreact', 'vue', 'svelte'];
  client = new LanguageClient('v4-migrate', 'v4-migrate', { run, debug: run }, {
    documentSelector: [...languages.map((language) => ({ scheme: 'file', language })), { scheme: 'file', language: 'json', pattern: '**/package.json' }],
    // Evidence is per package: tell the server when package files change.
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{js,jsx,ts,tsx,mjs,cjs,mts,cts,vue,svelte,json}') },
  });
  context.subscriptions.push({ dispose: () => client && client.stop() });
  await client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
