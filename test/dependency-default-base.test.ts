// A dependency whose default base is /api/v3 at the version package.json pins is a finding of its own, in
// package.json, through the spawned CLI: every report format names package.json, the configuration turns
// it off or allows it, it counts in the exit code, and --fix never writes package.json.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanTemps, cli, pkg } from './support/spawn.js';

afterAll(cleanTemps);

const MANIFEST = '{\n  "name": "reminder",\n  "dependencies": {\n    "gl-got": "^7.1.0",\n    "ms": "2.1.3"\n  }\n}\n';
const BOT = [
  "const glGot = require('gl-got');",
  "exports.jobs = (id) => glGot(`projects/${id}/builds`, { token: process.env.T });",
  "exports.me = () => glGot('user', { token: process.env.T });",
  '',
].join('\n');

/** A package of the bot with this package.json (and a configuration when given). */
function bot(manifest = MANIFEST, files: Record<string, string> = { 'bot.js': BOT }): string {
  const dir = pkg(files);
  writeFileSync(path.join(dir, 'package.json'), manifest);
  return dir;
}

interface Result {
  filePath: string;
  messages: { ruleId: string; line: number; column: number; endColumn: number; message: string; fixClass: string; changes: string[] }[];
  suppressedMessages?: { ruleId: string }[];
}

function json(dir: string, ...args: string[]): { code: number | null; results: Result[] } {
  const r = cli(['--format', 'json', ...args, '.'], dir);
  return { code: r.code, results: JSON.parse(r.stdout) as Result[] };
}

const manifestOf = (dir: string, results: Result[]) => results.find((r) => r.filePath === path.join(dir, 'package.json'));

