// XML 1.0 text and attribute escaping for the XML report formats (JUnit, Checkstyle).

// Characters XML 1.0 cannot hold at all, not even as character references: C0 controls other than
// tab, line feed and carriage return, lone surrogates, U+FFFE and U+FFFF.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A forbidden character shown as its code (`\u0001`), so the report stays well-formed and says what was there. */
function visible(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Escape element text. */
export function xmlText(s: string): string {
  return s.replace(FORBIDDEN, visible).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escape an attribute value (in double quotes); line breaks and tabs as references, which parsers keep. */
export function xmlAttr(s: string): string {
  return xmlText(s).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

/** `name="value"` pairs, in order. */
export function attrs(pairs: Record<string, string | number>): string {
  return Object.entries(pairs)
    .map(([k, v]) => ` ${k}="${xmlAttr(String(v))}"`)
    .join('');
}
