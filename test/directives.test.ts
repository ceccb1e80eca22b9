// The directive parser and its semantics, on parsed source (the CLI tests in suppress.test.ts cover the
// same through the real interface).
import { describe, expect, it } from 'vitest';
import { collectDirectives, removal, silencers, unusedDirectives, type Directive, type DirectiveName } from '../src/directives.js';
import { parseSource } from '../src/parse/parse.js';

function directives(code: string, filename = 'x.js'): Directive[] {
  const parsed = parseSource(code, filename);
  if (!parsed.ok) throw new Error(parsed.message);
  return collectDirectives(parsed.ast, code);
}

const builds = { id: 'builds-endpoint', changes: ['R90-JOBS'] };
const prefix = { id: 'api-prefix', changes: ['V-PREFIX'] };

/** Whether `rule` is silenced at the start of `needle`'s first occurrence in `code`. */
function silencedAt(code: string, needle: string, rule = builds): boolean {
  const offset = code.indexOf(needle);
  const line = code.slice(0, offset).split('\n').length;
  return silencers(directives(code), offset, line, rule).length > 0;
}

describe('directive parser', () => {
  it('reads the kind, the names with their offsets and the reason', () => {
    const code = 'x();\n// v4-migrate-disable-next-line builds-endpoint,api-prefix  R90-JOBS -- old servers -- still\nfoo();\n';
    const [d] = directives(code);
    expect(d!.kind).toBe('disable-next-line');
    expect(d!.names.map((n) => n.text)).toEqual(['builds-endpoint', 'api-prefix', 'R90-JOBS']);
    expect(d!.names.map((n) => code.slice(n.start, n.end))).toEqual(['builds-endpoint', 'api-prefix', 'R90-JOBS']);
    expect(d!.reason).toBe('old servers -- still');
    expect([d!.line, d!.endLine]).toEqual([2, 2]);
  });

  it('tells the four kinds apart, in line and block comments, and ignores look-alikes', () => {
    const code = [
      '/* v4-migrate-disable */',
      '// v4-migrate-enable builds-endpoint',
      'a(); // v4-migrate-disable-line -- why',
      '/* v4-migrate-disable-next-line */',
      '// v4-migrate-disabled builds-endpoint',
      '// see v4-migrate-disable for details',
      '',
    ].join('\n');
    expect(directives(code).map((d) => `${d.kind}:${d.names.map((n) => n.text).join(',')}:${d.reason}`)).toEqual(['disable::', 'enable:builds-endpoint:', 'disable-line::why', 'disable-next-line::']);
  });

  it('marks a disable-line comment over several lines as invalid, and applies a next-line one after its end', () => {
    const code = '/* v4-migrate-disable-line\n builds-endpoint */ a();\n/* v4-migrate-disable-next-line\n builds-endpoint */\nfetch(b);\n';
    const [line, next] = directives(code);
    expect(line!.invalid).toMatch(/must fit on its line/);
    expect(silencedAt(code, 'a()')).toBe(false);
    expect(next!.invalid).toBeUndefined();
    expect(silencedAt(code, 'fetch(b)')).toBe(true);
  });

  it('knows a JSX comment container from a block of code', () => {
    const jsx = directives('const x = <div>\n  {/* v4-migrate-disable-next-line */}\n  <a/>\n</div>;\n', 'x.jsx');
    expect(jsx[0]!.container).toEqual([18, 54]);
    const block = directives('if (a) { /* v4-migrate-enable */ }\n', 'x.jsx');
    expect(block[0]!.container).toBeUndefined();
  });
});

