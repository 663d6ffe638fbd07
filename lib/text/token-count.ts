import { countTokens as countUncached, decode, encode } from 'gpt-tokenizer';
import { LruMap } from '@/lib/cache/lru-map';

/**
 * gpt-tokenizer's default encoding is o200k_base (GPT-4o / GPT-5). Other
 * providers tokenize differently, so counts are estimates within ~10–20%;
 * budgets leave that much headroom by being a share of the window.
 */

// 5,000 entries cover a few hundred chats of 500 messages' worth of recent texts;
// a message's text never changes once stored, so the text itself is the key.
const TOKEN_CACHE_CAPACITY = 5_000;
const tokenCache = new LruMap<string, number>(TOKEN_CACHE_CAPACITY);

/** Tokens in `text` (o200k_base), memoized by the text. */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  const cached = tokenCache.get(text);
  if (cached !== undefined) return cached;
  const count = countUncached(text);
  tokenCache.set(text, count);
  return count;
}

/** The longest prefix of `text` that fits in `maxTokens` tokens (for a single over-long sentence). */
export function tokenPrefix(text: string, maxTokens: number): string {
  if (maxTokens <= 0) return '';
  const tokens = encode(text);
  if (tokens.length <= maxTokens) return text;
  // Decoding a cut token list can end in half a multi-byte character; drop it.
  return decode(tokens.slice(0, maxTokens)).replace(/\uFFFD+$/u, '');
}

/**
 * Chat formats wrap every message in a few framing tokens (role, separators):
 * OpenAI documents 3 per message plus 3 to prime the reply.
 */
export const MESSAGE_OVERHEAD_TOKENS = 3;
export const REPLY_PRIMING_TOKENS = 3;
