// The inventory: every API call the tool recognises, v3 or not, with its route template, client,
// version, status and the rules that fire on it: the map a migration is planned from.
import { rules as catalogue } from '../rules/index.js';
import type { ChangeId } from './changes.js';
import type { ApiCall, ClientKind, Method } from './callsites/types.js';
import { pathTemplate } from './callsites/url.js';
import { rulesFor } from './config.js';
import { isV4Route } from './api/v4-routes.js';
import { analyseFiles, type AnalyseOptions } from './files/analyse-files.js';
import { originOf } from './generated/mark.js';
import { check, columnLines, position, type Analysed } from './lint.js';
import { isKnownV3Route, isServiceCall, routeShape, scopeOf, type PackageFacts } from './match/evidence.js';
import { explainCall, PackageWitnesses, type CallEvidence } from './match/explain.js';
import type { GeneratedOrigin, LintMessage } from './results.js';
import { Redaction } from './report/redact.js';

/**
 * `v3`: a v3 call of the service (v3 findings, or its version is v3); `v4`: a route v4 has;
 * `unknown route`: the service's by the evidence, but neither route table knows it;
 * `other`: not this service (another host or API), listed only with `all`.
 */
export type InventoryStatus = 'v3' | 'v4' | 'unknown route' | 'other';
export const INVENTORY_STATUSES: readonly InventoryStatus[] = ['v3', 'v4', 'unknown route', 'other'];

/** One recognised call (or bare URL of the API, client `url`). */
export interface InventoryCall {
  /** Absolute path of the file. */
  filePath: string;
  /** Where the call's URL is written (1-based). */
  line: number;
  column: number;
  /** Undefined when it cannot be known statically (and for bare URLs). */
  method: Method | undefined;
  /** The route template: `/projects/*\/builds`, `:name` for an Express-style placeholder. */
  path: string;
  /** Names of the parameters the call sends: query string, and params/query/body objects. */
  params: string[];
  client: ClientKind;
  /** The API version the call uses, and where that comes from: its own URL, its client's base URL, or its package. */
  version: 'v3' | 'v4' | undefined;
  versionFrom: 'url' | 'base' | 'package' | undefined;
  /** This service's call, by the evidence model. */
  service: boolean;
  status: InventoryStatus;
  /** The rules (and their change IDs) that fire on the call. */
  rules: string[];
  changes: ChangeId[];
  /** The call sits in generated code: where its source is. */
  generated?: GeneratedOrigin;
  /** Why the call is (or is not) this service's, and of its version: the evidence that decided, strongest first. */
  evidence: CallEvidence;
  /** A test double of the service declares it (a nock interceptor, an msw handler, a fetch-mock route). */
  testDouble?: true;
}

/** A file whose calls could not be listed, and why. */
export interface InventoryProblem {
  filePath: string;
  ruleId: string;
  message: string;
}

export interface Inventory {
  /** Sorted by file, line and column. */
  calls: InventoryCall[];
  /** Files that could not be read or parsed: the inventory lacks their calls. */
  problems: InventoryProblem[];
}

export interface InventoryOptions extends AnalyseOptions {
  /** List calls that are not this service's too (status `other`). */
  all?: boolean;
  /** List test doubles of the service (default: the configuration's `testDoubles`, else true). */
  testDoubles?: boolean;
}

/**
 * Every recognised call in files and directories. Unlike a lint run, every file is parsed (the text
 * prefilter only rules out v3 calls) unless `prefilter: true`.
 */
