// Where each report of a run goes: `--format` and `-o` pair up in order, so one lint can write several
// reports (`--format sarif -o out.sarif --format json -o out.json`).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { EXTENSIONS } from '../files/discover.js';
import { formatters, type FormatName } from '../report/index.js';
import type { LintResult } from '../results.js';
import type { Redaction } from '../report/redact.js';

/** Where reports go: stdout (which redacts what it prints), or a file, written redacted. */
export interface ReportSink {
  cwd: string;
  stdout: (text: string) => void;
  redaction: Redaction;
}

/** One report: a format (undefined: the configuration's, else stylish) and a file (undefined: stdout). */
export interface ReportTarget {
  format: FormatName | undefined;
  file: string | undefined;
}

/**
 * Pair formats with output files by position: the i-th `--format` is written to the i-th `-o`. One
 * `--format` more than there are `-o`s goes to stdout; a lone `-o` takes the default format. Anything
 * else leaves a report without a destination or a destination without a report: a usage error.
 */
export function planReports(formats: readonly FormatName[], files: readonly string[], cwd: string): ReportTarget[] {
  for (const file of files) refuseSourceName(file);
  if (formats.length === 0) {
    if (files.length > 1) throw new UsageError(`-o ${files[1]} has no --format of its own; give one --format for each -o`);
    return [{ format: undefined, file: files[0] === undefined ? undefined : path.resolve(cwd, files[0]) }];
  }
  if (files.length > formats.length) {
    throw new UsageError(`-o ${files[formats.length]} has no --format of its own; give one --format for each -o`);
  }
  if (files.length < formats.length - 1) {
    throw new UsageError(`${formats.length - files.length} reports (--format ${formats.slice(files.length).join(', --format ')}) would all go to stdout; give each but one its -o file`);
  }
  const targets = formats.map((format, i) => ({ format, file: files[i] === undefined ? undefined : path.resolve(cwd, files[i]!) }));
  const seen = new Set<string>();
  for (const t of targets) {
    if (t.file && seen.has(t.file)) throw new UsageError(`-o ${path.relative(cwd, t.file)} is given twice; each report needs its own file`);
    if (t.file) seen.add(t.file);
  }
  return targets;
}

// Files the tool (or the project's tools) read, which a report must never replace: `-o package.json`
// would overwrite the manifest with a report.
const READ_FILES = /^(?:package(?:-lock)?\.json|npm-shrinkwrap\.json|bower\.json|deno\.jsonc?|[tj]sconfig(?:\..+)?\.json|v4-migrate\.config\.json|v4-migrate-baseline\.json|\.v4-migrate-cache)$/i;

/**
 * A report named like source code would be linted by the next run over its folder (a JSON report is a
 * valid JavaScript expression full of v3 URLs), and one named like a file the tools read would replace
 * it, so such names are refused before anything runs.
 */
function refuseSourceName(file: string): void {
  const ext = path.extname(file).slice(1).toLowerCase();
  if (EXTENSIONS.includes(ext)) {
    throw new UsageError(`-o ${file}: a report named .${ext} would be linted as source by later runs; give it its format's extension (.json, .sarif, .xml, .html, .txt)`);
  }
  if (READ_FILES.test(path.basename(file))) {
    throw new UsageError(`-o ${file}: the report would replace a file the project's tools read; give the report a name of its own (v4-migrate-report.json)`);
  }
}

/** Format the results once per target and write each report (creating its folder), or print it. */
export async function writeReports(
  targets: readonly ReportTarget[],
  results: readonly LintResult[],
  options: { cwd: string; color: boolean; explicitColor: boolean | undefined; defaultFormat: FormatName },
  sink: ReportSink,
): Promise<void> {
  for (const target of targets) {
    const format = target.format ?? options.defaultFormat;
    // Colors only on a terminal, or in a file when --color asks for them.
    const color = target.file ? options.explicitColor === true : options.color;
    await emitReport(target.file, formatters[format](results, { cwd: options.cwd, color }), sink);
  }
}

/** Write one report to its file (creating its folder), or print it when it has none. */
export async function emitReport(file: string | undefined, report: string, sink: ReportSink): Promise<void> {
  const { cwd } = sink;
  if (!file) {
    sink.stdout(report);
    return;
  }
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, sink.redaction.apply(report));
  } catch (error) {
    throw new UsageError(`cannot write the report to ${path.relative(cwd, file) || file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check that its path can hold a file and is writable`);
  }
}
