import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanJsonStrings, cleanText, hasUnsafeText } from './clean-text';

describe('cleanText', () => {
  it('drops NUL and lone surrogates but keeps pairs (emoji) and everything else', () => {
    expect(cleanText('a\u0000b')).toBe('ab');
    expect(cleanText('x\uD800y\uDC00z')).toBe('xyz');
    expect(cleanText('end\uD83D')).toBe('end');
    expect(cleanText('🙂 ok\ttab\nline')).toBe('🙂 ok\ttab\nline');
  });

  it('always yields text PostgreSQL and UTF-8 accept', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const cleaned = cleanText(s);
        expect(hasUnsafeText(cleaned)).toBe(false);
        expect(Buffer.from(cleaned, 'utf8').toString('utf8')).toBe(cleaned);
      }),
    );
  });

  it('cleans every string of a JSON body, nested', () => {
    expect(cleanJsonStrings({ text: 'hi\u0000', list: [{ t: '\uDC00x' }], n: 1 })).toEqual({ text: 'hi', list: [{ t: 'x' }], n: 1 });
  });
});
