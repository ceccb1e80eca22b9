// The CLI as one module (`npm run build` runs this after tsc). Loading ~190 modules (the CLI imports every
// formatter and command, yargs and ajv are dozens of files each) took Node 0.3 s before any work; the bundle
// loads in about half that. It replaces dist/src/cli/main.js in place, so the `bin`, the tests and every
// relative path the CLI resolves at run time (the language server and its worker, package.json, the
// configuration schema) stay where they were. The library (dist/src/index.js) is not bundled.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'dist/src/cli');

// Loaded from dist/src as compiled, not bundled: the language server starts its worker by a path relative to
// its own file. Only the `lsp` command loads it.
const UNBUNDLED = /\/lsp\/server\.js$/;
const unbundled: Plugin = {
  name: 'unbundled',
  setup(b) {
    b.onResolve({ filter: UNBUNDLED }, (args) => ({ path: args.path, external: true }));
  },
};

rmSync(path.join(cli, 'chunks'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(cli, 'main.js')],
  outdir: cli,
  allowOverwrite: true,
  bundle: true,
  // Code only some commands need (type-aware mode) goes into chunks, loaded when they run.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Large and optional (type-aware mode, the ESLint plugin's parser): resolved from node_modules when used.
  external: ['typescript', 'ts-morph', '@typescript-eslint/parser'],
  plugins: [unbundled],
  // Bundled CommonJS dependencies call require() for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});

// The build's identity (src/version.ts): a digest of every compiled file, so a cache of another build is dropped.
const digest = createHash('sha256');
for (const dir of ['dist/src', 'dist/rules']) {
  for (const file of (readdirSync(path.join(root, dir), { recursive: true }) as string[]).filter((f) => f.endsWith('.js')).sort()) {
    digest.update(file).update('\0').update(readFileSync(path.join(root, dir, file))).update('\0');
  }
}
writeFileSync(path.join(root, 'dist/build-id'), digest.digest('hex').slice(0, 16) + '\n');
