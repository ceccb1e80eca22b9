// The language server (`v4-migrate lsp --stdio`): diagnostics as you type, quick fixes (safe and unsafe),
// "fix all" for fix-on-save (safe fixes only), and "disable for this line". A thin shell over lintText.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  CodeAction,
  CodeActionKind,
  createConnection,
  DiagnosticSeverity,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic,
  type Range,
  type TextEdit,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { lintText, rules as catalogue } from '../index.js';
import { fixAllText } from './fix-all.js';
import { ruleDocsUrl } from '../docs/render.js';
import { forgetPackageFacts } from '../files/package-facts.js';
import { isManifest } from '../files/manifest.js';
import { EXTENSIONS } from '../files/discover.js';
import { directiveFor } from '../directives.js';
import { forgetConfigs } from '../config.js';
import type { LintMessage, LintResult } from '../results.js';
import { Redaction } from '../report/redact.js';
import { checked, checkedSync, codeAction, didChangeWatchedFiles, dropped } from './messages.js';

/** The source action editors run on save: `"editor.codeActionsOnSave": { "source.fixAll.v4-migrate": … }`. */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.v4-migrate`;
const DEBOUNCE_MS = 150;
// Documents larger than this are linted in a worker thread: cancellable, and the server stays responsive.
const WORKER_THRESHOLD = 256 * 1024;
const SOURCE = 'v4-migrate';

/** Start serving on a connection (stdio by default, as editors start it). */
export function startServer(connection: Connection = createConnection(ProposedFeatures.all)): Connection {
  const documents = new TextDocuments(TextDocument);
  const latest = new Map<string, { version: number; result: LintResult }>();
  const timers = new Map<string, NodeJS.Timeout>();

  const running = new Map<string, Worker>();

  const optionsFor = (doc: TextDocument) => {
    const path = filePathOf(doc.uri);
    return { filename: path ?? 'untitled.ts', inPackage: path !== undefined };
  };

  const lint = (doc: TextDocument): LintResult => {
    const cached = latest.get(doc.uri);
    if (cached && cached.version === doc.version) return cached.result;
    const result = lintText(doc.getText(), optionsFor(doc));
    latest.set(doc.uri, { version: doc.version, result });
    return result;
  };

  /**
   * Check a large document in a worker (given its check: the text fix-all leaves); a newer request for the
   * same purpose (diagnostics, fix-all) and document cancels the older one.
   */
  function inWorker(doc: TextDocument, purpose: 'diagnostics' | 'fix-all'): Promise<LintResult | undefined>;
  function inWorker(doc: TextDocument, purpose: 'fix-all', checked: LintResult): Promise<string | undefined>;
  function inWorker(doc: TextDocument, purpose: string, checked?: LintResult): Promise<LintResult | string | undefined> {
    const key = `${purpose}:${doc.uri}`;
    running.get(key)?.terminate();
    const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: { text: doc.getText(), options: optionsFor(doc), checked } });
    running.set(key, worker);
    return new Promise((resolve) => {
      worker.once('message', (value: LintResult | string | undefined) => resolve(value));
      worker.once('error', () => resolve(undefined));
      worker.once('exit', () => {
        if (running.get(key) === worker) running.delete(key);
        resolve(undefined);
      });
    });
  }

  /** The text fix-all leaves, from a check of the document: in a worker for a large document. */
  const fixedText = (doc: TextDocument, checked: LintResult): Promise<string | undefined> | string | undefined =>
    doc.getText().length > WORKER_THRESHOLD ? inWorker(doc, 'fix-all', checked) : fixAllText(doc.getText(), checked);

  const validate = async (uri: string) => {
    timers.delete(uri);
    const doc = documents.get(uri);
    if (!doc) return;
    // A JSON file other than package.json (a client may hand every JSON file): nothing of it is checked.
    if (!linted(uri)) return void connection.sendDiagnostics({ uri, version: doc.version, diagnostics: [] });
    let result: LintResult | undefined;
    try {
      result = doc.getText().length > WORKER_THRESHOLD ? await inWorker(doc, 'diagnostics') : lint(doc);
    } catch (error) {
      // lintText turns a failure on a file into its finding; anything else is a bug, never the end of the server.
      connection.console.error(`v4-migrate: could not check ${uri}: ${(error as Error)?.message ?? String(error)}`);
      return;
    }
    // A newer version may have arrived while this one was linted: its own run will publish.
    if (!result || documents.get(uri)?.version !== doc.version) return;
    latest.set(uri, { version: doc.version, result });
    void connection.sendDiagnostics({ uri, version: doc.version, diagnostics: diagnosticsOf(result) });
  };

  const schedule = (uri: string, delay: number) => {
    clearTimeout(timers.get(uri));
    timers.set(uri, setTimeout(() => void validate(uri), delay));
  };

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
    },
    serverInfo: { name: 'v4-migrate' },
  }));

  documents.onDidOpen((e) => schedule(e.document.uri, 0));
  documents.onDidChangeContent((e) => schedule(e.document.uri, DEBOUNCE_MS));
  documents.onDidClose((e) => {
    for (const purpose of ['diagnostics', 'fix-all']) running.get(`${purpose}:${e.document.uri}`)?.terminate();
    clearTimeout(timers.get(e.document.uri));
    timers.delete(e.document.uri);
    latest.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  // Evidence is per package and configuration per directory: a change to either is re-read.
  connection.onDidChangeWatchedFiles((e: unknown) => {
    if (!didChangeWatchedFiles(e)) return dropped(connection, 'workspace/didChangeWatchedFiles');
    forgetConfigs();
    for (const change of (e as { changes: { uri: string }[] }).changes) {
      const path = filePathOf(change.uri);
      if (path) forgetPackageFacts(path);
    }
    latest.clear();
    for (const doc of documents.all()) schedule(doc.uri, 0);
  });

  connection.onCodeAction(async (raw) => {
    const params = checked<typeof raw>(codeAction, 'textDocument/codeAction', raw);
    const doc = documents.get(params.textDocument.uri);
    if (!doc || !linted(doc.uri)) return [];
    // Quick fixes come from the result the diagnostics were published from; a large document is never
    // linted here, on the thread that answers: until its lint (in a worker) is done, it has no quick fix,
    // as it has no diagnostic yet.
    const known = latest.get(doc.uri);
    const large = doc.getText().length > WORKER_THRESHOLD;
    const result = known?.version === doc.version ? known.result : large ? undefined : lint(doc);
    const only = params.context.only;
    const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
    const actions: CodeAction[] = [];
    if (wants(CodeActionKind.QuickFix) && result) {
      const redaction = new Redaction().addResults([result]);
      for (const m of result.messages) {
        if (!overlaps(rangeOf(m), params.range)) continue;
        actions.push(...quickFixes(doc, m, redaction));
      }
    }
    if (wants(FIX_ALL_KIND)) {
      // Fix-all applies the fixes of the check the diagnostics came from; a large document not checked yet
      // is checked in a worker first. A document edited meanwhile: the fix was made for a text that is gone.
      const version = doc.version;
      const check = result ?? (await inWorker(doc, 'fix-all'));
      const fixed = check && (await fixedText(doc, check));
      const fixAll = fixed !== undefined && documents.get(doc.uri)?.version === version ? fixAllAction(doc, fixed) : undefined;
      if (fixAll) actions.push(fixAll);
    }
    return actions;
  });

  // Document notifications reach the documents only once checked (messages.ts).
  documents.listen(checkedSync(connection));
  connection.listen();
  return connection;
}

const SOURCE_FILE = new RegExp(`\\.(${EXTENSIONS.join('|')})$`);

/**
 * Whether the server checks a document: a source file (or an untitled document), or a package.json, whose pins
 * of a client with a v3 default base are findings (`dependency-default-base`). Other files hold no call.
 */
function linted(uri: string): boolean {
  const file = filePathOf(uri);
  return file === undefined || SOURCE_FILE.test(file) || isManifest(file);
}

function filePathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

function rangeOf(m: LintMessage): Range {
  return { start: { line: m.line - 1, character: m.column - 1 }, end: { line: m.endLine - 1, character: m.endColumn - 1 } };
}

function overlaps(a: Range, b: Range): boolean {
  const before = (x: Range['start'], y: Range['start']) => x.line < y.line || (x.line === y.line && x.character <= y.character);
  return before(a.start, b.end) && before(b.start, a.end);
}

/**
 * A result's diagnostics, their messages with the document's tokens hidden, as every output of the tool
 * hides them. Code actions carry the real text: their edits are applied to the document they came from.
 */
function diagnosticsOf(result: LintResult): Diagnostic[] {
  const redaction = new Redaction().addResults([result]);
  return result.messages.map((m) => toDiagnostic(m, redaction));
}

function toDiagnostic(m: LintMessage, redaction: Redaction): Diagnostic {
  const severity = m.level === 'error' ? DiagnosticSeverity.Error : m.level === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information;
  const known = catalogue.some((r) => r.id === m.ruleId);
  return {
    range: rangeOf(m),
    severity,
    source: SOURCE,
    code: m.ruleId,
    ...(known ? { codeDescription: { href: ruleDocsUrl(m.ruleId) } } : {}),
    message: redaction.apply(m.changes.length > 0 ? `${m.message} [${m.changes.join(', ')}]` : m.message),
    data: { changes: m.changes, fixClass: m.fixClass },
  };
}

function quickFixes(doc: TextDocument, m: LintMessage, redaction: Redaction): CodeAction[] {
  const diagnostic = toDiagnostic(m, redaction);
  const out: CodeAction[] = [];
  const rule = catalogue.find((r) => r.id === m.ruleId);
  if (m.fix) {
    out.push({ title: rule?.fixTitle ?? 'Apply the v4 rewrite', kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: true, edit: { changes: { [doc.uri]: [replace(doc, m.fix.range, m.fix.text)] } } });
  }
  for (const s of m.suggestions ?? []) {
    out.push({ title: `${s.desc} (unsafe: review the change)`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: { changes: { [doc.uri]: [replace(doc, s.fix.range, s.fix.text)] } } });
  }
  // A comment is no JSON: package.json's findings are silenced in the configuration (`allow`, `rules`).
  if (rule && !isManifest(filePathOf(doc.uri) ?? '')) {
    const lineStart = doc.offsetAt({ line: m.line - 1, character: 0 });
    const lineText = doc.getText({ start: { line: m.line - 1, character: 0 }, end: { line: m.line, character: 0 } });
    const indent = /^[ \t]*/.exec(lineText)![0];
    const eol = lineText.endsWith('\r\n') ? '\r\n' : '\n';
    out.push({
      title: `Disable ${m.ruleId} for this line`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      edit: { changes: { [doc.uri]: [replace(doc, [lineStart, lineStart], directiveFor(m.ruleId, indent, eol))] } },
    });
  }
  return out;
}

/** The fixed text as one minimal edit (the changed span): what fix-on-save applies. */
function fixAllAction(doc: TextDocument, fixed: string): CodeAction | undefined {
  const text = doc.getText();
  if (fixed === text) return undefined;
  let start = 0;
  while (start < text.length && start < fixed.length && text[start] === fixed[start]) start++;
  let end = 0;
  while (end < text.length - start && end < fixed.length - start && text[text.length - 1 - end] === fixed[fixed.length - 1 - end]) end++;
  return { title: 'Fix all v4-migrate issues (safe fixes)', kind: FIX_ALL_KIND, edit: { changes: { [doc.uri]: [replace(doc, [start, text.length - end], fixed.slice(start, fixed.length - end))] } } };
}

function replace(doc: TextDocument, [start, end]: readonly [number, number], newText: string): TextEdit {
  return { range: { start: doc.positionAt(start), end: doc.positionAt(end) }, newText };
}
