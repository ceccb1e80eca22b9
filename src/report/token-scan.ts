// Every token-shaped value written anywhere in a text: code, comments, JSX text, templates of components,
// files that do not parse. This is what outputs hide (redact.ts), whichever rules run; the token-literal
// rule reports a narrower set (callsites/secrets.ts), since a report must be right, and hiding may be
// generous.
//
// One pass, linear in the text: each look-around from an anchor (the word `token`, `Bearer`, a prefix
// of the service's tokens) reads a bounded number of characters.

// The service's own token formats (personal, deploy, trigger, runner, CI job, feed, incoming mail,
// agent, OAuth application, service account, feature flag), wherever they are written.
const SERVICE_TOKEN = /\b(?:glpat|gldt|glptt|glrt|glrtr|glcbt|glft|glimt|glagent|gloas|glsoat|glffct)-[A-Za-z0-9_-]{20,}/g;
// An HTTP bearer credential: `Authorization: 'Bearer …'`.
const BEARER = /\bBearer\s+([A-Za-z0-9_\-.~+/]{20,}=*)/g;
// The anchor of a value given to a name that says token: `gitlabToken = '…'`, `'PRIVATE-TOKEN': '…'`,
// `.set('Private-Token', '…')`, `?private_token=…`.
const TOKEN_WORD = /token/gi;

const MAX_NAME = 64;
const MAX_VALUE = 512;
// What may stand between a name and its literal: `: `, ` = `, `', '`, a default (`process.env.X || `).
const DEFAULT = '(?:[\\w$.]{1,80}[ \\t]{0,16}(?:\\|\\||\\?\\?)[ \\t]{0,16})?';
const BETWEEN = new RegExp(`['"\`\\]]?[ \\t]{0,16}(:(?!:)|=(?![=>])|,)[ \\t\\r\\n(]{0,32}${DEFAULT}(['"\`])`, 'y');
// A declaration with a TypeScript annotation (`gitlabToken: string = '…'`).
const ANNOTATED = new RegExp(`[ \\t]{0,16}:[ \\t]{0,16}[\\w$.]{1,40}(?:\\[\\])?[ \\t]{0,16}(=)(?![=>])[ \\t\\r\\n(]{0,32}${DEFAULT}(['"\`])`, 'y');
// An unquoted value after `=`: a query string (`?private_token=…`), a form body, a comment.
const BARE_VALUE = /=([A-Za-z0-9_\-.~]{8,512})/y;
const PRIVATE_NAME = /private[-_]?token/i;
const TOKEN_KEY = /^(?:private|access|api|auth|job)?[-_]?token$/i;
// A value that looks random: letters and digits mixed, no spaces, no path.
const RANDOM = /^(?=[^]*\d)(?=[^]*[A-Za-z])[A-Za-z0-9_\-.~+=]{16,}$/;
const WORDLIKE = /^[A-Za-z0-9_-]{20,}$/;
const PLACEHOLDER = /^(?:x+|\*+|\.+|<[^>]*>|your[-_ ]?(?:private[-_ ]?)?token.*|changeme|token|secret|private[-_]token)$/i;

const isNameChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c === 45;

/** The token-shaped values written in `text`, each once. */
export function tokensIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(SERVICE_TOKEN)) found.add(m[0]);
  for (const m of text.matchAll(BEARER)) if (/\d/.test(m[1]!)) found.add(m[1]!);
  for (const m of text.matchAll(TOKEN_WORD)) {
    const value = namedValue(text, m.index);
    if (value !== undefined) found.add(value);
  }
  return [...found];
}

/** The value a name holding the word `token` (at `at`) is given, when it is token-shaped. */
function namedValue(text: string, at: number): string | undefined {
  let start = at;
  while (start > 0 && at - start < MAX_NAME && isNameChar(text.charCodeAt(start - 1))) start--;
  let end = at + 5;
  while (end < text.length && end - at < MAX_NAME && isNameChar(text.charCodeAt(end))) end++;
  const name = text.slice(start, end);
  const before = text[start - 1];
  const quoted = before === '"' || before === "'" || before === '`';

  BARE_VALUE.lastIndex = end;
  const bare = TOKEN_KEY.test(name) ? BARE_VALUE.exec(text) : null;
  if (bare) {
    const value = bare[1]!;
    // In a query or form (`?private_token=`, `&token=`) any value; elsewhere (`token=getToken()`) an
    // identifier is more likely, so it must hold a digit.
    return before === '?' || before === '&' || /\d/.test(value) ? acceptable(value) : undefined;
  }

  let between: RegExpExecArray | null = null;
  if (!quoted) {
    ANNOTATED.lastIndex = end;
    between = ANNOTATED.exec(text);
  }
  if (!between) {
    BETWEEN.lastIndex = end;
    between = BETWEEN.exec(text);
  }
  if (!between) return undefined;
  // `name, '…'` is a header given to a setter: only when the name is itself a string.
  if (between[1] === ',' && !quoted) return undefined;
  const quote = between[2]!;
  const from = between.index + between[0].length;
  const close = text.indexOf(quote, from);
  if (close === -1 || close - from > MAX_VALUE) return undefined;
  const value = text.slice(from, close);
  if (/[\s\\]/.test(value) || value.includes('${')) return undefined;
  if (PRIVATE_NAME.test(name)) return value.length >= 8 ? acceptable(value) : undefined;
  if (RANDOM.test(value) || (TOKEN_KEY.test(name) && WORDLIKE.test(value))) return acceptable(value);
  return undefined;
}

function acceptable(value: string): string | undefined {
  return PLACEHOLDER.test(value) ? undefined : value;
}
