import { json } from './json.js';
import { stylish } from './stylish.js';
import type { Formatter } from './types.js';

export type { Formatter, FormatContext } from './types.js';
export const formatters = { stylish, json } satisfies Record<string, Formatter>;
export type FormatName = keyof typeof formatters;
