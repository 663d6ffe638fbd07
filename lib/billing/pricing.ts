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

export function formatUsd(micros: bigint | number): string {
  const usd = Number(micros) / 1_000_000;
  if (usd === 0) return '$0';
  if (usd < 0.01) return `$${usd.toFixed(4)}`;
  return `$${usd.toFixed(2)}`;
}
