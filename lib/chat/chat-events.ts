import type { Tx } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';

/**
 * A message no model writes: `role: system, kind: event`, its text for people
 * and its `meta` for the UI. Other domains (documents) post into a chat only
 * through these functions, so the chat's rows and its `lastMessageAt` stay the
 * chat's own business.
 */
export interface ChatEvent {
  text: string;
  meta: Record<string, unknown>;
}

export async function postChatEvent(tx: Tx, chatId: string, event: ChatEvent): Promise<string> {
  const message = await tx.message.create({
    data: { chatId, role: 'system', kind: 'event', text: event.text, status: 'complete', meta: asJson(event.meta) },
    select: { id: true, createdAt: true },
  });
  await tx.chat.update({ where: { id: chatId }, data: { lastMessageAt: message.createdAt } });
  return message.id;
}

/** The chat's newest event whose meta has these top-level values. */
export async function latestChatEvent(
  tx: Tx,
  chatId: string,
  metaEquals: Record<string, string>,
): Promise<{ id: string; meta: Prisma.JsonValue } | null> {
  return tx.message.findFirst({
    where: { chatId, kind: 'event', AND: Object.entries(metaEquals).map(([key, value]) => ({ meta: { path: [key], equals: value } })) },
    orderBy: { createdAt: 'desc' },
    select: { id: true, meta: true },
  });
}

/** An event rewritten in place (a card that absorbs later changes); the chat counts as active again. */
export async function rewriteChatEvent(tx: Tx, chatId: string, messageId: string, event: ChatEvent, now: Date): Promise<void> {
  await tx.message.update({ where: { id: messageId }, data: { text: event.text, meta: asJson(event.meta) } });
  await tx.chat.update({ where: { id: chatId }, data: { lastMessageAt: now } });
}

const asJson = (meta: Record<string, unknown>) => JSON.parse(JSON.stringify(meta)) as Prisma.InputJsonValue;
