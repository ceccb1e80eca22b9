// One file through the pipeline: parse → recognise → (package facts) → rules → messages → fixes.
import path from 'node:path';
import type { Node } from '@babel/types';
import type { ApiCall } from './callsites/types.js';
import type { TypeInfo } from './typeaware/project.js';
import { collectDirectives, type Directive } from './directives.js';
import { fileSuppressions, type FileSuppressions, type Place, type SuppressOptions } from './suppress/file.js';
import { contextOf, recogniseUnits, type Recognised } from './callsites/recognise.js';
import { localModule, moduleFileNames, type ModuleUnit } from './callsites/modules.js';
import { responseFacts } from './callsites/response.js';
import { parseFile } from './parse/component.js';
import { specifiersIn } from './parse/specifiers.js';
import { isStackOverflow } from './parse/parse.js';
import { fileFacts, type FileFacts, type PackageFacts } from './match/evidence.js';
import { runFileRules, runManifestRules, runRules, type RawFinding } from './match/run.js';
import { fixGroups, type BaseHold, type FixGroups } from './match/groups.js';
import type { SecretSite } from './callsites/secrets.js';
import type { GeneratedFile } from './generated/detect.js';
import type { DependencyPin, Rule, Severity } from './rule.js';
import type { Edit, Fix, LintMessage, LintResult, RequestSummary } from './results.js';
import { pathTemplate } from './callsites/url.js';

/** A parsed and recognised file, before rules run (rules need the facts of the whole package). */
export interface Analysed {
  filePath: string;
  text: string;
  calls: readonly ApiCall[];
  /** Tokens written into the file. */
  secrets: readonly SecretSite[];
  /** `v4-migrate-disable…` comments. */
  directives?: readonly Directive[];
  /** Why fixes must not be written to this file, if they must not. */
  unfixable?: string;
  facts: FileFacts;
  /** A package.json: its pins of clients whose default base depends on their version (manifest rules). */
  pins?: readonly DependencyPin[];
  /** Where the file declares server routes under an API version (source offsets): explanations name them. */
  servedAt?: readonly { version: 'v3' | 'v4'; start: number }[];
  /** The file is generated code (compiled output, a bundle): findings name its source, fixes are withheld. */
  generated?: GeneratedFile;
  /**
   * Analyse a new text of this file as it was analysed, with its package (what it imports, the package's
   * wrappers), so that a fix is checked against the same facts it was made from. Absent for a file alone.
   */
  reanalyse?: (text: string) => Analysed;
  /** A file that could not be read, parsed or linted: one finding, no calls. */
  fileError?: { ruleId: 'parse-error' | 'read-error' | 'file-too-large' | 'binary-file' | 'ignored-file' | 'internal-error'; message: string; line: number; column: number; warning?: boolean };
}

const NO_EVIDENCE: FileFacts = { v3: false, v4: false, service: false };

/** A file (or a directory) that could not be read: reported, and the run goes on. */
export function unreadable(filePath: string, reason: string, kind: 'file' | 'directory' = 'file'): Analysed {
  // Gone since it was found: nothing is left to check, so only a warning.
  if (reason === 'ENOENT') return { filePath, text: '', calls: [], secrets: [], facts: NO_EVIDENCE, fileError: { ruleId: 'read-error', message: `The ${kind} was removed during the run (ENOENT); nothing to check`, line: 1, column: 1, warning: true } };
  const hint = reason === 'EISDIR' ? 'it is a directory now' : 'check its permissions';
  const message = kind === 'file' ? `Cannot read the file (${reason}); ${hint}` : `Cannot list the directory (${reason}), so its files were not checked; check its permissions or exclude it`;
  return { filePath, text: '', calls: [], secrets: [], facts: NO_EVIDENCE, fileError: { ruleId: 'read-error', message, line: 1, column: 1 } };
}

/** A file deliberately not linted (too large, binary, named but not a source): a warning, not an error. */
export function notLinted(filePath: string, ruleId: 'file-too-large' | 'binary-file' | 'ignored-file', message: string): Analysed {
  return { filePath, text: '', calls: [], secrets: [], facts: NO_EVIDENCE, fileError: { ruleId, message, line: 1, column: 1, warning: true } };
}

