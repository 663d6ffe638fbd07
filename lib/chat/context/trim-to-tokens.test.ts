import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTokens } from '@/lib/text/token-count';
import { TRIM_MARKER, trimToTokens } from './trim-to-tokens';

describe('trimToTokens', () => {
  it('leaves text that fits untouched', () => {
    expect(trimToTokens('Short text.', 50)).toEqual({ text: 'Short text.', tokens: countTokens('Short text.'), trimmed: false });
  });

  it('cuts at a sentence boundary, in Russian and Chinese too', () => {
    expect(trimToTokens('Первое предложение. Второе предложение подлиннее, с деталями и ещё деталями.', 12).text).toBe(
      `Первое предложение.${TRIM_MARKER}`,
    );
    expect(trimToTokens('第一句话。第二句话比较长，有很多细节和更多的细节。', 8).text).toBe(`第一句话。${TRIM_MARKER}`);
  });

  it('cuts a single over-long sentence by tokens', () => {
    const cut = trimToTokens('word '.repeat(200), 20);
    expect(cut.trimmed).toBe(true);
    expect(cut.tokens).toBeLessThanOrEqual(20);
    expect(cut.text.startsWith('word word')).toBe(true);
  });

  it('never returns more tokens than asked', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.integer({ min: 0, max: 120 }), (text, max) => {
        const cut = trimToTokens(text, max);
        expect(cut.tokens).toBe(countTokens(cut.text));
        if (cut.trimmed) expect(cut.tokens).toBeLessThanOrEqual(max);
      }),
      { numRuns: 300 },
    );
  });
});
