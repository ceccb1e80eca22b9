// The XML report formats through the built CLI: JUnit read by a JUnit-report parser that CI report tools
// use (test-results-parser) and checked against the JUnit XSD's element shape, Checkstyle checked
// element by element; both parsed by a strict XML 1.0 parser and counted against the JSON report of the
// same run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseTestResults } from 'test-results-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { xmlAttr, xmlText } from '../src/report/xml.js';
import { parseXml, type XmlElement } from './support/xml.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'dist/src/cli/main.js');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function temp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'v4m-xml-'));
  temps.push(dir);
  return dir;
}

function cli(args: string[], cwd = repo) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface JsonMessage {
  ruleId: string;
  message: string;
  line: number;
  column: number;
  level: string;
  changes: string[];
  fatal?: boolean;
}
interface JsonResult {
  filePath: string;
  messages: JsonMessage[];
}

// One run writes all three reports, so they describe the same findings.
const out = temp();
const run = cli(['-f', 'junit', '-o', path.join(out, 'junit.xml'), '-f', 'checkstyle', '-o', path.join(out, 'checkstyle.xml'), '-f', 'json', '-o', path.join(out, 'results.json'), 'fixtures']);
const results = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as JsonResult[];
const rel = (file: string) => path.relative(repo, file).split(path.sep).join('/');
const children = (e: XmlElement, name: string) => e.children.filter((c) => c.name === name);

describe('one run, several reports', () => {
  it('writes every report and prints nothing', () => {
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('');
    expect(run.code).toBe(1);
    expect(results.reduce((n, r) => n + r.messages.length, 0)).toBeGreaterThan(100);
  });
});

describe('junit', () => {
  const xml = readFileSync(path.join(out, 'junit.xml'), 'utf8');

  it('is read by a JUnit-report parser with the counts of the JSON report', () => {
    const parsed = parseTestResults({ type: 'junit', files: [path.join(out, 'junit.xml')] });
    const findings = results.flatMap((r) => r.messages);
    const fatal = findings.filter((m) => m.fatal).length;
    const clean = results.filter((r) => r.messages.length === 0).length;
    expect(parsed.total).toBe(findings.length + clean);
    expect(parsed.failed).toBe(findings.length - fatal);
    expect(parsed.errors).toBe(fatal);
    expect(parsed.passed).toBe(clean);
    expect(fatal).toBeGreaterThan(0); // fixtures/edge/parse-error
    expect(parsed.suites.map((s) => s.name)).toEqual(results.map((r) => rel(r.filePath)));
    for (const [i, suite] of parsed.suites.entries()) {
      const messages = results[i]!.messages;
      if (messages.length === 0) {
        expect(suite.cases.map((c) => c.status)).toEqual(['PASS']);
        continue;
      }
      expect(suite.cases.map((c) => c.status)).toEqual(messages.map(() => 'FAIL'));
      expect(suite.cases.map((c) => c.failure)).toEqual(messages.map((m) => m.message));
      for (const [k, c] of suite.cases.entries()) {
        const m = messages[k]!;
        expect(c.stack_trace).toContain(`${rel(results[i]!.filePath)}:${m.line}:${m.column}`);
        expect(c.stack_trace).toContain(`rule: ${m.ruleId}`);
        for (const change of m.changes) expect(c.stack_trace).toContain(change);
      }
    }
  });

  it('has the element shape of the JUnit XSD, with consistent counts on every suite', () => {
    const root = parseXml(xml);
    expect(root.name).toBe('testsuites');
    expect(root.children.every((c) => c.name === 'testsuite')).toBe(true);
    let tests = 0;
    for (const suite of root.children) {
      for (const key of ['name', 'tests', 'failures', 'errors', 'skipped', 'time']) expect(suite.attributes, key).toHaveProperty(key);
      const cases = children(suite, 'testcase');
      expect(cases).toHaveLength(suite.children.length);
      expect(Number(suite.attributes.tests)).toBe(cases.length);
      expect(Number(suite.attributes.failures)).toBe(cases.filter((c) => children(c, 'failure').length).length);
      expect(Number(suite.attributes.errors)).toBe(cases.filter((c) => children(c, 'error').length).length);
      for (const c of cases) {
        expect(c.attributes.name).toBeTruthy();
        expect(c.attributes.classname).toBe(suite.attributes.name);
        expect(c.children.length).toBeLessThanOrEqual(1);
        for (const f of c.children) {
          expect(['failure', 'error']).toContain(f.name);
          expect(f.attributes.message).toBeTruthy();
          expect(f.attributes.type).toBeTruthy();
        }
      }
      tests += cases.length;
    }
    expect(Number(root.attributes.tests)).toBe(tests);
  });
});

describe('checkstyle', () => {
  it('lists every file with its errors, as the JSON report does', () => {
    const root = parseXml(readFileSync(path.join(out, 'checkstyle.xml'), 'utf8'));
    expect(root.name).toBe('checkstyle');
    expect(root.attributes.version).toBeTruthy();
    expect(root.children.map((f) => f.name === 'file' && f.attributes.name)).toEqual(results.map((r) => rel(r.filePath)));
    for (const [i, file] of root.children.entries()) {
      const messages = results[i]!.messages;
      expect(file.children.every((e) => e.name === 'error')).toBe(true);
      expect(
        file.children.map((e) => ({ line: Number(e.attributes.line), column: Number(e.attributes.column), severity: e.attributes.severity, source: e.attributes.source })),
      ).toEqual(messages.map((m) => ({ line: m.line, column: m.column, severity: m.level, source: `v4-migrate.${m.ruleId}` })));
      for (const [k, e] of file.children.entries()) {
        expect(e.attributes.message!.startsWith(messages[k]!.message)).toBe(true);
        for (const change of messages[k]!.changes) expect(e.attributes.message).toContain(change);
      }
    }
  });
});

describe('escaping', { timeout: 60_000 }, () => {
  it('keeps both reports well-formed for a file name full of markup and a control character', () => {
    const dir = temp();
    const name = `a&b<c>"d'e\u0001.js`;
    writeFileSync(path.join(dir, 'package.json'), '{}');
    writeFileSync(path.join(dir, name), "fetch('https://gitlab.example.com/api/v3/projects/' + id + '/builds');\n");
    const junit = cli(['-f', 'junit', '.'], dir);
    const checkstyle = cli(['-f', 'checkstyle', '.'], dir);
    expect(junit.code).toBe(1);
    const shown = name.replace('\u0001', '\\u0001');
    const suite = parseXml(junit.stdout).children[0]!;
    expect(suite.attributes.name).toBe(shown);
    expect(children(suite, 'testcase')).toHaveLength(2);
    expect(parseXml(checkstyle.stdout).children[0]!.attributes.name).toBe(shown);
  });

  it('turns every character XML 1.0 forbids into visible text and keeps line breaks in attributes', () => {
    const nasty = 'x\u0000\u0008\u000B\u000C\u001F\uFFFE\uFFFF\uD800 \uDC00 <]]>&"\'\t\n\r y 😀';
    const doc = `<?xml version="1.0"?><r a="${xmlAttr(nasty)}">${xmlText(nasty)}</r>`;
    const root = parseXml(doc);
    const visible = 'x\\u0000\\u0008\\u000B\\u000C\\u001F\\uFFFE\\uFFFF\\uD800 \\uDC00 <]]>&"\'\t\n';
    expect(root.attributes.a).toBe(`${visible}\r y 😀`);
    expect(root.text).toBe(`${visible}\n y 😀`); // XML reads a carriage return in text as a line break
  });
});
