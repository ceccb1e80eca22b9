// Rules × call sites → findings. Each call is recognised once; every rule matches against it; the
// fixable findings of one call are composed into one rewrite of that call.
import type { Node } from '@babel/types';
import type { ApiCall, LiteralRef, Method, ParamRef, TextPiece } from '../callsites/types.js';
import { programOf } from '../callsites/scope.js';
import { constructs, unwrap } from '../parse/walk.js';
import { queryParams } from '../callsites/params.js';
import { hasHole, holeId } from '../callsites/marked.js';
import { responseFacts, type ResponseFacts } from '../callsites/response.js';
import type { SecretSite } from '../callsites/secrets.js';
import { segments, type Segment } from '../callsites/url.js';
import { isV4Route, v4MethodsFor } from '../api/v4-routes.js';
import { versionOfRoute } from '../api/version-routes.js';
import { hasRawProjectPath, withProjectId } from '../api/v3-routes.js';
import { isCallRule, type CheckFinding, type DependencyPin, type FixClass, type MatchedCall, type Rewrite, type Route, type Rule } from '../rule.js';
import type { Edit } from '../results.js';
import { applyRewrite, currentName, initialState, renderEdits, urlOf, type CallState } from '../fix/compose.js';
import { unroutedReason, type RewrittenRequest } from './verify.js';
import { matchSegments, type CompiledRoute, type SegmentMatch } from './route-pattern.js';
import { isKnownV3Route, routeShape, scopeOf, type PackageFacts, type Scope } from './evidence.js';
import { memoOn } from '../memo.js';

/** A finding before it is placed in a file: its rule, where it points, and its fix. */
export interface RawFinding {
  rule: Rule;
  /** The call the finding is about (none for file findings). */
  call: ApiCall | undefined;
  /** Source offsets the finding covers. */
  start: number;
  end: number;
  message: string;
  /** The class of the fix the finding carries ('report' when it carries none). */
  fixClass: FixClass;
  /** The fix it carries: the composed rewrite of its call, with the calls that share the call's base (fix/groups.ts). */
  fix?: FindingFix;
  /** The span holds a secret (formatters mask it). */
  secret?: boolean;
  /** Type-aware mode: the finding is in another file (absolute path), reached through a declared type. */
  file?: string;
  /** The declared type that tied the finding to its call (`Issue`). */
  typeName?: string;
}

/** A finding's fix as one value (Ruff's `Fix`): how safe it is, what to call it, and the edits it makes. */
export interface FindingFix {
  applicability: 'safe' | 'unsafe';
  title: string;
  /** The edits of the whole rewrite the finding belongs to, on the original text, sorted. */
  edits: readonly Edit[];
}

/**
 * One call's composed rewrite, in its two forms: with its safe fixes only (what `--fix` writes) and with its
 * unsafe fixes too (`--unsafe-fixes`). Each is every fix of the call applied in one go (prefix, path,
 * method, parameters), checked to make a request v4 routes. Built once, from the call's findings.
 */
export interface CallRewrite {
  call: ApiCall;
  /** Every finding on the call (silenced ones left out), in catalogue order. */
  findings: RawFinding[];
  /** The literal the call's `/api/v3` is written in: shared with every call through the same base. */
  prefixLiteral?: Node;
  /** That literal is written in a wrapper's body or another module, never edited from this call. */
  prefixForeign?: boolean;
  /** The call is a base URL (`/api/v3` and no route): calls that write no version of their own go through one. */
  isBase: boolean;
  /** The call goes through a base URL it does not write: a client's, its package's, or one in another module. */
  throughBase: boolean;
  /**
   * The call writes `/api/v3` itself, in a bare URL or a route of the service: a URL the package's version is
   * read from, for the calls that write none (`PackageFacts.unversioned`).
   */
  versionsPackage: boolean;
  safe: Rewritten;
  /** The same object as `safe` when the call has no unsafe fix. */
  all: Rewritten;
  /**
   * Whether the call could stay behind as it is written while its base moves: every finding it has is still
   * made on it, unchanged but for its `/api/v3`, judged as a v4 call (asked when another call's rewrite
   * would change code it shares with a call that keeps findings; worked out once, when asked).
   */
  staysBehind: () => boolean;
  /**
   * The call is the service's v3 by its route alone: no version is written in it, its client's base or its
   * package, so the base URL it goes through is set outside the code and must move to `/api/v4` with its fixes.
   */
  baseUnseen: boolean;
}

/** A call rewritten with some of its fixes. */
export interface Rewritten {
  /** The findings it resolves; the others stay after it. */
  resolves: RawFinding[];
  /** Edits of the call's own code; none when only its base changes it. */
  edits: Edit[];
  /** 'unsafe' when it resolves an unsafe finding. */
  applicability: 'safe' | 'unsafe';
  /** It changes the prefix literal's `v3` to `v4`. */
  rewritesPrefix: boolean;
  /** Why the call must stay as it is: then nothing that changes it is written, nor its base. */
  held?: string;
  /** Why the call's own code stays as it is while its base moves to v4 with other calls (its findings are made there too). */
  behind?: string;
}

interface Matched {
  match: MatchedCall;
  segs: SegmentMatch;
  scope: Scope;
}

/** Where a rule's result points, to recognise the same finding on the rewritten call. */
interface Located {
  at?: ParamRef;
  atCapture?: string;
  atSpan?: number;
}

interface Own extends Located {
  finding: RawFinding;
  rule: Rule;
}

