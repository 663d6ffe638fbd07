import { describe, expect, it } from 'vitest';
import { forgetSlotValues } from './forget-slot-values';
import type { SlotState } from './types';

const at = new Date('2026-01-01T00:00:00Z');
const entry = (value: string | null, messageId: string | null) => ({ value, messageId, at });

describe('forgetting what dropped messages stated', () => {
  it('falls back to the value stated before, drops a slot only they set, and keeps a person pin', () => {
    const slots: SlotState[] = [
      { key: 'os', value: 'Linux', history: [entry('Windows 11', 'm1'), entry('Linux', 'm3')] },
      { key: 'budget', value: '$40', history: [entry('$40', 'm3')] },
      { key: 'city', value: 'Lisbon', history: [entry('Lisbon', null)] },
    ];
    const after = forgetSlotValues(slots, new Set(['m3', 'm4']));
    expect(after.map((s) => [s.key, s.value])).toEqual([
      ['os', 'Windows 11'],
      ['city', 'Lisbon'],
    ]);
    expect(after[1]).toBe(slots[2]);
    expect(slots[0]!.value).toBe('Linux');
  });

  it('a slot the person removed before stays removed', () => {
    const slots: SlotState[] = [
      { key: 'os', value: 'macOS', history: [entry('Windows 11', 'm1'), entry(null, null), entry('macOS', 'm5')] },
    ];
    expect(forgetSlotValues(slots, new Set(['m5']))[0]).toMatchObject({ key: 'os', value: '' });
  });
});
