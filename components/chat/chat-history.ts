import type { ChatJson, ChatMessageJson } from '@/components/api/api-types';

/**
 * A chat opens with its newest page of messages; older pages are read as the
 * person scrolls up. When the view is fetched again (an answer saved, a
 * document's message posted) it comes with the newest page only: the older
 * messages already read stay in front of it, as long as the two overlap.
 */
export function keepEarlierMessages(current: ChatJson, latest: ChatJson): ChatJson {
  const first = latest.messages[0];
  if (!first) return latest;
  const at = current.messages.findIndex((m) => m.id === first.id);
  if (at <= 0) return latest;
  return { ...latest, messages: [...current.messages.slice(0, at), ...latest.messages], olderPage: current.olderPage };
}

/** An older page (newest first, as the list route answers) put in front of the messages shown. */
export function prependOlderPage(current: ChatJson, page: { items: ChatMessageJson[]; next: string | null }): ChatJson {
  const shown = new Set(current.messages.map((m) => m.id));
  const older = page.items.filter((m) => !shown.has(m.id)).reverse();
  return { ...current, messages: [...older, ...current.messages], olderPage: page.next };
}
