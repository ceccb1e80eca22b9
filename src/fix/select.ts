// Which fixes a run applies (`--fix-type`): those of the rules in the chosen categories. A call's
// `/api/v3` → `/api/v4` rewrite rides along with any other fix of that call: a v4 path left under a v3
// prefix is wrong on the server today, and a later run would read it as a different v3 call
// (`/api/v3/projects` from `/projects/all` looks like the member list and would gain `membership=true`).
import { check, type Analysed, type RuleOptions } from '../lint.js';
import type { PackageFacts } from '../match/evidence.js';
import type { CallFix } from '../match/run.js';
import type { Category, Rule } from '../rule.js';

export const CATEGORIES: readonly Category[] = ['prefix', 'endpoint', 'method', 'param', 'status', 'response', 'auth', 'events'];

export interface FixSelection {
  /** Rules whose rewrites take part in the composition (the chosen ones and the prefix rule). */
  composes: (rule: Rule) => boolean;
  /** Whether a call's composed rewrite is applied: it resolves a finding of a chosen rule. */
  keeps: (fix: CallFix, unsafe: boolean) => boolean;
}

/** The selection for `--fix-type` categories; undefined (every fix) when none are given. */
export function fixSelection(categories: readonly Category[] | undefined): FixSelection | undefined {
  if (!categories || categories.length === 0) return undefined;
  const chosen = (rule: Rule) => categories.includes(rule.category);
  return {
    composes: (rule) => chosen(rule) || rule.category === 'prefix',
    keeps: (fix, unsafe) => fix.findings.some((f) => chosen(f.rule) && (f.fixClass === 'safe' || (unsafe && f.fixClass === 'unsafe'))),
  };
}

/**
 * The call fixes a run applies to a file: every one, or with a selection those composed of its rules that
 * resolve a finding of a chosen one. `checked` is the file's fixes when a check of it has already run.
 */
export function selectedFixes(file: Analysed, pkg: PackageFacts, ruleOptions: RuleOptions, unsafe: boolean, selection: FixSelection | undefined, checked?: readonly CallFix[]): readonly CallFix[] {
  if (!selection) return checked ?? check(file, pkg, ruleOptions).fixes;
  const { fixes } = check(file, pkg, { ...ruleOptions, rules: ruleOptions.rules.filter(selection.composes) });
  return fixes.filter((f) => selection.keeps(f, unsafe));
}