/** Run `rules` over the calls of one file: the findings, and each call's composed rewrite. */
export function runRules(
  calls: readonly ApiCall[],
  rules: readonly Rule[],
  pkg: PackageFacts,
  source: string,
  /** Whether a finding is silenced (a directive, the allow list); it is then left out of findings and fixes. */
  silenced: (finding: RawFinding) => boolean = () => false,
  apiBase: readonly string[] = [],
): { findings: RawFinding[]; rewrites: CallRewrite[] } {
  const findings: RawFinding[] = [];
  const rewrites: CallRewrite[] = [];
  // Nodes that send more than one request (a resource made on a path, whose methods send several): each
  // request there reads the same code, so one without findings still takes part, to keep its code as it is.
  const shared = new Set<Node>();
  const seen = new Set<Node>();
  for (const call of calls) (seen.has(call.node) ? shared : seen).add(call.node);
  for (const call of calls) {
    const scope = scopeOf(call, pkg, apiBase);
    if (!scope.v3 && !scope.service && scope.version !== 'v4') continue;
    const start = initialState(call);
    const first = segments(urlOf(start))[0];
    const firstWord = first && !first.dynamic ? first.text : undefined;
    const own: Own[] = [];
    for (const rule of rulesOpeningWith(rules, firstWord)) {
      const matched = matchRule(rule, start, scope);
      if (!matched) continue;
      for (const result of resultsOf(rule, matched)) {
        const span = result.at && rule.pointsAt !== 'route'
          ? paramSpan(result.at, start)
          : result.atCapture
            ? captureSpan(matched.segs, result.atCapture, start)
            : result.atSpan
              ? ([result.atSpan.start, result.atSpan.end] as [number, number])
              : routeSpan(matched.segs, start, ROUTE_CATEGORIES.has(rule.category) || rule.pointsAt === 'route', rule.category === 'prefix', rule.route, rule.pointsAt === 'call');
        // What the finding is about is written in a wrapper's body: it is reported there.
        if (!span) continue;
        const [s, e] = span;
        const fixClass = classOf(rule, matched, result.rewrite, call);
        const message = fillMessage(result.message ?? rule.message, rule, matched.match, fixClass, result.rewrite);
        const finding: RawFinding = { rule, call, start: s, end: e, message, fixClass };
        if (result.atSpan?.file) finding.file = result.atSpan.file;
        if (result.atSpan?.typeName) finding.typeName = result.atSpan.typeName;
        // A silenced finding takes no part in the call's rewrite either.
        if (silenced(finding)) continue;
        own.push({ finding, rule, at: result.at, atCapture: result.atCapture, atSpan: result.atSpan?.start });
      }
    }
    // A call left behind under `/api/v4` keeps its v3 route's change: that finding says what to do, and a v4
    // rule about the same thing would propose another cure (`POST …/star` for a `DELETE …/star`).
    const judged = new Set(own.filter((o) => o.rule.route.version === 'v3').map((o) => o.rule.category));
    if (judged.size > 0) own.splice(0, own.length, ...own.filter((o) => o.rule.route.version !== 'v4' || !judged.has(o.rule.category)));
    const prefix = prefixLiteralOf(start);
    // A call without findings still counts when it goes through a base others rewrite: the base moves it too.
    if (own.length === 0 && !prefix && !shared.has(call.node)) continue;
    // Through a base: no version of its own (a client's base URL, the package's), or one written in another module.
    const throughBase = (call.url.version === undefined && scope.version === 'v3') || prefix?.foreign === true;
    const baseUnseen = scope.v3 && call.url.version === undefined && call.baseVersion === undefined && !pkg.writesVersion;
    rewrites.push(composeCall(start, own, scope, source, rules, prefix, throughBase, onV4Base(start, scope), baseUnseen));
    findings.push(...own.map((o) => o.finding));
  }
  return { findings: onePerPlace(findings), rewrites };
}

/** Compose a call's rewrite: the safe form, and the form with the unsafe fixes too when it has any. */
function composeCall(start: CallState, own: readonly Own[], scope: Scope, source: string, rules: readonly Rule[], prefix: { node: Node; foreign: boolean } | undefined, throughBase: boolean, onV4: boolean, baseUnseen: boolean): CallRewrite {
  // A call through a base written elsewhere (a constant, a wrapper's body, a client's base URL) moves when the base does.
  const base = prefix !== undefined || throughBase ? 'moves' : onV4 ? 'moved' : undefined;
  const compose = (fixes: readonly Own[]) => rewrite(start, fixes, own, scope, source, rules, base);
  // The prefix first: it is judged on the call as written (`prefixWritten`), which later rewrites change.
  const ordered = [...own.filter((o) => o.rule.category === 'prefix'), ...own.filter((o) => o.rule.category !== 'prefix')];
  const safe = compose(ordered.filter((o) => o.finding.fixClass === 'safe'));
  const unsafe = ordered.filter((o) => o.finding.fixClass === 'unsafe');
  const kept = ordered.filter((o) => safe.resolves.includes(o.finding));
  let all = unsafe.length === 0 ? safe : compose([...kept, ...unsafe]);
  // The unsafe fixes that would keep the call from being written are left out, one by one, each finding
  // saying why: `--unsafe-fixes` writes at least what `--fix` writes (and moves the base as `--fix` does).
  const stuck = (r: Rewritten) => r.held !== undefined || r.behind !== undefined;
  if (all !== safe && stuck(all) && !stuck(safe)) {
    all = safe;
    let fixes = kept;
    for (const o of unsafe) {
      // Its change could not be made at all: the first composition said so.
      if (o.finding.fixClass !== 'unsafe') continue;
      const tried = compose([...fixes, o]);
      if (stuck(tried)) {
        o.finding.fixClass = 'report';
        o.finding.message += ` (not fixed automatically: ${tried.held ?? tried.behind})`;
        continue;
      }
      all = tried;
      fixes = [...fixes, o];
    }
  }
  const isBase = prefix !== undefined && segments(start.call.url).length === 0;
  const versionsPackage = prefix !== undefined && !prefix.foreign && (isBase || isKnownV3Route(start.call));
  let behind: boolean | undefined;
  const staysBehind = () => (behind ??= !start.call.versionGuarded && own.every((o) => survives(o, withV4Prefix(start), scope)));
  return { call: start.call, findings: own.map((o) => o.finding), ...(prefix ? { prefixLiteral: prefix.node, prefixForeign: prefix.foreign } : {}), isBase, throughBase, versionsPackage, safe, all, staysBehind, baseUnseen };
}

