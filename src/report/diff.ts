// Unified diffs (`--diff`, `--fix-dry-run`): a line-level LCS, hunks with three lines of context.
import { diffPath } from './visible.js';

/** A unified diff between two texts, or '' when they are equal. */
export function unifiedDiff(oldText: string, newText: string, oldName: string, newName: string, context = 3): string {
  if (oldText === newText) return '';
  const a = splitLines(oldText);
  const b = splitLines(newText);
  const ops = diffLines(a, b);
  const hunks: string[] = [];
  let i = 0;
  while (i < ops.length) {
    if (ops[i]!.kind === ' ') {
      i++;
      continue;
    }
    // Grow a hunk around this change, merging changes separated by at most 2×context equal lines.
    let start = i;
    let back = 0;
    while (start > 0 && back < context && ops[start - 1]!.kind === ' ') {
      start--;
      back++;
    }
    let end = i;
    for (;;) {
      while (end < ops.length && ops[end]!.kind !== ' ') end++;
      let run = 0;
      while (end + run < ops.length && ops[end + run]!.kind === ' ') run++;
      if (end + run >= ops.length || run > 2 * context) {
        end += Math.min(run, context);
        break;
      }
      end += run;
    }
    const slice = ops.slice(start, end);
    const oldStart = slice[0]!.a + 1;
    const newStart = slice[0]!.b + 1;
    const oldLen = slice.filter((o) => o.kind !== '+').length;
    const newLen = slice.filter((o) => o.kind !== '-').length;
    const body = slice.map((o) => o.kind + (o.kind === '+' ? b[o.b] : a[o.a]) + noNewline(o, a, b)).join('');
    hunks.push(`@@ -${range(oldStart, oldLen)} +${range(newStart, newLen)} @@\n${body}`);
    i = end;
  }
  return `--- ${diffPath(oldName)}\n+++ ${diffPath(newName)}\n${hunks.join('')}`;
}

interface Op {
  kind: ' ' | '-' | '+';
  a: number;
  b: number;
}

function range(start: number, len: number): string {
  return len === 1 ? `${start}` : `${len === 0 ? start - 1 : start},${len}`;
}

/** Lines with their terminators kept, so CRLF survives into the diff. */
function splitLines(text: string): string[] {
  const out = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  return out;
}

function noNewline(op: Op, a: string[], b: string[]): string {
  const line = op.kind === '+' ? b[op.b]! : a[op.a]!;
  return line.endsWith('\n') ? '' : '\n\\ No newline at end of file\n';
}

/** Longest common subsequence over lines, trimmed of the common head and tail first. */
function diffLines(a: string[], b: string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const A = a.slice(head, a.length - tail);
  const B = b.slice(head, b.length - tail);
  const n = A.length;
  const m = B.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = A[i] === B[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const ops: Op[] = [];
  for (let k = 0; k < head; k++) ops.push({ kind: ' ', a: k, b: k });
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && A[i] === B[j]) {
      ops.push({ kind: ' ', a: head + i++, b: head + j++ });
    } else if (i < n && (j === m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      ops.push({ kind: '-', a: head + i++, b: head + j });
    } else {
      ops.push({ kind: '+', a: head + i, b: head + j++ });
    }
  }
  for (let k = 0; k < tail; k++) ops.push({ kind: ' ', a: a.length - tail + k, b: b.length - tail + k });
  return ops;
}
