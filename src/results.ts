// What a lint run produces: the shape of ESLint's results, plus the change IDs and fix class.
import type { ChangeId } from './changes.js';
import type { ClientKind, Method } from './callsites/types.js';
import type { FixClass, Severity } from './rule.js';
import type { GeneratedBy } from './generated/detect.js';

/** One text edit on the original source. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** ESLint's fix shape: one range, one replacement (several edits merged the way ESLint merges them). */
export interface Fix {
  range: [number, number];
  text: string;
}

export interface Suggestion {
  desc: string;
  fix: Fix;
}

/** An API call as reports show it: method, route template (`/projects/:id/builds`, `*` for a value) and client. */
export interface RequestSummary {
  method: Method | undefined;
  path: string;
  client: ClientKind;
}

/** Where a finding in generated code (compiled output, a bundle) comes from: the source to change instead. */
export interface GeneratedOrigin {
  /** How the file was recognised as generated. */
  by: GeneratedBy;
  /** The source file (absolute path; a source map's own URL when it names no file on disk). */
  source?: string;
  /** The position in the source, when a source map gives one (1-based). */
  line?: number;
  column?: number;
}

export interface LintMessage {
  /** Rule id, or `parse-error` for a file that does not parse. */
  ruleId: string;
  /** ESLint's numeric severity: 2 error, 1 warning (and info). */
  severity: 1 | 2;
  level: Severity;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  changes: readonly ChangeId[];
  fixClass: FixClass;
  /** Present on findings whose fix `--fix` applies (safe). */
  fix?: Fix;
  /** Unsafe fixes, offered but applied only with `--unsafe-fixes`. */
  suggestions?: Suggestion[];
  /** The composed edits behind `fix`/`suggestions[0]` (library use: LSP, ESLint plugin). */
  edits?: readonly Edit[];
  /** The API call the finding is about (absent for file findings such as tokens and parse errors). */
  request?: RequestSummary;
  /** The finding is in generated code; its fix is withheld unless `--fix-generated`. */
  generated?: GeneratedOrigin;
  /**
   * The finding is on a test double of the service (a nock interceptor, an msw handler, a fetch-mock route):
   * the request as the client's tests expect it, fixed with the client. `--no-test-doubles` leaves these out.
   */
  testDouble?: true;
  /** A secret's span in the source: every format that shows code masks it. */
  mask?: [number, number];
  fatal?: boolean;
}

/** Why a finding is not reported (ESLint's shape): an inline directive, the baseline or the allow list, and the reason given. */
export interface Suppression {
  kind: 'directive' | 'baseline' | 'allow';
  justification: string;
}

/** A finding that was silenced, with every suppression that applies to it. */
export interface SuppressedMessage extends LintMessage {
  suppressions: Suppression[];
}

export interface LintResult {
  filePath: string;
  messages: LintMessage[];
  /** Findings silenced by directives, the allow list or the baseline (not counted, not fixed). */
  suppressedMessages?: SuppressedMessage[];
  errorCount: number;
  fatalErrorCount: number;
  warningCount: number;
  fixableErrorCount: number;
  fixableWarningCount: number;
  /** The source text, when the run was asked to keep it. */
  source?: string;
  /** The fixed text, when fixes were applied and changed something. */
  output?: string;
  /** With fixes applied: how many findings they removed. */
  fixedCount?: number;
  /** With fixes applied: how many findings of each rule they removed (`--stats`, `--show-fixes`). */
  fixedByRule?: Record<string, number>;
  /**
   * With fixes applied: how many of the findings fixed are on calls whose base URL is set outside the code (an
   * environment variable, a configuration file), which must be pointed at `/api/v4` by hand.
   */
  fixedOnOutsideBase?: number;
  /** With fixes applied: the findings of the original text, which stand when `output` is not written (a write that fails). */
  unfixed?: Pick<LintResult, 'messages' | 'suppressedMessages'>;
  /**
   * With fixes applied: `output` moves base URLs other files' calls go through. `writeFixes` writes such
   * files after the others, so a run stopped between two files never leaves v3 calls under a v4 base,
   * which the next run would judge as v4 calls (not reported by the JSON format).
   */
  writeLast?: true;
  /** When asked for (`plan`): the file's call-site rewrites on its original text (`--interactive`, `--group-by`). */
  fixPlan?: PlannedFix[];
}

/** One call site's composed rewrite: its edits on the original text and the findings it resolves. */
export interface PlannedFix {
  /** Where the first finding it resolves starts (1-based). */
  line: number;
  column: number;
  edits: readonly Edit[];
  /** 'unsafe' when the rewrite includes an unsafe fix (only with `--unsafe-fixes`). */
  fixClass: 'safe' | 'unsafe';
  resolves: readonly { ruleId: string; changes: readonly ChangeId[]; fixClass: 'safe' | 'unsafe' }[];
  /** The change ID the rewrite is filed under (see `primaryChange`). */
  change: ChangeId;
}

/** The result as it stands when its fixed text is not written: the original findings, nothing fixed. */
export function unwritten(result: LintResult): LintResult {
  if (!result.unfixed) return result;
  const { output: _output, fixedCount: _count, fixedByRule: _rules, fixedOnOutsideBase: _outside, unfixed, ...rest } = result;
  const errors = unfixed.messages.filter((m) => m.severity === 2);
  const fixable = (m: LintMessage) => m.fix !== undefined;
  return {
    ...rest,
    messages: unfixed.messages,
    ...(unfixed.suppressedMessages ? { suppressedMessages: unfixed.suppressedMessages } : {}),
    errorCount: errors.length,
    fatalErrorCount: unfixed.messages.filter((m) => m.fatal).length,
    warningCount: unfixed.messages.length - errors.length,
    fixableErrorCount: errors.filter(fixable).length,
    fixableWarningCount: unfixed.messages.filter((m) => m.severity !== 2 && fixable(m)).length,
  };
}

/** Whether fixes changed a result's text (it has an `output` to write, diff or count). */
export function rewritten(result: LintResult): result is LintResult & { output: string; source: string } {
  return result.output !== undefined && result.source !== undefined && result.output !== result.source;
}
