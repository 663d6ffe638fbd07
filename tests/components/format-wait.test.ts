import { describe, expect, it } from 'vitest';
import { formatWait } from '@/components/format/duration';

describe('a wait as the comparison shows it', () => {
  it('is milliseconds under a second and seconds with one decimal above, in the locale’s units', () => {
    expect(formatWait(40, 'en')).toBe('40 ms');
    expect(formatWait(1_420, 'en')).toBe('1.4 sec');
    expect(formatWait(1_420, 'ru')).toBe('1,4 с');
  });
});
