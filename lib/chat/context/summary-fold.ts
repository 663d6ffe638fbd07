import { summarizeChatPrompt } from '../prompts/summarize-chat';
import { countTokens, MESSAGE_OVERHEAD_TOKENS, REPLY_PRIMING_TOKENS } from '@/lib/text/token-count';
import { trimToTokens } from './trim-to-tokens';
import type { BuiltPrompt } from './build-prompt';
import type { ContextMessage, PromptMessage } from './types';

/**
 * Older turns that fall out of the prompt are folded into a running summary by a cheap call,
 * incrementally: the call sees the previous summary and only the turns being folded, never the
 * whole chat, so its cost stays flat as the chat grows.
 */
export type SummaryFoldPolicy = {
  /** Fold only once this many uncovered messages have dropped out (batching keeps calls rare). */
  minFoldMessages?: number;
  /** User messages are folded up to this size; they carry the user's goals and facts. */
  userMaxTokens?: number;
  /** Assistant answers are folded by their opening sentences only: the gist, not the walkthrough. */
  assistantMaxTokens?: number;
  /** Output ceiling of the summary call; the summary replaces, not extends, the previous one. */
  summaryMaxTokens?: number;
};

export const DEFAULT_SUMMARY_FOLD_POLICY: Required<SummaryFoldPolicy> = {
  minFoldMessages: 16,
  userMaxTokens: 120,
  assistantMaxTokens: 40,
  summaryMaxTokens: 90,
};

export type SummaryFoldPlan = { fold: ContextMessage[]; throughId: string };

/** Which messages to fold now, or null when too few have dropped out to be worth a call. */
export function planSummaryFold(
  history: ContextMessage[],
  prompt: Pick<BuiltPrompt, 'unsummarizedDroppedIds'>,
  policy: SummaryFoldPolicy = {},
): SummaryFoldPlan | null {
  const { minFoldMessages } = { ...DEFAULT_SUMMARY_FOLD_POLICY, ...policy };
  const ids = prompt.unsummarizedDroppedIds;
  if (ids.length === 0 || ids.length < minFoldMessages) return null;
  const wanted = new Set(ids);
  const fold = history.filter((message) => wanted.has(message.id));
  return { fold, throughId: ids[ids.length - 1] };
}

export type SummaryRequest = { messages: PromptMessage[]; inputTokens: number; maxOutputTokens: number };

/** The cheap summary call's prompt: instructions, the previous summary, the folded turns. */
export function buildSummaryRequest(
  previousSummary: string | null,
  fold: ContextMessage[],
  policy: SummaryFoldPolicy = {},
): SummaryRequest {
  const resolved = { ...DEFAULT_SUMMARY_FOLD_POLICY, ...policy };
  const transcript = fold
    .map((message) => {
      const limit = message.role === 'assistant' ? resolved.assistantMaxTokens : resolved.userMaxTokens;
      return `${message.role === 'assistant' ? 'Assistant' : 'User'}: ${trimToTokens(message.text, limit).text}`;
    })
    .join('\n');
  const prompt = summarizeChatPrompt({ previousSummary, transcript });
  const messages: PromptMessage[] = [
    { role: 'system', content: prompt.system },
    { role: 'user', content: prompt.user },
  ];
  const inputTokens =
    messages.reduce((sum, message) => sum + countTokens(message.content) + MESSAGE_OVERHEAD_TOKENS, 0) + REPLY_PRIMING_TOKENS;
  return { messages, inputTokens, maxOutputTokens: resolved.summaryMaxTokens };
}
