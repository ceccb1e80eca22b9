// The language server trusts no message: a client may be buggy, or anything that can write to its
// standard input. Each notification the server acts on is checked against its shape in the protocol
// before any handler sees it; one that does not match is dropped with a warning to the client, and a
// request that does not match is answered with an InvalidParams error. Nothing a message holds can end
// the process.
import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver/node';

type Check = (params: unknown) => boolean;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isString = (x: unknown): x is string => typeof x === 'string';
const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;
const isVersion = (x: unknown): x is number => Number.isSafeInteger(x);

const isPosition = (x: unknown) => isObject(x) && isCount(x.line) && isCount(x.character);
export const isRange = (x: unknown) => isObject(x) && isPosition(x.start) && isPosition(x.end);
const isDocument = (x: unknown) => isObject(x) && isString(x.uri);

/** `textDocument/didOpen`: the whole document. */
const didOpen: Check = (p) => isObject(p) && isObject(p.textDocument) && isString(p.textDocument.uri) && isString(p.textDocument.languageId) && isVersion(p.textDocument.version) && isString(p.textDocument.text);

/** `textDocument/didChange`: a version, and changes that each replace the whole text or a range of it. */
const didChange: Check = (p) =>
  isObject(p) &&
  isDocument(p.textDocument) &&
  isVersion((p.textDocument as Record<string, unknown>).version) &&
  Array.isArray(p.contentChanges) &&
  p.contentChanges.every((c) => isObject(c) && isString(c.text) && (c.range === undefined || isRange(c.range)) && (c.rangeLength === undefined || isCount(c.rangeLength)));

/** didClose, didSave, willSave: a document by its URI. */
const aboutDocument: Check = (p) => isObject(p) && isDocument(p.textDocument);

/** `workspace/didChangeWatchedFiles`. */
export const didChangeWatchedFiles: Check = (p) => isObject(p) && Array.isArray(p.changes) && p.changes.every((c) => isObject(c) && isString(c.uri));

/** `textDocument/codeAction`. */
export const codeAction: Check = (p) =>
  isObject(p) &&
  isDocument(p.textDocument) &&
  isRange(p.range) &&
  isObject(p.context) &&
  Array.isArray(p.context.diagnostics) &&
  (p.context.only === undefined || (Array.isArray(p.context.only) && p.context.only.every(isString)));

// The registrations `TextDocuments` makes: the method each stands for, and the shape of what it receives.
const DOCUMENT_SYNC: Record<string, [method: string, check: Check]> = {
  onDidOpenTextDocument: ['textDocument/didOpen', didOpen],
  onDidChangeTextDocument: ['textDocument/didChange', didChange],
  onDidCloseTextDocument: ['textDocument/didClose', aboutDocument],
  onDidSaveTextDocument: ['textDocument/didSave', aboutDocument],
  onWillSaveTextDocument: ['textDocument/willSave', aboutDocument],
  onWillSaveTextDocumentWaitUntil: ['textDocument/willSaveWaitUntil', aboutDocument],
};

/**
 * The connection as `TextDocuments` should see it: its document notifications checked first, those that
 * do not match dropped with a warning (a document opened with no text, a URI that is not a string).
 */
export function checkedSync(connection: Connection): Connection {
  return new Proxy(connection, {
    get(target, property, receiver) {
      const sync = typeof property === 'string' ? DOCUMENT_SYNC[property] : undefined;
      const value = Reflect.get(target, property, receiver) as unknown;
      if (!sync || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      const [method, check] = sync;
      return (handler: (params: unknown, ...rest: unknown[]) => unknown) =>
        (value as (h: typeof handler) => unknown).call(target, (params: unknown, ...rest: unknown[]) => {
          if (check(params)) return handler(params, ...rest);
          dropped(connection, method);
          return method === 'textDocument/willSaveWaitUntil' ? [] : undefined;
        });
    },
  });
}

/** A request's parameters, checked: those that do not match are an InvalidParams error for the client. */
export function checked<T>(check: Check, method: string, params: unknown): T {
  if (!check(params)) throw new ResponseError(ErrorCodes.InvalidParams, `${method}: the parameters do not have the shape the protocol gives them`);
  return params as T;
}

/** Tell the client a notification was ignored (without echoing it: it may hold a document's text). */
export function dropped(connection: Connection, method: string): void {
  connection.console.warn(`v4-migrate: ignored a ${method} notification whose parameters do not have the shape the protocol gives them`);
}
