import { AppError } from '@/lib/errors';

/** Deeper than any body this API takes; `{"a":` nested 12,000 times overflows the stack of whoever walks it. */
export const MAX_JSON_DEPTH = 64;

/**
 * The nesting depth of a JSON text, counted without parsing it (brackets inside
 * strings do not count), so a hostile body is refused before JSON.parse or any
 * recursive walk sees it. Stops counting once past `limit`.
 */
export function jsonDepthExceeds(raw: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

export function assertJsonDepth(raw: string): void {
  if (jsonDepthExceeds(raw)) throw new AppError('invalid_json', `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
}
