import type { KeyFactState } from './types';

/**
 * The slots as they were before `messageIds` were said: an edited question takes back the facts that it and
 * the turns after it stated. Each slot falls back to its newest value from a message that stays (or a
 * person's own pin); a slot that only those messages set is gone. The input is not mutated.
 */
export function forgetKeyFactValues(keyFacts: readonly KeyFactState[], messageIds: ReadonlySet<string>): KeyFactState[] {
  const kept: KeyFactState[] = [];
  for (const keyFact of keyFacts) {
    const history = keyFact.history.filter((entry) => !entry.messageId || !messageIds.has(entry.messageId));
    if (history.length === keyFact.history.length) {
      kept.push(keyFact);
      continue;
    }
    if (history.length === 0) continue;
    kept.push({ key: keyFact.key, value: history.at(-1)!.value ?? '', history });
  }
  return kept;
}
