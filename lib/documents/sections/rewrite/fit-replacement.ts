import { spliceRange } from '@/lib/documents/canvas/splice';
import { canonicalize } from '@/lib/documents/canvas/serialize-section';

export interface FittedRewrite {
  /** the new canonical section body */
  body: string;
  /** where the replacement now sits in `body` */
  range: { start: number; end: number };
  /** the replacement as it reads in `body` (canonical), i.e. body.slice(range.start, range.end) */
  replacement: string;
}

/**
 * Splices `replacement` over [start, end) of a canonical body and
 * canonicalizes the result, keeping the invariant that text outside the range
 * stays byte for byte what it was. Canonicalizing can reach outside the range
 * when the replacement's markup pairs with the neighbours' (a stray `**`, a
 * `|` in a table cell, a paragraph break inside bold), so it tries ever
 * plainer forms of the replacement and gives up (null) rather than touch the rest.
 */
export function fitReplacement(body: string, start: number, end: number, replacement: string): FittedRewrite | null {
  const fragment = body.slice(start, end);
  for (const candidate of plainerForms(replacement, fragment)) {
    const fitted = fitExactly(body, start, end, candidate);
    if (fitted) return fitted;
  }
  return null;
}

function fitExactly(body: string, start: number, end: number, replacement: string): FittedRewrite | null {
  const prefix = body.slice(0, start);
  const suffix = body.slice(end);
  const result = canonicalize(spliceRange(body, start, end, replacement));
  const replacedEnd = result.length - suffix.length;
  if (replacedEnd < start || !result.startsWith(prefix) || !result.endsWith(suffix)) return null;
  return { body: result, range: { start, end: replacedEnd }, replacement: result.slice(start, replacedEnd) };
}

/** The replacement as written; on one line if the fragment was; as plain text with its markup escaped. */
function plainerForms(replacement: string, fragment: string): string[] {
  const forms = [replacement];
  if (!fragment.includes('\n') && replacement.includes('\n')) forms.push(replacement.replace(/[ \t]*\n\s*/g, ' '));
  forms.push(escapeMarkup(forms.at(-1)!));
  return forms;
}

// An existing escape and a citation marker are kept whole; any other markup character is escaped.
const ESCAPE_OR_MARKER_OR_MARKUP = /\\[\s\S]|\[\^[^\]\s]+\]|[*_[\]`~|]/g;

/** Escapes every Markdown-significant character except the citation markers, which must survive as markers. */
export function escapeMarkup(text: string): string {
  return text.replace(ESCAPE_OR_MARKER_OR_MARKUP, (token) => (token.length === 1 ? `\\${token}` : token));
}
