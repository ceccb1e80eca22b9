// Rules × call sites → findings. Each call is recognised once; every rule matches against it; the
// fixable findings of one call are composed into one rewrite of that call.
import type { Node } from '@babel/types';
import type { ApiCall, LiteralRef, Method, ParamRef } from '../callsites/types.js';
import { unwrap } from '../parse/walk.js';
import { queryParams } from '../callsites/params.js';
import { hasHole, holeId } from '../callsites/marked.js';
import { responseFacts, type ResponseFacts } from '../callsites/response.js';
import type { SecretSite } from '../callsites/secrets.js';
import { segments, type Segment } from '../callsites/url.js';
import { isV4Route } from '../api/v4-routes.js';
import { hasRawProjectPath } from '../api/v3-routes.js';
import type { CheckFinding, FixClass, MatchedCall, Rewrite, Route, Rule } from '../rule.js';
import type { Edit } from '../results.js';
import { applyRewrite, currentName, initialState, renderEdits, urlOf, type CallState } from '../fix/compose.js';
import { matchSegments, type SegmentMatch } from './route-pattern.js';
import { routeShape, scopeOf, type PackageFacts, type Scope } from './evidence.js';

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
  /** Safe findings: the composed safe edits of the call. Unsafe findings: safe edits plus this one. */
  edits?: Edit[];
  /** The span holds a secret (formatters mask it). */
  secret?: boolean;
  /** Type-aware mode: the finding is in another file (absolute path), reached through a declared type. */
  file?: string;
  /** The declared type that tied the finding to its call (`Issue`). */
  typeName?: string;
}

/** Fixes for one call: the safe rewrite, and the rewrite with every unsafe fix too. */
export interface CallFix {
  call: ApiCall;
  safe?: Edit[];
  all?: Edit[];
  /** The findings these rewrites resolve (fix class 'safe' or 'unsafe'). */
  findings: RawFinding[];
}

interface Matched {
  match: MatchedCall;
  segs: SegmentMatch;
  scope: Scope;
}

/** Run `rules` over the calls of one file. */
export function runRules(
  calls: readonly ApiCall[],
  rules: readonly Rule[],
  pkg: PackageFacts,
  source: string,
  /** Whether a finding is silenced (a directive, the allow list); it is then left out of findings and fixes. */
  silenced: (finding: RawFinding) => boolean = () => false,
  apiBase: readonly string[] = [],
): { findings: RawFinding[]; fixes: CallFix[] } {
  const findings: RawFinding[] = [];
  const fixes: CallFix[] = [];
  for (const call of calls) {
    const scope = scopeOf(call, pkg, apiBase);
    if (!scope.v3 && !scope.service && scope.version !== 'v4') continue;
    const start = initialState(call);
    const first = segments(urlOf(start))[0];
    const firstWord = first && !first.dynamic ? first.text : undefined;
    const own: { finding: RawFinding; rule: Rule; rewrite: Rewrite | null; at?: ParamRef }[] = [];
    for (const rule of rulesOpeningWith(rules, firstWord)) {
      const matched = matchRule(rule, start, scope);
      if (!matched) continue;
      for (const result of resultsOf(rule, matched)) {
        const span = result.at
          ? paramSpan(result.at, start)
          : result.atCapture
            ? captureSpan(matched.segs, result.atCapture, start)
            : result.atSpan
              ? ([result.atSpan.start, result.atSpan.end] as [number, number])
              : routeSpan(matched.segs, start, ROUTE_CATEGORIES.has(rule.category), rule.category === 'prefix');
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
        own.push({ finding, rule, rewrite: result.rewrite, at: result.at });
      }
    }
    if (own.length === 0) continue;

    // Compose: every safe rewrite in catalogue order, each re-matched on the state the previous left.
    let state: CallState | undefined = start;
    const safe = own.filter((o) => o.finding.fixClass === 'safe');
    for (const o of safe) state = state && reapply(o.rule, state, scope, o.at);
    const safeEdits = state && state !== start ? renderEdits(state, source) : undefined;
    const fix: CallFix = { call, findings: [] };
    for (const o of safe) {
      if (safeEdits) o.finding.edits = safeEdits;
      else o.finding.fixClass = 'report';
    }
    if (safeEdits) fix.safe = safeEdits;
    let all = state;
    for (const o of own.filter((x) => x.finding.fixClass === 'unsafe')) {
      const alone = state && reapply(o.rule, state, scope, o.at);
      const edits = alone && alone !== state ? renderEdits(alone, source) : undefined;
      if (edits) o.finding.edits = edits;
      else o.finding.fixClass = 'report';
      if (edits) all = all && reapply(o.rule, all, scope, o.at);
    }
    const allEdits = all && all !== start ? renderEdits(all, source) : undefined;
    if (allEdits) fix.all = allEdits;
    fix.findings = own.map((o) => o.finding).filter((f) => f.fixClass !== 'report');
    if (fix.safe || fix.all) fixes.push(fix);
    findings.push(...own.map((o) => o.finding));
  }
  return onePerPlace(findings, fixes);
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
      if ('secrets' in rule) return false;
      const opening = rule.route.segments[0];
      return opening?.kind !== 'word' || opening.word === word;
    });
    lists.set(word, list);
  }
  return list;
}

