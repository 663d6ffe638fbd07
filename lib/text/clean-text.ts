/**
 * U+0000 and lone UTF-16 surrogates: PostgreSQL's text type refuses the first
 * and cannot encode the second, so either one in a stored field turned a
 * request into a 500. They carry no meaning a person could have typed, so they
 * are dropped wherever text enters: request bodies, query strings, form fields
 * and the text read out of uploaded files.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character this module exists to remove
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function cleanText(text: string): string {
  return text.replace(UNSAFE_TEXT, '');
}

export function hasUnsafeText(text: string): boolean {
  UNSAFE_TEXT.lastIndex = 0;
  const found = UNSAFE_TEXT.test(text);
  UNSAFE_TEXT.lastIndex = 0;
  return found;
}

/** Every string of a parsed JSON value (keys too), cleaned. */
export function cleanJsonStrings(value: unknown): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (Array.isArray(value)) return value.map(cleanJsonStrings);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [cleanText(key), cleanJsonStrings(inner)]));
  }
  return value;
}
