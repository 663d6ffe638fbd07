import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutAtWordBoundary, withoutTrailingEllipsis } from './cut-at-word';

describe('a line cut between words', () => {
  it('keeps a text that fits, whole', () => {
    expect(cutAtWordBoundary('  Plan a   picnic ', 60)).toBe('Plan a picnic');
  });

  it('cuts between words, with no ellipsis and no hanging comma', () => {
    expect(cutAtWordBoundary('Plan a picnic by the river, with friends', 28)).toBe('Plan a picnic by the river');
    expect(cutAtWordBoundary('Как настроить принтер на Windows 11 дома', 20)).toBe('Как настроить');
  });

  it('cuts Chinese between words', () => {
    const cut = cutAtWordBoundary('我想了解人工智能的发展历史和未来趋势', 8);
    expect(cut.length).toBeLessThanOrEqual(8);
    expect('我想了解人工智能的发展历史和未来趋势'.startsWith(cut)).toBe(true);
  });

  it('never splits a word of the text, never exceeds the limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-zа-я]{1,12}$/), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 12, max: 80 }),
        (words, max) => {
          const text = words.join(' ');
          const cut = cutAtWordBoundary(text, max);
          expect(cut.length).toBeLessThanOrEqual(max);
          expect(cut).not.toContain('…');
          expect(`${text} `.startsWith(`${cut} `)).toBe(true);
        },
      ),
    );
  });

  it('drops a trailing ellipsis', () => {
    expect(withoutTrailingEllipsis('Plan a picnic by the…')).toBe('Plan a picnic by the');
    expect(withoutTrailingEllipsis('Wait...')).toBe('Wait');
  });
});
