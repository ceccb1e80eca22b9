// File names are bytes; the tool names files with strings. A name that is not valid UTF-8 (a Latin-1 name
// from an old archive) is kept as a string all the same, losslessly: each byte that is not part of valid
// UTF-8 becomes a lone surrogate U+DC80–U+DCFF (as Python's "surrogateescape" does), which no valid UTF-8
// name can hold. Such a string is turned back into the exact bytes whenever the file system is asked.

const ESCAPED_BYTE = /[\uDC80-\uDCFF]/;

/** A directory entry's name, or a path, read as bytes: as a string, invalid bytes escaped. */
export function nameFromBytes(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  // The common case: valid UTF-8 (a U+FFFD that is really in the name survives the round trip).
  if (Buffer.byteLength(text) === bytes.length && Buffer.from(text).equals(bytes)) return text;
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const length = sequenceLength(bytes, i);
    if (length === 0) {
      out += String.fromCharCode(0xdc00 + bytes[i]!);
      i++;
    } else {
      out += bytes.toString('utf8', i, i + length);
      i += length;
    }
  }
  return out;
}

/** The length of the valid UTF-8 sequence at `i` (no overlong forms, no surrogates), or 0. */
function sequenceLength(b: Buffer, i: number): number {
  const c = b[i]!;
  if (c < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => i + k < b.length && b[i + k]! >= lo && b[i + k]! <= hi;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if ((c >= 0xe1 && c <= 0xec) || c === 0xee || c === 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (c === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (c === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (c >= 0xf1 && c <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (c === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

/** Whether a name holds bytes that are not UTF-8 (escaped). */
export function hasEscapedBytes(name: string): boolean {
  return ESCAPED_BYTE.test(name);
}

/** The path to hand to the file system: the string itself, or for a name with escaped bytes, its bytes. */
export function fsPath(name: string): string | Buffer {
  if (!ESCAPED_BYTE.test(name)) return name;
  const parts: Buffer[] = [];
  let run = '';
  for (const ch of name) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xdc80 && code <= 0xdcff) {
      parts.push(Buffer.from(run), Buffer.from([code - 0xdc00]));
      run = '';
    } else run += ch;
  }
  parts.push(Buffer.from(run));
  return Buffer.concat(parts);
}
