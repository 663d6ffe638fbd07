import { describe, expect, it } from 'vitest';
import { budgetFor } from './budget';

describe('budgetFor', () => {
  it('leaves room for the output ceiling and takes a share of the rest', () => {
    const budget = budgetFor({ contextWindow: 8_192, maxOutputTokens: 2_048, inputPrice: 0.1 });
    expect(budget).toMatchObject({ total: 3_072, windowTokens: 3_072, limitedBy: 'window' });
  });

  it('gives pricier models fewer tokens', () => {
    const cheap = budgetFor({ contextWindow: 128_000, maxOutputTokens: 16_000, inputPrice: 0.15 });
    const mid = budgetFor({ contextWindow: 128_000, maxOutputTokens: 16_000, inputPrice: 2.5 });
    const pricey = budgetFor({ contextWindow: 128_000, maxOutputTokens: 16_000, inputPrice: 15 });
    expect(cheap.total).toBeGreaterThan(mid.total);
    expect(mid.total).toBeGreaterThan(pricey.total);
    expect(mid).toMatchObject({ total: 4_000, limitedBy: 'cost' });
    expect(pricey.total).toBe(2_000); // the floor: slots, a summary and a few turns must still fit
  });

  it('is configurable', () => {
    const budget = budgetFor({ contextWindow: 128_000, maxOutputTokens: 16_000, inputPrice: 2.5 }, { maxInputSpendUsd: 0.05 });
    expect(budget.total).toBe(20_000);
  });

  it('treats free models as capped only by the window and the maximum', () => {
    expect(budgetFor({ contextWindow: 1_000_000, maxOutputTokens: 32_000, inputPrice: 0 }).total).toBe(24_000);
  });
});
