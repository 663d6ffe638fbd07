import type { ChatJson, ChatMessageJson } from '@/components/api/api-types';
import { NO_EARLIER_USAGE, usageLessPage } from '@/components/insights/turn-costs';

/** The element id of a message in a conversation, for scrolling to it. */
export const messageAnchor = (messageId: string) => `message-${messageId}`;

/** A conversation page (a chat, a staff transcript) opened at one of its messages; the newest page without one. */
export function openedAtMessage(path: string, messageId: string | null | undefined): string {
  return messageId ? `${path}?message=${encodeURIComponent(messageId)}` : path;
}

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
  // what came before the kept messages is what came before them when they were read
  return {
    ...latest,
    messages: [...current.messages.slice(0, at), ...latest.messages],
    olderPage: current.olderPage,
    earlierUsage: current.earlierUsage,
  };
}

/** A newer page (oldest first: the view was opened far back and the person reads on down) put after the messages shown. */
export function appendNewerPage(current: ChatJson, page: { items: ChatMessageJson[]; next: string | null }): ChatJson {
  const shown = new Set(current.messages.map((m) => m.id));
  const newer = page.items.filter((m) => !shown.has(m.id));
  return { ...current, messages: [...current.messages, ...newer], newerPage: page.next };
}

/** An older page (newest first, as the list route answers) put in front of the messages shown. */
export function prependOlderPage(current: ChatJson, page: { items: ChatMessageJson[]; next: string | null }): ChatJson {
  const shown = new Set(current.messages.map((m) => m.id));
  const older = page.items.filter((m) => !shown.has(m.id)).reverse();
  return {
    ...current,
    messages: [...older, ...current.messages],
    olderPage: page.next,
    earlierUsage: page.next ? usageLessPage(current.earlierUsage, older) : NO_EARLIER_USAGE,
  };
}
