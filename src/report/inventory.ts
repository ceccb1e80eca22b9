// The inventory as text: an aligned table with a summary, JSON (schema/v4-migrate.inventory.schema.json)
// or CSV (RFC 4180). Pure functions from the inventory to text; rows sorted by route template.
import path from 'node:path';
import { INVENTORY_STATUSES, type Inventory, type InventoryCall, type InventoryStatus } from '../inventory.js';
import type { GeneratedOrigin } from '../results.js';
import { relativePath } from './paths.js';
import { inertJson, visible } from './visible.js';

export interface InventoryFormatContext {
  /** Files are shown relative to this. */
  cwd: string;
  color: boolean;
  /** Table: a line under each call with the evidence that decided its service and version. */
  explainEvidence?: boolean;
}

export type InventoryFormat = 'table' | 'json' | 'csv';
export const INVENTORY_FORMATS: readonly InventoryFormat[] = ['table', 'json', 'csv'];

/** Render an inventory in one of its formats. */
export function formatInventory(inv: Inventory, format: InventoryFormat, ctx: InventoryFormatContext): string {
  return format === 'json' ? json(inv, ctx) : format === 'csv' ? csv(inv, ctx) : table(inv, ctx);
}

/** Calls in the order every format lists them: by route template, then method, then place. */
function sorted(calls: readonly InventoryCall[]): InventoryCall[] {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...calls].sort((a, b) => cmp(a.path, b.path) || cmp(a.method ?? '~', b.method ?? '~') || cmp(a.filePath, b.filePath) || a.line - b.line || a.column - b.column);
}

/** A generated call's source position, relative to cwd when it is a file. */
function source(origin: GeneratedOrigin, cwd: string): string | undefined {
  if (origin.source === undefined) return undefined;
  return path.isAbsolute(origin.source) ? relativePath(cwd, origin.source) : origin.source;
}

function methodText(call: InventoryCall): string {
  // A bare URL (a base, a constant) is not a request: it has no method to know.
  return call.method ?? (call.client === 'url' ? '-' : 'unknown');
}

export interface InventorySummary {
  calls: number;
  status: Record<InventoryStatus, number>;
  /** Distinct method + route template pairs. */
  endpoints: number;
  /** Files with at least one listed call. */
  files: number;
}

/** Counts for the summary line and the JSON `summary`. */
export function summarize(calls: readonly InventoryCall[]): InventorySummary {
  const status = Object.fromEntries(INVENTORY_STATUSES.map((s) => [s, 0])) as Record<InventoryStatus, number>;
  for (const c of calls) status[c.status]++;
  return {
    calls: calls.length,
    status,
    endpoints: new Set(calls.map((c) => `${c.method ?? ''} ${c.path}`)).size,
    files: new Set(calls.map((c) => c.filePath)).size,
  };
}

const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

