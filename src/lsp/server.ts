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
import { applySafeFixes, lintText, rules as catalogue } from '../index.js';
import { ruleDocsUrl } from '../docs/render.js';
import { forgetPackageFacts } from '../files/package-facts.js';
import { directiveFor } from '../directives.js';
import { forgetConfigs } from '../config.js';
import type { LintMessage, LintResult } from '../results.js';

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

  /** Lint a large document in a worker; a newer request for the same document cancels the older one. */
  const lintInWorker = (doc: TextDocument): Promise<LintResult | undefined> => {
    running.get(doc.uri)?.terminate();
    const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: { text: doc.getText(), options: optionsFor(doc) } });
    running.set(doc.uri, worker);
    return new Promise((resolve) => {
      worker.once('message', (result: LintResult) => resolve(result));
      worker.once('error', () => resolve(undefined));
      worker.once('exit', () => {
        if (running.get(doc.uri) === worker) running.delete(doc.uri);
        resolve(undefined);
      });
    });
  };

  const validate = async (uri: string) => {
    timers.delete(uri);
    const doc = documents.get(uri);
    if (!doc) return;
    const result = doc.getText().length > WORKER_THRESHOLD ? await lintInWorker(doc) : lint(doc);
    // A newer version may have arrived while this one was linted: its own run will publish.
    if (!result || documents.get(uri)?.version !== doc.version) return;
    latest.set(uri, { version: doc.version, result });
    void connection.sendDiagnostics({ uri, version: doc.version, diagnostics: result.messages.map(toDiagnostic) });
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
    running.get(e.document.uri)?.terminate();
    clearTimeout(timers.get(e.document.uri));
    timers.delete(e.document.uri);
    latest.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  // Evidence is per package and configuration per directory: a change to either is re-read.
  connection.onDidChangeWatchedFiles((e) => {
    forgetConfigs();
    for (const change of e.changes) {
      const path = filePathOf(change.uri);
      if (path) forgetPackageFacts(path);
    }
    latest.clear();
    for (const doc of documents.all()) schedule(doc.uri, 0);
  });

  connection.onCodeAction((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return [];
    const result = lint(doc);
    const only = params.context.only;
    const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
    const actions: CodeAction[] = [];
    if (wants(CodeActionKind.QuickFix)) {
      for (const m of result.messages) {
        if (!overlaps(rangeOf(m), params.range)) continue;
        actions.push(...quickFixes(doc, m));
      }
    }
    if (wants(FIX_ALL_KIND)) {
      const fixAll = fixAllAction(doc, result);
      if (fixAll) actions.push(fixAll);
    }
    return actions;
  });

  documents.listen(connection);
  connection.listen();
  return connection;
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

function toDiagnostic(m: LintMessage): Diagnostic {
  const severity = m.level === 'error' ? DiagnosticSeverity.Error : m.level === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information;
  const known = catalogue.some((r) => r.id === m.ruleId);
  return {
    range: rangeOf(m),
    severity,
    source: SOURCE,
    code: m.ruleId,
    ...(known ? { codeDescription: { href: ruleDocsUrl(m.ruleId) } } : {}),
    message: m.changes.length > 0 ? `${m.message} [${m.changes.join(', ')}]` : m.message,
    data: { changes: m.changes, fixClass: m.fixClass },
  };
}

function quickFixes(doc: TextDocument, m: LintMessage): CodeAction[] {
  const diagnostic = toDiagnostic(m);
  const out: CodeAction[] = [];
  const rule = catalogue.find((r) => r.id === m.ruleId);
  if (m.fix) {
    out.push({ title: rule?.fixTitle ?? 'Apply the v4 rewrite', kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: true, edit: { changes: { [doc.uri]: [replace(doc, m.fix.range, m.fix.text)] } } });
  }
  for (const s of m.suggestions ?? []) {
    out.push({ title: `${s.desc} (unsafe: review the change)`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: { changes: { [doc.uri]: [replace(doc, s.fix.range, s.fix.text)] } } });
  }
  if (rule) {
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

// Fix-all judges the todo markers of every change of the catalogue.
const JUDGED: ReadonlySet<string> = new Set(catalogue.flatMap((r) => r.changes));

/**
 * Every safe fix of the file as one minimal edit (the changed span): what fix-on-save applies. The fixes
 * are those its findings carry (the check that made the diagnostics), not a new run of the rules.
 */
function fixAllAction(doc: TextDocument, result: LintResult): CodeAction | undefined {
  const text = doc.getText();
  const fixed = applySafeFixes({ ...result, source: text }, JUDGED)?.output;
  if (fixed === undefined || fixed === text) return undefined;
  let start = 0;
  while (start < text.length && start < fixed.length && text[start] === fixed[start]) start++;
  let end = 0;
  while (end < text.length - start && end < fixed.length - start && text[text.length - 1 - end] === fixed[fixed.length - 1 - end]) end++;
  return { title: 'Fix all v4-migrate issues (safe fixes)', kind: FIX_ALL_KIND, edit: { changes: { [doc.uri]: [replace(doc, [start, text.length - end], fixed.slice(start, fixed.length - end))] } } };
}

function replace(doc: TextDocument, [start, end]: readonly [number, number], newText: string): TextEdit {
  return { range: { start: doc.positionAt(start), end: doc.positionAt(end) }, newText };
}
