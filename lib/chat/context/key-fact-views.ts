import { KEY_FACT_KEYS, type KeyFactState, type KeyFactView } from './types';

/** A change older than this is settled: the prompt stops mentioning the old value. */
export const DEFAULT_RECENT_CHANGE_MS = 7 * 24 * 60 * 60 * 1000;

const KEY_FACT_ORDER: readonly string[] = KEY_FACT_KEYS;

/**
 * What the prompt shows of the slots: the current value, plus the previous one while the
 * change is recent (the model should know the user moved, e.g. not to repeat Windows steps).
 * Built-in keys first in a fixed order, then free-form facts by key, so the prompt is stable
 * across turns (stable prefixes also let providers cache them).
 */
export function toKeyFactViews(states: KeyFactState[], now: Date, recentChangeMs: number = DEFAULT_RECENT_CHANGE_MS): KeyFactView[] {
  return [...states]
    .sort((a, b) => orderOf(a.key) - orderOf(b.key) || a.key.localeCompare(b.key))
    .map((state) => {
      const last = state.history[state.history.length - 1];
      const before = state.history[state.history.length - 2];
      const recent = last !== undefined && now.getTime() - last.at.getTime() <= recentChangeMs;
      return before?.value && recent && before.value !== state.value
        ? { key: state.key, value: state.value, previous: before.value }
        : { key: state.key, value: state.value };
    });
}

function orderOf(key: string): number {
  const index = KEY_FACT_ORDER.indexOf(key);
  return index === -1 ? KEY_FACT_ORDER.length : index;
}
