// Which rewrites a run writes. A rewrite is one group of calls (match/groups.ts), written whole or not at
// all: without `--unsafe-fixes` only the safe ones; with `--fix-type`, only those whose every change is of
// a chosen category, the `/api/v3` → `/api/v4` prefix riding along (a v4 path left under a v3 prefix is
// wrong on either server, so a call's prefix always moves with its other changes).
import type { FixGroup } from '../match/groups.js';
import type { Category } from '../rule.js';

export const CATEGORIES: readonly Category[] = ['prefix', 'endpoint', 'method', 'param', 'status', 'response', 'auth', 'events'];

/** What a run applies: unsafe rewrites too or not, and (`--fix-type`) the categories chosen. */
export interface FixChoice {
  unsafe: boolean;
  categories?: readonly Category[];
  /** The package's base URLs wait: another file's calls through them are not chosen (`--fix-type`). */
  basesWait?: boolean;
}

/** Whether a run with these choices writes this group's rewrite. */
export function chosen(group: FixGroup, choice: FixChoice): boolean {
  if (group.held !== undefined || group.edits.length === 0 || group.resolves.length === 0) return false;
  if (choice.basesWait && group.throughBases) return false;
  if (group.applicability === 'unsafe' && !choice.unsafe) return false;
  const categories = choice.categories;
  if (!categories || categories.length === 0) return true;
  const picked = (c: Category) => categories.includes(c);
  return group.resolves.every((f) => picked(f.rule.category) || f.rule.category === 'prefix') && group.resolves.some((f) => picked(f.rule.category));
}
