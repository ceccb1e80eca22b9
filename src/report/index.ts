import { checkstyle } from './checkstyle.js';
import { github } from './github.js';
import { gitlab } from './gitlab.js';
import { json } from './json.js';
import { html } from './html.js';
import { jsonLines } from './json-lines.js';
import { junit } from './junit.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';
import { redacting } from './redact.js';
import type { Formatter } from './types.js';

export type { Formatter, FormatContext } from './types.js';
const plain = { stylish, json, 'json-lines': jsonLines, sarif, github, gitlab, junit, checkstyle, html } satisfies Record<string, Formatter>;
/** Every format, each redacting the tokens found in code from its output. */
export const formatters = Object.fromEntries(Object.entries(plain).map(([name, format]) => [name, redacting(format)])) as typeof plain;
export type FormatName = keyof typeof formatters;
