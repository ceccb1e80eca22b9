// One file through the pipeline: parse → recognise → (package facts) → rules → messages → fixes.
import type { Node } from '@babel/types';
import type { ApiCall } from './callsites/types.js';
import type { TypeInfo } from './typeaware/project.js';
import { collectDirectives, silenced, type Directives } from './directives.js';
import { recognise } from './callsites/recognise.js';
import { parseSource } from './parse/parse.js';
import { fileFacts, type FileFacts, type PackageFacts } from './match/evidence.js';
import { runFileRules, runRules, type CallFix, type RawFinding } from './match/run.js';
import type { SecretSite } from './callsites/secrets.js';
import type { Rule, Severity } from './rule.js';
import type { Edit, Fix, LintMessage, LintResult, RequestSummary } from './results.js';
import { pathTemplate } from './callsites/url.js';

/** A parsed and recognised file, before rules run (rules need the facts of the whole package). */
export interface Analysed {
  filePath: string;
  text: string;
  calls: readonly ApiCall[];
  /** Tokens written into the file. */
  secrets: readonly SecretSite[];
  /** `v4-migrate-disable-next-line` comments. */
  directives?: Directives;
  /** Why fixes must not be written to this file, if they must not. */
  unfixable?: string;
  facts: FileFacts;
  /** A file that could not be read, parsed or linted: one finding, no calls. */
  fileError?: { ruleId: 'parse-error' | 'read-error' | 'file-too-large' | 'binary-file'; message: string; line: number; column: number; warning?: boolean };
}

const NO_EVIDENCE: FileFacts = { v3: false, v4: false, service: false };

/** A file that could not be read: reported, and the run goes on. */
export function unreadable(filePath: string, reason: string): Analysed {
  return { filePath, text: '', calls: [], secrets: [], facts: NO_EVIDENCE, fileError: { ruleId: 'read-error', message: `Cannot read the file (${reason}); check its permissions`, line: 1, column: 1 } };
}

/** A file deliberately not linted (too large, binary): a warning, not an error. */
export function notLinted(filePath: string, ruleId: 'file-too-large' | 'binary-file', message: string): Analysed {
  return { filePath, text: '', calls: [], secrets: [], facts: NO_EVIDENCE, fileError: { ruleId, message, line: 1, column: 1, warning: true } };
}

/** A file the prefilter ruled out: nothing in it can be a v3 call. */
export function skipped(filePath: string, text: string): Analysed {
  return { filePath, text, calls: [], secrets: [], facts: NO_EVIDENCE };
}

/** Parse and recognise one file; `types` (type-aware mode) resolves values from other modules. */
export function analyse(filePath: string, text: string, types?: TypeInfo): Analysed {
  const parsed = parseSource(text, filePath);
  if (!parsed.ok) {
    const message = `Parsing error: ${parsed.message}. Fix the syntax (or exclude the file) so the API calls in it can be checked`;
    return { filePath, text, calls: [], secrets: [], facts: NO_EVIDENCE, fileError: { ruleId: 'parse-error', message, line: parsed.line, column: parsed.column } };
  }
  const typeValue = types && ((node: Node) => types.stringValue(filePath, node.start!, node.end!));
  const { calls, secrets } = recognise(parsed.ast, text, typeValue);
  return { filePath, text, calls, secrets, directives: collectDirectives(parsed.ast), facts: fileFacts(calls, text) };
}

export interface RuleOptions {
  rules: readonly Rule[];
  /** Severity per rule id (from config); the rule's own default otherwise. */
  severity?: (rule: Rule) => Severity;
  /** Configured base URLs or hosts of the service (evidence). */
  apiBase?: readonly string[];
}

