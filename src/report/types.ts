import type { LintResult } from '../results.js';

export interface FormatContext {
  cwd: string;
  color: boolean;
}

/** A formatter is a pure function from results to text. */
export type Formatter = (results: readonly LintResult[], ctx: FormatContext) => string;
