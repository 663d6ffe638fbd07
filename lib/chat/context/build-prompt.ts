import { renderSlots, renderSummary } from './render-slots';
import { countTokens, MESSAGE_OVERHEAD_TOKENS, REPLY_PRIMING_TOKENS } from './token-count';
import { trimToTokens } from './trim-to-tokens';
import type { ContextMessage, PromptMessage, SlotView } from './types';

export type PromptPolicy = {
  /** This many newest history messages are kept whole while they fit (the turn being answered refers to them). */
  keepWholeRecent?: number;
  /** Older messages are cut to this many tokens (at sentence boundaries) before anything is dropped. */
  olderMessageMaxTokens?: number;
  /** A message cut below this many tokens carries too little to be worth its framing: stop there. */
  minUsefulTokens?: number;
};

export const DEFAULT_PROMPT_POLICY: Required<PromptPolicy> = {
  keepWholeRecent: 2,
  olderMessageMaxTokens: 160,
  minUsefulTokens: 24,
};

export type BuildPromptInput = {
  system: string;
  slots: SlotView[];
  summary?: string | null;
  /** Oldest first, excluding the current message. */
  history: ContextMessage[];
  current: ContextMessage;
  budgetTokens: number;
  /** The summary covers history up to and including this message; those are not resent. */
  summarizedThroughId?: string | null;
  policy?: PromptPolicy;
};

export type BuiltPrompt = {
  messages: PromptMessage[];
  inputTokens: number;
  includedIds: string[];
  droppedIds: string[];
  trimmedIds: string[];
  /** Dropped messages the summary does not cover yet (oldest first): what a summary call should fold. */
  unsummarizedDroppedIds: string[];
  /** Older turns fell out of the window and are not covered by the summary. */
  needsSummary: boolean;
  /** Only when the system part and the current message alone are over budget (both are always kept). */
  budgetExceeded: boolean;
};

/**
 * Build one call's prompt: system prompt + slots + summary + as many recent messages as fit.
 * Walks history from the newest backwards and stops at the first message that no longer fits,
 * so the kept history is always a contiguous recent stretch (no holes the model would misread),
 * and the work is bounded by the budget, not by the length of the chat.
 */
export function buildPrompt(input: BuildPromptInput): BuiltPrompt {
  const policy = { ...DEFAULT_PROMPT_POLICY, ...input.policy };
  const systemParts = [input.system.trim(), renderSlots(input.slots)];
  if (input.summary && input.summary.trim()) systemParts.push(renderSummary(input.summary));
  const systemContent = systemParts.filter((part) => part.length > 0).join('\n\n');

  const fixedTokens =
    countTokens(systemContent) + countTokens(input.current.text) + 2 * MESSAGE_OVERHEAD_TOKENS + REPLY_PRIMING_TOKENS;
  const budgetExceeded = fixedTokens > input.budgetTokens;

  const coveredCount = summaryCoveredCount(input.history, input.summarizedThroughId);
  const eligible = input.history.slice(coveredCount);

  let remaining = input.budgetTokens - fixedTokens;
  const kept: Array<{ message: ContextMessage; content: string; trimmed: boolean }> = [];
  for (let index = eligible.length - 1; index >= 0; index--) {
    const message = eligible[index];
    const available = remaining - MESSAGE_OVERHEAD_TOKENS;
    if (available < policy.minUsefulTokens) break;
    const rank = eligible.length - 1 - index;
    const cap = rank < policy.keepWholeRecent ? available : Math.min(available, policy.olderMessageMaxTokens);
    const cut = trimToTokens(message.text, cap);
    if (cut.text.length === 0) break;
    kept.push({ message, content: cut.text, trimmed: cut.trimmed });
    remaining -= cut.tokens + MESSAGE_OVERHEAD_TOKENS;
  }
  kept.reverse();

  const firstKeptIndex = eligible.length - kept.length;
  const droppedUncovered = eligible.slice(0, firstKeptIndex).map((message) => message.id);
  const messages: PromptMessage[] = [
    { role: 'system', content: systemContent },
    ...kept.map(({ message, content }) => ({ role: message.role, content })),
    { role: input.current.role, content: input.current.text },
  ];

  return {
    messages,
    inputTokens: input.budgetTokens - remaining,
    includedIds: kept.map(({ message }) => message.id),
    droppedIds: [...input.history.slice(0, coveredCount).map((message) => message.id), ...droppedUncovered],
    trimmedIds: kept.filter(({ trimmed }) => trimmed).map(({ message }) => message.id),
    unsummarizedDroppedIds: droppedUncovered,
    needsSummary: droppedUncovered.length > 0,
    budgetExceeded,
  };
}

/** How many leading history messages the summary covers (0 when the id is absent: history was passed pre-filtered). */
function summaryCoveredCount(history: ContextMessage[], summarizedThroughId: string | null | undefined): number {
  if (!summarizedThroughId) return 0;
  const index = history.findIndex((message) => message.id === summarizedThroughId);
  return index + 1;
}
