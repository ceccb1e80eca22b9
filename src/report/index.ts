import { checkstyle } from './checkstyle.js';
import { github } from './github.js';
import { gitlab } from './gitlab.js';
import { json } from './json.js';
import { html } from './html.js';
import { jsonLines } from './json-lines.js';
import { junit } from './junit.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';
import type { Formatter } from './types.js';

export type { Formatter, FormatContext } from './types.js';
/** Every format. What they write is redacted where it is printed or written (cli/run.ts), as all output is. */
export const formatters = { stylish, json, 'json-lines': jsonLines, sarif, github, gitlab, junit, checkstyle, html } satisfies Record<string, Formatter>;
export type FormatName = keyof typeof formatters;
