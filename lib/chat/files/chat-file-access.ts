import { recordAudit, type PersonActor } from '@/lib/audit/audit-log';
import type { Db } from '@/lib/db/client';
import { notFound } from '@/lib/errors';
import { chatFileUrl } from './chat-file-url';

/** A message's attachments as the chat shows them (no bytes: the chip links to the download). */
export interface MessageFileView {
  id: string;
  name: string;
  kind: 'file' | 'image';
  size: number;
  /** its download (GET /api/chats/:id/files/:fileId) */
  url: string;
}

/** The files of a page of messages, by message: one indexed query. */
export async function filesByMessage(db: Db, messageIds: readonly string[]): Promise<Map<string, MessageFileView[]>> {
  const byMessage = new Map<string, MessageFileView[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db.chatFile.findMany({
    where: { messageId: { in: [...messageIds] } },
    orderBy: [{ createdAt: 'asc' }, { name: 'asc' }],
    select: { id: true, name: true, kind: true, size: true, messageId: true, chatId: true },
  });
  for (const { messageId, chatId, ...file } of rows) {
    const list = byMessage.get(messageId!) ?? [];
    list.push({ ...file, kind: file.kind === 'image' ? 'image' : 'file', url: chatFileUrl(chatId, file.id) });
    byMessage.set(messageId!, list);
  }
  return byMessage;
}

/**
 * GET /api/chats/:id/files/:fileId: the file as uploaded (an image as re-encoded), for its owner and
 * for staff; anyone else gets the same 404 as for a file that does not exist. Staff reading another
 * person's file is a row in the audit log, as opening their transcript is (the file may hold more
 * than the transcript shows: a whole contract, a screenshot).
 */
export async function readChatFile(
  db: Db,
  viewer: { id: string; role: 'user' | 'staff' },
  actor: PersonActor,
  chatId: string,
  fileId: string,
) {
  const file = await db.chatFile.findFirst({
    where: { id: fileId, chatId, ...(viewer.role === 'staff' ? {} : { ownerId: viewer.id }) },
    select: {
      name: true,
      kind: true,
      mediaType: true,
      bytes: true,
      ownerId: true,
      chat: { select: { title: true, user: { select: { email: true } } } },
    },
  });
  if (!file) throw notFound('No such file in this chat.');
  const { ownerId, chat, ...shown } = file;
  if (ownerId !== viewer.id)
    await recordAudit(db, {
      actor,
      action: 'chat_file_opened',
      target: { type: 'chat', id: chatId, label: chat.title },
      detail: { owner: chat.user.email, file: shown.name },
    });
  return shown;
}

/** The download's headers: an image shows inline as itself; anything else downloads, never rendered as a page. */
export function fileResponse(file: { name: string; kind: string; mediaType: string; bytes: Uint8Array }): Response {
  const inline = file.kind === 'image';
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': inline ? file.mediaType : 'application/octet-stream',
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, max-age=3600',
    },
  });
}
