// Whole client files: findings must equal findings.json exactly, --fix must produce expected.* byte for
// byte, and fixing the output again must change nothing. A new case is a new folder.
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintFiles, lintText } from '../src/index.js';
import { findingsFile, findingsOf, fixtureCases, renderFindings, type FixtureCase } from './support/fixtures.js';
import { analyse } from '../src/lint.js';
import { packageFactsOfSync } from '../src/files/package-facts.js';
import { isServiceCall, routeShape } from '../src/match/evidence.js';
import { isV4Route } from '../src/api/v4-routes.js';
import { SERVICE_RESOURCE_WORDS } from '../src/api/v3-routes.js';

const update = process.env.UPDATE_FIXTURES === '1';

const cases = fixtureCases();

describe.each(cases.map((c) => [c.name, c] as [string, FixtureCase]))('fixture %s', (_name, c) => {
  const lintInput = async (options: { fix?: boolean; prefilter?: boolean }) => {
    const results = await lintFiles([c.input, ...c.context], { prefilter: false, ...options });
    return results.find((r) => r.filePath === c.input)!;
  };

  it('reports exactly the expected findings', async () => {
    const results = await lintFiles([c.input, ...c.context], { prefilter: false });
    // A package.json with findings of its own (manifest rules) is reported beside the files, and only then.
    if (!update) expect(results.filter((r) => r.filePath.endsWith('package.json')).map((r) => r.filePath)).toEqual(c.manifest ? [c.manifest] : []);
    for (const result of results) {
      const actual = renderFindings(findingsOf(result));
      const file = findingsFile(c, result.filePath);
      if (update) writeFileSync(file, actual);
      expect(actual, path.relative(c.dir, result.filePath)).toBe(readFileSync(file, 'utf8'));
    }
  });

  it('fixes to the expected output, and a second fix changes nothing', async () => {
    const result = await lintInput({ fix: true });
    const source = readFileSync(c.input, 'utf8');
    const output = result.output ?? source;
    if (update) {
      if (output !== source) writeFileSync(c.expected, output);
      else if (existsSync(c.expected)) unlinkSync(c.expected);
    }
    // No expected.txt means "unchanged": the fix output must equal the input byte for byte.
    const expected = existsSync(c.expected) ? readFileSync(c.expected, 'utf8') : source;
    expect(output).toBe(expected);
    // Fixing again changes nothing, even while the rest of the package still looks like v3.
    const again = lintText(output, { filename: c.input, fix: true, packageFacts: packageFactsOfSync(c.input) });
    expect(again.output ?? output).toBe(output);
  });

  it('rewrites only to routes v4 has', async () => {
    const result = await lintInput({ fix: true });
    const output = result.output ?? readFileSync(c.input, 'utf8');
    // Calls still reported after --fix are the known leftovers (unsafe, report-only, guarded).
    const leftover = new Set(result.messages.map((m) => m.line));
    const facts = packageFactsOfSync(c.input);
    // Calls the evidence gives to another API (another product, the package's own server) are not the service's.
    for (const call of analyse(c.input, output).calls.filter((call) => isServiceCall(call, facts))) {
      const shape = routeShape(call);
      const lineOf = (offset: number) => output.slice(0, offset).split('\n').length;
      const line = lineOf(call.urlArg.start!);
      // A finding left is reported where the route is written, which may be a line before the call.
      const written = [
        ...call.pieces.flatMap((p) => (p.kind === 'text' && p.literal && !p.foreign ? [lineOf(p.literal.node.start!)] : [])),
        ...call.params.flatMap((p) => (p.site.kind === 'property' ? [lineOf(p.site.property.start!)] : p.site.kind === 'written' ? [lineOf(p.site.node.start!)] : [])),
      ];
      if (call.client === 'url' || [line, ...written].some((l) => leftover.has(l)) || shape.length === 0) continue;
      // A wrapper's own request ends in the path its callers pass: their calls are the routes checked.
      const last = call.pieces[call.pieces.length - 1];
      if (last?.kind === 'hole' && last.param !== undefined && shape[shape.length - 1] === null) continue;
      if (shape[0] === null || !SERVICE_RESOURCE_WORDS.has(shape[0]) || call.url.version === 'v3') continue;
      expect(isV4Route(call.method, shape), `${c.name}:${line} ${call.method ?? '?'} /${shape.map((x) => x ?? ':x').join('/')}`).toBe(true);
    }
  });

  it('finds the same with and without the prefilter', async () => {
    const plain = await lintInput({ prefilter: false });
    const filtered = await lintInput({ prefilter: true });
    expect(findingsOf(filtered)).toEqual(findingsOf(plain));
  });
});

it('has fixtures in at least eight client styles and four negative cases', () => {
  expect(cases.filter((c) => c.name.startsWith('clients/')).length).toBeGreaterThanOrEqual(8);
  expect(cases.filter((c) => c.name.startsWith('negative/')).length).toBeGreaterThanOrEqual(4);
});
