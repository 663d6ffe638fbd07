import { describe, expect, it } from 'vitest';
import { applySlotUpdates } from './apply-slot-updates';
import { extractSlots } from './extract-slots';
import { EN_SLOT_CASES } from '@/tests/support/slot-cases/slot-cases-en';
import { RU_SLOT_CASES } from '@/tests/support/slot-cases/slot-cases-ru';
import { ZH_SLOT_CASES } from '@/tests/support/slot-cases/slot-cases-zh';
import type { SlotCase } from '@/tests/support/slot-cases/slot-case';
import type { SlotState } from './types';

const at = new Date('2026-01-05T09:00:00Z');

/** The facts after `text`, read and applied as the chat route does, starting from `before`. */
function factsAfter(row: SlotCase): Record<string, string> {
  const start: SlotState[] = Object.entries(row.before ?? {}).map(([key, value]) => ({
    key,
    value,
    history: [{ value, messageId: 'm0', at }],
  }));
  const { next } = applySlotUpdates(start, extractSlots(row.text), { messageId: 'm1', at });
  return Object.fromEntries(next.map((slot) => [slot.key, slot.value]));
}

describe.each([
  ['English', EN_SLOT_CASES],
  ['Russian', RU_SLOT_CASES],
  ['Chinese', ZH_SLOT_CASES],
] as const)('%s slot fixtures', (_, rows) => {
  it.each(rows.map((row) => [`${row.text}${row.before ? ` (after ${JSON.stringify(row.before)})` : ''} — ${row.why}`, row] as const))(
    '%s',
    (_, row) => {
      expect(factsAfter(row)).toEqual(row.after);
    },
  );
});

it('has at least 150 rows across the three languages', () => {
  expect(EN_SLOT_CASES.length + RU_SLOT_CASES.length + ZH_SLOT_CASES.length).toBeGreaterThanOrEqual(150);
});

it('marks a switch as a change, so the prompt says what the person left', () => {
  expect(extractSlots('I switched to a Mac last week').every((slot) => slot.change)).toBe(true);
  expect(extractSlots("I'm on Windows 11").every((slot) => !slot.change)).toBe(true);
});
