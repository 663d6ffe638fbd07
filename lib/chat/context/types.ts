/** The shapes the context builder works on: plain data, no database rows. */

export type ContextRole = 'user' | 'assistant' | 'system';

export type ContextMessage = { id: string; role: ContextRole; text: string };

/** An older message found by search for the current one: `matched` are the words it shares, `focusLines` the lines asked about. */
export type RecalledMessage = ContextMessage & { matched: string[]; focusLines?: number[] };

export type PromptMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** The built-in slot keys, in the order the prompt shows them: the computer's OS and model, the phone's OS and model, a tablet, app version, plan, language. Free-form facts from the remember_fact tool use `fact:<name>`. */
export const KEY_FACT_KEYS = ['os', 'device', 'phone_os', 'phone', 'tablet', 'app_version', 'plan', 'language'] as const;
export type KeyFactKey = (typeof KEY_FACT_KEYS)[number];

export type FactKeyFactKey = `fact:${string}`;

/** A key a slot can have: a built-in one, or `fact:` and the slug factSlotKey makes of a name (letters and digits joined by `_`). */
export function isKeyFactKey(key: string): key is KeyFactKey | FactKeyFactKey {
  return (KEY_FACT_KEYS as readonly string[]).includes(key) || (/^fact:[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)*$/u.test(key) && key.length <= 100);
}

/** What the prompt shows of one slot. `previous` is set when the value changed recently. */
export type KeyFactView = { key: string; value: string; previous?: string };

export type KeyFactHistoryEntry = { value: string | null; messageId: string | null; at: Date };

/** A slot with its whole history (oldest first); the last entry is the current value. */
export type KeyFactState = { key: string; value: string; history: KeyFactHistoryEntry[] };

/**
 * `add`: the value joins the current one ("a Mac too") instead of replacing it.
 * `implied`: follows from another value ("a Pixel" runs Android) and never narrows a value already named ("Android 15").
 */
export type KeyFactUpdate = { key: string; value: string; change?: boolean; add?: boolean; implied?: boolean };

export type KeyFactChange = { key: string; from: string | null; to: string };
