// Route patterns as rules write them (`/projects/:id/builds{/**}`, `/:kind(licenses|licences)`), compiled
// once, matched against a call's path segments, and rendered back with the captured text.
import type { Method } from '../callsites/types.js';
import type { Segment } from '../callsites/url.js';
import { memoOn } from '../memo.js';

export type PatternSegment =
  | { kind: 'word'; word: string }
  | { kind: 'param'; name: string; words?: readonly string[] };

export interface CompiledRoute {
  methods: readonly Method[] | undefined;
  segments: readonly PatternSegment[];
  /** `{/**}` at the end: any further segments, kept by the rewrite. */
  rest: boolean;
  param: string | undefined;
  version: 'v3' | 'v4' | 'any';
  /** The route as written, for messages and docs. */
  text: string;
}

const SEGMENT = /^(?::([A-Za-z_][\w]*))?(?:\(([^)]+)\))?$/;

/** Compile a route's path pattern. Throws on a malformed pattern (a bug in a rule). */
export function compileRoute(route: { method?: Method | readonly Method[]; path: string; param?: string; version?: 'v3' | 'v4' | 'any' }): CompiledRoute {
  let path = route.path;
  const rest = path.endsWith('{/**}');
  if (rest) path = path.slice(0, -'{/**}'.length);
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((text): PatternSegment => {
      if (!text.startsWith(':') && !text.startsWith('(')) return { kind: 'word', word: text };
      const m = SEGMENT.exec(text);
      if (!m) throw new Error(`bad route segment "${text}" in ${route.path}`);
      return { kind: 'param', name: m[1] ?? '', words: m[2]?.split('|') };
    });
  const methods = route.method === undefined ? undefined : typeof route.method === 'string' ? [route.method as Method] : (route.method as readonly Method[]);
  return { methods, segments, rest, param: route.param, text: route.path, version: route.version ?? 'v3' };
}

export interface SegmentMatch {
  /** Captured segment text by name (marked text), plus positions. */
  captures: Map<string, { text: string; start: number; end: number }>;
  /** [start, end) of the path covered by the pattern, in the marked URL. */
  start: number;
  end: number;
  /** Where the pattern's own segments end (before a `{/**}` rest); `end` for a pattern that is only a rest. */
  fixedEnd: number;
  /** The text after the fixed segments when the pattern has `{/**}` (starts with `/`, or empty). */
  rest: string;
}

// A route that is only `{/**}` (a dozen rules' routes) matches every path whole, the same way for each: one
// match per path's segments (they are of one marked text), shared by those rules, which only read it.
const wholePath = memoOn((segs: readonly Segment[], marked: string): SegmentMatch => {
  const first = segs[0];
  const last = segs[segs.length - 1];
  return { captures: new Map(), start: first?.start ?? 0, end: last?.end ?? 0, fixedEnd: last?.end ?? 0, rest: first && last ? marked.slice(first.start, last.end) : '' };
});

/** Match path segments against a compiled route. */
export function matchSegments(route: CompiledRoute, segs: readonly Segment[], marked: string): SegmentMatch | undefined {
  const n = route.segments.length;
  if (n === 0) return route.rest ? wholePath(segs, marked) : undefined;
  if (segs.length < n || (!route.rest && segs.length !== n)) return undefined;
  // Most routes do not fit: decide first, allocate the captures only for a match.
  for (let i = 0; i < n; i++) {
    const p = route.segments[i]!;
    const s = segs[i]!;
    if (p.kind === 'word' ? s.dynamic || s.text !== p.word : p.words && (s.dynamic || !p.words.includes(s.text))) return undefined;
  }
  const captures = new Map<string, { text: string; start: number; end: number }>();
  for (let i = 0; i < n; i++) {
    const p = route.segments[i]!;
    const s = segs[i]!;
    if (p.kind === 'param' && p.name) captures.set(p.name, { text: s.text, start: s.start, end: s.end });
  }
  const lastFixed = segs[n - 1]!;
  const last = segs[segs.length - 1]!;
  return {
    captures,
    start: segs[0]!.start,
    end: route.rest ? last.end : lastFixed.end,
    fixedEnd: lastFixed.end,
    rest: route.rest ? marked.slice(lastFixed.end, last.end) : '',
  };
}

/**
 * Render a v4 path pattern with the captures of a v3 match: `:name` takes the captured text (or a
 * binding), `{/**}` the rest. Returns the text without a leading slash, as it replaces [start, end).
 */
export function renderPath(
  pattern: string,
  match: SegmentMatch,
  bind: (name: string) => string | undefined,
): string | undefined {
  // `{/**}` (the matched rest) may sit anywhere: `/todos{/**}/mark_as_done`.
  const [head, tail = ''] = pattern.split('{/**}');
  const rendered: string[] = [];
  for (const part of [head!, tail]) {
    const parts: string[] = [];
    for (const text of part.split('/').filter(Boolean)) {
      const m = /^:([A-Za-z_]\w*)(?:\([^)]*\))?$/.exec(text);
      if (!m) {
        parts.push(text);
        continue;
      }
      const value = bind(m[1]!) ?? match.captures.get(m[1]!)?.text;
      if (value === undefined) return undefined;
      parts.push(value);
    }
    // A URI template's `{/id}` and an optional segment's `(/:id)` bring their own slash.
    rendered.push(parts.reduce((path, part, i) => (i === 0 ? part : path + (part.startsWith('{/') || part.startsWith('(/') ? '' : '/') + part), ''));
  }
  if (!pattern.includes('{/**}')) return rendered[0];
  return rendered[0] + match.rest + (rendered[1] ? '/' + rendered[1] : '');
}