describe('dependency-default-base', () => {
  it('reports the pinned version in package.json, report only, with the upgrade to make', () => {
    const dir = bot();
    const { code, results } = json(dir);
    expect(code).toBe(1);
    expect(manifestOf(dir, results)!.messages).toEqual([
      expect.objectContaining({
        ruleId: 'dependency-default-base',
        line: 4,
        column: 15,
        endColumn: 23,
        changes: ['V-PREFIX'],
        fixClass: 'report',
        message: '`gl-got` ^7.1.0 sends its requests to `/api/v3` by default; upgrade gl-got to 8 or set its `endpoint` to `/api/v4/`',
      }),
    ]);
    // The calls are still reported where they are made.
    expect(results.find((r) => r.filePath.endsWith('bot.js'))!.messages.map((m) => m.ruleId)).toEqual(['api-prefix', 'builds-endpoint', 'api-prefix']);
  });

  it('is the same finding whichever of the package\'s paths the run is given, in whatever order', () => {
    const dir = bot(MANIFEST, { 'bot.js': BOT, 'lib/extra.js': "exports.x = () => fetch('https://example.org/');\n" });
    const whole = manifestOf(dir, json(dir).results)!.messages;
    const alone = JSON.parse(cli(['--format', 'json', 'bot.js'], dir).stdout) as Result[];
    const reversed = JSON.parse(cli(['--format', 'json', 'lib', 'bot.js'], dir).stdout) as Result[];
    expect(manifestOf(dir, alone)!.messages).toEqual(whole);
    expect(manifestOf(dir, reversed)!.messages).toEqual(whole);
    // A run that leaves out every call relying on the pin has nothing to say of it.
    expect(manifestOf(dir, JSON.parse(cli(['--format', 'json', 'lib'], dir).stdout) as Result[])).toBeUndefined();
  });

  it('names the installed version when the lock file resolves one', () => {
    const dir = bot();
    writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { '': {}, 'node_modules/gl-got': { version: '7.3.1' } } }));
    expect(manifestOf(dir, json(dir).results)!.messages[0]!.message).toContain('`gl-got` ^7.1.0 (installed: 7.3.1) sends');
    // A lock file that installed 8 is what runs: no finding, whatever the range says.
    writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { '': {}, 'node_modules/gl-got': { version: '8.0.2' } } }));
    expect(manifestOf(dir, json(dir).results)).toBeUndefined();
  });

  it('reports only a pin the code relies on: not gl-got 8, not calls that set their endpoint, not an unused dependency', () => {
    expect(manifestOf(bot(MANIFEST.replace('^7.1.0', '^8.0.0')), json(bot(MANIFEST.replace('^7.1.0', '^8.0.0'))).results)).toBeUndefined();
    const own = bot(MANIFEST, { 'bot.js': BOT.replaceAll('{ token: process.env.T }', "{ token: process.env.T, endpoint: 'https://gitlab.example.com/api/v4/' }") });
    expect(manifestOf(own, json(own).results)).toBeUndefined();
    const unused = bot(MANIFEST, { 'other.js': "const got = require('got');\nexports.x = () => got('https://example.org/');\n" });
    expect(manifestOf(unused, json(unused).results)).toBeUndefined();
  });

  it('names package.json in SARIF, Code Quality and the text report', () => {
    const dir = bot();
    const sarif = JSON.parse(cli(['--format', 'sarif', '.'], dir).stdout) as { runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }[] }[] }[] };
    const found = sarif.runs[0]!.results.find((r) => r.ruleId === 'dependency-default-base')!;
    expect(found.locations[0]!.physicalLocation.artifactLocation.uri).toBe('package.json');
    expect(found.locations[0]!.physicalLocation.region).toMatchObject({ startLine: 4, startColumn: 15 });
    const quality = JSON.parse(cli(['--format', 'gitlab', '.'], dir).stdout) as { check_name: string; location: { path: string; lines: { begin: number } } }[];
    expect(quality.find((q) => q.check_name === 'dependency-default-base')!.location).toEqual({ path: 'package.json', lines: { begin: 4, end: 4 } });
    const text = cli(['.'], dir).stdout;
    expect(text).toMatch(/^package\.json\n +4:15 +error +`gl-got` \^7\.1\.0 sends/m);
  });

  it('is turned off, or allowed with a reason, by the configuration, and counts in the exit code', () => {
    const dir = bot();
    // Only the package.json finding left: it alone fails the run.
    writeFileSync(path.join(dir, 'v4-migrate.config.json'), JSON.stringify({ rules: { 'api-prefix': 'off', 'builds-endpoint': 'off' } }));
    const alone = json(dir);
    expect(alone.code).toBe(1);
    expect(alone.results.flatMap((r) => r.messages.map((m) => m.ruleId))).toEqual(['dependency-default-base']);
    writeFileSync(path.join(dir, 'v4-migrate.config.json'), JSON.stringify({ rules: { 'api-prefix': 'off', 'builds-endpoint': 'off', 'dependency-default-base': 'off' } }));
    const off = json(dir);
    expect(off.code).toBe(0);
    expect(manifestOf(dir, off.results)).toBeUndefined();
    writeFileSync(path.join(dir, 'v4-migrate.config.json'), JSON.stringify({ rules: { 'api-prefix': 'off', 'builds-endpoint': 'off' }, allow: [{ rule: 'dependency-default-base', files: ['package.json'], reason: 'the bot runs against an old server' }] }));
    const allowed = json(dir);
    expect(allowed.code).toBe(0);
    expect(manifestOf(dir, allowed.results)!.messages).toEqual([]);
    expect(manifestOf(dir, allowed.results)!.suppressedMessages!.map((m) => m.ruleId)).toEqual(['dependency-default-base']);
  });

  it('is never fixed: --fix and --unsafe-fixes leave package.json as it was, and it stays reported', () => {
    const dir = bot();
    const r = cli(['--fix', '--unsafe-fixes', '--format', 'json', '.'], dir);
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(MANIFEST);
    expect(manifestOf(dir, JSON.parse(r.stdout) as Result[])!.messages.map((m) => m.ruleId)).toEqual(['dependency-default-base']);
    // The calls stay too: they go to /api/v3 until the pin changes, so renaming their routes would break them.
    expect(readFileSync(path.join(dir, 'bot.js'), 'utf8')).toBe(BOT);
  });
});