function table(inv: Inventory, ctx: InventoryFormatContext): string {
  const paint = (code: string) => (text: string) => (ctx.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const statusColor: Record<InventoryStatus, (t: string) => string> = { v3: paint('31'), v4: paint('32'), 'unknown route': paint('33'), other: paint('2') };
  const dim = paint('2');
  const header = ['METHOD', 'PATH', 'STATUS', 'CLIENT', 'LOCATION', 'RULES'];
  const rows = sorted(inv.calls).map((c) => {
    let location = `${relativePath(ctx.cwd, c.filePath)}:${c.line}:${c.column}`;
    if (c.generated) {
      const src = source(c.generated, ctx.cwd);
      location += src ? ` (generated from ${src}${c.generated.line !== undefined ? `:${c.generated.line}:${c.generated.column}` : ''})` : ' (generated)';
    }
    // Names from the code (its path, its file) shown as text: control characters escaped.
    return { call: c, cells: [methodText(c), visible(c.path), c.status, c.client, visible(location), c.rules.join(' ')] };
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r.cells[i]!.length)));
  const line = (cells: string[], style: (i: number, cell: string) => string = (_i, cell) => cell) =>
    cells.map((cell, i) => style(i, i === cells.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ').trimEnd() + '\n';
  let out = '';
  if (rows.length > 0) {
    out += line(header, (_i, cell) => dim(cell));
    for (const r of rows) {
      out += line(r.cells, (i, cell) => (i === 2 ? statusColor[r.call.status](cell) : i === 5 ? dim(cell) : cell));
      if (ctx.explainEvidence) out += `    ${dim('evidence:')} ${visible(evidenceText(r.call, ctx.cwd))}\n`;
    }
    out += '\n';
  }
  const s = summarize(inv.calls);
  const byStatus = INVENTORY_STATUSES.filter((st) => s.status[st] > 0 || st !== 'other').map((st) => `${s.status[st]} ${st}`);
  out += `${plural(s.calls, 'call')}: ${byStatus.join(', ')}\n`;
  out += `${plural(s.endpoints, 'endpoint')} in ${plural(s.files, 'file')}\n`;
  return out;
}

/**
 * A call's evidence on one line: the decision (`service v3`, `other product`, `own API v3`, `unknown`), then
 * each reason, strongest first, with where it was seen when that is not the call itself.
 */
export function evidenceText(c: InventoryCall, cwd: string): string {
  const e = c.evidence;
  const head = e.service === 'unknown' || e.service === 'other product' ? e.service : `${e.service}${e.version ? ` ${e.version}` : ''}`;
  const reasons = e.reasons.map((r) => {
    const elsewhere = r.filePath !== undefined && (r.filePath !== c.filePath || r.line !== c.line);
    return elsewhere ? `${r.text} (${relativePath(cwd, r.filePath!)}:${r.line})` : r.text;
  });
  // A v4 call's v3 rules judge only what v4 does not route: its reasons say so.
  return `${head}${e.v3Rules && e.version !== 'v4' ? ' (v3 rules apply)' : ''}: ${reasons.join('; ')}`;
}

/** The JSON shape of a call's evidence: file paths relative to cwd. */
function jsonEvidence(c: InventoryCall, cwd: string) {
  const e = c.evidence;
  return {
    service: e.service,
    version: e.version ?? null,
    v3Rules: e.v3Rules,
    reasons: e.reasons.map((r) => ({
      kind: r.kind,
      says: r.says,
      weight: r.weight,
      text: r.text,
      ...(r.filePath !== undefined ? { file: relativePath(cwd, r.filePath), line: r.line, column: r.column } : {}),
    })),
  };
}

/** The JSON shape of one call: paths relative to cwd, `null` for what is not known. */
function jsonCall(c: InventoryCall, cwd: string) {
  return {
    file: relativePath(cwd, c.filePath),
    line: c.line,
    column: c.column,
    method: c.method ?? null,
    path: c.path,
    params: c.params,
    client: c.client,
    version: c.version ?? null,
    versionFrom: c.versionFrom ?? null,
    service: c.service,
    status: c.status,
    rules: c.rules,
    changes: c.changes,
    evidence: jsonEvidence(c, cwd),
    ...(c.generated ? { generated: { by: c.generated.by, ...(c.generated.source !== undefined ? { source: source(c.generated, cwd) } : {}), ...(c.generated.line !== undefined ? { line: c.generated.line, column: c.generated.column } : {}) } } : {}),
    ...(c.testDouble ? { testDouble: true } : {}),
  };
}

function json(inv: Inventory, ctx: InventoryFormatContext): string {
  return inertJson(JSON.stringify({ calls: sorted(inv.calls).map((c) => jsonCall(c, ctx.cwd)), summary: summarize(inv.calls) }, null, 2)) + '\n';
}

const CSV_COLUMNS = ['file', 'line', 'column', 'method', 'path', 'params', 'client', 'version', 'version_from', 'service', 'status', 'rules', 'changes', 'generated_by', 'source', 'source_line', 'source_column', 'test_double', 'evidence'];

/**
 * One RFC 4180 field: quoted when it holds a comma or a quote (quotes doubled). Control characters, line
 * breaks included, are escaped: a CSV printed to a CI log must not start a line of its own.
 */
function field(value: string | number | boolean | undefined): string {
  const text = value === undefined ? '' : visible(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csv(inv: Inventory, ctx: InventoryFormatContext): string {
  // Lists (params, rules, changes) are space-separated inside their field.
  const rows = sorted(inv.calls).map((c) => [
    relativePath(ctx.cwd, c.filePath),
    c.line,
    c.column,
    methodText(c),
    c.path,
    c.params.join(' '),
    c.client,
    c.version,
    c.versionFrom,
    c.service,
    c.status,
    c.rules.join(' '),
    c.changes.join(' '),
    c.generated?.by,
    c.generated && source(c.generated, ctx.cwd),
    c.generated?.line,
    c.generated?.column,
    c.testDouble,
    evidenceText(c, ctx.cwd),
  ]);
  return [CSV_COLUMNS, ...rows].map((r) => r.map(field).join(',') + '\r\n').join('');
}
