// Why a call is (or is not) this service's, and in which version: the evidence scopeOf weighed, in words and
// with where each piece was seen. Built on demand, for `inventory` only: linting never explains.
//
// The decision itself is evidence.ts's (`explainScope` runs the very decision rules run, noting what it
// weighed); this module only finds where the package-wide facts it used were seen (`PackageWitnesses`,
// from the same `fileFacts` the facts were gathered with) and puts each reason into words.
import type { ApiCall } from '../callsites/types.js';
import { columnLines, position, type Analysed } from '../lint.js';
import { describeOther, EVIDENCE_KINDS, explainScope, fileFacts, type EvidenceKind, type PackageFacts, type Reason } from './evidence.js';
import { dependencyPin, manifestOtherWitness, manifestServiceWitness, type ManifestPlace } from '../files/package-deps.js';
import { CLIENTS } from '../callsites/clients.js';

/** What one piece of evidence says: a service, another product, the package's own API, a version, or nothing. */
export type Says = 'service' | 'other product' | 'own API' | 'v3' | 'v4' | 'none';

/** One reason a call was decided as it was, in words, with where it was seen when that is known. */
export interface EvidenceReason {
  kind: EvidenceKind;
  says: Says;
  /** The kind's weight (EVIDENCE_KINDS): reasons are listed heaviest first. */
  weight: number;
  text: string;
  /** Where it was seen: the call itself, another file of the package, or its package.json. */
  filePath?: string;
  line?: number;
  column?: number;
}

/** The evidence that decided a call's service and version. */
export interface CallEvidence {
  service: 'service' | 'other product' | 'own API' | 'unknown';
  version: 'v3' | 'v4' | undefined;
  /** v3 rules judge the call (a v4 call: only on routes v4 does not have). */
  v3Rules: boolean;
  reasons: EvidenceReason[];
}

interface Seen {
  detail: string;
  filePath: string;
  line: number;
  column: number;
}

const KIND = new Map<string, (typeof EVIDENCE_KINDS)[number]>(EVIDENCE_KINDS.map((k) => [k.kind, k]));

/**
 * Where a package's facts were seen: the first call or text (files in path order) that set each, found by
 * gathering the files' facts again with a listener. Built once per package, when the first call is explained.
 */
export class PackageWitnesses {
  private built?: { facts: Map<string, Seen>; others: Map<string, Seen>; serviceBases: Map<string, Seen>; serves: Map<string, Seen> };

  constructor(
    private readonly files: readonly Analysed[],
    private readonly root: string | undefined,
  ) {}

  private build() {
    const facts = new Map<string, Seen>();
    const others = new Map<string, Seen>();
    const serviceBases = new Map<string, Seen>();
    const serves = new Map<string, Seen>();
    const manifest = this.root === undefined ? undefined : manifestServiceWitness(this.root);
    if (manifest?.place) facts.set('service', { detail: manifest.detail, ...placeIn(manifest.place) });
    for (const file of [...this.files].sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0))) {
      if (file.fileError) continue;
      let lines: number[] | undefined;
      const at = (offset: number) => {
        const [line, column] = position((lines ??= columnLines(file.text)), offset);
        return { filePath: file.filePath, line, column };
      };
      for (const s of file.servedAt ?? []) if (!serves.has(s.version)) serves.set(s.version, { detail: `own server route under /api/${s.version}`, ...at(s.start) });
      if (file.calls.length === 0 && !file.facts.service) continue;
      // The earliest place in the file that shows each fact (a base URL's declaration before its calls).
      const found = new Map<string, { offset: number; detail: string }>();
      fileFacts(file.calls, file.text, [], (fact, seen) => {
        // Only what the file's own facts hold (its text is read whole here, a component's template too).
        if (fact === 'service' && !file.facts.service) return;
        const offset = seen.call ? seen.call.urlArg.start! : Math.max(file.text.indexOf(seen.text ?? ''), 0);
        const key = fact === 'others' || fact === 'serviceBases' ? `${fact} ${seen.key!}` : fact;
        const known = found.get(key);
        if (!known || offset < known.offset) found.set(key, { offset, detail: seen.detail });
      });
      for (const [key, { offset, detail }] of found) {
        const [kind, ...rest] = key.split(' ');
        const into = kind === 'others' ? others : kind === 'serviceBases' ? serviceBases : facts;
        const name = into === facts ? key : rest.join(' ');
        if (!into.has(name)) into.set(name, { detail, ...at(offset) });
      }
    }
    return { facts, others, serviceBases, serves };
  }

  /** Where a package fact was seen: `service`, `v3`/`v4` (its base URLs), `v3Routes`/`v4Routes`. */
  fact(name: string): Seen | undefined {
    return (this.built ??= this.build()).facts.get(name);
  }

  /** Where the package's name says another product (its package.json). */
  namedFor(): Seen | undefined {
    const witness = this.root === undefined ? undefined : manifestOtherWitness(this.root);
    return witness?.place ? { detail: witness.detail, ...placeIn(witness.place) } : undefined;
  }

  /** The call that showed a client (a host, a base, a wrapper) to be another product's. */
  other(key: string): Seen | undefined {
    return (this.built ??= this.build()).others.get(key);
  }

  /** The call naming the service that goes through a base literal. */
  serviceBase(key: string): Seen | undefined {
    return (this.built ??= this.build()).serviceBases.get(key);
  }

  /** Where the package's own server declares routes under a version. */
  served(version: string): Seen | undefined {
    return (this.built ??= this.build()).serves.get(version);
  }

  /** The package's pin of a client module, when it has a package.json. */
  pin(module: string): ReturnType<typeof dependencyPin> {
    return this.root === undefined ? undefined : dependencyPin(this.root, module);
  }
}