describe('what a directive silences', () => {
  it('next-line and disable-line: their line only, by rule id or change ID, every rule when none is named', () => {
    const code = '// v4-migrate-disable-next-line R90-JOBS\nfetch(one);\nfetch(two);\nfetch(three); // v4-migrate-disable-line\n';
    expect(silencedAt(code, 'fetch(one)')).toBe(true);
    expect(silencedAt(code, 'fetch(one)', prefix)).toBe(false);
    expect(silencedAt(code, 'fetch(two)')).toBe(false);
    expect(silencedAt(code, 'fetch(three)', prefix)).toBe(true);
  });

  it('regions follow ESLint: the last disable or enable before a finding that concerns its rule wins', () => {
    const code = [
      'fetch(before);',
      '/* v4-migrate-disable */',
      'fetch(all);',
      '/* v4-migrate-enable builds-endpoint */',
      'fetch(exceptBuilds);',
      '/* v4-migrate-enable */',
      'fetch(none);',
      '/* v4-migrate-disable builds-endpoint */',
      'fetch(toTheEnd);',
      '',
    ].join('\n');
    expect(silencedAt(code, 'fetch(before)')).toBe(false);
    expect(silencedAt(code, 'fetch(all)')).toBe(true);
    expect(silencedAt(code, 'fetch(exceptBuilds)')).toBe(false);
    expect(silencedAt(code, 'fetch(exceptBuilds)', prefix)).toBe(true);
    expect(silencedAt(code, 'fetch(none)', prefix)).toBe(false);
    expect(silencedAt(code, 'fetch(toTheEnd)')).toBe(true);
    expect(silencedAt(code, 'fetch(toTheEnd)', prefix)).toBe(false);
  });

  it('a disable at the top covers the whole file', () => {
    const code = '#!/usr/bin/env node\n/* v4-migrate-disable -- generated client */\nfetch(a);\nfunction f() {\n  fetch(b);\n}\n';
    expect(silencedAt(code, 'fetch(a)')).toBe(true);
    expect(silencedAt(code, 'fetch(b)', prefix)).toBe(true);
  });
});

describe('unused directives', () => {
  const usedBy = (code: string, ...needles: [string, typeof builds][]) => {
    const ds = directives(code);
    const used = new Set<Directive | DirectiveName>();
    for (const [needle, rule] of needles) {
      const offset = code.indexOf(needle);
      for (const s of silencers(ds, offset, code.slice(0, offset).split('\n').length, rule)) used.add(s.name ?? s.directive);
    }
    return { ds, used };
  };

  it('reports a whole directive, or only its names that silenced nothing', () => {
    const code = '// v4-migrate-disable-next-line builds-endpoint, api-prefix\nfetch(a);\n// v4-migrate-disable-next-line\nfoo();\n';
    const { ds, used } = usedBy(code, ['fetch(a)', builds]);
    const unused = unusedDirectives(ds, used, () => true);
    expect(unused.map((u) => `${u.directive.line}:${u.names.map((n) => n.text).join(',')}`)).toEqual(['1:api-prefix', '3:']);
  });

  it('an enable is unused when every disable it ends is unused; a name a run could not see is never unused', () => {
    const code = '/* v4-migrate-disable builds-endpoint */\nfoo();\n/* v4-migrate-enable builds-endpoint */\n/* v4-migrate-disable api-prefix */\nfetch(a);\n/* v4-migrate-enable api-prefix */\n';
    const { ds, used } = usedBy(code, ['fetch(a)', prefix]);
    expect(unusedDirectives(ds, used, () => true).map((u) => `${u.directive.line}:${u.directive.kind}`)).toEqual(['1:disable', '3:enable']);
    expect(unusedDirectives(ds, used, (name) => name !== 'builds-endpoint')).toEqual([]);
  });

  it('removes a lone comment with its line, a trailing one with the spaces before it, a JSX one with its braces', () => {
    const apply = (code: string, filename = 'x.js') => {
      const [u] = unusedDirectives(directives(code, filename), new Set(), () => true);
      const [e] = removal(code, u!);
      return code.slice(0, e!.start) + e!.text + code.slice(e!.end);
    };
    expect(apply('a();\n  // v4-migrate-disable-next-line x -- why\r\nb();\n')).toBe('a();\nb();\n');
    expect(apply('a();   // v4-migrate-disable-line\nb();\n')).toBe('a();\nb();\n');
    expect(apply('/* v4-migrate-disable */ a();\n')).toBe('a();\n');
    expect(apply('const x = <div>\n  {/* v4-migrate-disable-next-line */}\n  <a/>\n</div>;\n', 'x.jsx')).toBe('const x = <div>\n  <a/>\n</div>;\n');
  });

  it('removes only the unused names, keeping the separator and the reason', () => {
    const code = '// v4-migrate-disable-next-line builds-endpoint, api-prefix, R90-JOBS -- legacy\nfetch(a);\n';
    const ds = directives(code);
    const used = new Set<Directive | DirectiveName>([ds[0]!.names[1]!]);
    const [u] = unusedDirectives(ds, used, () => true);
    const [e] = removal(code, u!);
    expect(code.slice(0, e!.start) + e!.text + code.slice(e!.end)).toBe('// v4-migrate-disable-next-line api-prefix -- legacy\nfetch(a);\n');
  });
});
