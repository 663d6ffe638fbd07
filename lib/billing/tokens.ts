import { countTokens, MESSAGE_OVERHEAD_TOKENS, REPLY_PRIMING_TOKENS } from '@/lib/text/token-count';

export { countTokens };

/**
 * Tokens of a whole request, for reservations and for estimating a call the
 * provider never reported (a stopped stream). Tool definitions count too: they
 * are sent with every round.
 */
export function countPromptTokens(messages: ReadonlyArray<{ content: unknown }>, toolsJson = ''): number {
  let total = REPLY_PRIMING_TOKENS + countTokens(toolsJson);
  for (const m of messages) total += MESSAGE_OVERHEAD_TOKENS + contentTokens(m.content);
  return total;
}

/**
 * What one image in a prompt is reckoned at before the provider says: OpenAI's high-detail price of
 * an image scaled to fit 2048 px (85 + 170 per 512 px tile, at most 6 tiles after its own downscale
 * to 768 px on the short side), rounded up. The charge itself is the provider's reported usage.
 */
export const IMAGE_PART_TOKENS = 1_105;

function contentTokens(content: unknown): number {
  if (typeof content === 'string') return countTokens(content);
  if (!Array.isArray(content)) return countTokens(JSON.stringify(content));
  // an image's base64 is not text the model reads: counting it as text would reserve thousands of times its price
  return content.reduce<number>((sum, part: { type?: string; text?: string }) => {
    if (part?.type === 'image' || part?.type === 'file') return sum + IMAGE_PART_TOKENS;
    return sum + countTokens(part?.type === 'text' && typeof part.text === 'string' ? part.text : JSON.stringify(part));
  }, 0);
}
