// GitLab Code Quality report (artifacts:reports:codequality): an array of issues with a stable
// fingerprint, so merge requests show what is new and what was fixed.
import { fingerprint } from './sarif.js';
import type { Formatter } from './types.js';
import { inertJson } from './visible.js';
import { relativePath } from './paths.js';

const SEVERITY = { error: 'major', warning: 'minor', info: 'info' } as const;

export const gitlab: Formatter = (results, ctx) => {
  const seen = new Map<string, number>();
  const issues = results.flatMap((r) =>
    r.messages.map((m) => {
      const file = relativePath(ctx.cwd, r.filePath);
      // Two identical findings on identical lines get distinct fingerprints, in order.
      const base = fingerprint(file, m, r.output ?? r.source);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      return {
        type: 'issue',
        check_name: m.ruleId,
        description: m.changes.length ? `${m.message} (${m.changes.join(', ')})` : m.message,
        categories: ['Compatibility'],
        severity: SEVERITY[m.level],
        fingerprint: n === 0 ? base : `${base}-${n}`,
        location: { path: file, lines: { begin: m.line, end: m.endLine } },
      };
    }),
  );
  return inertJson(JSON.stringify(issues, null, 2)) + '\n';
};
