// The HTML report in a real browser: Debian's Chromium, driven by playwright-core, renders the report the
// built CLI wrote for fixtures/ and the numbers it shows are checked against the JSON report of the same
// run. A full-page screenshot goes to test/.output/report.png for a person to look at.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findChromium } from '../support/chromium.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const bin = path.join(repo, 'dist/src/cli/main.js');
const screenshot = path.join(repo, 'test/.output/report.png');

interface Message {
  ruleId: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  changes: string[];
  fix?: unknown;
  suggestions?: unknown[];
  /** The finding shares the fix an earlier message of its file carries. */
  fixedWith?: number;
}
interface Result {
  filePath: string;
  messages: Message[];
}
type Kind = 'safe' | 'unsafe' | 'person';
type Counts = [findings: number, safe: number, unsafe: number, person: number];

// A safe fix shared with an earlier finding is named by `fixedWith`; an unsafe one keeps its suggestion's title.
const kindOf = (m: Message): Kind => (m.fix || (m.fixedWith !== undefined && !m.suggestions) ? 'safe' : m.suggestions?.length ? 'unsafe' : 'person');
const KINDS: Kind[] = ['safe', 'unsafe', 'person'];
const NOT_CHECKED = 'not checked';

/** The numbers a dashboard of these results must show, computed from the JSON report. */
function expected(results: Result[]) {
  const add = (map: Map<string, Counts>, key: string, kind: Kind) => {
    const c = map.get(key) ?? [0, 0, 0, 0];
    c[0]++;
    c[1 + KINDS.indexOf(kind)]!++;
    map.set(key, c);
  };
  const byChange = new Map<string, Counts>();
  const byFile = new Map<string, Counts>();
  const all = new Map<string, Counts>();
  for (const r of results) {
    for (const m of r.messages) {
      const kind = kindOf(m);
      add(all, 'all', kind);
      add(byFile, path.relative(repo, r.filePath).split(path.sep).join('/'), kind);
      for (const change of m.changes.length ? m.changes : [NOT_CHECKED]) add(byChange, change, kind);
    }
  }
  return { totals: all.get('all')!, files: byFile.size, checked: results.length, byChange, byFile };
}

const out = mkdtempSync(path.join(tmpdir(), 'v4m-html-'));
let browser: Browser;
let page: Page;
let results: Result[];
let html: string;
const consoleErrors: string[] = [];
const requests: string[] = [];
const failedRequests: string[] = [];
let missing: Error | undefined;

