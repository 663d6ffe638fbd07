import { describe, expect, it } from 'vitest';
import { forgetKeyFactValues } from './forget-key-fact-values';
import type { KeyFactState } from './types';

const at = new Date('2026-01-01T00:00:00Z');
const entry = (value: string | null, messageId: string | null) => ({ value, messageId, at });

describe('forgetting what dropped messages stated', () => {
  it('falls back to the value stated before, drops a slot only they set, and keeps a person pin', () => {
    const keyFacts: KeyFactState[] = [
      { key: 'os', value: 'Linux', history: [entry('Windows 11', 'm1'), entry('Linux', 'm3')] },
      { key: 'budget', value: '$40', history: [entry('$40', 'm3')] },
      { key: 'city', value: 'Lisbon', history: [entry('Lisbon', null)] },
    ];
    const after = forgetKeyFactValues(keyFacts, new Set(['m3', 'm4']));
    expect(after.map((s) => [s.key, s.value])).toEqual([
      ['os', 'Windows 11'],
      ['city', 'Lisbon'],
    ]);
    expect(after[1]).toBe(keyFacts[2]);
    expect(keyFacts[0]!.value).toBe('Linux');
  });

  it('a slot the person removed before stays removed', () => {
    const keyFacts: KeyFactState[] = [
      { key: 'os', value: 'macOS', history: [entry('Windows 11', 'm1'), entry(null, null), entry('macOS', 'm5')] },
    ];
    expect(forgetKeyFactValues(keyFacts, new Set(['m5']))[0]).toMatchObject({ key: 'os', value: '' });
  });
});