/** One file's step; whatever it throws becomes a finding on that file, and the run goes on. */
export function perFile<T>(step: () => T, failed: (error: unknown) => T): T {
  try {
    return step();
  } catch (error) {
    return failed(error);
  }
}

/** A file that made the checker itself fail (deep nesting past the stack, or a bug): reported, and the run goes on. */
export function crashed(filePath: string, text: string, error: unknown): Analysed {
  const fileError: Analysed['fileError'] = isStackOverflow(error)
    ? { ruleId: 'parse-error', message: TOO_DEEP, line: 1, column: 1 }
    : { ruleId: 'internal-error', message: `v4-migrate failed on this file (${(error as Error)?.message ?? String(error)}); nothing in it was checked or fixed. Please report it`, line: 1, column: 1 };
  return { filePath, text, calls: [], secrets: [], facts: NO_EVIDENCE, fileError };
}

const TOO_DEEP = 'Not checked: the code nests too deeply to be followed (a stack overflow); if it is generated, exclude it';

/** A file the prefilter ruled out: nothing in it can be a v3 call. */
export function skipped(filePath: string, text: string): Analysed {
  return { filePath, text, calls: [], secrets: [], facts: NO_EVIDENCE };
}

/**
 * Parse and recognise one file; `types` (type-aware mode) resolves values from other modules, `dependencies`
 * (its package's, by major version) decide the default base of clients whose default changed (gl-got).
 */
export function analyse(filePath: string, text: string, types?: TypeInfo, dependencies?: ReadonlyMap<string, number>): Analysed {
  return analysePackage([{ filePath, text }], types, dependencies)[0]!;
}

/** A file parsed, its programs ready for recognition with the rest of its package. */
interface Parsed {
  filePath: string;
  text: string;
  units: ModuleUnit[];
}

/**
 * Parse and recognise the files of one package together, so that a wrapper in one module is seen from the
 * calls in another; each file's result is as `analyse` gives it.
 */
export function analysePackage(files: readonly { filePath: string; text: string }[], types?: TypeInfo, dependencies?: ReadonlyMap<string, number>): Analysed[] {
  const analysed = analyseAdmitted(files.map((f) => ({ ...f, admitted: true })), types, dependencies);
  return files.map((f) => analysed.get(f.filePath)!);
}

/** A file of a package, and whether the text prefilter admitted it. */
export interface PackageFile {
  filePath: string;
  text: string;
  admitted: boolean;
}

// Files named by a wrapper of files named by a wrapper …: past this many rounds, no more are added.
const MAX_WRAPPER_ROUNDS = 3;

/**
 * Analyse the admitted files of a package together, and any file held back that calls one of the wrappers
 * they define (a call of a wrapper needs no API word of its own), until no more are called. The result
 * holds the files parsed.
 */
