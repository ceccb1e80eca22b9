// Calls that move to v4 together. A base URL written once (`const API = '…/api/v3'`, a URL builder, a
// wrapper's body, a client's `baseURL`) is shared by every call through it: rewriting it rewrites them
// all. So the calls that share the literal their `/api/v3` is written in, the values of one URL, a
// wrapper and the calls of it, the calls that write no version with the base URLs of the file (and, in
// index.ts, of the package), and calls whose edits touch the same code are one group, written whole or
// not at all. A group is held back when one of its calls
// is (it would hide a finding no fix resolves, or make a request v4 does not route), when no fix rewrites
// the prefix its calls share, or when two of its edits disagree. Each finding a group resolves then
// carries the group's edits as its fix; the findings of a held group carry none, and say why. Calls are
// grouped twice: as `--fix` rewrites them (safe fixes only) and as `--unsafe-fixes` does.
import type { Node } from '@babel/types';
import type { Edit } from '../results.js';
import type { CallRewrite, RawFinding, Rewritten } from './run.js';

/** Calls rewritten together, and what their rewrite does. */
export interface FixGroup {
  calls: readonly CallRewrite[];
  /** The group's edits on the original text, sorted, each once. */
  edits: readonly Edit[];
  /** 'unsafe' when it resolves an unsafe finding. */
  applicability: 'safe' | 'unsafe';
  /** The findings it resolves. */
  resolves: readonly RawFinding[];
  /** Why none of it is written (its findings carry no fix). */
  held?: string;
  /** The line of the call that holds it back, when that is one call. */
  heldAt?: number;
  /** That call. */
  cause?: CallRewrite;
  /**
   * Calls that stay behind, none of their own edits written, because their rewrite would change code another
   * call of the group shares and keeps findings on (see `touchedCall`): why, by call.
   */
  behind?: ReadonlyMap<CallRewrite, string>;
  /** It holds base URLs or calls through them: the package's other files move with it. */
  throughBases?: boolean;
}

/** A file's rewrites as the two kinds of run write them. */
export interface FixGroups {
  safe: FixGroup[];
  all: FixGroup[];
  /**
   * The group of the file's base URLs and of the calls that write no version (they go through a base):
   * whether the file has one, and why it is held in each kind of run. A package moves all of them together.
   */
  bases: BaseHold;
}

/** What a package says of the calls that write no version of their own. */
export interface PackageBase {
  /** They are v3 by the package (its base URLs, else its routes): they go through its bases, and move with them. */
  through: boolean;
  /**
   * Some of them take the package's version, which every URL that writes `/api/v3` decides (`PackageFacts.unversioned`):
   * those URLs move with them too, or their next run would judge them in another version.
   */
  versioned: boolean;
}

/** Why the calls through a package's base URLs are held back, by kind of run (absent: they are not). */
export interface BaseHold {
  present?: boolean;
  safe?: string;
  all?: string;
}

const BASE_UNSEEN = ' (its base URL is set outside this code: point it at `/api/v4` when this fix is applied)';

/**
 * Group the calls' rewrites both ways, and give each finding its fix: the safe group that resolves it, else
 * (unsafe) the group with the unsafe fixes; a finding neither writes says why. `outside` holds the base
 * group back for a reason found in another file of the package. Findings are changed in place: settle a
 * file's rewrites once, or restore its findings first.
 */