export async function inventory(paths: readonly string[], options: InventoryOptions = {}): Promise<Inventory> {
  const { packages, configOf } = await analyseFiles(paths, { ...options, prefilter: options.prefilter ?? false });
  const calls: InventoryCall[] = [];
  const problems: InventoryProblem[] = [];
  for (const { root, facts, files, context } of packages) {
    // Where the package's facts were seen (also in its files outside the run), and the tokens of its files
    // (hidden in whatever the inventory shows).
    const witnesses = new PackageWitnesses([...files, ...context], root);
    const redaction = new Redaction();
    for (const file of [...files, ...context]) if (file.calls.length > 0) redaction.addText(file.text);
    for (const file of files) {
      if (file.fileError) {
        problems.push({ filePath: file.filePath, ruleId: file.fileError.ruleId, message: file.fileError.message });
        continue;
      }
      const config = configOf(file.filePath);
      const testDoubles = options.testDoubles ?? config?.testDoubles ?? true;
      calls.push(...callsOf(file, facts, { ...rulesFor(config, catalogue), apiBase: config?.apiBase ?? [], testDoubles }, witnesses, redaction).filter((c) => options.all || c.status !== 'other'));
    }
  }
  const byPlace = (a: { filePath: string; line?: number; column?: number }, b: typeof a) =>
    a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
  return { calls: calls.sort(byPlace), problems: problems.sort(byPlace) };
}

function callsOf(file: Analysed, pkg: PackageFacts, ruleOptions: Parameters<typeof check>[2] & { apiBase: readonly string[] }, witnesses: PackageWitnesses, redaction: Redaction): InventoryCall[] {
  const messages = new Map<ApiCall, LintMessage[]>();
  for (const { call, message } of check(file, pkg, ruleOptions).placed) {
    if (call) messages.set(call, [...(messages.get(call) ?? []), message]);
  }
  const lines = columnLines(file.text);
  return file.calls.filter((call) => ruleOptions.testDoubles !== false || !call.testDouble).map((call) => {
    const [line, column] = position(lines, call.urlArg.start!);
    const scope = scopeOf(call, pkg, ruleOptions.apiBase);
    const found = messages.get(call) ?? [];
    const service = isServiceCall(call, pkg, ruleOptions.apiBase);
    const rules = [...new Set(found.map((m) => m.ruleId))];
    const entry: InventoryCall = {
      filePath: file.filePath,
      line,
      column,
      method: call.method,
      path: redaction.apply(pathTemplate(call.url)),
      params: [...new Set(call.params.map((p) => redaction.apply(p.name)))],
      client: call.client,
      version: scope.version,
      versionFrom: call.url.version ? 'url' : call.baseVersion ? 'base' : scope.fromPackage ? 'package' : undefined,
      service,
      status: service ? statusOf(call, scope.version, rules) : 'other',
      rules,
      changes: [...new Set(found.flatMap((m) => m.changes))],
      evidence: hidden(explainCall(call, file.filePath, lines, pkg, ruleOptions.apiBase, witnesses), redaction),
    };
    if (file.generated) entry.generated = originOf(file.generated, line, column);
    if (call.testDouble) entry.testDouble = true;
    return entry;
  });
}

/** What the inventory shows of the code (a route's literal segments, parameter names, evidence) never holds a token. */
function hidden(evidence: CallEvidence, redaction: Redaction): CallEvidence {
  return { ...evidence, reasons: evidence.reasons.map((r) => ({ ...r, text: redaction.apply(r.text) })) };
}

/** The status of a call of the service; `rules` are the ids of the rules that fire on it. */
function statusOf(call: ApiCall, version: 'v3' | 'v4' | undefined, rules: readonly string[]): InventoryStatus {
  // Findings of v3 rules: the call uses something v4 changed, whatever its prefix says.
  if (rules.some((id) => v3RuleIds.has(id))) return 'v3';
  const shape = routeShape(call);
  // A base URL alone (`https://host/api/v3`): its version is its status.
  if (shape.length === 0) return version ?? 'unknown route';
  if (isV4Route(call.method, shape)) return version === 'v3' ? 'v3' : 'v4';
  // The v3 table knows whole sub-resource trees (`/projects/:id/jobs/**`): trusted for calls not made against v4.
  if (version !== 'v4' && isKnownV3Route(call)) return 'v3';
  return 'unknown route';
}

/** Rules about v3 calls (the default); `v4`/`any` rules also look at v4 calls (response handling, notes). */
const v3RuleIds = new Set(catalogue.filter((r) => (r.route.version ?? 'v3') === 'v3').map((r) => r.id));