/** Run the rules on an analysed file and build its result. */
export function check(file: Analysed, pkg: PackageFacts, options: RuleOptions): { result: LintResult; fixes: CallFix[] } {
  if (file.fileError) {
    const { ruleId, message, line, column, warning } = file.fileError;
    const msg: LintMessage = {
      ruleId,
      severity: warning ? 1 : 2,
      level: warning ? 'warning' : 'error',
      message,
      line,
      column,
      endLine: line,
      endColumn: column,
      changes: [],
      fixClass: 'report',
      fatal: !warning,
    };
    return { result: summarise(file.filePath, [msg]), fixes: [] };
  }
  // No call and no token, nothing to report (most files of a big tree): no line table either.
  if (file.calls.length === 0 && file.secrets.length === 0) return { result: summarise(file.filePath, []), fixes: [] };
  const lines = lineStarts(file.text);
  // ESLint's columns do not count a byte order mark; neither do ours.
  if (file.text.startsWith('\uFEFF')) lines[0] = 1;
  const quiet = (offset: number, ruleId: string) => silenced(file.directives, position(lines, offset)[0], ruleId);
  const { findings, fixes } = runRules(file.calls, options.rules, pkg, file.text, quiet, options.apiBase);
  findings.push(...runFileRules(file.secrets, options.rules).filter((f) => !quiet(f.start, f.rule.id)));
  const messages = findings.map((f) => toMessage(f, file.text, lines, options));
  messages.sort((a, b) => a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId));
  return { result: summarise(file.filePath, messages), fixes };
}

function toMessage(f: RawFinding, text: string, lines: number[], options: RuleOptions): LintMessage {
  const level = options.severity?.(f.rule) ?? f.rule.severity ?? 'error';
  const [line, column] = position(lines, f.start);
  const [endLine, endColumn] = position(lines, f.end);
  const message: LintMessage = {
    ruleId: f.rule.id,
    severity: level === 'error' ? 2 : 1,
    level,
    message: f.message,
    line,
    column,
    endLine,
    endColumn,
    changes: f.rule.changes,
    fixClass: f.fixClass,
    ...(f.call ? { request: requestSummary(f.call) } : {}),
    ...(f.secret ? { mask: [f.start, f.end] as [number, number] } : {}),
  };
  if (f.edits) {
    message.edits = f.edits;
    const fix = mergeEdits(text, f.edits);
    if (f.fixClass === 'safe') message.fix = fix;
    else message.suggestions = [{ desc: f.rule.fixTitle ?? 'Apply the v4 rewrite', fix }];
  }
  return message;
}

/** How reports name a call: its method, route template and client. */
export function requestSummary(call: ApiCall): RequestSummary {
  return { method: call.method, path: pathTemplate(call.url), client: call.client };
}

/** ESLint's one-range fix: the edits merged, keeping the original text between them. */
export function mergeEdits(text: string, edits: readonly Edit[]): Fix {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const start = sorted[0]!.start;
  const end = Math.max(...sorted.map((e) => e.end));
  let out = '';
  let at = start;
  for (const e of sorted) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return { range: [start, end], text: out + text.slice(at, end) };
}

export function summarise(filePath: string, messages: LintMessage[]): LintResult {
  let errorCount = 0;
  let warningCount = 0;
  let fixableErrorCount = 0;
  let fixableWarningCount = 0;
  let fatalErrorCount = 0;
  for (const m of messages) {
    if (m.severity === 2) {
      errorCount++;
      if (m.fix) fixableErrorCount++;
    } else {
      warningCount++;
      if (m.fix) fixableWarningCount++;
    }
    if (m.fatal) fatalErrorCount++;
  }
  return { filePath, messages, errorCount, fatalErrorCount, warningCount, fixableErrorCount, fixableWarningCount };
}

/** Offsets where each line starts (\n, \r\n and lone \r all end a line, as in ESLint). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10) || ch === 0x2028 || ch === 0x2029) starts.push(i + 1);
  }
  return starts;
}

/** 1-based line and column of an offset. */
export function position(lines: readonly number[], offset: number): [number, number] {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return [lo + 1, Math.max(offset - lines[lo]!, 0) + 1];
}

/** Apply edits that do not overlap (later calls' edits that would overlap wait for the next pass). */
export function applyEdits(text: string, groups: readonly (readonly Edit[])[]): { text: string; applied: number } {
  const chosen: Edit[] = [];
  let applied = 0;
  for (const group of groups) {
    const overlaps = group.some((e) => chosen.some((c) => e.start < c.end && c.start < e.end || (e.start === e.end && e.start === c.start && c.start !== c.end)));
    if (overlaps) continue;
    chosen.push(...group);
    applied++;
  }
  chosen.sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const e of chosen) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { text: out, applied };
}