export function analyseAdmitted(files: readonly PackageFile[], types?: TypeInfo, dependencies?: ReadonlyMap<string, number>): Map<string, Analysed> & { wrapperFiles: ReadonlySet<string> } {
  const parsed = new Map<string, Analysed | Parsed>();
  const byPath = new Map(files.map((f) => [f.filePath, f]));
  let chosen = files.filter((f) => f.admitted);
  let recognised: Recognised | undefined;
  for (let round = 0; ; round++) {
    for (const f of chosen) if (!parsed.has(f.filePath)) parsed.set(f.filePath, parseForRecognition(f.filePath, f.text, types, dependencies));
    const units = [...parsed.values()].flatMap((p) => ('units' in p ? p.units : []));
    recognised = perFile<Recognised | undefined>(
      () => recogniseUnits(units, [...byPath.keys()]),
      () => undefined,
    );
    if (!recognised || round >= MAX_WRAPPER_ROUNDS) break;
    // The modules recognition looked into (a wrapper, a client or a base URL the parsed files import), and
    // the files that call a wrapper of the package.
    const imported = moduleFiles(recognised.wantedModules, byPath);
    // A wrapper's call, also through `call`/`apply` (`apiRequest.call(this, 'GET', path)`).
    const call = recognised.wrappers.size > 0 ? new RegExp(`(?:^|[^\\w$])(?:${[...recognised.wrappers].map(escapeRegExp).join('|')})\\s*(?:\\.\\s*(?:call|apply)\\s*)?\\(`) : undefined;
    const extra = files.filter((f) => !parsed.has(f.filePath) && (imported.has(f.filePath) || call?.test(f.text)));
    if (extra.length === 0) break;
    chosen = [...chosen, ...extra];
  }
  const out = new Map<string, Analysed>();
  const wrapperFiles = recognised?.wrapperFiles ?? new Set<string>();
  const together = [...parsed.keys()].map((f) => byPath.get(f)!);
  for (const [filePath, p] of parsed) {
    if (!('units' in p)) out.set(filePath, p);
    else if (!recognised) out.set(filePath, perFile(() => analyseAlone(p, types), (error) => crashed(p.filePath, p.text, error)));
    else {
      const analysed = finish(p, recognised, types);
      // Type information describes the files on disk: a changed text is analysed without it.
      if (together.length > 1) analysed.reanalyse = (text) => analyseEdited(filePath, text, together, wrapperFiles, dependencies);
      out.set(filePath, analysed);
    }
  }
  return Object.assign(out, { wrapperFiles });
}

/**
 * A changed text of a package's file, analysed with what decides its own calls: the modules it imports and
 * the package's wrappers (not the whole package again, as an editor asks on every keystroke).
 */
export function analyseEdited(filePath: string, text: string, files: readonly PackageFile[], wrapperFiles: ReadonlySet<string>, dependencies?: ReadonlyMap<string, number>): Analysed {
  const self: PackageFile = { filePath, text, admitted: true };
  const others = files.filter((f) => f.filePath !== filePath);
  const wanted = new Set([...importClosure(self, others), ...wrapperFiles]);
  const chosen = [self, ...others.filter((f) => wanted.has(f.filePath)).map((f) => ({ ...f, admitted: true }))];
  return analyseAdmitted(chosen, undefined, dependencies).get(filePath)!;
}

/** The package's files this one imports with a relative or aliased specifier, and those they import, in turn. */
export function importClosure(file: PackageFile, files: readonly PackageFile[]): Set<string> {
  const byPath = new Map(files.map((f) => [f.filePath, f]));
  const seen = new Set<string>([file.filePath]);
  let frontier = [file];
  while (frontier.length > 0) {
    const next: PackageFile[] = [];
    for (const path of importedFiles(frontier, byPath)) {
      if (seen.has(path)) continue;
      seen.add(path);
      next.push(byPath.get(path)!);
    }
    frontier = next;
  }
  seen.delete(file.filePath);
  return seen;
}

/** The package's files that these files import with a relative or aliased specifier. */
function importedFiles(from: readonly PackageFile[], byPath: ReadonlyMap<string, PackageFile>): Set<string> {
  const out = new Set<string>();
  const files = [...byPath.keys()];
  for (const f of from) {
    for (const { module } of specifiersIn(f.text)) {
      const base = localModule(f.filePath, module, files);
      const hit = base && moduleFileNames(base).find((p) => byPath.has(p));
      if (hit) out.add(hit);
    }
  }
  return out;
}