export function fixGroups(rewrites: readonly CallRewrite[], lineOf: (offset: number) => number, pkg: PackageBase, outside: BaseHold = {}): FixGroups {
  const safe = groupRewrites(rewrites, 'safe', lineOf, pkg, outside.safe);
  const all = rewrites.some((r) => r.all !== r.safe) || outside.all !== outside.safe ? groupRewrites(rewrites, 'all', lineOf, pkg, outside.all) : safe;
  const fixedBy = (groups: FixGroup[]) => new Map(groups.filter((g) => g.held === undefined && g.edits.length > 0).flatMap((g) => g.resolves.map((f) => [f, g] as const)));
  const bySafe = fixedBy(safe);
  const byAll = fixedBy(all);
  const heldBy = new Map(all.flatMap((g) => g.calls.map((c) => [c, g] as const)));
  for (const c of rewrites) {
    for (const f of c.findings) {
      // Fixed by the safe rewrites (`--fix`), else only by those with the unsafe fixes too (`--unsafe-fixes`).
      const safely = bySafe.get(f);
      const group = safely ?? byAll.get(f);
      if (group) {
        f.fixClass = safely ? 'safe' : 'unsafe';
        f.fix = { applicability: f.fixClass, title: f.rule.fixTitle ?? 'Apply the v4 rewrite', edits: group.edits };
        // The fix writes a v4 route; the base it is sent to is not in the code for the fix to move.
        if (c.baseUnseen) f.message += BASE_UNSEEN;
        continue;
      }
      delete f.fix;
      if (f.fixClass === 'report') continue;
      f.fixClass = 'report';
      const held = heldBy.get(c)!;
      const behind = c.all.behind ?? held.behind?.get(c);
      if (behind !== undefined) {
        f.message += ` (not fixed automatically: ${behind})`;
        continue;
      }
      if (held.held === undefined) continue;
      const own = c.all.held !== undefined || c === held.cause || held.heldAt === undefined;
      f.message += ` (not fixed automatically: ${own ? held.held : `it moves to v4 together with the call at line ${held.heldAt}, which is not fixed automatically`})`;
    }
  }
  // The call that holds a group back says so, when it holds back others with fixes of their own.
  for (const group of all) {
    const cause = group.cause;
    const first = cause?.findings.find((f) => f.fixClass === 'report');
    if (first && group.calls.some((c) => c !== cause && c.all.held === undefined && c.all.resolves.length > 0)) first.message += ' (until it is resolved, the calls that move to v4 with it stay as they are)';
  }
  const baseGroup = (groups: FixGroup[]) => groups.find((g) => g.throughBases);
  const bases: BaseHold = {};
  const safeBases = baseGroup(safe);
  if (safeBases) {
    bases.present = true;
    if (safeBases.held !== undefined && outside.safe === undefined) bases.safe = held(safeBases);
    const allBases = baseGroup(all);
    if (allBases?.held !== undefined && outside.all === undefined) bases.all = held(allBases);
  }
  return { safe, all, bases };
}

/** A held group's reason, with the line of the call that holds it. */
function held(group: FixGroup): string {
  return group.heldAt === undefined ? group.held! : `line ${group.heldAt}: ${group.held}`;
}

/** Group the calls' rewrites of one kind and decide which groups are held back. */
function groupRewrites(rewrites: readonly CallRewrite[], kind: 'safe' | 'all', lineOf: (offset: number) => number, pkg: PackageBase, outside: string | undefined): FixGroup[] {
  const sets = new DisjointSets(rewrites.length);
  const owner = new Map<object, number>();
  const join = (i: number, key: object) => {
    const other = owner.get(key);
    if (other === undefined) owner.set(key, i);
    else sets.union(i, other);
  };
  // A branch of a deliberate v3/v4 switch stays as it is, alone: nothing it writes moves with other calls.
  const grouped = (r: CallRewrite) => !r.call.versionGuarded;
  // The values of one URL, and the calls through one prefix literal.
  rewrites.forEach((r, i) => grouped(r) && [r.call.node, r.prefixLiteral].forEach((key) => key && join(i, key)));
  // The calls of a wrapper of this file and the request in its body, which holds their base. (A wrapper in
  // another module is that module's: its base is rewritten there.)
  const wrappers = new Set(rewrites.flatMap((r) => (r.call.via ? [r.call.via] : [])));
  const local = new Set<Node>();
  rewrites.forEach((r, i) => grouped(r) && r.call.ancestors.forEach((a) => wrappers.has(a) && (local.add(a), join(i, a))));
  rewrites.forEach((r, i) => grouped(r) && r.call.via && local.has(r.call.via) && join(i, r.call.via));
  // Calls that write no version go through a base URL of the file (a client's, the package's): which one
  // is not known, so they move with all of them. (A base in another module is rewritten there.) When the
  // package's version is theirs, the URLs it is read from move with them too. A call whose `/api/v3` is
  // written elsewhere (a wrapper's body, another module) goes through a base whatever the package's version
  // says: that version changes as the package's other calls move, and the call must not be held in one run
  // and moved in the next.
  const throughPackageBase = pkg.through || rewrites.some((r) => r.isBase || r.prefixForeign === true);
  const ofPackage = (r: CallRewrite) => r.isBase || r.throughBase || (pkg.through && pkg.versioned && r.versionsPackage);
  if (throughPackageBase) {
    const bases = {};
    rewrites.forEach((r, i) => grouped(r) && ofPackage(r) && join(i, bases));
  }
  for (const [i, j] of overlappingRewrites(rewrites.map((r) => r[kind]))) sets.union(i, j);

  const members = new Map<number, CallRewrite[]>();
  rewrites.forEach((r, i) => {
    const root = sets.find(i);
    members.set(root, [...(members.get(root) ?? []), r]);
  });
  return [...members.values()].map((group) => {
    const settled = settle(group, kind, lineOf);
    // Held in another file of the package: its base URL cannot move, nor can what goes through it.
    const throughBases = throughPackageBase && group.some(ofPackage);
    if (throughBases) settled.throughBases = true;
    if (outside !== undefined && settled.held === undefined && throughBases) Object.assign(settled, { held: outside, edits: [], resolves: [] });
    return settled;
  });
}

