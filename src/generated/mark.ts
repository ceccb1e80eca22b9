// Findings in generated code: each names the source position to change instead, and keeps its fix
// only when the user asked for generated files to be rewritten (`--fix-generated`).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GREATEST_LOWER_BOUND, LEAST_UPPER_BOUND, originalPositionFor, type TraceMap } from '@jridgewell/trace-mapping';
import { summarise } from '../lint.js';
import type { GeneratedOrigin, LintMessage, LintResult } from '../results.js';
import type { GeneratedFile } from './detect.js';

export interface MarkOptions {
  /** Paths in messages are shown relative to this. */
  cwd: string;
  /** Drop the fixes and suggestions (the default: generated code is not rewritten). */
  withholdFixes: boolean;
}

/** Mark every message of a generated file with its origin, and say in the message what to change. */
export function markGenerated(result: LintResult, file: GeneratedFile, options: MarkOptions): LintResult {
  const messages = result.messages.map((m): LintMessage => {
    const generated = originOf(file, m.line, m.column);
    const marked: LintMessage = { ...m, message: `${m.message} ${note(generated, file, options.cwd)}`, generated };
    if (options.withholdFixes) {
      // As for any finding that carries no fix, its class says so; the message names the file to fix.
      marked.fixClass = 'report';
      delete marked.fix;
      delete marked.suggestions;
      delete marked.edits;
    }
    return marked;
  });
  const { filePath, source, output, fixedCount } = result;
  return { ...summarise(filePath, messages), ...(source !== undefined ? { source } : {}), ...(output !== undefined ? { output } : {}), ...(fixedCount !== undefined ? { fixedCount } : {}) };
}

/** The source position of a 1-based position in a generated file, as far as its map and siblings tell. */
export function originOf(file: GeneratedFile, line: number, column: number): GeneratedOrigin {
  if (file.map) {
    const needle = { line, column: column - 1 };
    let found = originalPositionFor(file.map, { ...needle, bias: GREATEST_LOWER_BOUND });
    if (found.source === null) found = originalPositionFor(file.map, { ...needle, bias: LEAST_UPPER_BOUND });
    if (found.source !== null) return { by: file.by, source: sourcePath(file.map, found.source, file.mapFile), line: found.line, column: found.column + 1 };
    // No mapping near the position: a map with one source still names the file.
    if (file.map.resolvedSources.length === 1) return { by: file.by, source: sourcePath(file.map, file.map.resolvedSources[0]!, file.mapFile) };
  }
  return file.sibling ? { by: file.by, source: file.sibling } : { by: file.by };
}

/** A map's source as a file path when it is one on disk. */
function sourcePath(map: TraceMap, resolved: string, mapFile: string | undefined): string {
  let file = resolved;
  if (file.startsWith('file://')) {
    try {
      file = fileURLToPath(file);
    } catch {
      return resolved;
    }
  }
  if (path.isAbsolute(file) && existsSync(file)) return path.normalize(file);
  // CoffeeScript writes `"sourceRoot": "/"` when it compiles a file in its own directory: try the
  // source as written, next to the map.
  const raw = map.sources[map.resolvedSources.indexOf(resolved)];
  if (raw && mapFile && !/^[a-z][a-z0-9+.-]*:/i.test(raw)) {
    const beside = path.resolve(path.dirname(mapFile), raw);
    if (existsSync(beside)) return beside;
  }
  return resolved;
}

function note(origin: GeneratedOrigin, file: GeneratedFile, cwd: string): string {
  if (origin.source === undefined) return `(generated code: ${file.why}; change its source instead)`;
  const shown = path.isAbsolute(origin.source) ? path.relative(cwd, origin.source) || origin.source : origin.source;
  return `(generated code: change ${shown}${origin.line !== undefined ? `:${origin.line}:${origin.column}` : ''} instead)`;
}
