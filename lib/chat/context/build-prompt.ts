import { renderInstructions, type Instructions } from './render-instructions';
import { renderRecalled, renderKeyFacts, renderSummary } from './render-key-facts';
import { excerptForRecall } from './recall';
import { countTokens, MESSAGE_OVERHEAD_TOKENS, REPLY_PRIMING_TOKENS } from '@/lib/text/token-count';
import type { ContextMessage, PromptMessage, RecalledMessage, KeyFactView } from './types';

/**
 * The shape of every prompt: system prompt + the person's instructions + slots + running summary + a short recent window of
 * whole messages + (only when the current message refers back) older messages found by search.
 * Nothing is cut at a fixed size: a message is whole in the window, or folded into the summary,
 * or recalled by search when the person asks about it again. Once the window is full the prompt
 * stops growing with the chat, which is what keeps long chats as cheap as a "last 6" window.
 */
export type PromptPolicy = {
  /** The recent window holds at most this many history messages... */
  windowMaxMessages?: number;
  /** ...and stops before a message that would take it past this many tokens. The newest message always joins. */
  windowMaxTokens?: number;
  /** At most this many older messages are recalled per turn... */
  recallMaxMessages?: number;
  /** ...within this many tokens; a longer one is quoted by its matching lines, not by its opening... */
  recallMaxTokens?: number;
  /** ...and that quote stays this short: the lines asked about and their neighbours, not a second copy. */
  recallExcerptMaxTokens?: number;
};

export const DEFAULT_PROMPT_POLICY: Required<PromptPolicy> = {
  windowMaxMessages: 4,
  // about what the seed's "last 6 messages cut to 500 characters" spent on its window, less the
  // slots and the summary: a whole answer of ~1,000 characters and the question before it
  windowMaxTokens: 280,
  recallMaxMessages: 2,
  recallMaxTokens: 900,
  recallExcerptMaxTokens: 300,
};

export type BuildPromptInput = {
  system: string;
  /** the person's own and this chat's instructions: pinned after the system prompt, never cut */
  instructions?: Instructions;
  slots: KeyFactView[];
  /** Device or OS words of the current message the rules could not attribute (readKeyFacts). */
  unattributed?: readonly string[];
  summary?: string | null;
  /** Oldest first, excluding the current message. */
  history: ContextMessage[];
  current: ContextMessage;
  budgetTokens: number;
  /** The summary covers history up to and including this message. */
  summarizedThroughId?: string | null;
  /** Older messages the current one refers back to, best match first (see recall.ts). */
  recalled?: RecalledMessage[];
  /** Files attached to the current message, their parts in order: sent with it as far as the budget allows. */
  files?: ReadonlyArray<{ id: string; name: string; parts: ReadonlyArray<{ number: number; label: string; text: string }> }>;
  policy?: PromptPolicy;
};

/** Tokens of each part of the prompt, as the context view shows them. */
export type PromptParts = {
  system: number;
  instructions: number;
  slots: number;
  summary: number;
  recalled: number;
  files: number;
  window: number;
  current: number;
};

export type BuiltPrompt = {
  messages: PromptMessage[];
  inputTokens: number;
  parts: PromptParts;
  /** The recent window, oldest first: sent whole. */
  includedIds: string[];
  window: Array<{ id: string; role: ContextMessage['role']; tokens: number }>;
  /** Older messages recalled by search, with the words that matched; `excerpt` when only matching lines were sent. */
  recalled: Array<{ id: string; role: ContextMessage['role']; tokens: number; matched: string[]; excerpt: boolean }>;
  /** The current message's files: the parts sent with it, and how many did not fit (later turns recall those). */
  files: Array<{ id: string; name: string; parts: Array<{ number: number; label: string; tokens: number }>; omitted: number }>;
  droppedIds: string[];
  /** Dropped messages the summary does not cover yet (oldest first): what a summary call should fold. */
  unsummarizedDroppedIds: string[];
  /** Older turns fell out of the window and are not covered by the summary. */
  needsSummary: boolean;
  /** Only when the system part and the current message alone are over budget (both are always kept). */
  budgetExceeded: boolean;
};

