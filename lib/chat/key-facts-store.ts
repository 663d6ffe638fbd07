import type { Db, Tx } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { applyKeyFactUpdates } from '@/lib/chat/context/apply-key-fact-updates';
import { BUILT_IN_KEY_FACT_KEYS, canonicalKeyFactKey, canonicalKeyFactValue } from '@/lib/chat/context/key-fact-keys';
import type { KeyFactChange, KeyFactKey, KeyFactState, KeyFactUpdate } from '@/lib/chat/context/types';

export async function loadKeyFactStates(db: Db | Tx, chatId: string): Promise<KeyFactState[]> {
  const keyFacts = await db.slot.findMany({
    where: { chatId },
    include: { history: { orderBy: { at: 'asc' } } },
    orderBy: { key: 'asc' },
  });
  return keyFacts.map((s) => ({
    key: s.key,
    value: s.value,
    history: s.history.map((h) => ({ value: h.value, messageId: h.messageId, at: h.at })),
  }));
}

export type KeyFactSourceKind = 'extracted' | 'tool' | 'person' | 'carried';

/**
 * The one writer of a chat's slots, whichever path the fact came by (the rules, the
 * remember_fact tool, the person's edit, a carried topic): keys and values are put in one
 * spelling first, so "fact:os" and "os" are one fact. Newest wins, every change appended
 * to the slot's history with its source message. Same value again: no change.
 */
/**
 * Key facts ride in every prompt and never fall out of it, so they are bounded: 600 pinned facts once pushed
 * every prompt past the model's window and every turn failed. A new key beyond the cap is not pinned (the
 * person can remove one); a value is kept to its first MAX_KEY_FACT_CHARS characters.
 */
export const MAX_KEY_FACTS = 40;
export const MAX_KEY_FACT_CHARS = 300;

export async function recordKeyFactValues(
  tx: Tx,
  chatId: string,
  updates: ReadonlyArray<Pick<KeyFactUpdate, 'key' | 'value' | 'add'>>,
  source: { messageId: string | null; at: Date; kind: KeyFactSourceKind },
): Promise<KeyFactChange[]> {
  if (updates.length === 0) return [];
  const current = await loadKeyFactStates(tx, chatId);
  const canonical = updates.map((update) => {
    const fact = canonicalUpdate(update);
    return fact.value.length > MAX_KEY_FACT_CHARS ? { ...fact, value: fact.value.slice(0, MAX_KEY_FACT_CHARS) } : fact;
  });
  const applied = applyKeyFactUpdates(current, canonical, { messageId: source.messageId ?? '', at: source.at }).changes;
  const known = new Set(current.map((keyFact) => keyFact.key));
  let room = MAX_KEY_FACTS - known.size;
  const changes = applied.filter((change) => known.has(change.key) || room-- > 0);
  for (const change of changes) {
    const keyFact = await tx.slot.upsert({
      where: { chatId_key: { chatId, key: change.key } },
      create: { chatId, key: change.key, value: change.to },
      update: { value: change.to },
    });
    await tx.slotChange.create({
      data: { slotId: keyFact.id, value: change.to, source: source.kind, messageId: source.messageId, at: source.at },
    });
  }
  return changes;
}

/** The person removes a pinned fact; its history stays (a removal is an entry too). */
export async function removeKeyFact(tx: Tx, chatId: string, key: string): Promise<boolean> {
  const keyFact = await tx.slot.findUnique({ where: { chatId_key: { chatId, key } } });
  if (!keyFact) return false;
  await tx.slotChange.create({ data: { slotId: keyFact.id, value: null, source: 'person', at: new Date() } });
  // keep the row (and its history) but out of the prompt: an empty value is not shown
  await tx.slot.update({ where: { id: keyFact.id }, data: { value: '' } });
  return true;
}

/** A fact in the one spelling every path shares: "Operating System" → os, "windows 11" → "Windows 11". */
export function canonicalUpdate<U extends Pick<KeyFactUpdate, 'key' | 'value'>>(update: U): U {
  let key: string;
  try {
    key = canonicalKeyFactKey(update.key);
  } catch (error) {
    if (error instanceof RangeError) throw new AppError('validation_failed', error.message);
    throw error;
  }
  const value = BUILT_IN_KEY_FACT_KEYS.includes(key as KeyFactKey) ? canonicalKeyFactValue(key, update.value) : update.value.trim();
  return { ...update, key, value };
}
