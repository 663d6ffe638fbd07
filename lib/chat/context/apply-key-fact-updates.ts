import type { KeyFactChange, KeyFactState, KeyFactUpdate } from './types';

export type KeyFactSource = { messageId: string; at: Date };

/**
 * Fold new slot values into the state. Newest wins, but nothing is overwritten silently:
 * every new value is appended to the slot's history with its source message and time,
 * and reported as a change so the prompt (and staff) can show it. Repeating the current
 * value is not a change and leaves the history alone. The input state is not mutated.
 */
export function applyKeyFactUpdates(
  current: KeyFactState[],
  updates: ReadonlyArray<Pick<KeyFactUpdate, 'key' | 'value' | 'add' | 'implied'>>,
  source: KeyFactSource,
): { next: KeyFactState[]; changes: KeyFactChange[] } {
  const next = current.map((keyFact) => ({ ...keyFact, history: [...keyFact.history] }));
  const changes: KeyFactChange[] = [];
  for (const update of updates) {
    const keyFact = next.find((candidate) => candidate.key === update.key);
    // "my Pixel 9" implies Android; it does not undo the "Android 15" the person named
    if (update.implied && keyFact?.value.split('; ').some((part) => part.startsWith(update.value.trim()))) continue;
    const value = keyFact && keyFact.value !== '' ? mergedValue(keyFact.value, update) : update.value.trim();
    if (value.length === 0) continue;
    const entry = { value, messageId: source.messageId, at: source.at };
    if (!keyFact) {
      next.push({ key: update.key, value, history: [entry] });
      changes.push({ key: update.key, from: null, to: value });
    } else if (keyFact.value !== value) {
      changes.push({ key: update.key, from: keyFact.value || null, to: value });
      keyFact.value = value;
      keyFact.history.push(entry);
    }
  }
  return { next, changes };
}

const PLACE = /\s\((\p{L}+)\)$/u;

/**
 * "a Mac too" joins the current value ("Windows 11; macOS"); a value for one place replaces only
 * that place ("Linux (home)" over "Windows (work); macOS (home)"); anything else replaces the value.
 */
function mergedValue(current: string, update: Pick<KeyFactUpdate, 'value' | 'add'>): string {
  const value = update.value.trim();
  const parts = current.split('; ');
  if (update.add) return parts.includes(value) ? current : [...parts, value].join('; ');
  const place = PLACE.exec(value)?.[1];
  if (!place || value.includes('; ') || !parts.some((part) => PLACE.test(part))) return value;
  const kept = parts.filter((part) => PLACE.exec(part)?.[1] !== place);
  return [...kept, value].join('; ');
}
