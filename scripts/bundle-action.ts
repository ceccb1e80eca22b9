// The GitHub Action's own copy of the CLI: action/v4-migrate.mjs, one file holding the CLI and every
// dependency it loads, committed as JavaScript actions ship theirs. The Action runs it with `node`, so a
// workflow installs nothing and needs no release on a package registry; `npm version` rebuilds it, so each
// release tag carries the tool of that release (`npm run build:action` does it by hand).
// Left out: the language server (the Action never starts it) and type-aware mode's TypeScript compiler
// (`--project`, tens of MB), which the Action's `package` input provides when it is wanted. The licenses
// of what is bundled go beside it (action/THIRD-PARTY-LICENSES.txt).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'action');

// The CLI imports the language server only for `lsp`; here that import is left as it is and never taken.
const noLanguageServer: Plugin = {
  name: 'no-language-server',
  setup(b) {
    b.onResolve({ filter: /\/lsp\/server\.js$/ }, (args) => ({ path: args.path, external: true }));
  },
};

rmSync(path.join(out, 'chunks'), { recursive: true, force: true });
const result = await build({
  entryPoints: { 'v4-migrate': path.join(root, 'src/cli/main.ts') },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  // What only type-aware mode loads goes into chunks, imported when it runs: inlined, its static import of
  // ts-morph would be loaded by every run, and fail where ts-morph is not installed.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['typescript', 'ts-morph', '@typescript-eslint/parser'],
  plugins: [noLanguageServer],
  // Bundled CommonJS dependencies call require() for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});

// Every package the bundle holds (nested copies too: node_modules/a/node_modules/b), with its license text.
const packages = new Set<string>();
for (const input of Object.keys(result.metafile.inputs)) {
  const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (m) packages.add(m[1]!);
}
const notices = new Map<string, string>();
for (const relative of packages) {
  const dir = path.join(root, relative);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
  const file = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license', 'LICENCE'].map((f) => path.join(dir, f)).find((f) => existsSync(f));
  const text = file ? readFileSync(file, 'utf8').trim() : `(no license file; package.json says ${manifest.license ?? 'nothing'})`;
  notices.set(`${manifest.name}@${manifest.version}`, `${manifest.name}@${manifest.version} (${manifest.license ?? 'unknown'})\n\n${text}\n`);
}
const listed = [...notices.keys()].sort().map((key) => notices.get(key)!);
writeFileSync(path.join(out, 'THIRD-PARTY-LICENSES.txt'), `The packages bundled into action/v4-migrate.mjs and their licenses.\n\n${listed.join('\n' + '-'.repeat(80) + '\n\n')}`);
