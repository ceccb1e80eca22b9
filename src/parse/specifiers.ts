// The modules a source text names in its imports and requires, read from the text alone (no parse): for the
// evidence of a file and for the files a changed file needs beside it, before anything is parsed.

// `require('x')`, `` require(`x`) ``, `from 'x'`, `import('x')`.
const SPECIFIER = /(?:require\s*\(\s*|\bfrom\s+|\bimport\s*\(\s*)(?:['"]([^'"\n]+)['"]|`([^`$\n]+)`)/g;

/** Each module specifier of the text, with the text that names it, in order. */
export function* specifiersIn(source: string): Generator<{ text: string; module: string }> {
  for (const m of source.matchAll(SPECIFIER)) yield { text: m[0], module: (m[1] ?? m[2])! };
}