const byOpening = new WeakMap<readonly Rule[], Map<string | undefined, Rule[]>>();

/**
 * The call rules (in catalogue order) that can fit a path opening with `word`: a route that opens with
 * another word fits no such call. Worked out once per rule set and word, not once per call and rule.
 */
function rulesOpeningWith(rules: readonly Rule[], word: string | undefined): readonly Rule[] {
  let lists = byOpening.get(rules);
  if (!lists) byOpening.set(rules, (lists = new Map()));
  let list = lists.get(word);
  if (!list) {
    list = rules.filter((rule) => {
      if (!isCallRule(rule)) return false;
      const opening = rule.route.segments[0];
      return opening?.kind !== 'word' || opening.word === word;
    });
    lists.set(word, list);
  }
  return list;
}

/**
 * Apply fixes to a call, each re-matched on the state the previous left (catalogue order). The call is held
 * when the rewrite cannot be written as edits, when the rewritten call would hide a finding the rewrite
 * leaves (v3 rules do not judge what v4 routes), or when the request it makes with the `/api/v4` prefix
 * (its own, or its base's) is not one v4 routes.
 */
function rewrite(start: CallState, fixes: readonly Own[], own: readonly Own[], scope: Scope, source: string, rules: readonly Rule[], base: 'moves' | 'moved' | undefined): Rewritten {
  const sharedBase = base === 'moves';
  let state = start;
  const resolves: RawFinding[] = [];
  for (const o of fixes) {
    const next = reapply(o.rule, state, scope, o);
    if (!next) {
      o.finding.fixClass = 'report';
      o.finding.message += ` (not fixed automatically: ${whyNotWritten(o, state, scope)})`;
      continue;
    }
    state = next;
    resolves.push(o.finding);
  }
  const out: Rewritten = {
    resolves,
    edits: [],
    applicability: resolves.some((f) => f.fixClass === 'unsafe') ? 'unsafe' : 'safe',
    rewritesPrefix: rewritesPrefix(start, state),
  };
  if (state !== start) {
    const edits = renderEdits(state, source);
    if (edits) out.edits = edits;
    else out.held = 'its rewrite cannot be written into this code';
  }
  // A branch of a v3/v4 switch is never rewritten, and its `/api/v3` is its own (see groups.ts).
  if (start.call.versionGuarded) return out;
  // A call that changes, or whose shared base does, is judged as it would stand on v4; one that nothing
  // changes stays as it is, whatever its findings.
  if (!out.held && (out.edits.length > 0 || sharedBase)) {
    const migrated = withV4Prefix(state);
    const hidden = own.find((o) => !resolves.includes(o.finding) && !survives(o, migrated, scope));
    // Moved, the call would hide what is left of it: it holds back the calls that move with it too.
    if (hidden) {
      out.held = `\`${hidden.rule.id}\` ${hidden.finding.fixClass === 'unsafe' ? 'has an unsafe fix only' : 'has no fix'}, and once on v4 the call is no longer checked for it; resolve or silence it first`;
      return out;
    }
    out.held = unroutedReason(requestOf(start, migrated, rules));
  }
  // A call with no v4 form through a base others share stays behind: the base moves with them, the call
  // keeps its path under `/api/v4`, and each of its findings is still made there (v3 routes v4 does not
  // have are judged on v4 calls), so it is reported as what is left of the migration. So does one through
  // a base already on v4 (what a run after the move sees of it): it holds back nothing either.
  if (out.held !== undefined && base !== undefined) {
    const moved = withV4Prefix(start);
    if (own.every((o) => survives(o, moved, scope))) return { resolves: [], edits: [], applicability: 'safe', rewritesPrefix: false, behind: out.held };
  }
  return out;
}

/** Why a fix cannot be written into a call: its client's query option would drop what it adds to the URL, or the code's shape. */
function whyNotWritten(o: Own, state: CallState, scope: Scope): string {
  if (state.call.queryReplacesUrl && reapply(o.rule, { ...state, call: { ...state.call, queryReplacesUrl: undefined } }, scope, o)) {
    return "the call's query is sent apart from its URL (a `searchParams` option, a cache key's object), where this change adds to the URL's; add it there";
  }
  return 'this change cannot be written into this code';
}

/** Whether the state has the call's `v3` (where the recogniser found it) turned into `v4`; nothing a rewrite does comes before it. */
function rewritesPrefix(start: CallState, state: CallState): boolean {
  const { version, versionAt } = start.call.url;
  return version === 'v3' && state.marked.slice(versionAt, versionAt + 2) === 'v4';
}

/** The call is made against `/api/v4` written in a literal, or a base's (its client's, its package's): where a base moved to. */
function onV4Base(state: CallState, scope: Scope): boolean {
  const url = state.call.url;
  if (scope.version !== 'v4') return false;
  return url.version === undefined || (url.version === 'v4' && state.original.origins[url.versionAt]?.kind === 'lit');
}

