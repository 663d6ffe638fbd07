const segmenters = new Map<string, Intl.Segmenter>();

/**
 * Words separated by single spaces, lower-cased. PostgreSQL's parsers do not
 * segment Chinese or Japanese, so both the indexed text and the query go through
 * Intl.Segmenter first and are then matched with the 'simple' text-search config.
 */
export function segmentWords(text: string, locale = 'und'): string[] {
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale === 'und' ? undefined : locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  const words: string[] = [];
  for (const s of segmenter.segment(text.normalize('NFKC').toLowerCase())) {
    if (s.isWordLike) words.push(s.segment.replace(/[':&|!()\\]/g, ''));
  }
  return words.filter(Boolean);
}

/**
 * A tsquery for `to_tsquery('simple', …)` out of words (segmentWords leaves no
 * operator characters in them): each quoted, `:*` for a prefix match, joined
 * with `&` (every word) or `|` (any word).
 */
export function tsQueryOf(terms: Array<{ word: string; prefix?: boolean }>, join: '&' | '|'): string {
  return terms.map((t) => `'${t.word.replace(/'/g, "''")}'${t.prefix ? ':*' : ''}`).join(` ${join} `);
}

export function segmentedText(text: string): string {
  return segmentWords(text, 'zh').join(' ');
}

const HAN = /\p{Script=Han}/u;

/**
 * What a chat message is searched by: Chinese text segmented into words (PostgreSQL cannot),
 * NULL for other text, which the index reads as written (no second copy to store).
 */
export function messageSearchText(text: string): string | null {
  return HAN.test(text) ? segmentedText(text) : null;
}
