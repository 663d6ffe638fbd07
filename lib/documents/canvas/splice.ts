export type RangeErrorCode = 'range_out_of_bounds' | 'range_reversed' | 'range_splits_surrogate' | 'range_empty';

export type RangeCheck = { ok: true } | { ok: false; code: RangeErrorCode; message: string };

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** True when `offset` falls between the two halves of one emoji (or other astral character). */
export function splitsSurrogatePair(body: string, offset: number): boolean {
  return offset > 0 && offset < body.length && isHigh(body.charCodeAt(offset - 1)) && isLow(body.charCodeAt(offset));
}

/** Checks a rewrite range [start, end) of UTF-16 offsets over the stored body. */
export function validateRange(body: string, start: number, end: number): RangeCheck {
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > body.length) {
    return { ok: false, code: 'range_out_of_bounds', message: `Range [${start}, ${end}) is outside the text (length ${body.length}).` };
  }
  if (start > end) return { ok: false, code: 'range_reversed', message: `Range start ${start} is after its end ${end}.` };
  if (start === end) return { ok: false, code: 'range_empty', message: 'The range selects no text.' };
  if (splitsSurrogatePair(body, start) || splitsSurrogatePair(body, end)) {
    return { ok: false, code: 'range_splits_surrogate', message: 'The range cuts a character in half.' };
  }
  return { ok: true };
}

/**
 * body[:start] + replacement + body[end:]; text outside the range is kept
 * byte for byte. An empty range is an insertion; any other invalid range throws.
 */
export function spliceRange(body: string, start: number, end: number, replacement: string): string {
  const check = validateRange(body, start, end);
  if (!check.ok && check.code !== 'range_empty') throw new Error(`${check.code}: ${check.message}`);
  return body.slice(0, start) + replacement + body.slice(end);
}

// An odd run of backslashes before `[` escapes it: `\[^1]` is literal text.
const CITATION_MARKER = /(?<!\\)(?:\\\\)*\[\^([^\]\s]+)\]/g;

/** Citation markers `[^n]` in order of appearance, repeats included. */
export function citationMarkers(text: string): string[] {
  return [...text.matchAll(CITATION_MARKER)].map((match) => `[^${match[1]}]`);
}

/** Markers of the replaced fragment that the replacement no longer has (each once). */
export function missingCitations(before: string, after: string): string[] {
  const kept = new Set(citationMarkers(after));
  return [...new Set(citationMarkers(before))].filter((marker) => !kept.has(marker));
}
