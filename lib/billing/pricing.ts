import type { ModelInfo } from '@/lib/llm/catalog';

export interface TokenUsage {
  inputTokens: number;
  /** all output tokens, reasoning included (as providers report completion_tokens) */
  outputTokens: number;
  reasoningTokens: number;
}

/**
 * Prices are USD per million tokens, so a token costs `price` micro-USD: the
 * cost in micro-USD is tokens × price, rounded up to a whole micro-USD.
 * Reasoning tokens are already inside outputTokens: billed once, at the output price.
 */
export function costMicros(
  model: Pick<ModelInfo, 'inputPrice' | 'outputPrice'>,
  usage: Pick<TokenUsage, 'inputTokens' | 'outputTokens'>,
): bigint {
  const exact = usage.inputTokens * model.inputPrice + usage.outputTokens * model.outputPrice;
  // guard against 0.1 + 0.2 style float noise turning 3 into 4
  return BigInt(Math.ceil(Number(exact.toFixed(6))));
}

/** The most a call can cost: its whole prompt plus the full output ceiling (reasoning included). */
export function maxCallCostMicros(
  model: Pick<ModelInfo, 'inputPrice' | 'outputPrice'>,
  inputTokens: number,
  maxOutputTokens: number,
): bigint {
  return costMicros(model, { inputTokens, outputTokens: maxOutputTokens });
}

/**
 * The least one answer of `model` reserves: its whole output ceiling at the output price (maxCallCostMicros
 * with a prompt of nothing; every real prompt adds its tokens at the input price). GET /api/models gives it
 * with each model, so the composer can tell before a side-by-side send that the wallet cannot reserve every
 * answer; the server reserves on the real prompt, and its 402 stays the last word.
 */
export function leastAnswerReserveMicros(model: Pick<ModelInfo, 'inputPrice' | 'outputPrice' | 'maxOutputTokens'>): bigint {
  return maxCallCostMicros(model, 0, model.maxOutputTokens);
}

/** The catalog as the browser reads it (GET /api/models, the chat page): each model with its `leastReserveMicros`. */
export function withLeastReserve<M extends ModelInfo>(models: readonly M[]): Array<M & { leastReserveMicros: number }> {
  return models.map((model) => ({ ...model, leastReserveMicros: Number(leastAnswerReserveMicros(model)) }));
}

/**
 * How many answers of a side-by-side round a balance reserves: each in the order asked, until one does not
 * fit, which refuses the round (lib/chat/turn/prepare-turn.ts names that count in its 402 as `affordable`).
 */
export function answersCovered(balanceMicros: number, reserves: readonly number[]): number {
  let left = balanceMicros;
  for (const [index, reserve] of reserves.entries()) {
    if (reserve > left) return index;
    left -= reserve;
  }
  return reserves.length;
}

export function formatUsd(micros: bigint | number): string {
  const usd = Number(micros) / 1_000_000;
  if (usd === 0) return '$0';
  if (usd < 0.01) return `$${usd.toFixed(4)}`;
  return `$${usd.toFixed(2)}`;
}
