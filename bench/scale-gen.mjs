// Generated inputs for the scale step (bench/scale.mjs): one file holding thousands of v3 calls, trees of
// files with and without tokens, a tree of 100,000 small files, and a 1 MB document for the language
// server. Everything is deterministic (the same sizes give the same bytes), so runs can be compared.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The package.json every generated package gets: a private package with no dependencies. */
export const PACKAGE_JSON = (name) => `${JSON.stringify({ name, private: true, version: '1.0.0' }, null, 2)}\n`;

// The preamble of a file of calls: the bases of the client styles of fixtures/clients that the calls below
// use (fetch with a const base, an axios instance's baseURL, got with a template host, superagent), and a
// jQuery page's root path that no call uses (a v3 base alone is one finding).
const PREAMBLE = `// Generated for the scale benchmark: v3 calls of several client styles (fixtures/clients), through shared bases.
import axios from 'axios';
import got from 'got';
import superagent from 'superagent';
import https from 'node:https';

const host = process.env.GITLAB_URL || 'https://gitlab.example.com';
const API = 'https://gitlab.example.com/api/v3';
const GITLAB = 'https://gitlab.internal.example/api/v3';
const apiRoot = '/api/v3';
const token = process.env.GITLAB_TOKEN;
const http = axios.create({
  baseURL: \`\${host}/api/v3\`,
  headers: { 'PRIVATE-TOKEN': token },
  timeout: 10000,
});
const headers = () => ({ 'PRIVATE-TOKEN': token, 'Content-Type': 'application/json' });

`;

// One call per shape, numbered: each a v3 call that a safe fix resolves (builds → jobs, DELETE star →
// POST unstar, /projects/owned → ?owned=true, branch_name → branch, fork/:id → :id/fork, …), written the
// way the client fixtures write them. `i` keeps each function's name unique.
const SHAPES = [
  (i) => `export const builds${i} = (id) => fetch(API + '/projects/' + id + '/builds?scope=running', { headers: headers() }).then((r) => r.json());\n`,
  (i) => `export async function trace${i}(id, buildId) {\n  const { data } = await http.get(\`/projects/\${id}/builds/\${buildId}/trace\`);\n  return data;\n}\n`,
  (i) => `export function unstar${i}(id) {\n  return http.delete(\`/projects/\${id}/star\`);\n}\n`,
  (i) => `export const keys${i} = (id) => got(\`\${host}/api/v3/projects/\${id}/keys\`).json();\n`,
  (i) => `export function owned${i}() {\n  return got(\`\${host}/api/v3/projects/owned\`, { searchParams: { per_page: ${(i % 5) * 20 + 20} } }).json();\n}\n`,
  (i) => `export function retry${i}(id, buildId) {\n  return http.post(\`/projects/\${id}/builds/\${buildId}/retry\`);\n}\n`,
  (i) => `export function starred${i}() {\n  return superagent\n    .get(GITLAB + '/projects/starred')\n    .query({ per_page: 100 })\n    .set('PRIVATE-TOKEN', token)\n    .then((res) => res.body);\n}\n`,
  (i) => `export function commitFile${i}(id, file, content) {\n  return fetch(\`\${API}/projects/\${id}/repository/files\`, {\n    method: 'POST',\n    headers: headers(),\n    body: JSON.stringify({ file_path: file, branch_name: 'release-${i}', content, commit_message: 'Bump version' }),\n  });\n}\n`,
  (i) => `export function fork${i}(id, namespace) {\n  return http.post(\`/projects/fork/\${id}\`, { namespace });\n}\n`,
  (i) => `export function openIssue${i}(id, title, done) {\n  const req = https.request({ hostname: 'gitlab.example.com', path: '/api/v3/projects/' + id + '/builds', method: 'GET', headers: headers() }, done);\n  req.end();\n}\n`,
  (i) => `export function jobArtifacts${i}(id, ref) {\n  return superagent.get(GITLAB + '/projects/' + id + '/builds/artifacts/' + ref + '/download').query({ job: 'build-${i}' }).set('PRIVATE-TOKEN', token);\n}\n`,
  (i) => `export const visibleProjects${i} = () => fetch(API + '/projects/visible?per_page=50', { headers: headers() });\n`,
];

/** The text of one file holding `calls` v3 calls (each shape in turn), through the bases of the preamble. */
export function callsFile(calls) {
  let text = PREAMBLE;
  for (let i = 0; i < calls; i++) text += SHAPES[i % SHAPES.length](i) + '\n';
  return text;
}

/** A package directory holding one file of `calls` calls (`client.js`) and its package.json. */
export function writeCallsPackage(dir, calls) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), PACKAGE_JSON('scale-calls'));
  writeFileSync(path.join(dir, 'client.js'), callsFile(calls));
}