/** The state with its `/api/v3` read as `/api/v4`: the request the call makes once its base moves too. */
function withV4Prefix(state: CallState): CallState {
  return urlOf(state).version === 'v3' ? (applyRewrite(state, undefined, { version: 'v4' }) ?? state) : state;
}

/** Whether a finding no fix resolves is still made on the rewritten call, judged as a v4 call. */
function survives(o: Own, migrated: CallState, scope: Scope): boolean {
  const v4: Scope = { ...scope, version: 'v4', fromPackage: false, v3: true, service: true };
  const matched = matchRule(o.rule, migrated, v4);
  if (!matched) return false;
  return resultsOf(o.rule, matched).some((r) => r.at?.name === o.at?.name && r.atCapture === o.atCapture && r.atSpan?.start === o.atSpan);
}

/** The request a rewritten call makes, with the methods an unknown method may be. */
function requestOf(start: CallState, migrated: CallState, rules: readonly Rule[]): RewrittenRequest {
  const url = urlOf(migrated);
  const segs = segments(url);
  // A raw `group/name` project path is the project's id: the call that writes it encodes it (or stays reported).
  const shape = withProjectId(routeShape({ url }));
  return { method: migrated.method, mayBe: migrated.method ? [] : methodsOfRoute(start, rules), shape, bare: start.call.client === 'url' || endsInParameter(segs, migrated) };
}

/** A path that ends in a parameter of the function around the call (`${base}/projects/${id}/${path}`): its callers say the rest. */
function endsInParameter(segs: readonly Segment[], state: CallState): boolean {
  const last = segs.at(-1)?.text;
  const id = last?.length === 1 ? holeId(last) : undefined;
  return id !== undefined && state.holes[id]?.piece?.param !== undefined;
}

/**
 * The methods the catalogue's method changes give the call's v3 path (`DELETE …/star`): what an unknown method
 * may be, among those the call can send.
 */
function methodsOfRoute(state: CallState, rules: readonly Rule[]): Method[] {
  const segs = segments(urlOf(state));
  const out = new Set<Method>();
  const possible = state.call.methodsPossible;
  for (const rule of methodRules(rules)) {
    if (matchSegments(rule.route, segs, state.marked)) for (const m of rule.route.methods!) if (!possible || possible.includes(m)) out.add(m);
  }
  return [...out];
}

/** The rules of a run that change a route's method (asked of every call whose method is unknown). */
const methodRules = memoOn((rules: readonly Rule[]) => rules.filter((rule) => isCallRule(rule) && rule.category === 'method' && rule.route.methods && rule.route.segments.length > 0));

/** The literal a call's `/api/v3` is written in, when it is written in one. */
function prefixLiteralOf(state: CallState): { node: Node; foreign: boolean } | undefined {
  const url = state.call.url;
  if (url.version !== 'v3') return undefined;
  const o = state.original.origins[url.versionAt];
  if (o?.kind !== 'lit') return undefined;
  // Written in a wrapper's body: the call shares that base with the wrapper's other calls, and never edits it.
  if (!o.piece.literal) return o.piece.writtenIn ? { node: o.piece.writtenIn, foreign: true } : undefined;
  const node = o.piece.literal.node;
  // Text of another module's value stands on the name it is imported by: that module rewrites it.
  const written = node.type === 'StringLiteral' || node.type === 'TemplateElement';
  return { node, foreign: o.piece.foreign === true || !written };
}

