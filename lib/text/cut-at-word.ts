const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Punctuation that reads as unfinished at the end of a cut line (a comma, a colon, a dash, an opening bracket). */
const DANGLING_PUNCTUATION = /[\s,;:(\[{«“‘"'\-–—/\\&]+$/u;

/**
 * A one-line text of at most `maxChars` characters, cut only between words
 * and never marked with "…": a stored name must read as written. The whole
 * text when it fits; otherwise the words that fit (Intl.Segmenter finds the
 * boundaries, so Chinese or Japanese without spaces is cut between words
 * too), without a comma or dash left hanging. A single word longer than the
 * limit is cut at a grapheme boundary, as nothing else is possible.
 */
export function cutAtWordBoundary(text: string, maxChars: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= maxChars) return line;
  let end = 0;
  for (const piece of wordSegmenter.segment(line)) {
    const pieceEnd = piece.index + piece.segment.length;
    if (pieceEnd > maxChars) break;
    if (piece.isWordLike || /\S/u.test(piece.segment)) end = pieceEnd;
  }
  const kept = (end > 0 ? line.slice(0, end) : wholeGraphemes(line, maxChars)).replace(DANGLING_PUNCTUATION, '');
  return kept || wholeGraphemes(line, maxChars);
}

function wholeGraphemes(text: string, maxChars: number): string {
  let out = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    if (out.length + segment.length > maxChars) break;
    out += segment;
  }
  return out;
}

/** A trailing ellipsis ("…" or "...") someone (a model, an older version of the app) left on a name. */
export function withoutTrailingEllipsis(text: string): string {
  return text.replace(/(?:\s*(?:…|\.{3,}))+\s*$/u, '').trim();
}
