import type { SlotChange, SlotState, SlotUpdate } from './types';

export type SlotSource = { messageId: string; at: Date };

/**
 * Fold new slot values into the state. Newest wins, but nothing is overwritten silently:
 * every new value is appended to the slot's history with its source message and time,
 * and reported as a change so the prompt (and staff) can show it. Repeating the current
 * value is not a change and leaves the history alone. The input state is not mutated.
 */
export function applySlotUpdates(
  current: SlotState[],
  updates: ReadonlyArray<Pick<SlotUpdate, 'key' | 'value'>>,
  source: SlotSource,
): { next: SlotState[]; changes: SlotChange[] } {
  const next = current.map((slot) => ({ ...slot, history: [...slot.history] }));
  const changes: SlotChange[] = [];
  for (const update of updates) {
    const value = update.value.trim();
    if (value.length === 0) continue;
    const entry = { value, messageId: source.messageId, at: source.at };
    const slot = next.find((candidate) => candidate.key === update.key);
    if (!slot) {
      next.push({ key: update.key, value, history: [entry] });
      changes.push({ key: update.key, from: null, to: value });
    } else if (slot.value !== value) {
      changes.push({ key: update.key, from: slot.value, to: value });
      slot.value = value;
      slot.history.push(entry);
    }
  }
  return { next, changes };
}