/** A URL with several possible values (a default host, a reassigned name) is one call per value, and the same finding may come from several: one is kept. */
function onePerPlace(findings: RawFinding[]): RawFinding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.rule.id}\u0000${f.start}\u0000${f.end}\u0000${f.file ?? ''}\u0000${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** File rules: findings about the file as a whole (tokens written into it). */
export function runFileRules(secrets: readonly SecretSite[], rules: readonly Rule[], pkg: PackageFacts): RawFinding[] {
  const out: RawFinding[] = [];
  // A token known by its name alone is this service's only in a package that speaks to the service.
  const sites = pkg.service ? secrets : secrets.filter((s) => !s.byName);
  for (const rule of rules) {
    if (!('secrets' in rule) || sites.length === 0) continue;
    for (const site of rule.secrets(sites)) out.push({ rule, call: undefined, start: site.start, end: site.end, message: rule.message, fixClass: 'report', secret: true });
  }
  return out;
}

/**
 * Manifest rules over a package.json's dependency pins: a finding at the version string of each pin whose
 * default base some call of the package relies on (`defaultV3`), never fixed (package.json is not written).
 */
export function runManifestRules(pins: readonly DependencyPin[], rules: readonly Rule[], pkg: PackageFacts): RawFinding[] {
  const out: RawFinding[] = [];
  const used = pins.filter((p) => p.defaultVersion === 'v3' && pkg.defaultV3?.includes(p.module));
  for (const rule of rules) {
    if (!('dependencies' in rule) || used.length === 0) continue;
    for (const { pin, message } of rule.dependencies(used)) out.push({ rule, call: undefined, start: pin.start, end: pin.end, message: message ?? rule.message, fixClass: 'report' });
  }
  return out;
}

function resultsOf(rule: Rule, matched: Matched): { rewrite: Rewrite | null; message?: string; at?: ParamRef; atCapture?: string; atSpan?: CheckFinding['atSpan'] }[] {
  if ('check' in rule) {
    // A span in another file is reported there; this call's rewrite cannot edit that file.
    return rule.check({ match: matched.match }).map((f: CheckFinding) => ({ rewrite: f.atSpan?.file ? null : (f.rewrite ?? null), message: f.message, at: f.at, atCapture: f.atCapture, atSpan: f.atSpan }));
  }
  const at = rule.route.param ? matched.match.param : undefined;
  // The parameter the rewrite needs is not visible (passed in from elsewhere): report only.
  if (rule.route.param && !at) return [{ rewrite: null }];
  if ('v4' in rule) return [{ rewrite: dataRewrite(rule.route.param, rule.v4, matched.match), at }];
  if ('rewrite' in rule) return [{ rewrite: rule.rewrite(matched.match), at }];
  return [{ rewrite: null, at }];
}

function dataRewrite(v3Param: string | undefined, v4: Partial<Route>, m: MatchedCall): Rewrite {
  const method = typeof v4.method === 'string' ? (v4.method as Method) : undefined;
  return {
    path: v4.path,
    method,
    query: v4.query,
    params: v3Param && v4.param && m.param ? [{ op: 'rename', param: m.param, to: v4.param }] : undefined,
  };
}

function classOf(rule: Rule, matched: Matched, rewrite: Rewrite | null, call: ApiCall): FixClass {
  if (rule.fix === 'report' || !rewrite) return 'report';
  if (call.versionGuarded) return 'report';
  if (matched.match.methodUnknown && (rule.route.methods || rewrite.method)) return 'report';
  return rewrite.unsafe || rule.fix === 'unsafe' ? 'unsafe' : 'safe';
}

/** Re-match a rule on an intermediate state and apply its rewrite; the state itself when it no longer matches. */
function reapply(rule: Rule, state: CallState, scope: Scope, { at, atSpan }: Located): CallState | undefined {
  const matched = matchRule(rule, state, scope);
  if (!matched) return state;
  const results = resultsOf(rule, matched);
  // The result this finding was: by its parameter, or by the span it points at (one of several comparisons), else the first.
  const same = at
    ? results.find((r) => r.at?.name === at.name || (r.at?.site.kind === 'property' && r.at.site.property === (at.site.kind === 'property' ? at.site.property : undefined)))
    : atSpan !== undefined
      ? results.find((r) => r.atSpan?.start === atSpan)
      : results[0];
  const rewrite = (same ?? results[0])?.rewrite;
  if (!rewrite) return state;
  return applyRewrite(state, matched.segs, rewrite);
}

/** Match one rule against a call state: version scope, path, method, required parameter, `when`. */
function matchRule(rule: Rule, state: CallState, scope: Scope): Matched | undefined {
  const route = rule.route;
  if (route.version === 'v4') {
    if (scope.version !== 'v4') return undefined;
  } else if (route.version === 'any') {
    if (!scope.v3 && !scope.service && scope.version !== 'v4') return undefined;
  } else if (!scope.v3) return undefined;
  // A bare URL (a constant, a default) is sent with no method we know: rules about one method's request, its
  // status codes or its response do not judge it; unless its path is a route of v3 only, which v4 answers under
  // no method (`/projects/owned`): whatever the URL is sent with, that route's change is the one to make.
  if (state.call.client === 'url' && (rule.category === 'status' || rule.category === 'response' || (route.methods && !viewOf(state).v3Only()))) return undefined;
  // A test double answers the request: rules about how code handles an answer (its status, its fields) judge the client's code, not it.
  if (state.call.testDouble && (rule.category === 'status' || rule.category === 'response')) return undefined;
  const view = viewOf(state);
  // A raw `group/name` project path in the id's place is the id, for every rule but the one about it.
  const segs = matchSegments(route, view.segments, state.marked) ?? (view.rawPathJoined && matchSegments(route, view.rawPathJoined, state.marked));
  if (!segs) return undefined;
  const method = state.method;
  if (route.methods && method && !route.methods.includes(method)) return undefined;
  if (route.methods && !method && state.call.methodsPossible && !route.methods.some((m) => state.call.methodsPossible!.includes(m))) return undefined;
  // On a v4 call, a v3 route's rule judges only what v4 does not route, except the rules about what the
  // call sends (a renamed parameter, a `.id` in an iid's place): leftovers of a prefix-only migration. A
  // call whose method is unknown may send the rule's: judged unless v4 routes each of them. A package that
  // shows itself a prefix-only migration (v3-only requests under its v4 bases) is v3 code: judged on every route.
  const sent = method ? undefined : route.methods;
  if (route.version === 'v3' && scope.version === 'v4' && !scope.prefixOnly && rule.category !== 'param' && (sent ? sent.every((m) => isV4Route(m, view.shape)) : view.v4Route())) return undefined;
  // Every rule whose route is any path and asks for no parameter sees the same match of a state (a dozen
  // rules, on every call): it is made once.
  const anyPath = route.segments.length === 0 && route.rest && !route.param;
  const cached = anyPath && view.anyPath?.scope === scope ? view.anyPath.match : undefined;
  const match = cached ?? matchedCall(state, view, route, segs, scope);
  if (anyPath && !cached) view.anyPath = { scope, match };
  // Unknown is not absent: when the call's parameters cannot be seen, a route that v4 does not have at all
  // (`…/repository/files` without a file path) is reported on its shape alone, without a fix.
  if (route.param && !match.param && !(view.call.paramsOpen && !route.rest && route.segments.length > 0 && !view.v4Route())) return undefined;
  if ('when' in rule && rule.when && !rule.when(match)) return undefined;
  return { match, segs, scope };
}

/** What a rule's `when` and `check` see of a call state its route fits. */
function matchedCall(state: CallState, view: StateView, route: CompiledRoute, segs: SegmentMatch, scope: Scope): MatchedCall {
  const { findParam } = view;
  const captures: Record<string, string> = {};
  for (const [name, c] of segs.captures) captures[name] = c.text;
  if (route.rest) captures['**'] = segs.rest;
  return {
    call: view.call,
    captures,
    segments: view.shape,
    capture: (name) => {
      const text = captures[name];
      if (text === undefined) return undefined;
      const id = text.length === 1 ? holeId(text) : undefined;
      if (id !== undefined) {
        const hole = state.holes[id]!;
        if (hole.piece?.param && routeInWrapper(state, segs)) return { code: hole.code, passedIn: true };
        if (hole.piece?.passed) return { code: hole.code, passed: hole.piece.passed };
        return hole.piece?.slashed ? { code: hole.code, slashed: true } : { code: hole.code };
      }
      return hasHole(text) ? undefined : { text };
    },
    param: route.param ? findParam(route.param) : undefined,
    findParam,
    version: scope.version,
    prefixWritten: view.prefixWritten,
    methodUnknown: state.method === undefined,
    response: () => responseOf(state.call),
  };
}

/** Whether the words of the route a call matched are all written in a wrapper's body (the call passes only values). */
function routeInWrapper(state: CallState, segs: SegmentMatch): boolean {
  if (!state.call.via) return false;
  const origins = state.original.origins;
  for (let i = segs.start; i < Math.min(segs.fixedEnd, origins.length); i++) {
    const o = origins[i];
    if (o?.kind === 'lit' && !o.piece.foreign) return false;
  }
  return true;
}

/** What every rule sees of one state of a call: computed once per state, not once per rule. */
interface StateView {
  segments: readonly Segment[];
  /** The segments with a raw `group/name` project path taken as one (the project's id), when the path has one. */
  rawPathJoined?: readonly Segment[];
  /** The call as it stands in this state: its current URL, method and parameters. */
  call: ApiCall;
  shape: (string | null)[];
  params: ParamRef[];
  findParam: (name: string) => ParamRef | undefined;
  prefixWritten: MatchedCall['prefixWritten'];
  /** Whether v4 routes the call as it stands (asked by few rules: computed on demand). */
  v4Route: () => boolean;
  /** The path is a route of v3 only: v4 routes it under no method. */
  v3Only: () => boolean;
  /** The match every any-path rule without a parameter sees, for the scope it was made in. */
  anyPath?: { scope: Scope; match: MatchedCall };
}

const viewOf = memoOn((state: CallState): StateView => {
  const url = urlOf(state);
  const method = state.method;
  const params = currentParams(state);
  const call: ApiCall = { ...state.call, url, method, params };
  const shape = routeShape(call);
  let v4: boolean | undefined;
  let v3Only: boolean | undefined;
  const segs = segments(url);
  return {
    segments: segs,
    ...(hasRawProjectPath(shape) ? { rawPathJoined: joinRawPath(segs) } : {}),
    call,
    shape,
    params,
    findParam: (name) => params.find((p) => p.name === name),
    prefixWritten: prefixWritten(state),
    v4Route: () => (v4 ??= isV4Route(method, shape)),
    v3Only: () => (v3Only ??= v4MethodsFor(shape).length === 0 && versionOfRoute(shape) === 'v3'),
  };
});

/** `projects / group / name / …` as `projects / group/name / …`. */
function joinRawPath(segs: readonly Segment[]): Segment[] {
  const [first, ns, name, ...rest] = segs;
  return [first!, { text: `${ns!.text}/${name!.text}`, start: ns!.start, end: name!.end, dynamic: false, placeholder: undefined }, ...rest];
}

/** Response facts are computed once per call, and only for rules that ask. */
const responseOf = memoOn((call: ApiCall): ResponseFacts => {
  // A test double's answer is written, not read: no code here handles it (comparisons of event fields included).
  const facts: ResponseFacts = call.testDouble ? { handled: false, passedOn: true, reads: [], statuses: [], headers: [] } : responseFacts(call, call.ancestors);
  return call.typedReads ? { ...facts, reads: [...facts.reads, ...call.typedReads] } : facts;
});

// Every rule whose route fits a call asks for its parameters: worked out once per call state.
const currentParams = memoOn(paramsNow);

function paramsNow(state: CallState): ParamRef[] {
  const fromQuery = queryParams(state.marked, state.holes);
  const fromObjects: ParamRef[] = [];
  for (const p of state.call.params) {
    if (p.where !== 'object') continue;
    const name = currentName(state, p);
    if (name !== undefined) fromObjects.push(name === p.name ? p : { ...p, name });
  }
  return [...fromQuery, ...fromObjects];
}

function prefixWritten(state: CallState): MatchedCall['prefixWritten'] {
  const url = urlOf(state);
  if (!url.version) return state.call.baseFrom === 'dependency' && state.call.baseVersion === 'v3' ? 'dependency' : undefined;
  const origin = state.original.origins[url.versionAt];
  if (state.marked !== state.original.text) return undefined;
  return origin?.kind === 'lit' && origin.piece.literal && !origin.piece.literal.viaBinding ? 'here' : 'elsewhere';
}

// Findings about the route itself (renamed, moved, another method, another prefix) point where the route is written.
const ROUTE_CATEGORIES: ReadonlySet<string> = new Set(['prefix', 'endpoint', 'method']);

/**
 * Where a finding about the route points: where the route is written. That is the URL at the call; or,
 * when the route's last word is written in a name's value (`const url = base + '/keys'`), that value; and
 * for a call of a wrapper, only text this call passes counts (undefined when all of it is the wrapper's).
 */
/** The text piece the last word of a route is written in (not a slash). */
function lastWord(origins: CallState['original']['origins'], end: number, start: number, text: string): TextPiece | undefined {
  for (let i = end - 1; i >= start; i--) {
    const o = origins[i];
    if (o?.kind === 'lit' && text[i] !== '/') return o.piece;
    if (o?.kind === 'hole') return undefined;
  }
  return undefined;
}

function routeSpan(segs: SegmentMatch, state: CallState, atRoute: boolean, prefix = false, route?: CompiledRoute, toCall = false): [number, number] | undefined {
  const call = state.call;
  const origins = state.original.origins;
  // The last word the route itself names (not a `{/**}` rest) places the finding; for a bare URL's prefix,
  // the literal its version is written in (a bare URL is reported where its version is written).
  const end = Math.min(segs.fixedEnd, origins.length);
  // A wrapper's caller that writes the version itself (`api.get({ api_url: 'http://host/api/v3' }, 'projects')`)
  // is where the prefix is written, as a bare URL's is.
  // So is the prefix of any call: where its version is written, not a later literal of the URL (the `'%2F'` of a slug).
  const version = prefix && call.url.version ? origins[call.url.versionAt] : undefined;
  let anchor: LiteralRef | undefined = version?.kind === 'lit' && version.piece.literal && !version.piece.foreign ? version.piece.literal : undefined;
  // A URL inside other text (a hint, a placeholder in a template) is reported where the URL is, not at the text's start.
  const first = call.pieces[0];
  if (prefix && call.client === 'url' && anchor && first?.kind === 'text' && first.offset > 0 && call.pieces.every((p) => p.kind === 'text' && p.literal === anchor)) {
    const from = sourceOffset(state, 0);
    const to = sourceOffset(state, state.original.text.length - 1);
    if (from !== undefined && to !== undefined) return [from, to + 1];
  }
  if (anchor && call.via && !anchor.root && !within(anchor.node, unwrap(call.urlArg))) return [anchor.node.start!, anchor.node.end!];
  // A prefix written in a function of the module that builds the call's URL (`const api = (path) =>
  // `${host}/api/v3${path}``, then `fetch(api('/projects'))`) is reported there, once for all its calls, as a base's is.
  if (prefix && anchor?.root && !anchor.viaBinding && !within(anchor.node, unwrap(call.urlArg))) return [anchor.node.start!, anchor.node.end!];
  // A prefix written in a base the call's URL is joined to (a test double's scope, `nock('https://host/api/v3')
  // .get('/x')`; a declarative client's `@BasePath('/api/v3')`) is reported there, once for every request made
  // through it, as a base URL's is.
  if (prefix && (call.testDouble || call.client === 'route') && call.url.version) {
    const o = origins[call.url.versionAt];
    const literal = o?.kind === 'lit' && o.piece.literal && !o.piece.foreign && !o.piece.literal.viaBinding ? o.piece.literal.node : undefined;
    const arg = unwrap(call.urlArg);
    if (literal && (literal.start! < arg.start! || literal.end! > arg.end!)) return [literal.start!, literal.end!];
  }
  // In a wrapper's call, a value this call passes for a parameter of the route (`repo_id: '5'`) is no route text
  // (a word of a choice, `/:kind(licenses|gitignores)`, is).
  const captured = call.via && route ? route.segments.flatMap((p) => (p.kind === 'param' && !p.words && segs.captures.has(p.name) ? [segs.captures.get(p.name)!] : [])) : [];
  // A literal that gives the route only a slash (`'/' + id` after a word kept elsewhere) is no word of it.
  const text = state.original.text;
  // An object made on a path whose route's last word a method of its class writes (`this.sub('builds')`,
  // `${this.path}/star`) in this file: the finding is where that word is written, not at the `new`.
  const word = !anchor && constructs(call.node) ? lastWord(origins, end, segs.start, text) : undefined;
  // (Not a word its constructor writes itself, `super(client, '/projects/…')`: reported there, where it is sent.)
  if (word?.writtenIn && !word.literal && !(call.via && within(word.writtenIn, call.via)) && programOf(word.writtenIn) === programOf(call.node)) return [word.writtenIn.start!, word.writtenIn.end!];
  for (let i = end - 1; i >= segs.start && !anchor; i--) {
    const o = origins[i];
    if (o?.kind === 'lit' && o.piece.literal && !o.piece.foreign && text[i] !== '/' && !captured.some((c) => c.start <= i && i < c.end)) anchor = o.piece.literal;
  }
  if (!anchor && call.via) return undefined;
  // A finding about something the call lacks or what it gets back (a parameter, a status) points at the call.
  if (!atRoute) return [call.urlArg.start!, call.urlArg.end!];
  // A URL among other text of its literal (a link in a template's markup) is reported where its route is written.
  if (call.embedded && anchor && !anchor.root) {
    const from = sourceOffset(state, segs.start);
    const to = sourceOffset(state, end - 1);
    if (from !== undefined && to !== undefined) return [from, to + 1];
  }
  if (anchor?.root) return toCall && isBase(anchor, state) ? [call.urlArg.start!, call.urlArg.end!] : [anchor.root.start!, anchor.root.end!];
  const arg = unwrap(call.urlArg);
  if (call.urlNode !== arg && !(call.urlNode.start! >= arg.start! && call.urlNode.end! <= arg.end!)) return [call.urlNode.start!, call.urlNode.end!];
  return [call.urlArg.start!, call.urlArg.end!];
}

/**
 * The literal is a base URL the call reads whole: it holds the `/api/vN` prefix, and the call's URL ends where
 * the literal does (a trailing slash aside), without a query: nothing of the request's own is written after it.
 */
function isBase(literal: LiteralRef, state: CallState): boolean {
  // A query string after the route makes the literal this call's URL, not a base.
  if (!/api\/v\d/.test(literal.value) || state.call.url.pathEnd < state.original.text.length) return false;
  const text = state.original.text.replace(/\/$/, '');
  const last = state.original.origins[text.length - 1];
  return last?.kind === 'lit' && last.piece.literal === literal && last.piece.offset + last.index === literal.value.replace(/\/$/, '').length - 1;
}

/** Where a parameter is written in the source; undefined when a wrapper's body sends it. */
function paramSpan(param: ParamRef, state: CallState): [number, number] | undefined {
  if (param.foreign) return undefined;
  if (param.site.kind === 'query') {
    const o = state.original.origins[param.site.keyStart];
    if ((o?.kind === 'lit' && o.piece.foreign) || (o?.kind === 'hole' && state.holes[o.hole]?.piece?.foreign)) return undefined;
  }
  if (param.site.kind === 'property') {
    const key = (param.site.property as Node & { key: Node }).key;
    return [key.start!, key.end!];
  }
  if (param.site.kind === 'written') return [param.site.node.start!, param.site.node.end!];
  const from = sourceOffset(state, param.site.keyStart);
  const to = sourceOffset(state, param.site.keyEnd - 1);
  if (from !== undefined) return [from, to !== undefined ? to + 1 : from + param.name.length];
  return [state.call.urlArg.start!, state.call.urlArg.end!];
}

/** Where a path capture is written: its expression, or its text inside a literal; undefined when a wrapper's body writes it. */
function captureSpan(segs: SegmentMatch, name: string, state: CallState): [number, number] | undefined {
  const c = segs.captures.get(name);
  const fallback: [number, number] = [state.call.urlArg.start!, state.call.urlArg.end!];
  if (!c) return fallback;
  for (let i = c.start; i < c.end; i++) {
    const o = state.original.origins[i];
    if ((o?.kind === 'lit' && o.piece.foreign) || (o?.kind === 'hole' && state.holes[o.hole]?.piece?.foreign)) return undefined;
  }
  const id = c.text.length === 1 ? holeId(c.text) : undefined;
  const node = id !== undefined ? state.holes[id]!.piece?.node : undefined;
  if (node) return [node.start!, node.end!];
  const from = sourceOffset(state, c.start);
  const to = sourceOffset(state, c.end - 1);
  return from !== undefined && to !== undefined ? [from, to + 1] : fallback;
}

function sourceOffset(state: CallState, index: number): number | undefined {
  const o = state.original.origins[index];
  if (o?.kind !== 'lit' || !o.piece.literal) return undefined;
  const lit = o.piece.literal;
  return lit.offsets?.[o.piece.offset + o.index] ?? lit.node.start!;
}

/** Fill `{v3}`, `{v4}`, `{param}`, `{method}` and say why a fixable finding carries no fix. */
function fillMessage(template: string, rule: Rule, m: MatchedCall, fixClass: FixClass, rewrite: Rewrite | null): string {
  const method = m.call.method ?? (rule.route.methods?.join('|') ?? '');
  // Most messages name neither route: the routes are shown only where the message asks for them.
  const show = (path: string) => showPath(path, m.captures, new Set([...rule.route.text.matchAll(/:(\w+)\(/g)].map((x) => x[1]!)));
  const v3 = () => `${method ? method + ' ' : ''}${show(rule.route.text)}`.trim();
  const v4 = () => {
    const v4data = 'v4' in rule ? rule.v4 : undefined;
    const v4method = (typeof v4data?.method === 'string' ? v4data.method : undefined) ?? rewrite?.method ?? method;
    const v4path = show(v4data?.path ?? rewrite?.path ?? rule.route.text) + (v4data?.query ? '?' + Object.entries(v4data.query).map(([k, v]) => `${k}=${v}`).join('&') : '');
    return `${v4method ? v4method + ' ' : ''}${v4path}`.trim();
  };
  let message = template;
  if (message.includes('{v3}')) message = message.replaceAll('{v3}', v3());
  if (message.includes('{v4}')) message = message.replaceAll('{v4}', v4());
  message = message.replaceAll('{param}', rule.route.param ?? m.param?.name ?? '').replaceAll('{method}', m.call.method ?? 'unknown');
  if (rule.fix !== 'report' && fixClass === 'report') {
    if (m.call.versionGuarded) message += ' (kept behind a v3/v4 version check: not fixed automatically)';
    else if (m.methodUnknown && (rule.route.methods || rewrite?.method)) message += ' (the HTTP method is unknown here: not fixed automatically)';
    else if (rule.route.param && !m.param) message += ` (\`${rule.route.param}\` is passed in from elsewhere: not fixed automatically)`;
  }
  return message;
}

/** A route pattern as a reader wants it: a word chosen from alternatives shown as the call wrote it. */
function showPath(path: string, captures: Readonly<Record<string, string>>, alternatives: ReadonlySet<string>): string {
  const chosen = (name: string) => {
    const text = captures[name];
    return text !== undefined && /^[\w.-]+$/.test(text) ? text : `:${name}`;
  };
  return path
    .replace(/\{\/\*\*\}/, '[/…]')
    .replace(/:(\w+)\([^)]*\)/g, (_, name: string) => chosen(name))
    .replace(/:(\w+)/g, (whole, name: string) => (alternatives.has(name) ? chosen(name) : whole));
}

function within(inner: Node, outer: Node): boolean {
  return inner.start! >= outer.start! && inner.end! <= outer.end!;
}
