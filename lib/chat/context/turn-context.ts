import { applySlotUpdates } from './apply-slot-updates';
import { buildPrompt, type BuiltPrompt, type PromptPolicy } from './build-prompt';
import { extractSlots, type ExtractedSlot } from './extract-slots';
import { toSlotViews } from './slot-views';
import { planSummaryFold, type SummaryFoldPlan, type SummaryFoldPolicy } from './summary-fold';
import type { ContextMessage, SlotChange, SlotState } from './types';

export type RunningSummary = { text: string; throughId: string };

export type TurnContextInput = {
  system: string;
  slots: SlotState[];
  summary: RunningSummary | null;
  /** Oldest first, excluding the current message. */
  history: ContextMessage[];
  current: ContextMessage;
  budgetTokens: number;
  now: Date;
  promptPolicy?: PromptPolicy;
  summaryPolicy?: SummaryFoldPolicy;
};

export type TurnContext = {
  prompt: BuiltPrompt;
  /** The slot state to persist (the input is not mutated). */
  slots: SlotState[];
  slotChanges: SlotChange[];
  extracted: ExtractedSlot[];
  /** Turns to fold into the summary after this turn, or null. The fold is the caller's cheap model call. */
  summaryFold: SummaryFoldPlan | null;
};

/**
 * One turn of context building, start to end, as the chat route runs it: read the user's
 * facts from the current message first (so this very answer already knows "I switched to Linux"),
 * then build the prompt, then say whether older turns should be folded into the summary.
 */
export function prepareTurnContext(input: TurnContextInput): TurnContext {
  const extracted = input.current.role === 'user' ? extractSlots(input.current.text) : [];
  const { next, changes } = applySlotUpdates(input.slots, extracted, { messageId: input.current.id, at: input.now });
  const prompt = buildPrompt({
    system: input.system,
    slots: toSlotViews(next, input.now),
    summary: input.summary?.text ?? null,
    summarizedThroughId: input.summary?.throughId ?? null,
    history: input.history,
    current: input.current,
    budgetTokens: input.budgetTokens,
    policy: input.promptPolicy,
  });
  const summaryFold = planSummaryFold(input.history, prompt, input.summaryPolicy);
  return { prompt, slots: next, slotChanges: changes, extracted, summaryFold };
}
