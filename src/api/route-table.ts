// A small index of route templates by segment count, shared by the v3 and v4 tables. A template
// segment `:x` matches any call segment; a literal matches only itself; a trailing `**` any rest.

export type Shape = readonly (string | null)[];

export interface Template<T> {
  segments: readonly string[];
  rest: boolean;
  value: T;
}

export class RouteIndex<T> {
  private readonly exact = new Map<number, Template<T>[]>();
  private readonly rests: Template<T>[] = [];

  constructor(entries: readonly { path: string; value: T }[]) {
    for (const { path, value } of entries) {
      const parts = path.split('/').filter(Boolean);
      const rest = parts[parts.length - 1] === '**';
      const segments = rest ? parts.slice(0, -1) : parts;
      const t = { segments, rest, value };
      if (rest) this.rests.push(t);
      else this.exact.set(segments.length, [...(this.exact.get(segments.length) ?? []), t]);
    }
  }

  /** Every template matching a call's route shape (null = a dynamic segment). */
  match(shape: Shape): T[] {
    const out: T[] = [];
    for (const t of this.exact.get(shape.length) ?? []) if (fits(t, shape)) out.push(t.value);
    for (const t of this.rests) if (shape.length >= t.segments.length && fits(t, shape)) out.push(t.value);
    return out;
  }
}

function fits<T>(t: Template<T>, shape: Shape): boolean {
  for (let i = 0; i < t.segments.length; i++) {
    const want = t.segments[i]!;
    if (want.startsWith(':')) continue;
    if (shape[i] !== want) return false;
  }
  return true;
}
