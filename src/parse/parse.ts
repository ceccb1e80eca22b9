// Parse a source file with @babel/parser, choosing plugins by extension and recovering from errors.
import { parse as babelParse, type ParserPlugin } from '@babel/parser';
import type { File } from '@babel/types';

export interface ParseOk {
  ok: true;
  ast: File;
}
export interface ParseFailed {
  ok: false;
  message: string;
  line: number;
  column: number;
  /** The parser ran out of stack: the code nests too deeply, it is not wrong. */
  tooDeep?: boolean;
}

const COMMON: ParserPlugin[] = [
  'decorators-legacy',
  'classProperties',
  'classPrivateProperties',
  'classPrivateMethods',
  'dynamicImport',
  'importMeta',
  'topLevelAwait',
  'exportDefaultFrom',
  'explicitResourceManagement',
];

function pluginsFor(filename: string): ParserPlugin[] {
  const ext = filename.slice(filename.lastIndexOf('.')).toLowerCase();
  if (ext === '.ts' || ext === '.mts' || ext === '.cts') return [...COMMON, 'typescript'];
  if (ext === '.tsx') return [...COMMON, 'typescript', 'jsx'];
  return [...COMMON, 'jsx'];
}

/** Parse `text` as a module (falling back to script); errors become a position and a message. */
export function parseSource(text: string, filename: string): ParseOk | ParseFailed {
  const plugins = pluginsFor(filename);
  let firstError: unknown;
  for (const sourceType of ['module', 'script'] as const) {
    try {
      const ast = babelParse(text, {
        sourceType,
        plugins,
        errorRecovery: true,
        allowReturnOutsideFunction: true,
        allowAwaitOutsideFunction: true,
        allowImportExportEverywhere: sourceType === 'module',
        allowUndeclaredExports: true,
        // Nothing reads comments from the nodes (directives come from `ast.comments`): attaching them to
        // their neighbours is a tenth of the parse.
        attachComment: false,
      });
      // Recovered errors still mean the file is broken: fixing it could make things worse.
      const errors = (ast as File & { errors?: { message: string; loc?: { line: number; column: number } }[] }).errors ?? [];
      if (errors.length === 0) return { ok: true, ast };
      firstError ??= errors[0];
    } catch (error) {
      firstError ??= error;
    }
  }
  if (isStackOverflow(firstError)) return { ok: false, message: 'the code nests too deeply for the parser', line: 1, column: 1, tooDeep: true };
  const err = firstError as { message?: string; loc?: { line: number; column: number } };
  return {
    ok: false,
    message: String(err?.message ?? 'syntax error').replace(/\s*\(\d+:\d+\)$/, '').replace(/\.$/, ''),
    line: err?.loc?.line ?? 1,
    column: (err?.loc?.column ?? 0) + 1,
  };
}

/** A RangeError from running out of stack (deep nesting), as opposed to any other failure. */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}
