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

/**
 * A person's autosaves on one section are one version while they keep at it:
 * a save within this long of their previous one updates that version instead
 * of appending another. Two minutes of quiet closes it.
 */
export const VERSION_BURST_MS = 2 * 60_000;

/** The section's newest version, as the burst rule needs to see it. */
export interface OpenVersion {
  kind: string;
  authorId: string | null;
  savedAt: Date;
}

/**
 * Whether a save updates the section's newest version instead of appending:
 * only a person's manual save on top of their own manual version saved within
 * VERSION_BURST_MS. Anything else in between (another person, the pipeline,
 * an AI rewrite, a restore, a conflict resolution) is a newer version of
 * another kind, so the burst is already closed; and those writes always make
 * a version of their own.
 */
export function extendsOpenVersion(newest: OpenVersion | null, save: { kind: string; authorId: string | null }, now: Date): boolean {
  if (!newest || save.kind !== 'manual' || !save.authorId) return false;
  if (newest.kind !== 'manual' || newest.authorId !== save.authorId) return false;
  const quiet = now.getTime() - newest.savedAt.getTime();
  return quiet >= 0 && quiet <= VERSION_BURST_MS;
}
