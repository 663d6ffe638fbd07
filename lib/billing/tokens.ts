import { countTokens, MESSAGE_OVERHEAD_TOKENS, REPLY_PRIMING_TOKENS } from '@/lib/text/token-count';

export { countTokens };

/**
 * Tokens of a whole request, for reservations and for estimating a call the
 * provider never reported (a stopped stream). Tool definitions count too: they
 * are sent with every round.
 */
export function countPromptTokens(messages: ReadonlyArray<{ content: unknown }>, toolsJson = ''): number {
  let total = REPLY_PRIMING_TOKENS + countTokens(toolsJson);
  for (const m of messages) {
    total += MESSAGE_OVERHEAD_TOKENS + countTokens(typeof m.content === 'string' ? m.content : JSON.stringify(m.content));
  }
  return total;
}