function placeIn(place: ManifestPlace): { filePath: string; line: number; column: number } {
  const [line, column] = position(columnLines(place.text), place.start);
  return { filePath: place.file, line, column };
}

/** The evidence behind a call's service and version, strongest first. */
export function explainCall(call: ApiCall, filePath: string, lines: readonly number[], pkg: PackageFacts, apiBase: readonly string[], witnesses: PackageWitnesses): CallEvidence {
  const { scope, service, reasons } = explainScope(call, pkg, apiBase);
  const [line, column] = position(lines, call.urlArg.start!);
  const here = { filePath, line, column };
  return {
    service,
    version: scope.version,
    v3Rules: scope.v3,
    reasons: reasons.map((r) => {
      const kind = KIND.get(r.kind)!;
      const { text, at } = inWords(r, call, service, witnesses);
      const where = at === null ? {} : (at ?? here);
      return { kind: r.kind, says: saysOf(kind.says, scope.version), weight: kind.weight, text, ...where };
    }),
  };
}

/** What a reason says; a version source says the version it gave. */
function saysOf(says: string, version: 'v3' | 'v4' | undefined): Says {
  return says === 'version' ? (version ?? 'none') : (says as Says);
}

/**
 * A reason in words, and where it was seen: undefined for the call itself, null when nowhere in particular
 * (nothing was seen: the route is unknown, no evidence).
 */
function inWords(r: Reason, call: ApiCall, service: CallEvidence['service'], w: PackageWitnesses): { text: string; at?: Omit<Seen, 'detail'> | null } {
  const d = r.detail ?? '';
  switch (r.kind) {
    case 'other-host':
    case 'other-route':
    case 'other-base-name':
    case 'other-name':
      return { text: describeOther(r) };
    case 'other-package': {
      const seen = w.namedFor();
      return { text: `package named for ${seen?.detail ?? d}`, at: seen ?? null };
    }
    case 'other-client': {
      const seen = w.other(d);
      const via = d.startsWith('host ') ? `host ${d.slice(5)}` : d.startsWith('base ') ? `base URL ${d.replace(/^base \d+:/, '')}` : 'wrapper';
      return { text: `same ${via} as a call that shows ${seen?.detail ?? 'another product'}`, at: seen ?? null };
    }
    case 'service-base': {
      const seen = w.serviceBase(d);
      return { text: `same base URL ${d.replace(/^base \d+:/, '')} as ${seen?.detail ?? 'a call that names the service'}`, at: seen ?? null };
    }
    case 'service-host':
      return { text: `host ${d}` };
    case 'service-base-name':
      return { text: `base named for the service: ${d}` };
    case 'service-name':
      return { text: `named for the service: ${d}` };
    case 'service-client':
      return { text: `sent with ${d}, the service's own client` };
    case 'token-header':
      return { text: 'PRIVATE-TOKEN header' };
    case 'token-param':
      return { text: `${d} parameter` };
    case 'api-base':
      return { text: `configured apiBase ${d}` };
    case 'own-server': {
      const seen = w.served(d);
      return { text: `own server route declared under /api/${d}`, at: seen ?? null };
    }
    case 'specific-route':
      return { text: `route ${d} is the service's alone` };
    case 'package-service': {
      const seen = w.fact('service');
      return { text: `package shows the service: ${seen?.detail ?? 'its name or dependencies'}`, at: seen ?? null };
    }
    case 'shared-route':
      return { text: `route ${d} is other products' too: ${service === 'service' ? 'the evidence above makes it the service\'s' : 'without evidence of the service it is not the service\'s'}`, at: null };
    case 'unknown-route':
      return { text: `route ${d} is in neither of the service's route tables`, at: null };
    case 'no-evidence':
      return { text: 'nothing shows the service', at: null };
    case 'url-version':
      return { text: `URL ${d}` };
    case 'base-version':
      return { text: `client base URL ${d || `…/api/${call.baseVersion}`}` };
    case 'dependency-default': {
      const pin = w.pin(d);
      const row = CLIENTS.find((c) => c.modules?.includes(d));
      const first = row?.defaultVersion?.find(([, v]) => v === 'v4')?.[0];
      const version = pin ? `${d} ${pin.range}${pin.resolved ? ` (locked at ${pin.resolved})` : ''}` : d;
      return { text: `${version} sends to /api/v3 by default${first !== undefined ? ` (/api/v4 from ${d} ${first})` : ''}`, at: pin ? placeIn(pin.place) : null };
    }
    case 'package-version': {
      const seen = w.fact(d);
      return { text: `package ${seen?.detail ?? `base URLs are /api/${d}`}`, at: seen ?? null };
    }
    case 'routes-version': {
      const seen = w.fact(`${d}Routes`);
      return { text: `package calls ${seen ? seen.detail.replace(/^route /, 'route ') : `routes only ${d} has`}`, at: seen ?? null };
    }
    case 'v3-only-route':
      return { text: `route ${d} is v3-only` };
    case 'v4-route-gap':
      return { text: 'a v4 call: v3 rules judge only routes v4 does not have', at: null };
    case 'prefix-only': {
      const seen = w.fact('v3Routes');
      return { text: `a prefix-only migration (the package's bases are /api/v4, but ${seen?.detail ?? 'it makes requests only v3 has'}): v3 rules judge its v4 calls on every route`, at: seen ?? null };
    }
  }
}

