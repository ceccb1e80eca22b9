// Every rule's examples run as tests: each invalid example fires exactly once with the declared fix
// class and fixes to its exact output; each valid example stays silent.
import { describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { lintText } from '../src/index.js';
import type { Invalid, Rule, Valid } from '../src/rule.js';

// Examples are linted as part of a package already known to be a v3 client of the service, as the
// snippets are cut from one (the evidence model itself is tested by the fixtures), whose calls rely on
// gl-got's default base (a package.json example of the manifest rule is judged by its own pin).
const V3_PACKAGE = { version: 'v3' as const, service: true, defaultV3: ['gl-got'] };

// The whole catalogue, rules that are off by default included, so each rule's examples can fire.
function lint(code: string, filename = 'example.ts', options: { unsafeFixes?: boolean } = {}) {
  return lintText(code, { filename, packageFacts: V3_PACKAGE, rules, ...options });
}

function applyOne(code: string, fix: { range: [number, number]; text: string }): string {
  return code.slice(0, fix.range[0]) + fix.text + code.slice(fix.range[1]);
}

const validCode = (v: Valid) => (typeof v === 'string' ? { code: v, filename: undefined } : v);

describe.each(rules.map((r) => [r.id, r] as [string, Rule]))('%s', (_id, rule) => {
  const invalid: readonly Invalid[] = [...rule.examples.invalid, ...(rule.cases?.invalid ?? [])];
  const valid: readonly Valid[] = [...rule.examples.valid, ...(rule.cases?.valid ?? [])];

  it.each(invalid.map((ex, i) => [i, ex] as [number, Invalid]))('invalid #%i', (_i, ex) => {
    const result = lint(ex.code, ex.filename);
    expect(result.messages.filter((m) => m.ruleId === 'parse-error')).toEqual([]);
    const mine = result.messages.filter((m) => m.ruleId === rule.id);
    expect(mine, `expected exactly one ${rule.id} finding in:\n${ex.code}`).toHaveLength(1);
    const finding = mine[0]!;
    expect(finding.changes).toEqual(rule.changes);
    if (ex.output === undefined) {
      expect(finding.fixClass).toBe('report');
      expect(finding.fix).toBeUndefined();
      expect(finding.suggestions).toBeUndefined();
      return;
    }
    const expectedClass = ex.fix ?? rule.fix;
    expect(finding.fixClass).toBe(expectedClass);
    const fix = expectedClass === 'safe' ? finding.fix : finding.suggestions?.[0]?.fix;
    expect(fix, 'the finding should carry a fix').toBeDefined();
    const output = applyOne(ex.code, fix!);
    expect(output).toBe(ex.output);
    // Converges: the output is clean of this rule and still parses.
    const again = lint(output, ex.filename);
    expect(again.messages.filter((m) => m.ruleId === rule.id || m.ruleId === 'parse-error')).toEqual([]);
  });

  it.each(valid.map((v, i) => [i, validCode(v)] as [number, { code: string; filename?: string }]))('valid #%i', (_i, v) => {
    const result = lint(v.code, v.filename);
    expect(result.messages.filter((m) => m.ruleId === rule.id || m.ruleId === 'parse-error')).toEqual([]);
  });
});