/** The package's files that module paths (without extension, as imports name them) stand for. */
function moduleFiles(modules: Iterable<string>, byPath: ReadonlyMap<string, PackageFile>): Set<string> {
  const out = new Set<string>();
  for (const base of modules) {
    const hit = moduleFileNames(base).find((p) => byPath.has(p));
    if (hit) out.add(hit);
  }
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A file whose package-wide recognition failed is recognised alone, so the failure is its own. */
function analyseAlone(p: Parsed, types: TypeInfo | undefined): Analysed {
  return finish(p, recogniseUnits(p.units), types);
}

function parseForRecognition(filePath: string, text: string, types: TypeInfo | undefined, dependencies?: ReadonlyMap<string, number>): Analysed | Parsed {
  return perFile<Analysed | Parsed>(
    () => {
      const parsed = parseFile(text, filePath);
      if (!parsed.ok) {
        const message = parsed.tooDeep ? TOO_DEEP : `Parsing error: ${parsed.message}. Fix the syntax (or exclude the file) so the API calls in it can be checked`;
        return { filePath, text, calls: [], secrets: [], facts: NO_EVIDENCE, fileError: { ruleId: 'parse-error', message, line: parsed.line, column: parsed.column } } satisfies Analysed;
      }
      const typeValue = types && ((node: Node) => types.stringValue(filePath, node.start!, node.end!));
      // One program for a plain file; a component's script blocks are one program or, rarely, one each.
      const units = parsed.programs.map(({ ast, text: source }) => ({ file: path.resolve(filePath), ast, ctx: contextOf(ast, source, typeValue, dependencies) }));
      return { filePath, text, units } satisfies Parsed;
    },
    (error) => crashed(filePath, text, error),
  );
}

function finish(p: Parsed, recognised: Recognised, types: TypeInfo | undefined): Analysed {
  const calls: ApiCall[] = [];
  const secrets: SecretSite[] = [];
  const directives: Directive[] = [];
  const serves: ('v3' | 'v4')[] = [];
  const servedAt: { version: 'v3' | 'v4'; start: number }[] = [];
  for (const unit of p.units) {
    const found = recognised.get(unit)!;
    serves.push(...found.serves);
    servedAt.push(...found.servedAt);
    calls.push(...(types ? found.calls.map((call) => withTypedReads(call, p.filePath, types)) : found.calls));
    secrets.push(...found.secrets);
    directives.push(...collectDirectives(unit.ast as Parameters<typeof collectDirectives>[0], unit.ctx.source));
  }
  return { filePath: p.filePath, text: p.text, calls, secrets, directives, facts: fileFacts(calls, p.units.map((u) => u.ctx.source).join('\n'), serves), ...(servedAt.length > 0 ? { servedAt } : {}) };
}

/**
 * Type-aware mode: the reads of the call's result that its declared type reveals, less those flow already
 * sees. They are report-only and placed by file, even in this one, so --fix can move them with the text.
 */
function withTypedReads(call: ApiCall, filePath: string, types: TypeInfo): ApiCall {
  if (call.node.type !== 'CallExpression' && call.node.type !== 'NewExpression') return call;
  const reads = types.responseReads(filePath, call.node.start!, call.node.end!);
  if (reads.length === 0) return call;
  const byFlow = new Set(responseFacts(call, call.ancestors).reads.map((r) => r.start));
  const typedReads = reads.filter((r) => r.file !== filePath || !byFlow.has(r.start));
  return typedReads.length === 0 ? call : { ...call, typedReads };
}

export interface RuleOptions {
  rules: readonly Rule[];
  /** Severity per rule id (from config); the rule's own default otherwise. */
  severity?: (rule: Rule) => Severity;
  /** Configured base URLs or hosts of the service (evidence). */
  apiBase?: readonly string[];
  /** The allow list, and whether to report unused directives. */
  suppress?: SuppressOptions;
  /** Check test doubles of the service (nock, msw, fetch-mock) too (default true): `--no-test-doubles` leaves them out of findings and fixes. */
  testDoubles?: boolean;
}

/** A finding about a call of one file that belongs in another (type-aware mode), placed when that file's result is. */
export interface ForeignFinding {
  file: string;
  finding: RawFinding;
  /** Where the call is (`api.ts:12`), for the message. */
  via: string;
}

/** A message, the finding it reports and the call it is about (none for file findings). */
export interface PlacedMessage {
  call: ApiCall | undefined;
  finding: RawFinding;
  message: LintMessage;
}

/** A file's one check: its result on the original text, and the rewrites its findings' fixes come from. */
export interface Checked {
  result: LintResult;
  /** The calls' rewrites, grouped as they are written (whole or not at all), with and without the unsafe fixes. */
  groups: FixGroups;
  placed: PlacedMessage[];
  /** Findings this file's calls make in other files (type-aware mode). */
  elsewhere: ForeignFinding[];
  /**
   * The same check with the package's base URLs held back by another file (a call through them there
   * cannot move to v4): the rewrites are grouped again, the rules do not run again.
   */
  heldBy(outside: BaseHold): Checked;
  /** The package's base URLs wait in this run: `--fix-type` leaves out calls that move with them in another file. */
  basesWait?: boolean;
}

const NO_GROUPS: FixGroups = { safe: [], all: [], bases: {} };

/** Run the rules on an analysed file (once: every mode takes what it needs from this) and build its result. */
export function check(file: Analysed, pkg: PackageFacts, options: RuleOptions): Checked {
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
    return unchanging({ result: summarise(file.filePath, [msg]), groups: NO_GROUPS, placed: [], elsewhere: [] });
  }
  // No call, no token and no directive: nothing to report (most files of a big tree), no line table either.
  if (file.calls.length === 0 && file.secrets.length === 0 && !file.directives?.length && !file.pins?.length) return unchanging({ result: summarise(file.filePath, []), groups: NO_GROUPS, placed: [], elsewhere: [] });
  const lines = columnLines(file.text);
  const suppress = suppressionsIn(file.filePath, file.text, lines, file.directives ?? [], options);
  // A finding in another file (type-aware mode) is silenced, or not, by that file's own comments when it is placed there.
  const silenced = (f: RawFinding) => f.file === undefined && suppress.take(f);
  // Test doubles left out are neither reported nor fixed; they stay evidence of what the package speaks to.
  const calls = options.testDoubles === false ? file.calls.filter((c) => !c.testDouble) : file.calls;
  const { findings, rewrites } = runRules(calls, options.rules, pkg, file.text, silenced, options.apiBase);
  findings.push(...runFileRules(file.secrets, options.rules, pkg).filter((f) => !suppress.take(f)));
  if (file.pins) findings.push(...runManifestRules(file.pins, options.rules, pkg).filter((f) => !suppress.take(f)));
  const problems = suppress.problems();
  const suppressedMessages = sortMessages(suppress.suppressed.map(({ finding, suppressions }) => ({ ...toMessage(finding, file.text, lines, options), suppressions })));
  // Grouping gives each finding its fix (or the reason it has none): kept as found, to group again.
  const found = findings.map((f) => ({ f, fixClass: f.fixClass, message: f.message }));
  const lineOf = (offset: number) => position(lines, offset)[0];
  // The calls that write no version are v3 by the package's base URLs, else by its routes.
  const packageBase = { through: (pkg.version ?? pkg.routesVersion) === 'v3', versioned: pkg.unversioned === true };
  const settle = (outside?: BaseHold): Checked => {
    for (const { f, fixClass, message } of found) Object.assign(f, { fixClass, message });
    const groups = fixGroups(rewrites, lineOf, packageBase, outside);
    const elsewhere: ForeignFinding[] = [];
    const here: RawFinding[] = [];
    for (const f of findings) {
      if (f.file === undefined) here.push(f);
      else {
        const line = position(lines, f.call!.node.start!)[0];
        elsewhere.push({ file: f.file, finding: f, via: f.file === file.filePath ? `line ${line}` : `${path.basename(file.filePath)}:${line}` });
      }
    }
    const placed = here.map((f) => ({ call: f.call, finding: f, message: toMessage(f, file.text, lines, options) }));
    const messages = [...placed.map((p) => p.message), ...problems];
    return { result: { ...summarise(file.filePath, sortMessages(messages)), suppressedMessages }, groups, placed, elsewhere, heldBy: settle };
  };
  return settle();
}

