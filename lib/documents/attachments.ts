import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import type { ParsedSource } from './sources/parse-source-file';
import { saveSources } from './sources/save-sources';

/** Files attached in a chat wait there (no document yet) until the chat's start_document adopts them. */
export async function attachToChat(db: Db, userId: string, chatId: string, sources: ParsedSource[]) {
  const chat = await db.chat.findFirst({ where: { id: chatId, userId }, select: { id: true } });
  if (!chat) throw new AppError('not_found', 'Chat not found.');
  return db.$transaction((tx) => saveSources(tx, { ownerId: userId, chatId }, sources));
}

/** Sources added after creation; research rounds that have not run yet will read them. */
export async function attachToDocument(db: Db, userId: string, documentId: string, sources: ParsedSource[]) {
  return db.$transaction((tx) => saveSources(tx, { ownerId: userId, documentId }, sources));
}
