import { describe, expect, it } from 'vitest';
import { answersCovered, costMicros, formatUsd, leastAnswerReserveMicros, maxCallCostMicros } from './pricing';

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

  it('the least an answer reserves is its output ceiling at the output price: every prompt only adds to it', () => {
    const model = { inputPrice: 1, outputPrice: 4, maxOutputTokens: 2400 };
    expect(leastAnswerReserveMicros(model)).toBe(9600n);
    expect(maxCallCostMicros(model, 1, model.maxOutputTokens)).toBeGreaterThan(leastAnswerReserveMicros(model));
  });

  it('a balance covers the answers of a round in the order asked, until one does not fit', () => {
    expect(answersCovered(10_000, [4_000, 4_000, 4_000])).toBe(2);
    expect(answersCovered(8_000, [4_000, 4_000])).toBe(2);
    // the second does not fit, so the round stops there even though the third would
    expect(answersCovered(5_000, [4_000, 2_000, 500])).toBe(1);
    expect(answersCovered(3_000, [4_000, 1_000])).toBe(0);
    expect(answersCovered(0, [0, 0])).toBe(2);
  });
});