/**
 * One group's edits and fate. A call that keeps findings (its own rewrite leaves them, or it stays behind)
 * is claimed to keep them after the group is written: so no edit of another call may change its code but
 * for its `/api/v3`. A call whose edits would is left behind too when it can be (every finding of it is
 * still made there), else the group is held.
 */
function settle(calls: readonly CallRewrite[], kind: 'safe' | 'all', lineOf: (offset: number) => number): FixGroup {
  // A call is named by a finding at the call, not by its base's `/api/v3` reported where a builder writes it.
  const where = (c: CallRewrite) => lineOf((c.findings.find((f) => f.rule.category !== 'prefix') ?? c.findings[0])?.start ?? c.call.urlArg.start!);
  const behind = new Map<CallRewrite, string>();
  for (;;) {
    const form = (c: CallRewrite): Rewritten => (behind.has(c) ? { resolves: [], edits: [], applicability: 'safe', rewritesPrefix: false, behind: behind.get(c)! } : c[kind]);
    const edits = distinctEdits(calls.flatMap((c) => form(c).edits));
    const resolves = calls.flatMap((c) => form(c).resolves);
    const applicability = calls.some((c) => form(c).applicability === 'unsafe') ? 'unsafe' : 'safe';
    const group: FixGroup = { calls, edits: edits ?? [], applicability, resolves, ...(behind.size > 0 ? { behind } : {}) };
    const cause = calls.find((c) => form(c).held !== undefined);
    const unmoved = edits && edits.length > 0 ? unrewrittenPrefix(calls, form) : undefined;
    let touched: { call: CallRewrite; by: CallRewrite[] } | undefined;
    if (cause) Object.assign(group, { held: form(cause).held, heldAt: where(cause), cause });
    else if (edits === undefined) group.held = 'two of the rewrites it goes with would edit the same code differently';
    else if (unmoved) group.held = `the \`/api/v3\` of its base URL (line ${lineOf(unmoved.prefixLiteral!.start!)}) is not rewritten with it`;
    else if ((touched = touchedCall(calls, form, edits, new Set(resolves)))) {
      const { call, by } = touched;
      const why = form(call).behind ?? form(call).held;
      if (by.every((c) => c.staysBehind())) {
        const line = where(call);
        const other = (c: CallRewrite) =>
          c.call.node !== call.call.node ? `the call at line ${line}` : call.call.method && call.call.method !== c.call.method ? `the \`${call.call.method}\` request made with the same URL` : 'another value of its URL';
        for (const c of by) behind.set(c, `it shares code with ${other(c)}, which is not fixed automatically${why ? ` (${why})` : ''}`);
        continue;
      }
      Object.assign(group, { held: why ?? `its findings that no fix resolves would change under the rewrite of the call at line ${where(by[0]!)}`, heldAt: where(call), cause: call });
    }
    if (group.held !== undefined) Object.assign(group, { edits: [], resolves: [] });
    return group;
  }
}

/**
 * A call of the group that keeps findings after it (they are reported as left) whose code an edit of
 * another call changes, beyond its `/api/v3`: the next run would not find them as reported. With the calls
 * whose edits do it.
 */
function touchedCall(calls: readonly CallRewrite[], form: (c: CallRewrite) => Rewritten, edits: readonly Edit[], resolves: ReadonlySet<RawFinding>): { call: CallRewrite; by: CallRewrite[] } | undefined {
  if (edits.length === 0) return undefined;
  for (const call of calls) {
    const left = call.findings.filter((f) => !resolves.has(f) && f.file === undefined);
    // A call with no finding at all is right as it is: another's edit must not change its request either
    // (`new Resource(client, '/projects/owned')`, whose GET is fixed in the literal its POST reads too).
    if (left.length === 0 && call.findings.length > 0) continue;
    const own = form(call).edits;
    const version = versionDigit(call);
    const spans = [...readSpans(call), ...left.map((f) => [f.start, f.end] as const)];
    const foreign = new Set(spans.flatMap((s) => touching(edits, s)));
    for (const e of foreign) if (own.some((o) => sameEdit(o, e)) || (version !== undefined && e.start === version && e.end === version + 1 && e.text === '4')) foreign.delete(e);
    if (foreign.size === 0) continue;
    const by = calls.filter((c) => c !== call && form(c).edits.some((e) => foreign.has(e) || [...foreign].some((x) => sameEdit(x, e))));
    if (by.length > 0) return { call, by };
  }
  return undefined;
}

