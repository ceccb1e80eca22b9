// Tokens found in code never reach an output. A run collects every token-shaped value of the texts it
// read (token-scan.ts, whichever rules ran) and passes everything it shows through `Redaction.apply`,
// which replaces each occurrence by asterisks of the same length: reports of every format, diffs,
// messages on stderr, the language server's diagnostics. The files themselves keep their text.
//
// Replacing costs one pass over the output whatever the number of tokens (a few: the engine's string
// search for each; more: an Aho–Corasick automaton), so a report of thousands of files, each with its
// token, costs what the report costs.
import type { LintResult } from '../results.js';
import { tokensIn } from './token-scan.js';

// Shorter values are too likely to be ordinary words of a report.
const MIN_LENGTH = 8;
// A token inside a URL's query: the token rule masks the whole URL literal, while a fix copies only the token.
const QUERY_TOKEN = /[?&](?:private_token|access_token|token)=([^&#\s'"`]+)/gi;

/** The set of values a run hides, and the one function its outputs pass through. */
export class Redaction {
  private readonly values = new Set<string>();
  private matcher: Finder | undefined;

  /** Hide these values, and the forms JSON, HTML, XML and CI annotations escape them into. */
  add(values: Iterable<string>): this {
    for (const value of values) {
      if (value.length < MIN_LENGTH) continue;
      for (const form of escapedForms(value)) {
        if (this.values.has(form)) continue;
        this.values.add(form);
        this.matcher = undefined;
      }
    }
    return this;
  }

  /** Hide every token written in a text. */
  addText(text: string | undefined): this {
    return text ? this.add(tokensIn(text)) : this;
  }

  /**
   * Hide every token of these results' texts (source and fixed output), and whatever the token rule
   * masked. A result with no finding and no fixed text shows nothing of its file, which is not read again.
   */
  addResults(results: readonly LintResult[]): this {
    for (const r of results) {
      if (r.messages.length === 0 && !r.suppressedMessages?.length && r.output === undefined) continue;
      this.addText(r.source);
      if (r.output !== r.source) this.addText(r.output);
      this.add(maskedValues(r));
    }
    return this;
  }

  /** `text` with every hidden value replaced by asterisks of its length. */
  apply(text: string): string {
    if (this.values.size === 0 || text.length === 0) return text;
    this.matcher ??= matcherOf([...this.values]);
    const ranges = this.matcher.ranges(text);
    if (ranges.length === 0) return text;
    let out = '';
    let at = 0;
    for (const [start, end] of ranges) {
      out += text.slice(at, start) + '*'.repeat(end - start);
      at = end;
    }
    return out + text.slice(at);
  }

  /** Whether `text` holds a hidden value. */
  holds(text: string): boolean {
    if (this.values.size === 0) return false;
    this.matcher ??= matcherOf([...this.values]);
    return this.matcher.ranges(text, true).length > 0;
  }
}

/** The values the token rule's findings mask (their spans, in the text the messages are about). */
function maskedValues(r: LintResult): string[] {
  const text = r.output ?? r.source;
  if (text === undefined) return [];
  const values: string[] = [];
  // Silenced findings are still secrets.
  for (const m of [...r.messages, ...(r.suppressedMessages ?? [])]) {
    if (!m.mask) continue;
    const inner = text.slice(m.mask[0] + 1, m.mask[1] - 1);
    values.push(inner);
    for (const q of inner.matchAll(QUERY_TOKEN)) values.push(q[1]!);
  }
  return values;
}

/** A value as written, and as the output formats escape it. */
function escapedForms(value: string): Set<string> {
  const html = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return new Set([
    value,
    JSON.stringify(value).slice(1, -1),
    html,
    html.replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
    html.replace(/"/g, '&quot;').replace(/'/g, '&apos;'),
    value.replace(/%/g, '%25').replace(/:/g, '%3A').replace(/,/g, '%2C'),
    value.replace(/%/g, '%25'),
  ]);
}

interface Finder {
  /** The spans any pattern covers, merged and in order; with `first`, stop at the first one. */
  ranges(text: string, first?: boolean): [number, number][];
}

// Up to this many values, a native search per value beats one pass that looks up every character.
const FEW = 32;

function matcherOf(patterns: readonly string[]): Finder {
  return patterns.length <= FEW ? new EachPattern(patterns) : new Matcher(patterns);
}

/** Every occurrence of a few strings: `indexOf` for each (the engine's fast string search). */
class EachPattern implements Finder {
  constructor(private readonly patterns: readonly string[]) {}

  ranges(text: string, first = false): [number, number][] {
    const found: [number, number][] = [];
    for (const p of this.patterns) {
      if (p === '') continue;
      for (let i = text.indexOf(p); i >= 0; i = text.indexOf(p, i + 1)) {
        found.push([i, i + p.length]);
        if (first) return found;
      }
    }
    found.sort((a, b) => a[0] - b[0]);
    const out: [number, number][] = [];
    for (const [start, end] of found) {
      const last = out[out.length - 1];
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else out.push([start, end]);
    }
    return out;
  }
}

/** Aho–Corasick: every occurrence of any of a set of strings, in one pass over a text. */
class Matcher implements Finder {
  private readonly next: Map<number, number>[] = [new Map()];
  private readonly fail: number[] = [0];
  /** The length of the longest pattern ending at each state (0: none). */
  private readonly longest: number[] = [0];

  constructor(patterns: readonly string[]) {
    const ends: number[] = [0];
    for (const p of patterns) {
      let state = 0;
      for (let i = 0; i < p.length; i++) {
        const c = p.charCodeAt(i);
        let child = this.next[state]!.get(c);
        if (child === undefined) {
          child = this.next.length;
          this.next.push(new Map());
          ends.push(0);
          this.next[state]!.set(c, child);
        }
        state = child;
      }
      ends[state] = Math.max(ends[state]!, p.length);
    }
    // Breadth first, so a state's failure link (a shorter state) is complete before it is used.
    const queue: number[] = [];
    for (const child of this.next[0]!.values()) {
      this.fail[child] = 0;
      this.longest[child] = ends[child]!;
      queue.push(child);
    }
    for (let k = 0; k < queue.length; k++) {
      const state = queue[k]!;
      for (const [c, child] of this.next[state]!) {
        let f = this.fail[state]!;
        while (f !== 0 && !this.next[f]!.has(c)) f = this.fail[f]!;
        const link = this.next[f]!.get(c);
        this.fail[child] = link !== undefined && link !== child ? link : 0;
        // A state's own pattern is longer than any on its failure chain.
        this.longest[child] = ends[child]! || this.longest[this.fail[child]!]!;
        queue.push(child);
      }
    }
  }

  private rootTable?: Int32Array;

  /** The root's transitions by UTF-16 code unit. */
  private root(): Int32Array {
    if (!this.rootTable) {
      this.rootTable = new Int32Array(0x10000);
      for (const [c, child] of this.next[0]!) this.rootTable[c] = child;
    }
    return this.rootTable;
  }

  /** The spans any pattern covers, merged and in order; with `first`, stop at the first one. */
  ranges(text: string, first = false): [number, number][] {
    const out: [number, number][] = [];
    let state = 0;
    const root = this.root();
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      // Most characters of a report start no hidden value: a table lookup, not a map's, decides that.
      if (state === 0) {
        state = root[c]!;
        if (state === 0) continue;
      } else {
        while (state !== 0 && !this.next[state]!.has(c)) state = this.fail[state]!;
        state = state === 0 ? root[c]! : this.next[state]!.get(c)!;
      }
      const length = this.longest[state]!;
      if (length === 0) continue;
      let start = i + 1 - length;
      // Spans end in increasing order: one that reaches back over earlier ones swallows them.
      while (out.length > 0 && out[out.length - 1]![1] >= start) start = Math.min(start, out.pop()![0]);
      out.push([start, i + 1]);
      if (first) break;
    }
    return out;
  }
}
