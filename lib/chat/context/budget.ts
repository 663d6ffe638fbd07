/**
 * How many input tokens one call may spend on its prompt.
 *
 * Two limits, the smaller wins:
 * - the window: a share of what the context window leaves after the output ceiling
 *   (token counts are o200k estimates and providers count differently, so never plan the whole window);
 * - the cost: a ceiling on the input spend of one call, so pricier models get fewer tokens.
 *   Cumulative input grows with every turn's prompt, so this cap is what keeps long chats cheap.
 */

export type BudgetModel = {
  contextWindow: number;
  maxOutputTokens: number;
  /** US dollars per million input tokens; 0 for local or simulated models. */
  inputPrice: number;
};

export type BudgetOptions = {
  /** Share of (context window − output ceiling) the prompt may use. */
  windowShare?: number;
  /** Most a single call's input may cost, in US dollars. */
  maxInputSpendUsd?: number;
  /** The cost cap never goes below this (a prompt must still hold slots, a summary and a few turns). */
  minTokens?: number;
  /** Nor above this, even for free models: beyond it extra history rarely changes answers. */
  maxTokens?: number;
};

export type Budget = {
  total: number;
  windowTokens: number;
  costCapTokens: number;
  limitedBy: 'window' | 'cost';
};

export const DEFAULT_WINDOW_SHARE = 0.5;
/** $0.01 per call: ~4,000 tokens at $2.50/M, ~66,000 at $0.15/M (then capped), 1,000→min at $10/M. */
export const DEFAULT_MAX_INPUT_SPEND_USD = 0.01;
export const DEFAULT_MIN_TOKENS = 2_000;
export const DEFAULT_MAX_TOKENS = 24_000;

export function budgetFor(model: BudgetModel, options: BudgetOptions = {}): Budget {
  const windowShare = options.windowShare ?? DEFAULT_WINDOW_SHARE;
  const maxSpend = options.maxInputSpendUsd ?? DEFAULT_MAX_INPUT_SPEND_USD;
  const minTokens = options.minTokens ?? DEFAULT_MIN_TOKENS;
  const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  if (!(windowShare > 0 && windowShare <= 1)) throw new RangeError('windowShare must be in (0, 1]');

  const available = Math.max(0, model.contextWindow - model.maxOutputTokens);
  const windowTokens = Math.floor(available * windowShare);
  const affordable = model.inputPrice > 0 ? Math.floor((maxSpend / model.inputPrice) * 1_000_000) : maxTokens;
  const costCapTokens = Math.min(maxTokens, Math.max(minTokens, affordable));

  return costCapTokens < windowTokens
    ? { total: costCapTokens, windowTokens, costCapTokens, limitedBy: 'cost' }
    : { total: windowTokens, windowTokens, costCapTokens, limitedBy: 'window' };
}
