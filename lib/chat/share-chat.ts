import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import type { PageRequest } from '@/lib/db/keyset';
import { AppError, notFound } from '@/lib/errors';
import { listChatMessages, loadChatView } from './chat-view';

/**
 * A chat shared by a read-only link: viewers (any signed-in account) see the
 * chat as it was when the link was made — messages written later are not
 * shown. One active link per chat; revoking it makes its address a 404, and a
 * new link has a new token.
 *
 * The token is derived from the share's id with the deployment's secret, so the
 * owner's dialog can show the active link again, while the table keeps only the
 * token's hash (a leaked table opens no chat).
 */
export interface ChatShareLink {
  url: string;
  createdAt: Date;
  snapshotAt: Date;
}

const tokenOf = (secret: string, shareId: string) => createHmac('sha256', secret).update(`quire chat share ${shareId}`).digest('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
export const sharedChatPath = (token: string) => `/shared/chats/${token}`;

async function ownChat(db: Db, chatId: string, ownerId: string) {
  const chat = await db.chat.findFirst({ where: { id: chatId, userId: ownerId }, select: { id: true } });
  if (!chat) throw notFound('No such chat.');
  return chat;
}

function linkOf(origin: string, secret: string, share: { id: string; createdAt: Date; snapshotAt: Date }): ChatShareLink {
  return { url: `${origin}${sharedChatPath(tokenOf(secret, share.id))}`, createdAt: share.createdAt, snapshotAt: share.snapshotAt };
}

/** The owner makes the link (409 while one is active: the database's partial unique index decides a race). */
export async function createChatShare(
  db: Db,
  chatId: string,
  ownerId: string,
  link: { origin: string; secret: string },
): Promise<ChatShareLink> {
  const chat = await ownChat(db, chatId, ownerId);
  const snapshotAt = new Date();
  try {
    // the id is chosen here so the row is written once, with its token's hash
    const id = randomUUID();
    const share = await db.chatShare.create({ data: { id, chatId: chat.id, snapshotAt, tokenHash: hashOf(tokenOf(link.secret, id)) } });
    return linkOf(link.origin, link.secret, share);
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') throw new AppError('conflict', 'This chat already has a link; revoke it first.');
    throw error;
  }
}

/** The chat's active link, for its owner (404 when there is none). */
export async function activeChatShare(
  db: Db,
  chatId: string,
  ownerId: string,
  link: { origin: string; secret: string },
): Promise<ChatShareLink> {
  const chat = await ownChat(db, chatId, ownerId);
  const share = await db.chatShare.findFirst({ where: { chatId: chat.id, revokedAt: null } });
  if (!share) throw notFound('This chat has no link.');
  return linkOf(link.origin, link.secret, share);
}

/** The owner revokes the active link: its address is a 404 from now on. */
export async function revokeChatShare(db: Db, chatId: string, ownerId: string): Promise<void> {
  const chat = await ownChat(db, chatId, ownerId);
  const { count } = await db.chatShare.updateMany({ where: { chatId: chat.id, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0) throw notFound('This chat has no link.');
}

async function activeShareOf(db: Db, token: string) {
  if (token.length === 0 || token.length > 100) throw notFound('No such link.');
  const share = await db.chatShare.findFirst({
    where: { tokenHash: hashOf(token), revokedAt: null },
    include: { chat: { select: { userId: true, user: { select: { name: true, email: true } } } } },
  });
  if (!share) throw notFound('No such link.');
  return share;
}

/** What a viewer reads: the title, who shared it, when, and the newest page of the snapshot's messages. */
export async function openSharedChat(db: Db, token: string) {
  const share = await activeShareOf(db, token);
  const view = await loadChatView(db, share.chatId, share.chat.userId, { until: share.snapshotAt });
  return {
    title: view.title,
    sharedBy: share.chat.user.name || share.chat.user.email,
    snapshotAt: share.snapshotAt,
    messages: view.messages.map(({ costMicros: _cost, usage: _usage, files: _files, ...message }) => message),
    older: view.older,
    newer: null,
  };
}

/** An earlier page of the snapshot's messages, newest first. */
export async function listSharedMessages(db: Db, token: string, page: PageRequest) {
  const share = await activeShareOf(db, token);
  const rows = await listChatMessages(
    db,
    share.chatId,
    share.chat.userId,
    { ...page, after: page.after && { ...page.after, newer: undefined } },
    { until: share.snapshotAt },
  );
  return { items: rows.items.map(({ costMicros: _cost, usage: _usage, files: _files, ...message }) => message), next: rows.next };
}

export type SharedChatView = Awaited<ReturnType<typeof openSharedChat>>;
