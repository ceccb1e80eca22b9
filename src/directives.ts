// Inline directives: `// v4-migrate-disable-next-line <rule>[, <rule>] -- reason` silences findings on
// the next line (all rules when none is named). The language server's "disable for this line" writes one.
import type { File } from '@babel/types';

const NEXT_LINE = /^\s*v4-migrate-disable-next-line(?:\s+(.*))?$/;

/** Line (1-based) → the rules silenced there ('all' for every rule). */
export type Directives = ReadonlyMap<number, ReadonlySet<string> | 'all'>;

export function collectDirectives(ast: File): Directives {
  const out = new Map<number, Set<string> | 'all'>();
  for (const comment of ast.comments ?? []) {
    const m = NEXT_LINE.exec(comment.value);
    if (!m || !comment.loc) continue;
    const line = comment.loc.end.line + 1;
    // Rule ids before ` -- `, the reason after it.
    const names = (' ' + (m[1] ?? '')).split(/\s--(\s|$)/)[0]!.split(/[\s,]+/).filter(Boolean);
    if (names.length === 0) out.set(line, 'all');
    else {
      const existing = out.get(line);
      if (existing !== 'all') out.set(line, new Set([...(existing ?? []), ...names]));
    }
  }
  return out;
}

export function silenced(directives: Directives | undefined, line: number, ruleId: string): boolean {
  const d = directives?.get(line);
  return d === 'all' || (d !== undefined && d.has(ruleId));
}

/** The directive comment that silences `ruleId` on the line below, indented like that line. */
export function directiveFor(ruleId: string, indent: string, eol: string): string {
  return `${indent}// v4-migrate-disable-next-line ${ruleId}${eol}`;
}
