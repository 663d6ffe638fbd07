import type { KeyFactView } from './types';

/** Labels the model reads; unknown keys (and `fact:<name>`) fall back to a readable form. */
const KEY_FACT_LABELS: Record<string, string> = {
  os: 'OS',
  device: 'Device',
  phone_os: 'Phone OS',
  phone: 'Phone',
  tablet: 'Tablet',
  app_version: 'App version',
  plan: 'Plan',
  language: 'Preferred language',
};

export function keyFactLabel(key: string): string {
  if (KEY_FACT_LABELS[key]) return KEY_FACT_LABELS[key];
  const name = key.startsWith('fact:') ? key.slice('fact:'.length) : key;
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The "Known facts about the user" block of the system message.
 * A changed value names the old one, so the model does not answer for the environment
 * the user left (and can say so if an earlier answer assumed it). `unattributed`: device or OS
 * words of the current message whose owner the rules could not tell ("my son's works, but on
 * Android it crashes"); the model, reading the whole message, may save them with remember_fact
 * in the same answer (no extra call), and a later statement either way wins as any fact does.
 */
export function renderKeyFacts(keyFacts: KeyFactView[], unattributed: readonly string[] = []): string {
  if (keyFacts.length === 0 && unattributed.length === 0) return '';
  const lines = keyFacts.map((keyFact) => {
    const changed = keyFact.previous !== undefined && keyFact.previous !== keyFact.value;
    return `- ${keyFactLabel(keyFact.key)}: ${keyFact.value}${changed ? ` (changed from ${keyFact.previous})` : ''}`;
  });
  if (unattributed.length > 0) {
    lines.push(`Unclear whose (current message): ${unattributed.join(', ')}. If the user's own, save it with remember_fact.`);
  }
  // the heading is sent on every turn once a fact is known: five tokens less each turn than "(from their own messages)"
  return ['Known facts about the user:', ...lines].join('\n');
}

export function renderSummary(summary: string): string {
  return `Summary of the earlier conversation:\n${summary.trim()}`;
}

/** Older messages recalled by search, quoted whole (or by their numbered lines) with who wrote them. */
export function renderRecalled(messages: Array<{ role: string; text: string }>): string {
  const quoted = messages.map((m) => `<<<${m.role === 'assistant' ? 'ASSISTANT' : 'USER'} (earlier in this chat)\n${m.text}\n>>>`);
  return ['Earlier messages of this chat that the current message refers to:', ...quoted].join('\n');
}
