// File names and messages come from the checked tree, which may be hostile: a file named
// "x\n::error file=…::…" would be a GitHub Actions command in a CI log, and an escape sequence in a name
// would act on the terminal. Every output shows such characters as escapes, in its own syntax.

// Characters that act rather than show: C0 controls, DEL, C1 controls (CSI is U+009B), the line and
// paragraph separators, and the bidirectional controls that reorder what is displayed.
const ACTING = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;
// The same, less what JSON already escapes (C0) and what it cannot hold raw anyway.
const ACTING_IN_JSON = /[\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;
const HAS_ACTING_IN_JSON = new RegExp(ACTING_IN_JSON.source);

// A byte of a file name that is not UTF-8, as the tool holds it (files/byte-names.ts).
const NAME_BYTE = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/g;

const code = (c: string) => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
const byteOf = (c: string) => c.charCodeAt(0) - 0xdc00;

/** A name or message for a text report or a line on stderr: each acting character as `\uXXXX`, a byte that is not UTF-8 as `\xNN`. */
export function visible(text: string): string {
  return text.replace(ACTING, (c) => `\\u${code(c)}`).replace(NAME_BYTE, (c) => `\\x${byteOf(c).toString(16).toUpperCase()}`);
}

/**
 * JSON text (JSON.stringify's) whose strings show DEL, C1 controls, separators and bidirectional controls
 * as `\uXXXX` too: the same JSON value, and nothing raw that a terminal acts on when it is printed. These
 * characters are never JSON syntax, so every one of them is inside a string.
 */
export function inertJson(json: string): string {
  // A report without such characters (nearly all): one native scan says so, and nothing is copied.
  if (!HAS_ACTING_IN_JSON.test(json)) return json;
  return json.replace(ACTING_IN_JSON, (c) => `\\u${code(c)}`);
}

// What a diff header quotes: control characters, DEL, the quote and the backslash (as git does), and the
// characters that reorder or break what a terminal shows; the last two kinds as octal UTF-8 bytes.
const NEEDS_QUOTES = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069"\\]/;
const AS_BYTES = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
const C_ESCAPES: Record<string, string> = { '\u0007': '\\a', '\b': '\\b', '\t': '\\t', '\n': '\\n', '\u000B': '\\v', '\f': '\\f', '\r': '\\r', '"': '\\"', '\\': '\\\\' };

/**
 * A path as a unified diff's `---`/`+++` line names it: as it is, or quoted the way git quotes it (C escapes,
 * octal UTF-8 bytes for other controls), which `git apply` and `patch` read back.
 */
export function diffPath(name: string): string {
  NAME_BYTE.lastIndex = 0;
  if (!NEEDS_QUOTES.test(name) && !NAME_BYTE.test(name)) return name;
  let out = '';
  for (const c of name) {
    if (C_ESCAPES[c]) out += C_ESCAPES[c];
    // The byte itself, as git writes a name that is not UTF-8.
    else if (c.length === 1 && c >= '\uDC80' && c <= '\uDCFF') out += `\\${byteOf(c).toString(8).padStart(3, '0')}`;
    else if (AS_BYTES.test(c)) for (const byte of Buffer.from(c, 'utf8')) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += c;
  }
  return `"${out}"`;
}
