// Single-file components (.vue, .svelte): only their `<script>` blocks are JavaScript. Each is parsed in
// a copy of the whole file where everything outside the blocks is blanked (spaces; line breaks kept), so
// every offset, line and column of a finding or an edit is the same in the component as in the copy.
import type { File } from '@babel/types';
import { parseSource, type ParseFailed } from './parse.js';

/** A parsed program and the text its offsets index (the file itself, or its blanked copy). */
export interface Program {
  ast: File;
  text: string;
}

interface Block {
  /** Offsets of the block's content (between `<script …>` and `</script>`). */
  start: number;
  end: number;
  lang: 'js' | 'jsx' | 'ts' | 'tsx';
}

const COMPONENT = /\.(vue|svelte)$/i;
const OPEN_TAG = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const CLOSE_TAG = /<\/script\s*>/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

export function isComponent(filename: string): boolean {
  return COMPONENT.test(filename);
}

/**
 * Parse a source file: a plain one as itself, a component as its script blocks (none: nothing to
 * check). The blocks are parsed together, as the component's compiler joins them, so a base URL in
 * `<script context="module">` serves the calls of the instance script; when that fails only because
 * of the join (a name declared in both), each block is parsed alone.
 */
export function parseFile(text: string, filename: string): { ok: true; programs: Program[] } | ParseFailed {
  if (!isComponent(filename)) {
    const parsed = parseSource(text, filename);
    return parsed.ok ? { ok: true, programs: [{ ast: parsed.ast, text }] } : parsed;
  }
  const blocks = scriptBlocks(text);
  if (blocks.length === 0) return { ok: true, programs: [] };
  const lang = blocks.some((b) => b.lang === 'tsx') ? 'tsx' : blocks.some((b) => b.lang === 'ts') ? 'ts' : 'jsx';
  const joined = blankOutside(text, blocks);
  const parsed = parseSource(joined, `component.${lang}`);
  if (parsed.ok) return { ok: true, programs: [{ ast: parsed.ast, text: joined }] };
  if (blocks.length === 1) return parsed;
  const programs: Program[] = [];
  for (const block of blocks) {
    const alone = blankOutside(text, [block]);
    const one = parseSource(alone, `component.${block.lang}`);
    if (!one.ok) return one;
    programs.push({ ast: one.ast, text: alone });
  }
  return { ok: true, programs };
}

/** The `<script>` blocks holding JavaScript or TypeScript, outside HTML comments; `src=` blocks have none. */
function scriptBlocks(text: string): Block[] {
  const comments = [...text.matchAll(COMMENT)].map((m) => [m.index, m.index + m[0].length] as const);
  const inComment = (at: number) => comments.some(([s, e]) => at >= s && at < e);
  const blocks: Block[] = [];
  OPEN_TAG.lastIndex = 0;
  for (let open = OPEN_TAG.exec(text); open; open = OPEN_TAG.exec(text)) {
    const attributes = open[1] ?? '';
    if (inComment(open.index) || /\/\s*$/.test(attributes)) continue;
    const start = open.index + open[0].length;
    CLOSE_TAG.lastIndex = start;
    const close = CLOSE_TAG.exec(text);
    const end = close ? close.index : text.length;
    OPEN_TAG.lastIndex = close ? close.index + close[0].length : text.length;
    const lang = langOf(attributes);
    if (lang) blocks.push({ start, end, lang });
  }
  return blocks;
}

function langOf(attributes: string): Block['lang'] | undefined {
  const lang = /\blang\s*=\s*["']?([\w-]+)/i.exec(attributes)?.[1]?.toLowerCase();
  const type = /\btype\s*=\s*["']?([\w/+-]+)/i.exec(attributes)?.[1]?.toLowerCase();
  if (lang === undefined) return type === undefined || /(java|ecma)script|module|babel/.test(type) ? 'js' : type.includes('typescript') ? 'ts' : undefined;
  if (lang === 'ts' || lang === 'typescript') return 'ts';
  if (lang === 'tsx' || lang === 'jsx' || lang === 'js') return lang;
  if (lang === 'javascript') return 'js';
  return undefined;
}

/**
 * The text with everything outside the blocks turned to spaces, line breaks kept (same length, same
 * lines). A `;` where each block ends keeps two blocks on one line from running into each other.
 */
function blankOutside(text: string, blocks: readonly Block[]): string {
  let out = '';
  let at = 0;
  for (const b of blocks) {
    out += blank(text.slice(at, b.start)) + text.slice(b.start, b.end);
    at = b.end;
    if (at < text.length) {
      out += ';';
      at++;
    }
  }
  return out + blank(text.slice(at));
}

function blank(s: string): string {
  return s.replace(/[^\r\n\u2028\u2029]/g, ' ');
}