/**
 * A URL with several possible values (a default host, a reassigned name) is one call per value, and the
 * same finding may come from several: one is kept. When their fixes differ, no value's fix is applied.
 */
function onePerPlace(findings: RawFinding[], fixes: CallFix[]): { findings: RawFinding[]; fixes: CallFix[] } {
  const kept = new Map<string, RawFinding>();
  const dropped = new Set<RawFinding>();
  const conflicting = new Set<RawFinding>();
  const editsOf = (f: RawFinding) => JSON.stringify(f.edits ?? null);
  for (const f of findings) {
    const key = `${f.rule.id}\u0000${f.start}\u0000${f.end}\u0000${f.file ?? ''}\u0000${f.message}`;
    const first = kept.get(key);
    if (!first) kept.set(key, f);
    else {
      dropped.add(f);
      if (editsOf(first) !== editsOf(f) || first.fixClass !== f.fixClass) conflicting.add(first);
    }
  }
  if (dropped.size === 0) return { findings, fixes };
  for (const f of conflicting) {
    f.fixClass = 'report';
    delete f.edits;
  }
  const out: CallFix[] = [];
  for (const fix of fixes) {
    if (fix.findings.some((f) => conflicting.has(f) || dropped.has(f))) {
      // Its rewrite also resolves findings kept from another value, or disagrees with one: not applied.
      if (fix.findings.every((f) => dropped.has(f) && !conflicting.has(f))) continue;
      if (fix.findings.some((f) => conflicting.has(f))) continue;
    }
    out.push(fix);
  }
  return { findings: findings.filter((f) => !dropped.has(f)), fixes: out };
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
function reapply(rule: Rule, state: CallState, scope: Scope, at: ParamRef | undefined): CallState | undefined {
  const matched = matchRule(rule, state, scope);
  if (!matched) return state;
  const results = resultsOf(rule, matched);
  const same = at ? results.find((r) => r.at?.name === at.name || (r.at?.site.kind === 'property' && r.at.site.property === (at.site.kind === 'property' ? at.site.property : undefined))) : results[0];
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
  // status codes or its response do not judge it.
  if (state.call.client === 'url' && (route.methods || rule.category === 'status' || rule.category === 'response')) return undefined;
  const view = viewOf(state);
  // A raw `group/name` project path in the id's place is the id, for every rule but the one about it.
  const segs = matchSegments(route, view.segments, state.marked) ?? (view.rawPathJoined && matchSegments(route, view.rawPathJoined, state.marked));
  if (!segs) return undefined;
  const method = state.method;
  if (route.methods && method && !route.methods.includes(method)) return undefined;
  // On a v4 call, a v3 route's rule judges only what v4 does not route, except the rules about what the
  // call sends (a renamed parameter, a `.id` in an iid's place): leftovers of a prefix-only migration.
  if (route.version === 'v3' && scope.version === 'v4' && rule.category !== 'param' && view.v4Route()) return undefined;
  const { findParam } = view;
  const captures: Record<string, string> = {};
  for (const [name, c] of segs.captures) captures[name] = c.text;
  if (route.rest) captures['**'] = segs.rest;
  const match: MatchedCall = {
    call: view.call,
    captures,
    segments: view.shape,
    capture: (name) => {
      const text = captures[name];
      if (text === undefined) return undefined;
      const id = text.length === 1 ? holeId(text) : undefined;
      if (id !== undefined) return { code: state.holes[id]!.code };
      return hasHole(text) ? undefined : { text };
    },
    param: route.param ? findParam(route.param) : undefined,
    findParam,
    version: scope.version,
    prefixWritten: view.prefixWritten,
    methodUnknown: method === undefined,
    response: () => responseOf(state.call),
  };
  // Unknown is not absent: when the call's parameters cannot be seen, a route that v4 does not have at all
  // (`…/repository/files` without a file path) is reported on its shape alone, without a fix.
  if (route.param && !match.param && !(view.call.paramsOpen && !route.rest && route.segments.length > 0 && !view.v4Route())) return undefined;
  if ('when' in rule && rule.when && !rule.when(match)) return undefined;
  return { match, segs, scope };
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
}

const views = new WeakMap<CallState, StateView>();

function viewOf(state: CallState): StateView {
  let view = views.get(state);
  if (view) return view;
  const url = urlOf(state);
  const method = state.method;
  const params = currentParams(state);
  const call: ApiCall = { ...state.call, url, method, params };
  const shape = routeShape(call);
  let v4: boolean | undefined;
  const segs = segments(url);
  view = {
    segments: segs,
    ...(hasRawProjectPath(shape) ? { rawPathJoined: joinRawPath(segs) } : {}),
    call,
    shape,
    params,
    findParam: (name) => params.find((p) => p.name === name),
    prefixWritten: prefixWritten(state),
    v4Route: () => (v4 ??= isV4Route(method, shape)),
  };
  views.set(state, view);
  return view;
}

/** `projects / group / name / …` as `projects / group/name / …`. */
function joinRawPath(segs: readonly Segment[]): Segment[] {
  const [first, ns, name, ...rest] = segs;
  return [first!, { text: `${ns!.text}/${name!.text}`, start: ns!.start, end: name!.end, dynamic: false, placeholder: undefined }, ...rest];
}

const responses = new WeakMap<ApiCall, ResponseFacts>();

/** Response facts are computed once per call, and only for rules that ask. */
function responseOf(call: ApiCall): ResponseFacts {
  let facts = responses.get(call);
  if (!facts) {
    facts = responseFacts(call, call.ancestors);
    if (call.typedReads) facts = { ...facts, reads: [...facts.reads, ...call.typedReads] };
    responses.set(call, facts);
  }
  return facts;
}

// Every rule whose route fits a call asks for its parameters: worked out once per call state.
const paramsOf = new WeakMap<CallState, ParamRef[]>();

function currentParams(state: CallState): ParamRef[] {
  let params = paramsOf.get(state);
  if (!params) paramsOf.set(state, (params = paramsNow(state)));
  return params;
}

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
function routeSpan(segs: SegmentMatch, state: CallState, atRoute: boolean, prefix = false): [number, number] | undefined {
  const call = state.call;
  const origins = state.original.origins;
  // The last word the route itself names (not a `{/**}` rest) places the finding; for a bare URL's prefix,
  // the literal its version is written in (a bare URL is reported where its version is written).
  const end = Math.min(segs.fixedEnd, origins.length);
  const version = prefix && call.client === 'url' && call.url.version ? origins[call.url.versionAt] : undefined;
  let anchor: LiteralRef | undefined = version?.kind === 'lit' && version.piece.literal && !version.piece.foreign ? version.piece.literal : undefined;
  for (let i = end - 1; i >= segs.start && !anchor; i--) {
    const o = origins[i];
    if (o?.kind === 'lit' && o.piece.literal && !o.piece.foreign) anchor = o.piece.literal;
  }
  if (!anchor && call.via) return undefined;
  // A finding about something the call lacks or what it gets back (a parameter, a status) points at the call.
  if (!atRoute) return [call.urlArg.start!, call.urlArg.end!];
  if (anchor?.root) return [anchor.root.start!, anchor.root.end!];
  const arg = unwrap(call.urlArg);
  if (call.urlNode !== arg && !(call.urlNode.start! >= arg.start! && call.urlNode.end! <= arg.end!)) return [call.urlNode.start!, call.urlNode.end!];
  return [call.urlArg.start!, call.urlArg.end!];
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
  const alternatives = new Set([...rule.route.text.matchAll(/:(\w+)\(/g)].map((x) => x[1]!));
  const show = (path: string) => showPath(path, m.captures, alternatives);
  const v3 = `${method ? method + ' ' : ''}${show(rule.route.text)}`.trim();
  const v4data = 'v4' in rule ? rule.v4 : undefined;
  const v4method = (typeof v4data?.method === 'string' ? v4data.method : undefined) ?? rewrite?.method ?? method;
  const v4path = show(v4data?.path ?? rewrite?.path ?? rule.route.text) + (v4data?.query ? '?' + Object.entries(v4data.query).map(([k, v]) => `${k}=${v}`).join('&') : '');
  const v4 = `${v4method ? v4method + ' ' : ''}${v4path}`.trim();
  let message = template
    .replaceAll('{v3}', v3)
    .replaceAll('{v4}', v4)
    .replaceAll('{param}', rule.route.param ?? m.param?.name ?? '')
    .replaceAll('{method}', m.call.method ?? 'unknown');
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