/** The source a call's request is read from: its URL's literals and expressions, its method, its parameters. */
function readSpans(call: CallRewrite): (readonly [number, number])[] {
  const spans: (readonly [number, number])[] = [];
  for (const p of call.call.pieces) {
    if (p.kind === 'hole') spans.push([p.node.start!, p.node.end!]);
    else if (p.literal) {
      const at = p.literal.offsets;
      const from = at?.[p.offset];
      const to = at?.[p.offset + p.text.length];
      spans.push(from !== undefined && to !== undefined ? [from, to] : [p.literal.node.start!, p.literal.node.end!]);
    }
  }
  const site = call.call.methodSite;
  if (site.kind !== 'none') spans.push([site.node.start!, site.node.end!]);
  for (const param of call.call.params) {
    if (param.site.kind === 'property') spans.push([param.site.property.start!, param.site.property.end!]);
    else if (param.site.kind === 'written') spans.push([param.site.node.start!, param.site.node.end!]);
  }
  return spans;
}

/** Where the `3` of a call's `/api/v3` is written, when it is written in a literal that maps to the source. */
function versionDigit(call: CallRewrite): number | undefined {
  const { version, versionAt } = call.call.url;
  if (version !== 'v3') return undefined;
  let index = versionAt + 1;
  for (const p of call.call.pieces) {
    const length = p.kind === 'text' ? p.text.length : 1;
    if (index >= length) {
      index -= length;
      continue;
    }
    return p.kind === 'text' ? p.literal?.offsets?.[p.offset + index] : undefined;
  }
  return undefined;
}

function sameEdit(a: Edit, b: Edit): boolean {
  return a.start === b.start && a.end === b.end && a.text === b.text;
}

/**
 * The edits (sorted, none overlapping) that change a span of source: they replace some of it, or insert within
 * it or at either end.
 */
function touching(edits: readonly Edit[], [start, end]: readonly [number, number]): Edit[] {
  // The first edit that does not end before the span: their ends are sorted as their starts are.
  let lo = 0;
  let hi = edits.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (edits[mid]!.end < start) lo = mid + 1;
    else hi = mid;
  }
  const out: Edit[] = [];
  for (let i = lo; i < edits.length && edits[i]!.start <= end; i++) {
    const e = edits[i]!;
    if (e.start === e.end ? start <= e.start : e.start < end && start < e.end) out.push(e);
  }
  return out;
}

/**
 * A shared prefix literal no call of the group rewrites (its own finding silenced, or not a URL the tool
 * reports): the calls through it would keep `/api/v3` under their v4 paths. A literal only ever read from
 * another module or a wrapper's body is that place's to rewrite.
 */
function unrewrittenPrefix(calls: readonly CallRewrite[], form: (c: CallRewrite) => Rewritten): CallRewrite | undefined {
  const literals = new Set(calls.flatMap((c) => (c.prefixLiteral && !c.prefixForeign ? [c.prefixLiteral] : [])));
  for (const literal of literals) {
    const through = calls.filter((c) => c.prefixLiteral === literal);
    if (!through.some((c) => form(c).rewritesPrefix)) return through[0];
  }
  return undefined;
}

/** The edits sorted with duplicates dropped; undefined when two of them overlap. */
function distinctEdits(edits: readonly Edit[]): Edit[] | undefined {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  const out: Edit[] = [];
  for (const e of sorted) {
    const last = out[out.length - 1];
    if (last && last.start === e.start && last.end === e.end && last.text === e.text) continue;
    if (last && overlap(last, e)) return undefined;
    out.push(e);
  }
  return out;
}

/** Two edits touch the same code (or insert at the same place). */
function overlap(a: Edit, b: Edit): boolean {
  return (a.start < b.end && b.start < a.end) || (a.start === b.start && (a.start === a.end || b.start === b.end));
}

/** Pairs of rewrites whose edits touch the same code: writing one changes what the other reads. */
function overlappingRewrites(rewrites: readonly Rewritten[]): [number, number][] {
  const all = rewrites.flatMap((r, i) => r.edits.map((edit) => ({ edit, i }))).sort((a, b) => a.edit.start - b.edit.start);
  const pairs: [number, number][] = [];
  for (let x = 0; x < all.length; x++) {
    for (let y = x + 1; y < all.length && all[y]!.edit.start <= Math.max(all[x]!.edit.end, all[x]!.edit.start); y++) {
      if (all[x]!.i !== all[y]!.i && overlap(all[x]!.edit, all[y]!.edit)) pairs.push([all[x]!.i, all[y]!.i]);
    }
  }
  return pairs;
}

class DisjointSets {
  private readonly parent: number[];
  constructor(size: number) {
    this.parent = Array.from({ length: size }, (_, i) => i);
  }
  find(i: number): number {
    while (this.parent[i] !== i) i = this.parent[i] = this.parent[this.parent[i]!]!;
    return i;
  }
  union(a: number, b: number): void {
    this.parent[this.find(a)] = this.find(b);
  }
}