// Ordinary module code with no API call: what most files of a real tree are.
const PLAIN = [
  (i) => `import { format } from './format-${i % 17}.js';\n\nexport function label${i}(item) {\n  const parts = [item.name, item.kind, String(item.count ?? 0)];\n  return format(parts.filter(Boolean).join(' · '));\n}\n`,
  (i) => `export class Store${i} {\n  constructor() {\n    this.items = new Map();\n  }\n\n  add(key, value) {\n    this.items.set(key, { value, at: Date.now() });\n    return this;\n  }\n\n  get(key) {\n    return this.items.get(key)?.value;\n  }\n}\n`,
  (i) => `const DEFAULTS = { retries: ${i % 5}, timeout: ${(i % 9) * 1000 + 500}, verbose: false };\n\nexport function options${i}(overrides = {}) {\n  return { ...DEFAULTS, ...overrides };\n}\n`,
  (i) => `export const reducer${i} = (state = [], action) => {\n  switch (action.type) {\n    case 'add':\n      return [...state, action.item];\n    case 'remove':\n      return state.filter((x) => x.id !== action.id);\n    default:\n      return state;\n  }\n};\n`,
  (i) => `/**\n * Sums the numeric fields of each row (${i}).\n */\nexport function totals${i}(rows) {\n  let sum = 0;\n  for (const row of rows) for (const v of Object.values(row)) if (typeof v === 'number') sum += v;\n  return sum;\n}\n`,
];

// The few files of a tree that do call the service (v3 through a const base).
const CALLING = (i) => `const API = 'https://gitlab.example.com/api/v3';\n\nexport function builds${i}(id) {\n  return fetch(API + '/projects/' + id + '/builds');\n}\n\nexport function owned${i}() {\n  return fetch(API + '/projects/owned');\n}\n`;

/**
 * A tree of `files` small files under `dir`: packages of `perPackage` files (a package.json each), in
 * folders of `perDir` files; one file in `callingEvery` calls the service, the others are plain code.
 * Returns the files written and how many of them call it.
 */
export function writeTree(dir, { files, perPackage = 1000, perDir = 50, callingEvery = 100 }) {
  let calling = 0;
  const written = [];
  for (let i = 0; i < files; i++) {
    const pkg = Math.floor(i / perPackage);
    const pkgDir = path.join(dir, `pkg-${String(pkg).padStart(4, '0')}`);
    if (i % perPackage === 0) {
      mkdirSync(pkgDir, { recursive: true });
      writeFileSync(path.join(pkgDir, 'package.json'), PACKAGE_JSON(`tree-${pkg}`));
    }
    const sub = path.join(pkgDir, 'src', `part-${String(Math.floor((i % perPackage) / perDir)).padStart(3, '0')}`);
    if (i % perDir === 0) mkdirSync(sub, { recursive: true });
    const isCalling = i % callingEvery === callingEvery - 1;
    if (isCalling) calling++;
    const file = path.join(sub, `module-${i}.js`);
    writeFileSync(file, isCalling ? CALLING(i) : PLAIN[i % PLAIN.length](i));
    written.push(file);
  }
  return { files: written, calling };
}

// A token of the service's format, different per file (so no report can fold them into one).
const tokenOf = (i) => `glpat-${(i * 2654435761 % 2 ** 32).toString(36).padStart(8, 'x')}Ab3dE${String(i).padStart(6, '0')}kQ`;

/**
 * `files` files of v3 calls under `dir` (one package), each with a token written into its code when
 * `withTokens` (one more finding a file: token-literal), or read from the environment otherwise: the same
 * calls either way.
 */
export function writeTokenTree(dir, { files, withTokens }) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), PACKAGE_JSON('scale-tokens'));
  for (let i = 0; i < files; i++) {
    const sub = path.join(dir, `part-${String(Math.floor(i / 100)).padStart(3, '0')}`);
    if (i % 100 === 0) mkdirSync(sub, { recursive: true });
    const token = withTokens ? `'${tokenOf(i)}'` : `process.env.GITLAB_TOKEN_${i}`;
    writeFileSync(
      path.join(sub, `client-${i}.js`),
      `const API = 'https://gitlab.example.com/api/v3';\nconst token = ${token};\n\n` +
        `export function builds(id) {\n  return fetch(API + '/projects/' + id + '/builds', { headers: { 'PRIVATE-TOKEN': token } });\n}\n\n` +
        `export function owned() {\n  return fetch(API + '/projects/owned', { headers: { 'PRIVATE-TOKEN': token } });\n}\n\n` +
        `export function unstar(id) {\n  return fetch(API + '/projects/' + id + '/star', { method: 'DELETE', headers: { 'PRIVATE-TOKEN': token } });\n}\n`,
    );
  }
}

/** A document of about `bytes` bytes: plain lines with a v3 call every hundred lines (the LSP test's shape). */
export function bigDocument(bytes) {
  const line = "total += compute(items.map((item) => item.total * 2), { mode: 'fast' });\n";
  const call = "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n";
  const block = line.repeat(100) + call;
  return { text: block.repeat(Math.ceil(bytes / block.length)), firstCallLine: 100 };
}
