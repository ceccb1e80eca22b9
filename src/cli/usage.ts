// Command-line mistakes as one line each: what is wrong and what to do. yargs finds them; this turns its
// messages (some multi-line, some naming `--no-x` as `x`) into sentences that name the flag as typed, with
// "did you mean" for a close one.
import { distance } from '../distance.js';

/** What the parser knows: option names with their aliases, which are boolean, which are hidden. */
export interface KnownOptions {
  names: readonly string[];
  booleans: readonly string[];
  hidden: readonly string[];
}

const flag = (name: string) => (name.length === 1 ? `-${name}` : `--${name}`);
const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The first flag in `argv` the parser does not know, as typed (without a `=value`). */
export function firstUnknownFlag(argv: readonly string[], known: KnownOptions): string | undefined {
  const names = new Set([...known.names, ...known.names.map(camel)]);
  const booleans = new Set([...known.booleans, ...known.booleans.map(camel)]);
  for (const token of argv) {
    if (token === '--') break;
    if (token.startsWith('--')) {
      const name = token.slice(2).split('=')[0]!;
      if (names.has(name) || (name.startsWith('no-') && booleans.has(name.slice(3)))) continue;
      return `--${name}`;
    }
    if (token.startsWith('-') && token.length > 1 && !/^-\d/.test(token)) {
      // A cluster of short flags (-qf): each letter is one.
      for (const letter of token.slice(1).split('=')[0]!) if (!names.has(letter)) return `-${letter}`;
    }
  }
  return undefined;
}

/** The visible options closest to a mistyped flag. */
export function closeFlags(typed: string, known: KnownOptions): string[] {
  const name = typed.replace(/^-+/, '');
  const hidden = new Set(known.hidden);
  const visible = known.names.filter((n) => n.length > 1 && !hidden.has(n));
  // `--no-colr` is a misspelt `--no-color`: negated booleans are candidates when a `no-` was typed.
  const negated = name.startsWith('no-') ? visible.filter((n) => known.booleans.includes(n)).map((n) => `no-${n}`) : [];
  const candidates = [...visible, ...negated];
  const limit = name.length <= 3 ? 1 : name.length <= 6 ? 2 : 3;
  const scored = candidates.map((n) => ({ n, d: distance(name, n) }));
  const best = Math.min(...scored.map((s) => s.d));
  if (best > limit) return candidates.filter((n) => name.length >= 3 && (n.startsWith(name) || name.startsWith(n))).map(flag);
  return scored.filter((s) => s.d === best).map((s) => flag(s.n));
}

/** One line for a failure the parser reported (without the "v4-migrate: " prefix). */
export function describeParseFailure(message: string, argv: readonly string[], known: KnownOptions): string {
  const lines = message.split('\n').map((l) => l.trim()).filter(Boolean);
  if (/^Unknown arguments?:/.test(lines[0] ?? '')) {
    const typed = firstUnknownFlag(argv, known);
    if (typed) {
      const close = closeFlags(typed, known);
      const hint = close.length ? `; did you mean ${close.join(' or ')}?` : '.';
      return `unknown flag ${typed}${hint} Run v4-migrate --help for the flags.`;
    }
  }
  // yargs: "Invalid values:\n  Argument: format, Given: "x", Choices: "a", "b"".
  const invalid = /Argument: ([\w-]+), Given: (.+?), Choices: (.+)$/.exec(lines[1] ?? '');
  if (lines[0] === 'Invalid values:' && invalid) {
    return `${flag(invalid[1]!)} ${invalid[2]} is not one of ${invalid[3]!.replace(/"/g, '')}. Run v4-migrate --help for usage.`;
  }
  const missing = /^Not enough arguments following: ([\w-]+)$/.exec(lines[0] ?? '');
  if (missing) return `${flag(missing[1]!)} needs a value. Run v4-migrate --help for usage.`;
  return `${(lines[0] ?? 'invalid arguments').replace(/[.:]$/, '')}. Run v4-migrate --help for usage.`;
}

/**
 * Mistakes the parser lets through: a flag that takes one value given twice (yargs would make an array of
 * it), a number that is not one. Returns the one-line message, or undefined when all is well.
 */
export function checkValues(args: Record<string, unknown>, single: readonly string[], numbers: readonly string[]): string | undefined {
  for (const name of single) {
    if (Array.isArray(args[camel(name)])) return `${flag(name)} was given more than once; give it once`;
  }
  for (const name of numbers) {
    const value = args[camel(name)];
    if (value !== undefined && (typeof value !== 'number' || Number.isNaN(value))) return `${flag(name)} needs a number`;
  }
  return undefined;
}
