import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map';
import { countTokens } from '@/lib/text/token-count';

describe('LruMap', () => {
  it('forgets the least recently used entry when full', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.get('a');
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([1, undefined, 3]);
    expect(map.size).toBe(2);
  });
});

describe('countTokens', () => {
  it('counts o200k tokens and returns the same count from the cache', () => {
    expect(countTokens('')).toBe(0);
    const first = countTokens('у меня Windows 11');
    expect(first).toBeGreaterThan(0);
    expect(countTokens('у меня Windows 11')).toBe(first);
  });
});
