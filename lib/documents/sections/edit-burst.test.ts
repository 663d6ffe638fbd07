import { describe, expect, it } from 'vitest';
import type { SectionChange, UpdatedBy, UpdatedEvent } from '../chat-events';
import { absorbSave, continuesBurst, EDIT_BURST_MS } from './edit-burst';

const alice: UpdatedBy = { userId: 'alice', name: 'Alice', assistant: false };
const bob: UpdatedBy = { userId: 'bob', name: 'Bob', assistant: false };
const assistantForAlice: UpdatedBy = { ...alice, assistant: true };
const start = new Date('2026-11-30T10:00:00Z');
const later = (ms: number) => new Date(start.getTime() + ms);

function change(
  sectionId: string,
  version: number,
  wordsBefore: number,
  wordsAfter: number,
  how: SectionChange['how'] = 'edited',
): SectionChange {
  return { sectionId, section: `Section ${sectionId}`, how, version, wordsBefore, wordsAfter };
}

function card(by: UpdatedBy | undefined, at: Date, changes = [change('s1', 2, 100, 110)]): UpdatedEvent {
  return {
    event: 'document_updated',
    documentId: 'doc',
    title: 'Report',
    changes,
    by,
    saves: 1,
    firstAt: at.toISOString(),
    lastAt: at.toISOString(),
  };
}

describe('a person’s saves on a document are one card per burst', () => {
  it('the same person saving again within the burst window joins the card', () => {
    expect(continuesBurst(card(alice, start), 'doc', alice, later(EDIT_BURST_MS))).toBe(true);
  });

  it('a pause longer than the window starts a new card', () => {
    expect(continuesBurst(card(alice, start), 'doc', alice, later(EDIT_BURST_MS + 1))).toBe(false);
  });

  it('the window counts from the burst’s last save, so steady typing stays one card', () => {
    let event = card(alice, start);
    for (let minute = 1; minute <= 30; minute += 5) {
      const now = later(minute * 60_000);
      expect(continuesBurst(event, 'doc', alice, now)).toBe(true);
      event = absorbSave(event, change('s1', 2 + minute, 100, 110 + minute), now);
    }
    expect(event.saves).toBe(7);
  });

  it('another person, another document or an assistant change never joins a person’s card', () => {
    expect(continuesBurst(card(alice, start), 'doc', bob, later(1000))).toBe(false);
    expect(continuesBurst(card(alice, start), 'other-doc', alice, later(1000))).toBe(false);
    expect(continuesBurst(card(alice, start), 'doc', assistantForAlice, later(1000))).toBe(false);
  });

  it('each assistant change keeps its own card, and cards from before authors were recorded are left alone', () => {
    expect(continuesBurst(card(assistantForAlice, start), 'doc', alice, later(1000))).toBe(false);
    expect(continuesBurst(card(undefined, start), 'doc', alice, later(1000))).toBe(false);
  });

  it('a section saved twice shows its words before the burst and after the last save; a new section is added', () => {
    const first = card(alice, start, [change('s1', 2, 100, 110)]);
    const second = absorbSave(first, change('s1', 3, 110, 125), later(60_000));
    const third = absorbSave(second, change('s2', 5, 40, 38, 'restored'), later(120_000));
    expect(third.changes).toEqual([change('s1', 3, 100, 125), change('s2', 5, 40, 38, 'restored')]);
    expect(third).toMatchObject({ saves: 3, firstAt: start.toISOString(), lastAt: later(120_000).toISOString() });
  });
});
