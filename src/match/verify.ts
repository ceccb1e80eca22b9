// A composed rewrite is written only when the request it makes is one v4 routes: for the call's method,
// or for every method the call may have when its method is unknown. A request v4 does not route, one
// that keeps a v3-only route under the v4 prefix, or one neither route table knows, is not written.
import type { Method } from '../callsites/types.js';
import { v4MethodsFor } from '../api/v4-routes.js';
import { v3RouteInfo } from '../api/v3-routes.js';
import { versionOfRoute } from '../api/version-routes.js';

/** The request a call makes once rewritten: its method (unknown: any of `mayBe`) and route shape (null = dynamic). */
export interface RewrittenRequest {
  method: Method | undefined;
  /** Methods an unknown method may be: those the catalogue's v3 routes give the call's path. */
  mayBe: readonly Method[];
  shape: readonly (string | null)[];
  /** A bare URL (a base, a URL kept in a constant): it may stop before a route's end. */
  bare: boolean;
}

/** Why the rewritten request is not one v4 routes; undefined when it is. */
export function unroutedReason(request: RewrittenRequest): string | undefined {
  const { shape } = request;
  // A base, or a wrapper's own request whose path its callers pass: their calls are checked, not it.
  if (shape.every((s) => s === null)) return undefined;
  const shown = `/${shape.map((s) => s ?? ':x').join('/')}`;
  const routed = v4MethodsFor(shape);
  const methods = request.method ? [request.method] : request.mayBe;
  if (routed.length > 0) {
    const missing = methods.find((m) => !routed.includes(m) && !(m === 'HEAD' && routed.includes('GET')));
    if (missing === undefined) return undefined;
    return request.method
      ? `v4 has no \`${missing} ${shown}\``
      : `the HTTP method is unknown here and may be \`${missing}\`, which v4 does not route on \`${shown}\``;
  }
  // The catalogue changes this path's request for a method the call may send: v4 has no such request.
  if (!request.method && request.mayBe.length > 0) return `the HTTP method is unknown here and may be \`${request.mayBe[0]}\`, which v4 does not route on \`${shown}\``;
  if (versionOfRoute(shape) === 'v3') return `\`${shown}\` is v3 only: under \`/api/v4\` nothing answers it`;
  // A route of the service the catalogue records no change for, or a base that stops before a route's end.
  if (v3RouteInfo(shape).known || request.bare) return undefined;
  return `the rewrite would send \`${shown}\`, which neither v3 nor v4 routes`;
}
