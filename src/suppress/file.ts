// What silences findings in one file: its inline directives and its configuration's allow list. A check of
// the file hands every finding to `take`; silenced ones are kept aside with their suppressions, and
// `problems` then reports directives that name no rule and (when asked) directives that silenced nothing.
import { rules as catalogue } from '../../rules/index.js';
import { names, removal, silencers, unusedDirectives, type Directive, type DirectiveName, type Unused } from '../directives.js';
import { pathTemplate } from '../callsites/url.js';
import { distance } from '../distance.js';
import type { RawFinding } from '../match/run.js';
import type { Rule, Severity } from '../rule.js';
import type { LintMessage, Suppression } from '../results.js';
import type { AllowList } from './allow.js';

export interface SuppressOptions {
  /** The configuration's allow list. */
  allow?: AllowList;
  /** Report directives that silenced nothing, at this severity. */
  unusedDirectives?: Exclude<Severity, 'info'>;
  /**
   * Whether this run could have seen a rule's findings: it ran, or the configuration turned it off. A rule
   * left out on the command line (`--rule`, `--ignore-rule`) could not, so its directives are not unused.
   */
  accountable?: (rule: Rule) => boolean;
}

/** Line and column span of an offset range (from the file's check). */
export type Place = (start: number, end: number) => Pick<LintMessage, 'line' | 'column' | 'endLine' | 'endColumn'>;

export interface FileSuppressions {
  /** Whether the finding is silenced; a silenced finding is kept with its suppressions. */
  take(finding: RawFinding): boolean;
  readonly suppressed: { finding: RawFinding; suppressions: Suppression[] }[];
  /** Directive problems: names that are no rule, `-line` directives over several lines, unused directives. */
  problems(): LintMessage[];
}

export function fileSuppressions(filePath: string, text: string, directives: readonly Directive[], lineOf: (offset: number) => number, place: Place, options: SuppressOptions, ran: readonly Rule[]): FileSuppressions {
  const used = new Set<Directive | DirectiveName>();
  const suppressed: FileSuppressions['suppressed'] = [];
  const take = (f: RawFinding): boolean => {
    const out: Suppression[] = [];
    for (const s of directives.length > 0 ? silencers(directives, f.start, lineOf(f.start), f.rule) : []) {
      used.add(s.name ?? s.directive);
      out.push({ kind: 'directive', justification: s.directive.reason });
    }
    const reason = options.allow?.({ rule: f.rule, request: f.call && { method: f.call.method, path: pathTemplate(f.call.url) }, filePath });
    if (reason !== undefined) out.push({ kind: 'allow', justification: reason });
    if (out.length === 0) return false;
    suppressed.push({ finding: f, suppressions: out });
    return true;
  };

  const problems = (): LintMessage[] => {
    const out: LintMessage[] = [];
    for (const d of directives) {
      if (d.invalid) out.push(problem('invalid-disable-directive', 2, d.invalid, place(d.start, d.end)));
      for (const n of d.names) {
        if (catalogue.some((r) => names(n.text, r))) continue;
        const close = catalogue.map((r) => r.id).filter((id) => distance(id, n.text) <= 3);
        const hint = close.length ? `; did you mean ${close.map((c) => `"${c}"`).join(', ')}?` : '; run v4-migrate rules for the list';
        out.push(problem('invalid-disable-directive', 2, `"${n.text}" in this v4-migrate-${d.kind} comment is not a rule id or change ID, so it silences nothing${hint}`, place(n.start, n.end)));
      }
    }
    if (options.unusedDirectives) {
      const severity = options.unusedDirectives === 'error' ? 2 : 1;
      const accountable = options.accountable ?? ((r: Rule) => ran.includes(r));
      const covers = (name?: string) => {
        const rules = name === undefined ? catalogue : catalogue.filter((r) => names(name, r));
        return rules.length > 0 && rules.every(accountable);
      };
      for (const u of unusedDirectives(directives, used, covers)) {
        const edits = removal(text, u);
        const at = u.names[0] ?? u.directive;
        const m = problem('unused-disable-directive', severity, unusedMessage(u), place(at.start, at.end));
        m.fixClass = 'safe';
        m.edits = edits;
        m.fix = { range: [edits[0]!.start, edits[0]!.end], text: edits[0]!.text };
        out.push(m);
      }
    }
    return out;
  };
  return { take, suppressed, problems };
}

function unusedMessage(u: Unused): string {
  const kind = `v4-migrate-${u.directive.kind}`;
  const listed = (ns: readonly DirectiveName[]) => ns.map((n) => `\`${n.text}\``).join(', ');
  if (u.names.length > 0) return `${listed(u.names)} in this ${kind} comment silenced nothing; remove ${u.names.length === 1 ? 'it' : 'them'}`;
  if (u.directive.kind === 'enable') return `Unused ${kind} comment: no disable it ends silenced anything; remove it`;
  const what = u.directive.names.length > 0 ? ` from ${listed(u.directive.names)}` : '';
  return `Unused ${kind} comment: nothing${what} was reported where it applies; remove it`;
}

function problem(ruleId: string, severity: 1 | 2, message: string, at: ReturnType<Place>): LintMessage {
  return { ruleId, severity, level: severity === 2 ? 'error' : 'warning', message, ...at, changes: [], fixClass: 'report' };
}