/** A check without rewrites: holding its package's bases back changes nothing. */
function unchanging(checked: Omit<Checked, 'heldBy'>): Checked {
  const self: Checked = { ...checked, heldBy: () => self };
  return self;
}

/** What silences findings in a file (its directives, its configuration's allow list), on the text they were written in. */
export function suppressionsIn(filePath: string, text: string, lines: readonly number[], directives: readonly Directive[], options: RuleOptions): FileSuppressions {
  const place: Place = (start, end) => {
    const [line, column] = position(lines, start);
    const [endLine, endColumn] = position(lines, end);
    return { line, column, endLine, endColumn };
  };
  return fileSuppressions(filePath, text, directives, (offset) => position(lines, offset)[0], place, options.suppress ?? {}, options.rules);
}

export function sortMessages<T extends LintMessage>(messages: T[]): T[] {
  return messages.sort((a, b) => a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId));
}

/**
 * One message per rule and place: a read that several calls' declared types reach (two list calls that
 * both answer `Issue[]`) is one finding. Findings that carry a fix are never merged.
 */
export function distinct(messages: LintMessage[]): LintMessage[] {
  const seen = new Set<string>();
  return messages.filter((m) => {
    if (m.edits) return true;
    const key = `${m.ruleId}:${m.line}:${m.column}:${m.endLine}:${m.endColumn}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A finding as reported: position, severity from the configuration, and (type-aware mode) where its call is. */
export function toMessage(f: RawFinding, text: string, lines: number[], options: RuleOptions, via?: string): LintMessage {
  const level = options.severity?.(f.rule) ?? f.rule.severity ?? 'error';
  const [line, column] = position(lines, f.start);
  const [endLine, endColumn] = position(lines, f.end);
  const message: LintMessage = {
    ruleId: f.rule.id,
    severity: level === 'error' ? 2 : 1,
    level,
    message: (via && f.typeName ? `${f.message} (this \`${f.typeName}\` comes from the call at ${via})` : f.message) + (f.call?.testDouble ? ` (test double: ${f.call.testDouble.noun})` : ''),
    line,
    column,
    endLine,
    endColumn,
    changes: f.rule.changes,
    fixClass: f.fixClass,
    ...(f.call ? { request: requestSummary(f.call) } : {}),
    ...(f.call?.testDouble ? { testDouble: true as const } : {}),
    ...(f.secret ? { mask: [f.start, f.end] as [number, number] } : {}),
  };
  if (f.fix) withFix(message, f.fix.edits, f.fix.title, text);
  return message;
}

/** Give a message its fix in ESLint's shapes: `fix` when safe, else a suggestion; `edits` keeps the edits themselves. */
export function withFix(message: LintMessage, edits: readonly Edit[], title: string, text: string): LintMessage {
  message.edits = edits;
  const fix = mergeEdits(text, edits);
  if (message.fixClass === 'safe') message.fix = fix;
  else message.suggestions = [{ desc: title, fix }];
  return message;
}

/** How reports name a call: its method, route template and client. */
export function requestSummary(call: ApiCall): RequestSummary {
  return { method: call.method, path: pathTemplate(call.url), client: call.client };
}

// The findings a rewrite resolves share its edits (one array): their fix is merged once, and shared.
const merged = new WeakMap<readonly Edit[], { text: string; fix: Fix }>();

/** ESLint's one-range fix: the edits merged, keeping the original text between them. Never change it: it is shared. */
export function mergeEdits(text: string, edits: readonly Edit[]): Fix {
  const known = merged.get(edits);
  if (known?.text === text) return known.fix;
  const fix = mergeSorted(text, edits);
  merged.set(edits, { text, fix });
  return fix;
}

function mergeSorted(text: string, edits: readonly Edit[]): Fix {
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

/** Line starts for reporting positions: ESLint's columns do not count a byte order mark, neither do ours. */
export function columnLines(text: string): number[] {
  const lines = lineStarts(text);
  if (text.startsWith('\uFEFF')) lines[0] = 1;
  return lines;
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
export function applyEdits(text: string, groups: readonly (readonly Edit[])[]): { text: string; applied: number; edits: Edit[] } {
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
  return { text: out, applied, edits: chosen };
}
