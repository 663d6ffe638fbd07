import { LruMap } from '@/lib/cache/lru-map';
import { countTokens, tokenPrefix } from '@/lib/text/token-count';

export const TRIM_MARKER = ' […]';

export type TrimmedText = { text: string; tokens: number; trimmed: boolean };

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
// Trimming the same old message to the same size happens on every turn; cache it.
const trimCache = new LruMap<string, TrimmedText>(5_000);

/** Sentences of `text`, each with its trailing whitespace (ICU rules: handles 3.4.2, 。！？). */
export function splitSentences(text: string): string[] {
  return Array.from(sentenceSegmenter.segment(text), (part) => part.segment);
}

/**
 * Cut `text` to at most `maxTokens` tokens, keeping whole sentences from the start
 * (an old message's opening usually carries its point: the question, the fact, the answer's gist).
 * Only when even the first sentence is too long is it cut mid-sentence by tokens.
 * The marker tells the model that text was left out, so it does not treat the cut as the whole.
 */
export function trimToTokens(text: string, maxTokens: number): TrimmedText {
  const full = countTokens(text);
  if (full <= maxTokens) return { text, tokens: full, trimmed: false };
  const cacheKey = `${maxTokens}\u0000${text}`;
  const cached = trimCache.get(cacheKey);
  if (cached) return cached;

  const room = maxTokens - countTokens(TRIM_MARKER);
  let kept = '';
  let keptTokens = 0;
  for (const sentence of splitSentences(text)) {
    const sentenceTokens = countTokens(sentence);
    // Summing per-sentence counts can differ from the joined count by a token at a seam;
    // the final count below is exact, this is only the stopping rule.
    if (keptTokens + sentenceTokens > room) break;
    kept += sentence;
    keptTokens += sentenceTokens;
  }
  if (kept.trim().length === 0) kept = tokenPrefix(text, Math.max(0, room));
  let result = kept.trim().length === 0 ? '' : kept.trimEnd() + TRIM_MARKER;
  while (result !== '' && countTokens(result) > maxTokens) {
    // Seam effects pushed us over: drop the last token of the kept part and retry.
    kept = tokenPrefix(kept, Math.max(0, countTokens(kept) - 1));
    result = kept.trim().length === 0 ? '' : kept.trimEnd() + TRIM_MARKER;
  }
  const trimmed = { text: result, tokens: countTokens(result), trimmed: true };
  trimCache.set(cacheKey, trimmed);
  return trimmed;
}
