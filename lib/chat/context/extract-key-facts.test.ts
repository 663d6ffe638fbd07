import { describe, expect, it } from 'vitest';
import { applyKeyFactUpdates } from './apply-key-fact-updates';
import { extractKeyFacts } from './extract-key-facts';
import { EN_KEY_FACT_CASES } from '@/tests/support/key-fact-cases/key-fact-cases-en';
import { RU_KEY_FACT_CASES } from '@/tests/support/key-fact-cases/key-fact-cases-ru';
import { ZH_KEY_FACT_CASES } from '@/tests/support/key-fact-cases/key-fact-cases-zh';
import type { KeyFactCase } from '@/tests/support/key-fact-cases/key-fact-case';
import type { KeyFactState } from './types';

const at = new Date('2026-01-05T09:00:00Z');

/** The facts after `text`, read and applied as the chat route does, starting from `before`. */
function factsAfter(row: KeyFactCase): Record<string, string> {
  const start: KeyFactState[] = Object.entries(row.before ?? {}).map(([key, value]) => ({
    key,
    value,
    history: [{ value, messageId: 'm0', at }],
  }));
  const { next } = applyKeyFactUpdates(start, extractKeyFacts(row.text), { messageId: 'm1', at });
  return Object.fromEntries(next.map((keyFact) => [keyFact.key, keyFact.value]));
}

describe.each([
  ['English', EN_KEY_FACT_CASES],
  ['Russian', RU_KEY_FACT_CASES],
  ['Chinese', ZH_KEY_FACT_CASES],
] as const)('%s slot fixtures', (_, rows) => {
  it.each(rows.map((row) => [`${row.text}${row.before ? ` (after ${JSON.stringify(row.before)})` : ''} — ${row.why}`, row] as const))(
    '%s',
    (_, row) => {
      expect(factsAfter(row)).toEqual(row.after);
    },
  );
});

it('has at least 150 rows across the three languages', () => {
  expect(EN_KEY_FACT_CASES.length + RU_KEY_FACT_CASES.length + ZH_KEY_FACT_CASES.length).toBeGreaterThanOrEqual(150);
});

it('marks a switch as a change, so the prompt says what the person left', () => {
  expect(extractKeyFacts('I switched to a Mac last week').every((keyFact) => keyFact.change)).toBe(true);
  expect(extractKeyFacts("I'm on Windows 11").every((keyFact) => !keyFact.change)).toBe(true);
});
