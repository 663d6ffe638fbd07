/** The context builder's public surface: pure functions over plain data. */
export { applySlotUpdates, type SlotSource } from './apply-slot-updates';
export { budgetFor, type Budget, type BudgetModel, type BudgetOptions } from './budget';
export { buildPrompt, DEFAULT_PROMPT_POLICY, type BuildPromptInput, type BuiltPrompt, type PromptPolicy } from './build-prompt';
export { extractSlots, type ExtractedSlot } from './extract-slots';
export { factSlotKey, rememberFactInput, rememberFactUpdate, REMEMBER_FACT_TOOL_NAME } from './remember-fact';
export { renderSlots, slotLabel } from './render-slots';
export { toSlotViews } from './slot-views';
export {
  buildSummaryRequest,
  planSummaryFold,
  type SummaryFoldPlan,
  type SummaryFoldPolicy,
  type SummaryRequest,
} from './summary-fold';
export { countTokens } from './token-count';
export { trimToTokens } from './trim-to-tokens';
export { prepareTurnContext, type RunningSummary, type TurnContext, type TurnContextInput } from './turn-context';
export type * from './types';