beforeAll(async () => {
  const found = findChromium();
  if ('missing' in found) {
    // Every test fails with this one line (a failing beforeAll would only mark them skipped).
    missing = new Error(`No browser: ${found.missing}`);
    return;
  }
  const executablePath = found.path;
  // One run writes both reports, so the page is checked against the findings it was made from.
  const run = spawnSync(process.execPath, [bin, '-f', 'json', '-o', path.join(out, 'results.json'), '-f', 'html', '-o', path.join(out, 'report.html'), 'fixtures'], { cwd: repo, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(1);
  results = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as Result[];
  html = readFileSync(path.join(out, 'report.html'), 'utf8');
  browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  page.on('requestfailed', (r) => failedRequests.push(`${r.url()}: ${r.failure()?.errorText}`));
  await page.goto(pathToFileURL(path.join(out, 'report.html')).href, { waitUntil: 'load' });
}, 120_000);

beforeEach(() => {
  if (missing) throw missing;
});

afterAll(async () => {
  await browser?.close();
  rmSync(out, { recursive: true, force: true });
});

/** The rows of a table as its row header's text → its numeric cells. */
async function tableRows(id: string): Promise<Map<string, number[]>> {
  const rows = await page.locator(`#${id} tbody tr`).evaluateAll((trs) =>
    trs.map((tr) => [tr.querySelector('th')!.textContent!.trim(), Array.from(tr.querySelectorAll('td.n')).map((td) => Number(td.textContent))] as const),
  );
  return new Map(rows.map(([k, v]) => [k, [...v]]));
}

const visibleFindings = () => page.locator('article.finding:visible').count();

describe('the HTML report in Chromium', { timeout: 120_000 }, () => {
  it('renders from the one file alone: no console errors, no other request, nothing failed', async () => {
    await expect(page.title()).resolves.toBe(`API v3 → v4 migration report · ${path.basename(repo)}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Migration report');
    expect(consoleErrors).toEqual([]);
    expect(failedRequests).toEqual([]);
    expect(requests).toEqual([pathToFileURL(path.join(out, 'report.html')).href]);
    expect(html).not.toMatch(/<(link|img|iframe)\b|\ssrc=/i);
  });

  it('shows the totals of the JSON report', async () => {
    const want = expected(results);
    const cards = await page.locator('#totals .card').evaluateAll((cards) => cards.map((c) => [c.querySelector('dt')!.textContent!.trim(), Number(c.querySelector('.num')!.textContent)] as const));
    expect(Object.fromEntries(cards)).toEqual({
      Findings: want.totals[0],
      'Files with findings': want.files,
      'Safe fixes': want.totals[1],
      'Unsafe fixes': want.totals[2],
      'Need a person': want.totals[3],
    });
    await expect(page.locator('#totals .card', { hasText: 'Files with findings' }).locator('.of').textContent()).resolves.toBe(`of ${want.checked}`);
    // Every kind occurs in the fixtures, so a swapped column would show.
    expect(new Set(want.totals).size).toBe(4);
  });

  it('shows the findings per change and per file of the JSON report', async () => {
    const want = expected(results);
    const byChange = await tableRows('by-change');
    expect(Object.fromEntries(byChange)).toEqual(Object.fromEntries(want.byChange));
    const byFile = await tableRows('by-file');
    expect(Object.fromEntries(byFile)).toEqual(Object.fromEntries(want.byFile));
    const byRelease = await tableRows('by-release');
    const sum = [...byRelease.values()].reduce((s, c) => s.map((v, i) => v + c[i]!), [0, 0, 0, 0]);
    expect(sum).toEqual(want.totals); // every finding in the fixtures cites changes of one release
  });

  it('draws one bar per change, as long as its count, split by fix kind', async () => {
    const want = expected(results);
    const bars = await page.locator('svg.chart a').evaluateAll((links) =>
      links.map((a) => ({
        change: a.getAttribute('data-value')!,
        widths: ['safe', 'unsafe', 'person'].map((k) => Number(a.querySelector(`rect.s-${k}`)?.getAttribute('width') ?? 0)),
        count: Number(a.querySelector('text.count')!.textContent),
      })),
    );
    expect(bars.map((b) => b.change).sort()).toEqual([...want.byChange.keys()].sort());
    const unit = bars[0]!.widths.reduce((a, b) => a + b, 0) / bars[0]!.count;
    for (const bar of bars) {
      const counts = want.byChange.get(bar.change)!;
      expect(bar.count).toBe(counts[0]);
      bar.widths.forEach((w, i) => expect(w / unit).toBeCloseTo(counts[i + 1]!, 5));
    }
    await expect(page.getByRole('img', { name: 'Findings per change, split by fix kind' }).count()).resolves.toBe(1);
  });

  it('shows every finding with its code highlighted, its rule, change IDs and fix', async () => {
    const messages = results.flatMap((r) => r.messages.map((m) => ({ ...m, file: path.relative(repo, r.filePath).split(path.sep).join('/') })));
    const articles = await page.locator('article.finding').evaluateAll((all) =>
      all.map((a) => ({
        where: a.querySelector('h3')!.textContent,
        rule: a.querySelector('.meta')!.textContent,
        badge: a.querySelector('.badge')!.textContent,
        marked: a.querySelectorAll('pre.code mark').length,
        diff: a.querySelectorAll('pre.code ins, pre.code del').length,
      })),
    );
    expect(articles).toHaveLength(messages.length);
    const label = { safe: 'Safe fix', unsafe: 'Unsafe fix', person: 'Needs a person' };
    articles.forEach((a, i) => {
      const m = messages[i]!;
      expect(a.where).toBe(`${m.file}:${m.line}:${m.column}`);
      expect(a.rule).toContain(m.ruleId);
      for (const change of m.changes) expect(a.rule).toContain(change);
      expect(a.badge).toBe(label[kindOf(m)]);
      expect(a.marked, a.where!).toBeGreaterThanOrEqual(1);
      expect(a.diff > 0, a.where!).toBe(kindOf(m) !== 'person');
    });
  });

  it('never shows a secret of the code', () => {
    const source = readFileSync(path.join(repo, 'fixtures/clients/tokens/input.js'), 'utf8');
    const secrets = ['glpat-Hk3v9QxR2mTz7LpW4nYc', 'b7d0e9a2c4f6183d5e7a9c1b'];
    for (const secret of secrets) {
      expect(source).toContain(secret);
      expect(html).not.toContain(secret);
    }
  });

  it('never shows a secret in a proposed fix either (a token in a URL that the fix moves)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'v4m-html-secret-'));
    try {
      writeFileSync(path.join(dir, 'package.json'), '{}');
      writeFileSync(path.join(dir, 'tok.js'), "export const p = () => fetch('https://gitlab.example.com/api/v3/projects/owned?private_token=glpat-Zq81Lm0Rt5Yv3Wx7Kc2N');\n");
      const json = spawnSync(process.execPath, [bin, '-f', 'json', 'tok.js'], { cwd: dir, encoding: 'utf8' }).stdout;
      const fixes = (JSON.parse(json) as Result[])[0]!.messages.filter((m) => m.fix || m.suggestions);
      expect(fixes.length).toBeGreaterThanOrEqual(2); // the rewrites of that call carry the token
      const page = spawnSync(process.execPath, [bin, '-f', 'html', 'tok.js'], { cwd: dir, encoding: 'utf8' }).stdout;
      expect(page).toMatch(/<ins>/);
      expect(page).not.toContain('Zq81Lm0Rt5Yv3Wx7Kc2N');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('after --fix, shows what is left in the fixed code', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'v4m-html-fix-'));
    try {
      cpSync(path.join(repo, 'fixtures/clients/mixed'), dir, { recursive: true });
      const run = spawnSync(process.execPath, [bin, '--fix', '-f', 'json', '-o', 'left.json', '-f', 'html', '-o', 'left.html', '.'], { cwd: dir, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      const left = (JSON.parse(readFileSync(path.join(dir, 'left.json'), 'utf8')) as Result[]).flatMap((r) => r.messages);
      expect(left.length).toBeGreaterThan(0);
      const fixed = readFileSync(path.join(dir, 'input.js'), 'utf8').split('\n');
      const unescape = (t: string) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
      // What each finding's code block marks, on its current (not its added) lines.
      const marked = readFileSync(path.join(dir, 'left.html'), 'utf8')
        .split('<article')
        .slice(1)
        .map((article) => {
          const block = /<pre class="code[^"]*"><code>([\s\S]*?)<\/code><\/pre>/.exec(article)![1]!;
          const current = block.split('<span class="ln"').filter((l) => !l.startsWith(' data-sign="+"'));
          return unescape((current.join('').match(/<mark>[\s\S]*?<\/mark>/g) ?? []).map((t) => t.replace(/<[^>]+>/g, '')).join(''));
        });
      expect(marked).toEqual(left.map((m) => (m.line === m.endLine ? fixed[m.line - 1]!.slice(m.column - 1, m.endColumn - 1) : expect.any(String))));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says so when there is nothing to migrate, and shows no code for a file it could not read', () => {
    const clean = spawnSync(process.execPath, [bin, '-f', 'html', 'fixtures/negative'], { cwd: repo, encoding: 'utf8' });
    expect(clean.status).toBe(0);
    const checked = (JSON.parse(spawnSync(process.execPath, [bin, '-f', 'json', 'fixtures/negative'], { cwd: repo, encoding: 'utf8' }).stdout) as Result[]).length;
    expect(clean.stdout).toContain(`No v3 API use found: nothing to migrate in these ${checked} files.`);
    expect(clean.stdout).not.toContain('<article');
    const dir = mkdtempSync(path.join(tmpdir(), 'v4m-html-binary-'));
    try {
      writeFileSync(path.join(dir, 'blob.js'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01]));
      const page = spawnSync(process.execPath, [bin, '-f', 'html', '.'], { cwd: dir, encoding: 'utf8' }).stdout;
      expect(page.match(/<article/g)).toHaveLength(1);
      expect(page).toContain('binary-file');
      expect(page).not.toContain('<pre class="code">');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('filters by change, file and fix kind, and a bar of the chart filters by its change', async () => {
    const want = expected(results);
    const total = want.totals[0];
    await expect(visibleFindings()).resolves.toBe(total);
    await page.selectOption('#filters select[name="change"]', 'R90-JOBS');
    await expect(visibleFindings()).resolves.toBe(want.byChange.get('R90-JOBS')![0]);
    await expect(page.locator('#shown').textContent()).resolves.toBe(`Showing ${want.byChange.get('R90-JOBS')![0]} of ${total} findings`);
    await page.selectOption('#filters select[name="fix"]', 'safe');
    await expect(visibleFindings()).resolves.toBe(want.byChange.get('R90-JOBS')![1]);
    await page.getByRole('button', { name: 'Show all' }).click();
    await expect.poll(visibleFindings).toBe(total);
    const [file, counts] = [...want.byFile][0]!;
    await page.selectOption('#filters select[name="file"]', file);
    await expect(visibleFindings()).resolves.toBe(counts[0]);
    await page.locator('svg.chart a[data-value="V-PREFIX"]').click();
    await expect(visibleFindings()).resolves.toBe(want.byChange.get('V-PREFIX')![0]);
    await expect(page.locator('#filters select[name="file"]').inputValue()).resolves.toBe('');
    await page.selectOption('#filters select[name="change"]', '');
    await page.selectOption('#filters select[name="sort"]', 'fix');
    const order = await page.locator('article.finding').evaluateAll((all) => all.map((a) => a.getAttribute('data-fix')));
    expect(order.indexOf('safe')).toBeGreaterThan(order.lastIndexOf('person'));
    await page.getByRole('button', { name: 'Show all' }).click();
    await expect.poll(() => page.locator('article.finding').first().getAttribute('id')).toBe('f1');
  });

  it('is a complete static page without scripts', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto(pathToFileURL(path.join(out, 'report.html')).href);
    await expect(still.locator('article.finding:visible').count()).resolves.toBe(expected(results).totals[0]);
    await expect(still.locator('#filters').isVisible()).resolves.toBe(false);
    await context.close();
  });

  it('has the structure assistive technology reads', async () => {
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual(['Summary', 'Findings per change', 'Findings per file', 'Findings']);
    for (const name of ['Per change', 'Per release']) await expect(page.getByRole('table', { name }).count()).resolves.toBe(1);
    const headerless = await page.locator('tbody tr').evaluateAll((rows) => rows.filter((r) => !r.querySelector('th[scope="row"]')).length);
    expect(headerless).toBe(0);
  });

  // The page of every fixture's findings is over 100,000 pixels tall: too tall for anyone to review and, on a
  // loaded machine, for Chromium to paint within the timeout. The review shot is the page a reader gets
  // after choosing one change: every summary, chart and table, and that change's findings.
  it('saves a full-page screenshot for review', async () => {
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.selectOption('#filters select[name="change"]', 'R90-JOBS');
    await page.evaluate(() => window.scrollTo(0, 0));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    mkdirSync(path.dirname(screenshot), { recursive: true });
    rmSync(screenshot, { force: true });
    await page.screenshot({ path: screenshot, fullPage: true });
    const png = readFileSync(screenshot);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(20)).toBe(height); // the height: the whole page, not the viewport
    expect(height).toBeGreaterThan(3000);
  });
});
