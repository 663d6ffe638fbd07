import { describe, expect, it } from 'vitest';
import { pairedDifference } from '@/bench/support';

describe('pairedDifference', () => {
  it('tells a change larger than the noise from the noise', () => {
    const noise = [0, 40, -30, 25, -45, 10, -5, 35, -20, 15, -35, 5, 30, -10, 20, -25, 45, -40, -15, 50, -50];
    const before = noise.map((n) => 1_000 + n);
    const faster = noise.map((n, i) => 900 + noise[(i + 7) % noise.length]!);
    const same = noise.map((_, i) => 1_000 + noise[(i + 7) % noise.length]!);

    const clear = pairedDifference(before, faster);
    expect(clear.high).toBeLessThan(0);
    expect(clear.low).toBeLessThanOrEqual(clear.median);
    expect(clear.median).toBeLessThanOrEqual(clear.high);

    const unclear = pairedDifference(before, same);
    expect(unclear.low).toBeLessThan(0);
    expect(unclear.high).toBeGreaterThan(0);
  });

  it('is reproducible from its numbers', () => {
    const before = [10, 12, 11, 13, 9];
    const after = [8, 11, 10, 9, 9];
    expect(pairedDifference(before, after)).toEqual(pairedDifference(before, after));
    expect(pairedDifference(before, after).median).toBe(-1);
  });
});
