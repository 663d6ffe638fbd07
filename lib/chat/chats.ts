import type { Db } from '@/lib/db/client';
import type { ModelCatalog } from '@/lib/llm/catalog';
import { AppError, notFound } from '@/lib/http/errors';
import { DEFAULT_TITLE } from './turn/prepare-turn';

export async function createChat(db: Db, catalog: ModelCatalog, userId: string, input: { title?: string; model?: string }) {
  if (input.model && !catalog.find(input.model)) throw new AppError('validation_failed', `Unknown model "${input.model}".`);
  const chat = await db.chat.create({
    data: { userId, title: input.title?.trim() || DEFAULT_TITLE, model: input.model ?? catalog.default.id },
    select: { id: true },
  });
  return chat;
}

export async function listChats(db: Db, userId: string) {
  const chats = await db.chat.findMany({
    where: { userId, status: { not: 'archived' } },
    orderBy: { lastMessageAt: 'desc' },
    select: { id: true, title: true, status: true, model: true, lastMessageAt: true, createdAt: true },
    take: 200,
  });
  return chats;
}

/** Owner or staff close a chat; the person's next message reopens it. */
export async function closeChat(db: Db, chatId: string, viewer: { id: string; role: string }) {
  const closed = await db.chat.updateMany({
    where: viewer.role === 'staff' ? { id: chatId } : { id: chatId, userId: viewer.id },
    data: { status: 'closed' },
  });
  if (closed.count === 0) throw notFound('No such chat.');
}

/** The chat must be the caller's (another user's chat is a 404, never a 403). */
export async function requireOwnChat(db: Db, chatId: string, userId: string) {
  const chat = await db.chat.findFirst({ where: { id: chatId, userId }, select: { id: true, liveTurnId: true } });
  if (!chat) throw notFound('No such chat.');
  return chat;
}
