import type { SectionChange, UpdatedBy, UpdatedEvent } from '../chat-events';

/**
 * A person saving as they type would post a card per autosave. Their saves on
 * one document are one burst while no gap between two of them is longer than
 * this; the burst is one card that updates.
 */
export const EDIT_BURST_MS = 10 * 60_000;

/**
 * Whether a person's new save belongs to the burst an earlier Updated card
 * summarises: same person, same document, not a change the assistant made
 * (those are reported one by one), and within EDIT_BURST_MS of that card's
 * last save. Cards written before `by` existed never absorb new saves.
 */
export function continuesBurst(previous: UpdatedEvent, documentId: string, by: UpdatedBy, now: Date): boolean {
  if (by.assistant || !previous.by || previous.by.assistant) return false;
  if (previous.documentId !== documentId || previous.by.userId !== by.userId) return false;
  const lastAt = Date.parse(previous.lastAt ?? '');
  return Number.isFinite(lastAt) && now.getTime() - lastAt <= EDIT_BURST_MS;
}

/**
 * The burst's card after one more save: a section saved again keeps the word
 * count it had before the burst and takes the new version, count and kind of
 * change; a newly touched section is added after the others.
 */
export function absorbSave(previous: UpdatedEvent, change: SectionChange, now: Date): UpdatedEvent {
  const known = previous.changes.some((c) => c.sectionId === change.sectionId);
  const changes = known
    ? previous.changes.map((c) => (c.sectionId === change.sectionId ? { ...change, wordsBefore: c.wordsBefore } : c))
    : [...previous.changes, change];
  return { ...previous, changes, saves: (previous.saves ?? 1) + 1, lastAt: now.toISOString() };
}
