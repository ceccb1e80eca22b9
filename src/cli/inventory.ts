// `v4-migrate inventory [paths..]`: every recognised API call as a table, JSON or CSV.
import { writeFile } from 'node:fs/promises';
import { list } from './args.js';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { inventory } from '../inventory.js';
import { formatInventory, type InventoryFormat } from '../report/inventory.js';
import type { Io } from './run.js';
import { shownPath } from '../report/paths.js';
import { visible } from '../report/visible.js';

export interface InventoryArgs {
  paths?: string[];
  format?: string;
  outputFile?: string;
  all?: boolean;
  explainEvidence?: boolean;
  testDoubles?: boolean;
  config?: string | false;
  project?: string;
  ignorePattern?: string | string[];
  maxFileSize?: number;
  color?: boolean;
  [flag: string]: unknown;
}

// Lint flags that make no sense for a report that changes nothing: refused rather than ignored.
const LINT_ONLY = ['fix', 'unsafe-fixes', 'fix-generated', 'diff', 'fix-dry-run', 'stdin', 'rule', 'ignore-rule', 'release', 'max-warnings', 'quiet'];

/** Run the inventory subcommand; resolves to the exit code (0: listed, whatever the calls are). */
export async function runInventory(args: InventoryArgs, io: Io): Promise<number> {
  const refused = LINT_ONLY.find((flag) => args[flag] !== undefined);
  if (refused) throw new UsageError(`--${refused} does not apply to inventory, which lists calls and changes nothing; run v4-migrate without "inventory" for it`);
  const format = (args.format ?? 'table') as InventoryFormat;
  const inv = await inventory(args.paths ?? [], {
    cwd: io.cwd,
    config: args.config,
    project: args.project,
    ignorePatterns: list(args.ignorePattern),
    maxFileSize: args.maxFileSize === undefined ? undefined : args.maxFileSize * 1024 * 1024,
    all: Boolean(args.all),
    testDoubles: args.testDoubles,
  });
  for (const p of inv.problems) io.stderr(`v4-migrate: ${shownPath(io.cwd, p.filePath)}: calls not listed: ${visible(p.message)}\n`);
  const color = !args.outputFile && format === 'table' && (args.color ?? (Boolean(io.isTTY) && !process.env.NO_COLOR));
  // JSON and CSV always carry each call's evidence; the table shows it when asked.
  const text = formatInventory(inv, format, { cwd: io.cwd, color, explainEvidence: Boolean(args.explainEvidence) });
  if (args.outputFile) await writeFile(path.resolve(io.cwd, args.outputFile), text);
  else io.stdout(text);
  return 0;
}
