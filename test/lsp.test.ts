// The language server driven by a real JSON-RPC client over stdio: initialize → didOpen → diagnostics →
// codeAction → apply the edit → compare with the fixture → shutdown/exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, PublishDiagnosticsParams, TextEdit } from 'vscode-languageserver-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCases } from './support/fixtures.js';
import { longOr } from './support/long.js';
import { applySafeFixes, lintText } from '../src/index.js';
import { rules } from '../rules/index.js';

const bin = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));

class Client {
  readonly process: ChildProcess;
  readonly connection: MessageConnection;
  private readonly published = new Map<string, PublishDiagnosticsParams>();
  private readonly waiters: { uri: string; ok: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];

  constructor() {
    this.process = spawn(process.execPath, [bin, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.connection = createMessageConnection(new StreamMessageReader(this.process.stdout!), new StreamMessageWriter(this.process.stdin!));
    this.connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      this.published.set(p.uri, p);
      for (const w of [...this.waiters]) {
        if (w.uri === p.uri && w.ok(p)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(p);
        }
      }
    });
    this.connection.listen();
  }

  /** The next diagnostics for `uri` that satisfy `ok` (already published ones count). */
  diagnostics(uri: string, ok: (p: PublishDiagnosticsParams) => boolean = () => true, timeout = 20_000): Promise<PublishDiagnosticsParams> {
    const current = this.published.get(uri);
    if (current && ok(current)) return Promise.resolve(current);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri}`)), timeout);
      this.waiters.push({ uri, ok, resolve: (p) => (clearTimeout(timer), resolve(p)) });
    });
  }

  open(uri: string, text: string, languageId = 'javascript'): void {
    this.published.delete(uri);
    void this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  }

  change(uri: string, version: number, text: string): void {
    void this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
  }

  close(uri: string): void {
    void this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  codeActions(uri: string, range: Diagnostic['range'], only?: string[], diagnostics: Diagnostic[] = []): Promise<CodeAction[]> {
    return this.connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics, ...(only ? { only } : {}) } });
  }
}

function apply(text: string, uri: string, action: CodeAction | undefined): string {
  const edits: TextEdit[] = action?.edit?.changes?.[uri] ?? [];
  return TextDocument.applyEdits(TextDocument.create(uri, 'javascript', 1, text), edits);
}

const WHOLE = { start: { line: 0, character: 0 }, end: { line: 1_000_000, character: 0 } };
let client: Client;

beforeAll(async () => {
  client = new Client();
  const init = await client.connection.sendRequest<{ capabilities: { codeActionProvider: { codeActionKinds: string[] } } }>('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  expect(init.capabilities.codeActionProvider.codeActionKinds).toContain('source.fixAll.v4-migrate');
  void client.connection.sendNotification('initialized', {});
});

afterAll(async () => {
  if (client.process.exitCode === null) {
    await client.connection.sendRequest('shutdown');
    void client.connection.sendNotification('exit');
  }
});

describe('language server over stdio', () => {
  const cases = fixtureCases();

  it.each(cases.map((c) => [c.name, c] as const))('%s: diagnostics, then fix-all gives the expected output', async (_name, c) => {
    const uri = pathToFileURL(c.input).href;
    const text = readFileSync(c.input, 'utf8');
    client.open(uri, text, c.input.endsWith('.ts') ? 'typescript' : 'javascript');
    const { diagnostics, version } = await client.diagnostics(uri);
    expect(version).toBe(1);
    const want = (JSON.parse(readFileSync(`${c.dir}/findings.json`, 'utf8')) as { line: number; column: number; ruleId: string }[]).map((f) => `${f.line}:${f.column}:${f.ruleId}`);
    expect(diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}:${d.code}`)).toEqual(want);
    for (const d of diagnostics) if (d.code !== 'parse-error') expect(d.codeDescription?.href).toMatch(/RULES\.md#/);

    const [fixAll] = await client.codeActions(uri, WHOLE, ['source.fixAll.v4-migrate']);
    const expected = existsSync(c.expected) ? readFileSync(c.expected, 'utf8') : text;
    const fixed = apply(text, uri, fixAll);
    expect(fixed).toBe(expected);
    // Fix-on-save leaves the findings its fixes did not resolve, where they are now: the server then reports those.
    const left = applySafeFixes(lintText(text, { filename: c.input, inPackage: true }), new Set(rules.flatMap((r) => r.changes)));
    if (fixed !== text) {
      client.change(uri, 2, fixed);
      const after = await client.diagnostics(uri, (p) => p.version === 2);
      expect(after.diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}:${d.code}`)).toEqual(left!.messages.map((m) => `${m.line}:${m.column}:${m.ruleId}`));
    } else expect(left).toBeUndefined();
    client.close(uri);
  });

  it('offers a safe quick fix, an unsafe one marked as such, and disable-for-this-line', async () => {
    const file = fixtureCases().find((c) => c.name === 'clients/ts-sdk')!;
    const uri = pathToFileURL(file.input).href;
    // As a person leaves it once the one finding with no fix is resolved (`mrId` is the iid): then the
    // SDK, which shares one base URL, can move to v4.
    const text = readFileSync(file.input, 'utf8').replaceAll('mrId', 'mrIid');
    client.open(uri, text, 'typescript');
    const { diagnostics } = await client.diagnostics(uri);

    const builds = diagnostics.find((d) => d.code === 'builds-endpoint')!;
    const actions = await client.codeActions(uri, builds.range, ['quickfix'], [builds]);
    const preferred = actions.find((a) => a.isPreferred)!;
    expect(preferred.title).toBe('Rename `builds` to `jobs` in the path');
    const fixedLine = apply(text, uri, preferred).split('\n')[builds.range.start.line]!;
    expect(fixedLine).toContain('/jobs`');

    const visibility = diagnostics.find((d) => d.code === 'visibility-param')!;
    const unsafe = (await client.codeActions(uri, visibility.range, ['quickfix'], [visibility])).find((a) => a.title.includes('unsafe'))!;
    expect(apply(text, uri, unsafe)).toContain("visibility: isPublic ? 'public' : 'private'");

    const disable = actions.find((a) => a.title === 'Disable builds-endpoint for this line')!;
    const silenced = apply(text, uri, disable);
    expect(silenced.split('\n')[builds.range.start.line]).toBe('    // v4-migrate-disable-next-line builds-endpoint');
    client.change(uri, 2, silenced);
    const after = await client.diagnostics(uri, (p) => p.version === 2);
    expect(after.diagnostics.filter((d) => d.code === 'builds-endpoint')).toHaveLength(diagnostics.filter((d) => d.code === 'builds-endpoint').length - 1);
    client.close(uri);
  });

  it('never applies an unsafe fix in fix-all', async () => {
    const uri = 'file:///tmp/v4m-unsafe.js';
    const text = "api.put('https://gitlab.example.com/api/v3/projects/' + id, { public: isPublic });\n";
    client.open(uri, text);
    await client.diagnostics(uri);
    const [fixAll] = await client.codeActions(uri, WHOLE, ['source.fixAll.v4-migrate']);
    expect(apply(text, uri, fixAll)).toBe("api.put('https://gitlab.example.com/api/v4/projects/' + id, { public: isPublic });\n");
    client.close(uri);
  });

  it('keeps serving through a burst of 200 changes and reports on the last one', async () => {
    const uri = 'file:///tmp/v4m-burst.js';
    client.open(uri, '');
    for (let v = 2; v <= 201; v++) client.change(uri, v, `fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n`.repeat((v % 2) + 1));
    const last = await client.diagnostics(uri, (p) => p.version === 201);
    expect(last.diagnostics.map((d) => d.code)).toEqual(['api-prefix', 'builds-endpoint', 'api-prefix', 'builds-endpoint']);
    client.close(uri);
  });

  it('answers a malformed or unknown request with an error and keeps serving', async () => {
    await expect(client.connection.sendRequest('v4-migrate/no-such-method', {})).rejects.toMatchObject({ code: -32601 });
    await expect(client.connection.sendRequest('textDocument/codeAction', { nonsense: true })).rejects.toBeDefined();
    const uri = 'file:///tmp/v4m-alive.js';
    client.open(uri, "fetch('https://gitlab.example.com/api/v3/projects/owned');\n");
    const { diagnostics } = await client.diagnostics(uri);
    expect(diagnostics.map((d) => d.code)).toEqual(['api-prefix', 'projects-owned-path']);
    client.close(uri);
  });

  // One large document (linting it takes seconds, in a worker: it is 4 times the size that moves a lint there)
  // serves both: it is reported, and others are not kept waiting. V4_MIGRATE_LONG_TESTS=1 makes it 5 MB.
  const BIG_MB = longOr(5, 1);
  it(`reports a ${BIG_MB} MB file, and keeps answering other documents while it is linted`, async () => {
    const big = 'file:///tmp/v4m-big-first.js';
    const small = 'file:///tmp/v4m-small-second.js';
    const line = "total += compute(items.map((item) => item.total * 2), { mode: 'fast' });\n";
    client.open(big, 'let total = 0;\n' + line.repeat(Math.ceil((BIG_MB * 1024 * 1024) / line.length)) + "fetch('https://gitlab.example.com/api/v3/projects/owned');\n");
    client.open(small, "fetch('https://gitlab.example.com/api/v3/groups/owned');\n");
    const order: string[] = [];
    const [bigReport] = await Promise.all([
      client.diagnostics(big, () => true, 60_000).then((report) => (order.push('big'), report)),
      client.diagnostics(small).then(() => order.push('small')),
    ]);
    expect(order).toEqual(['small', 'big']);
    expect(bigReport.diagnostics.map((d) => d.code)).toEqual(['api-prefix', 'projects-owned-path']);
    client.close(big);
    client.close(small);
  }, 90_000);

  it('answers code actions on a 1 MB document within 200 ms while it is linted (in a worker), and after it, while fix-all applies the fixes its diagnostics carry in a worker', async () => {
    const uri = 'file:///tmp/v4m-one-megabyte.js';
    const line = "total += compute(items.map((item) => item.total * 2), { mode: 'fast' });\n";
    const call = "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n";
    let text = '';
    while (text.length < 1024 * 1024) text += line.repeat(100) + call;
    const atCall = { start: { line: 100, character: 0 }, end: { line: 100, character: 10 } };
    const timed = async <T>(request: () => Promise<T>) => {
      const started = performance.now();
      const value = await request();
      return { ms: performance.now() - started, value };
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

    client.open(uri, text);
    // While its lint runs (seconds), each request is answered at once: no quick fix yet, as no diagnostic yet.
    const during: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await timed(() => client.codeActions(uri, atCall, ['quickfix']));
      expect(r.value).toEqual([]);
      during.push(r.ms);
    }
    // Seconds each, when the request linted the document itself (the first one) and blocked the others.
    expect(Math.max(...during)).toBeLessThan(1_000);
    expect(median(during)).toBeLessThan(200);
    const { diagnostics } = await client.diagnostics(uri, () => true, 60_000);
    expect(diagnostics.filter((d) => d.code === 'builds-endpoint')).toHaveLength(text.split(call).length - 1);

    // Fix-all applies the published result's fixes (no new lint) in a worker: quick fixes are answered meanwhile.
    const fixAll = client.codeActions(uri, WHOLE, ['source.fixAll.v4-migrate']);
    const after: number[] = [];
    for (let i = 0; i < 7; i++) {
      const builds = diagnostics.find((d) => d.code === 'builds-endpoint')!;
      const r = await timed(() => client.codeActions(uri, builds.range, ['quickfix'], [builds]));
      expect(r.value.some((a) => a.isPreferred)).toBe(true);
      after.push(r.ms);
    }
    expect(Math.max(...after)).toBeLessThan(1_000);
    expect(median(after)).toBeLessThan(200);
    const fixed = apply(text, uri, (await fixAll)[0]);
    expect(fixed).not.toContain('/api/v3/');
    expect(fixed.split("/api/v4/projects/' + id + '/jobs'").length - 1).toBe(text.split(call).length - 1);
    client.close(uri);
  }, 120_000);

  it('re-reads the configuration when watched files change', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'v4m-lsp-config-'));
    const file = path.join(dir, 'client.js');
    writeFileSync(file, "fetch('https://gitlab.example.com/api/v3/projects/owned');\n");
    const uri = pathToFileURL(file).href;
    client.open(uri, readFileSync(file, 'utf8'));
    expect((await client.diagnostics(uri)).diagnostics.map((d) => d.code)).toEqual(['api-prefix', 'projects-owned-path']);
    const config = path.join(dir, 'v4-migrate.config.json');
    writeFileSync(config, '{ "rules": { "api-prefix": "off" } }');
    void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(config).href, type: 1 }] });
    const after = await client.diagnostics(uri, (p) => p.diagnostics.length === 1);
    expect(after.diagnostics.map((d) => d.code)).toEqual(['projects-owned-path']);
    client.close(uri);
    rmSync(dir, { recursive: true, force: true });
  });

  it("publishes package.json's pin of a v3 default while package.json is open: from its text, the lock file and the package's calls on disk", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'v4m-lsp-manifest-'));
    const manifest = '{\n  "name": "reminder",\n  "dependencies": {\n    "gl-got": "^7.1.0",\n    "ms": "2.1.3"\n  }\n}\n';
    writeFileSync(path.join(dir, 'package.json'), manifest);
    writeFileSync(path.join(dir, 'bot.js'), "const glGot = require('gl-got');\nexports.jobs = (id) => glGot(`projects/${id}/builds`, { token: process.env.T });\n");
    const uri = pathToFileURL(path.join(dir, 'package.json')).href;
    client.open(uri, manifest, 'json');
    const { diagnostics } = await client.diagnostics(uri);
    expect(diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}:${d.code}`)).toEqual(['4:15:dependency-default-base']);
    expect(diagnostics[0]!.message).toBe('`gl-got` ^7.1.0 sends its requests to `/api/v3` by default; upgrade gl-got to 8 or set its `endpoint` to `/api/v4/` [V-PREFIX]');
    expect(diagnostics[0]!.codeDescription?.href).toMatch(/RULES\.md#dependency-default-base$/);
    // No edit is offered into package.json: no fix exists, and a disable comment is no JSON.
    expect(await client.codeActions(uri, WHOLE, undefined, diagnostics)).toEqual([]);
    // The text as typed decides the range: the upgrade clears it at once.
    client.change(uri, 2, manifest.replace('^7.1.0', '^8.0.0'));
    expect((await client.diagnostics(uri, (p) => p.version === 2)).diagnostics).toEqual([]);
    // What is installed decides over the range: a lock file still at 7 brings it back, naming that version.
    const lock = path.join(dir, 'package-lock.json');
    writeFileSync(lock, JSON.stringify({ lockfileVersion: 3, packages: { '': {}, 'node_modules/gl-got': { version: '7.2.0' } } }));
    void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(lock).href, type: 1 }] });
    const locked = await client.diagnostics(uri, (p) => p.diagnostics.length === 1);
    expect(locked.diagnostics[0]!.message).toContain('`gl-got` ^8.0.0 (installed: 7.2.0) sends its requests to `/api/v3` by default');
    // Once no call of the package relies on the default (it sets its endpoint), there is nothing to say.
    writeFileSync(path.join(dir, 'bot.js'), "const glGot = require('gl-got');\nexports.jobs = (id) => glGot(`projects/${id}/jobs`, { token: process.env.T, endpoint: 'https://gitlab.example.com/api/v4/' });\n");
    void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(path.join(dir, 'bot.js')).href, type: 2 }] });
    expect((await client.diagnostics(uri, (p) => p.diagnostics.length === 0)).diagnostics).toEqual([]);
    client.close(uri);
    // Other JSON files are no source: nothing is reported in them, whatever they hold.
    const other = pathToFileURL(path.join(dir, 'tsconfig.json')).href;
    client.open(other, '{ "compilerOptions": { "baseUrl": "https://gitlab.example.com/api/v3/projects/owned" } }\n', 'json');
    expect((await client.diagnostics(other)).diagnostics).toEqual([]);
    expect(await client.codeActions(other, WHOLE)).toEqual([]);
    client.close(other);
    rmSync(dir, { recursive: true, force: true });
  });

  it('lints the script block of a Vue component, where it is in the file', async () => {
    const uri = 'file:///tmp/v4m-component.vue';
    client.open(uri, "<template><p>{{ n }}</p></template>\n<script>\nfetch('https://gitlab.example.com/api/v3/projects/owned');\n</script>\n", 'vue');
    const { diagnostics } = await client.diagnostics(uri);
    expect(diagnostics.map((d) => `${d.range.start.line + 1}:${d.code}`)).toEqual(['3:api-prefix', '3:projects-owned-path']);
    client.close(uri);
  });

  it('reports a file that does not parse, and keeps serving', async () => {
    const broken = 'file:///tmp/v4m-broken.js';
    client.open(broken, 'fetch(;\n');
    expect((await client.diagnostics(broken)).diagnostics.map((d) => d.code)).toEqual(['parse-error']);
    const next = 'file:///tmp/v4m-after-broken.js';
    client.open(next, "fetch('https://gitlab.example.com/api/v3/projects/starred');\n");
    expect((await client.diagnostics(next)).diagnostics.map((d) => d.code)).toEqual(['api-prefix', 'projects-starred-path']);
    client.close(broken);
    client.close(next);
  });

  it("hides the document's tokens in its diagnostics, and keeps them in the edits it offers", async () => {
    const uri = 'file:///tmp/v4m-token.js';
    const token = 'glpat-Ab3Cd5Ef7Gh9Ij1Kl3Mn';
    // The events rule quotes the value it judges: here, a token.
    const text = `fetch('https://gitlab.example.com/api/v3/events?action=${token}');\n`;
    client.open(uri, text);
    const { diagnostics } = await client.diagnostics(uri);
    const quoting = diagnostics.find((d) => d.message.includes('is not an events `action`'))!;
    expect(quoting.message).toContain('*'.repeat(token.length));
    for (const d of diagnostics) expect(d.message).not.toContain(token.slice(0, 12));
    const [fixAll] = await client.codeActions(uri, WHOLE, ['source.fixAll.v4-migrate']);
    expect(apply(text, uri, fixAll)).toBe(text.replace('/api/v3/', '/api/v4/'));
    client.close(uri);
  });

  it('clears diagnostics on close', async () => {
    const uri = 'file:///tmp/v4m-close.js';
    client.open(uri, "fetch('https://gitlab.example.com/api/v3/projects/owned');\n");
    await client.diagnostics(uri, (p) => p.diagnostics.length > 0);
    client.close(uri);
    const cleared = await client.diagnostics(uri, (p) => p.diagnostics.length === 0);
    expect(cleared.diagnostics).toEqual([]);
  });

  it('shuts down and exits cleanly', async () => {
    await client.connection.sendRequest('shutdown');
    const exited = new Promise<number | null>((resolve) => client.process.once('exit', (code) => resolve(code)));
    void client.connection.sendNotification('exit');
    expect(await exited).toBe(0);
  });
});

describe('language server under malformed messages', () => {
  it('drops each document notification whose parameters are not what the protocol says, tells the client, and keeps serving', async () => {
    const own = new Client();
    const warnings: string[] = [];
    own.connection.onNotification('window/logMessage', (p: { message: string }) => warnings.push(p.message));
    await own.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    void own.connection.sendNotification('initialized', {});
    const uri = 'file:///tmp/v4m-malformed.js';
    const doc = (fields: Record<string, unknown>) => ({ textDocument: { uri, languageId: 'javascript', version: 1, text: 'x', ...fields } });
    const bad: [string, unknown][] = [
      // Each of these two ended the process.
      ['textDocument/didOpen', doc({ text: 5 })],
      ['textDocument/didOpen', doc({ uri: 5 })],
      ['textDocument/didOpen', doc({ text: null })],
      ['textDocument/didOpen', doc({ uri: { path: '/tmp/x.js' } })],
      ['textDocument/didOpen', doc({ version: 'one' })],
      ['textDocument/didOpen', { textDocument: null }],
      ['textDocument/didOpen', []],
      ['textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: 7 }] }],
      ['textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: 5, text: 'y' }] }],
      ['textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: 'all of it' }],
      ['textDocument/didClose', { textDocument: { uri: {} } }],
      ['textDocument/didSave', { textDocument: 3 }],
      ['workspace/didChangeWatchedFiles', { changes: 'x' }],
      ['workspace/didChangeWatchedFiles', { changes: [{ uri: 7 }] }],
    ];
    for (const [method, params] of bad) void own.connection.sendNotification(method, params);
    await expect(own.connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: { start: 0, end: 1 }, context: { diagnostics: [] } })).rejects.toMatchObject({ code: -32602 });

    // Still serving: a well-formed document is checked as always.
    own.open(uri, "fetch('https://gitlab.example.com/api/v3/projects/owned');\n");
    const { diagnostics } = await own.diagnostics(uri);
    expect(diagnostics.map((d) => d.code)).toEqual(['api-prefix', 'projects-owned-path']);
    expect(own.process.exitCode).toBeNull();
    expect(warnings.filter((w) => /ignored a \S+ notification whose parameters do not have the shape/.test(w))).toHaveLength(bad.length);
    await own.connection.sendRequest('shutdown');
    void own.connection.sendNotification('exit');
  });
});