export function buildPrompt(input: BuildPromptInput): BuiltPrompt {
  const policy = { ...DEFAULT_PROMPT_POLICY, ...input.policy };
  const systemText = input.system.trim();
  const instructionsText = input.instructions ? renderInstructions(input.instructions) : '';
  const keyFactsText = renderKeyFacts(input.slots, input.unattributed);
  const summaryText = input.summary && input.summary.trim() ? renderSummary(input.summary) : '';
  const currentTokens = countTokens(input.current.text);
  const fixed = (parts: string[]) =>
    countTokens(parts.filter((part) => part.length > 0).join('\n\n')) + currentTokens + 2 * MESSAGE_OVERHEAD_TOKENS + REPLY_PRIMING_TOKENS;
  const fixedTokens = fixed([systemText, instructionsText, keyFactsText, summaryText]);
  const budgetExceeded = fixedTokens > input.budgetTokens;
  let remaining = input.budgetTokens - fixedTokens;

  // The current message's files come before the history: the person attached them to ask about them.
  // Whole parts in order while they fit, leaving the window its share; what does not fit is recalled later.
  const files: BuiltPrompt['files'] = [];
  const fileTexts: string[] = [];
  let fileRoom = remaining - policy.windowMaxTokens;
  for (const file of input.files ?? []) {
    const sent: BuiltPrompt['files'][number]['parts'] = [];
    for (const part of file.parts) {
      const text = `${attachedPartHeading(file.name, part.label)}\n${part.text}`;
      const tokens = countTokens(text) + 1;
      if (tokens > fileRoom) continue;
      fileRoom -= tokens;
      sent.push({ number: part.number, label: part.label, tokens });
      fileTexts.push(text);
    }
    files.push({ id: file.id, name: file.name, parts: sent, omitted: file.parts.length - sent.length });
  }
  const filesText = fileTexts.join('\n\n');
  const filesTokens = fileTexts.length ? countTokens(`${filesText}\n\n`) : 0;
  remaining -= filesTokens;
  const currentContent = fileTexts.length ? `${filesText}\n\n${input.current.text}` : input.current.text;

  // The recent window: newest first, whole messages, contiguous (no holes the model would misread),
  // never reaching back into what the summary already covers.
  const coveredCount = summaryCoveredCount(input.history, input.summarizedThroughId);
  const window: ContextMessage[] = [];
  const windowSizes: number[] = [];
  let windowTokens = 0;
  for (let index = input.history.length - 1; index >= coveredCount && window.length < policy.windowMaxMessages; index--) {
    const message = input.history[index]!;
    const tokens = countTokens(message.text) + MESSAGE_OVERHEAD_TOKENS;
    const newest = window.length === 0;
    if (tokens > remaining || (!newest && windowTokens + tokens > policy.windowMaxTokens)) break;
    window.unshift(message);
    windowSizes.unshift(tokens);
    windowTokens += tokens;
    remaining -= tokens;
  }
  const inWindow = new Set(window.map((message) => message.id));

  // Recalled messages: whole when they fit, else their matching lines; inside the system message.
  const recalled: BuiltPrompt['recalled'] = [];
  const recalledTexts: Array<{ role: ContextMessage['role']; text: string }> = [];
  let recallRoom = Math.min(policy.recallMaxTokens, remaining);
  for (const message of input.recalled ?? []) {
    if (recalled.length >= policy.recallMaxMessages || inWindow.has(message.id) || message.id === input.current.id) continue;
    const quoted = excerptForRecall(message, recallRoom, policy.recallExcerptMaxTokens);
    if (!quoted) continue;
    recalled.push({ id: message.id, role: message.role, tokens: quoted.tokens, matched: message.matched, excerpt: quoted.excerpt });
    recalledTexts.push({ role: message.role, text: quoted.text });
    recallRoom -= quoted.tokens;
  }
  const recalledText = recalledTexts.length > 0 ? renderRecalled(recalledTexts) : '';
  const systemContent = [systemText, instructionsText, keyFactsText, summaryText, recalledText]
    .filter((part) => part.length > 0)
    .join('\n\n');

  const firstInWindow = input.history.length - window.length;
  const droppedUncovered = input.history.slice(coveredCount, firstInWindow).map((message) => message.id);
  const messages: PromptMessage[] = [
    { role: 'system', content: systemContent },
    ...window.map((message) => ({ role: message.role, content: message.text })),
    { role: input.current.role, content: currentContent },
  ];
  const systemTokens = countTokens(systemContent) + MESSAGE_OVERHEAD_TOKENS + REPLY_PRIMING_TOKENS;
  const parts: PromptParts = {
    system: countTokens(systemText),
    instructions: countTokens(instructionsText),
    slots: countTokens(keyFactsText),
    summary: countTokens(summaryText),
    recalled: countTokens(recalledText),
    files: filesTokens,
    window: windowTokens,
    current: currentTokens + MESSAGE_OVERHEAD_TOKENS,
  };
  // the joins between the system's parts and the framing go to the system part, so the parts add up
  parts.system = systemTokens - parts.instructions - parts.slots - parts.summary - parts.recalled;

  return {
    messages,
    inputTokens: systemTokens + filesTokens + windowTokens + parts.current,
    parts,
    includedIds: window.map((message) => message.id),
    window: window.map((message, index) => ({ id: message.id, role: message.role, tokens: windowSizes[index]! })),
    recalled,
    files,
    droppedIds: input.history.slice(0, firstInWindow).map((message) => message.id),
    unsummarizedDroppedIds: droppedUncovered,
    needsSummary: droppedUncovered.length > 0,
    budgetExceeded,
  };
}

/** The line above each part of an attached file, in the prompt: which file, which page or paragraphs. */
export function attachedPartHeading(name: string, label: string): string {
  return `[Attached file “${name}”, ${label}]`;
}

/** How many leading history messages the summary covers (0 when the id is absent: history was passed pre-filtered). */
function summaryCoveredCount(history: ContextMessage[], summarizedThroughId: string | null | undefined): number {
  if (!summarizedThroughId) return 0;
  const index = history.findIndex((message) => message.id === summarizedThroughId);
  return index + 1;
}
