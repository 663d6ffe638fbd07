import type { SlotState } from './types';

/**
 * The slots as they were before `messageIds` were said: an edited question takes back the facts that it and
 * the turns after it stated. Each slot falls back to its newest value from a message that stays (or a
 * person's own pin); a slot that only those messages set is gone. The input is not mutated.
 */
export function forgetSlotValues(slots: readonly SlotState[], messageIds: ReadonlySet<string>): SlotState[] {
  const kept: SlotState[] = [];
  for (const slot of slots) {
    const history = slot.history.filter((entry) => !entry.messageId || !messageIds.has(entry.messageId));
    if (history.length === slot.history.length) {
      kept.push(slot);
      continue;
    }
    if (history.length === 0) continue;
    kept.push({ key: slot.key, value: history.at(-1)!.value ?? '', history });
  }
  return kept;
}
