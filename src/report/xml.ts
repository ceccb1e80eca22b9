// XML 1.0 text and attribute escaping for the XML report formats (JUnit, Checkstyle).

// Characters XML 1.0 cannot hold at all, not even as character references: C0 controls other than
// tab, line feed and carriage return, lone surrogates, U+FFFE and U+FFFF.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A forbidden character shown as its code (`\u0001`), so the report stays well-formed and says what was there. */
function visible(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

// Characters XML may hold but a terminal acts on when the report is printed (DEL, C1 controls such as
// CSI, separators, bidirectional controls): written as character references, which parsers read back.
const ACTING = /[\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

const reference = (ch: string) => `&#x${ch.charCodeAt(0).toString(16).toUpperCase()};`;

/** Escape element text. */
export function xmlText(s: string): string {
  return s.replace(FORBIDDEN, visible).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(ACTING, reference);
}

/**
 * Escape a value that must stay on its line (a file name, a message, an attribute): line breaks and tabs
 * as references too, so that a name holding a line break cannot start a line of its own in a CI log.
 */
export function xmlLine(s: string): string {
  return xmlText(s).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

/** Escape an attribute value (in double quotes). */
export function xmlAttr(s: string): string {
  return xmlLine(s).replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** `name="value"` pairs, in order. */
export function attrs(pairs: Record<string, string | number>): string {
  return Object.entries(pairs)
    .map(([k, v]) => ` ${k}="${xmlAttr(String(v))}"`)
    .join('');
}
