import { describe, expect, it } from 'vitest';
import { costMicros, formatUsd, maxCallCostMicros } from './pricing';

describe('pricing', () => {
  it('a token costs its price in micro-USD, rounded up to a whole micro-USD per call', () => {
    expect(costMicros({ inputPrice: 0.15, outputPrice: 0.6 }, { inputTokens: 1, outputTokens: 0 })).toBe(1n);
    expect(costMicros({ inputPrice: 0.15, outputPrice: 0.6 }, { inputTokens: 100, outputTokens: 10 })).toBe(21n);
    expect(costMicros({ inputPrice: 0.1, outputPrice: 0.2 }, { inputTokens: 10, outputTokens: 10 })).toBe(3n);
  });

  it('models without prices are free but still metered', () => {
    expect(costMicros({ inputPrice: 0, outputPrice: 0 }, { inputTokens: 5000, outputTokens: 900 })).toBe(0n);
  });

  it('a reasoning model’s worst case includes the whole output ceiling, reasoning included', () => {
    // reasoning tokens are output tokens: the ceiling bounds them together with the visible text
    expect(maxCallCostMicros({ inputPrice: 1, outputPrice: 4 }, 1000, 2400)).toBe(1000n + 4n * 2400n);
  });

  it('formats micro-USD for people', () => {
    expect(formatUsd(5_000_000n)).toBe('$5.00');
    expect(formatUsd(1234)).toBe('$0.0012');
    expect(formatUsd(0)).toBe('$0');
  });
});
