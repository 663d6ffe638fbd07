import { recordAudit, type AuditActor } from '@/lib/audit/audit-log';
import type { Db } from '@/lib/db/client';
import { keysetWhere, takeOneMore, toPage, type PageRequest } from '@/lib/db/keyset';
import type { ModelCatalog } from '@/lib/llm/catalog';
import { AppError, notFound } from '@/lib/errors';
import { loadKeyFactStates, recordKeyFactValues } from './key-facts-store';
import { DEFAULT_CHAT_TITLE as DEFAULT_TITLE } from './limits';

export async function createChat(
  db: Db,
  catalog: ModelCatalog,
  userId: string,
  input: { title?: string; model?: string; carrySlotsFrom?: string; reuseEmpty?: boolean },
) {
  if (input.model && !catalog.find(input.model)) throw new AppError('validation_failed', `Unknown model "${input.model}".`);
  return db.$transaction(async (tx) => {
    if (input.reuseEmpty && !input.carrySlotsFrom) {
      // "New chat" pressed again: the untouched chat already there, not one more empty one
      const empty = await tx.chat.findFirst({
        where: { userId, status: 'open', messages: { none: {} }, slots: { none: {} } },
        orderBy: { createdAt: 'desc' },
        select: { id: true },
      });
      if (empty) return empty;
    }
    const from = input.carrySlotsFrom ? await tx.chat.findFirst({ where: { id: input.carrySlotsFrom, userId } }) : null;
    if (input.carrySlotsFrom && !from) throw notFound('No such chat to carry key facts from.');
    const chat = await tx.chat.create({
      data: { userId, title: input.title?.trim() || DEFAULT_TITLE, model: input.model ?? from?.model ?? catalog.default.id },
      select: { id: true },
    });
    if (from) {
      // a new topic keeps what Quire knows about the person, with where it came from
      const keyFacts = (await loadKeyFactStates(tx, from.id)).filter((keyFact) => keyFact.value !== '');
      await recordKeyFactValues(tx, chat.id, keyFacts, { messageId: null, at: new Date(), kind: 'carried' });
    }
    return chat;
  });
}

/** A chat untouched this long suggests starting a new topic (its key facts carry over). */
export function isIdle(lastMessageAt: Date, idleMinutes: number, now = new Date()): boolean {
  return now.getTime() - lastMessageAt.getTime() > idleMinutes * 60_000;
}

const CHAT_SUMMARY = { id: true, title: true, status: true, model: true, webSearch: true, lastMessageAt: true, createdAt: true } as const;

/** The person's chats in the list (not archived), newest activity first, a page at a time. */
export async function listChats(db: Db, userId: string, page: PageRequest) {
  const rows = await db.chat.findMany({
    where: { userId, status: { not: 'archived' }, ...keysetWhere('lastMessageAt', page.after) },
    orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
    select: CHAT_SUMMARY,
    take: takeOneMore(page),
  });
  return toPage(rows, page, (chat) => ({ at: chat.lastMessageAt, id: chat.id }));
}

/**
 * Owner or staff close a chat; the person's next message reopens it. Staff
 * closing someone else's chat is recorded in the audit log, in the same
 * transaction.
 */
export async function closeChat(db: Db, chatId: string, viewer: { id: string; role: string }, actor: AuditActor) {
  await db.$transaction(async (tx) => {
    const closed = await tx.chat.updateMany({
      where: viewer.role === 'staff' ? { id: chatId } : { id: chatId, userId: viewer.id },
      data: { status: 'closed' },
    });
    if (closed.count === 0) throw notFound('No such chat.');
    if (viewer.role !== 'staff') return;
    const chat = await tx.chat.findUniqueOrThrow({
      where: { id: chatId },
      select: { userId: true, title: true, user: { select: { email: true } } },
    });
    if (chat.userId !== viewer.id)
      await recordAudit(tx, {
        actor,
        action: 'chat_closed',
        target: { type: 'chat', id: chatId, label: chat.title },
        detail: { owner: chat.user.email },
      });
  });
}

/** The chat must be the caller's (another user's chat is a 404, never a 403). */
export async function requireOwnChat(db: Db, chatId: string, userId: string) {
  const chat = await db.chat.findFirst({ where: { id: chatId, userId }, select: { id: true, liveTurnId: true } });
  if (!chat) throw notFound('No such chat.');
  return chat;
}

/**
 * The person renames a chat, turns its summaries of older turns on or off, gives it instructions of its own,
 * or switches its web search off (or on again).
 */
export async function updateChatSettings(
  db: Db,
  chatId: string,
  userId: string,
  input: { title?: string; summariesEnabled?: boolean; instructions?: string; webSearch?: boolean },
) {
  const updated = await db.chat.updateMany({
    where: { id: chatId, userId },
    data: {
      ...(input.title !== undefined ? { title: input.title.trim() || DEFAULT_TITLE } : {}),
      ...(input.summariesEnabled !== undefined ? { summariesEnabled: input.summariesEnabled } : {}),
      ...(input.instructions !== undefined ? { instructions: input.instructions.trim() } : {}),
      ...(input.webSearch !== undefined ? { webSearch: input.webSearch } : {}),
    },
  });
  if (updated.count === 0) throw notFound('No such chat.');
}

/**
 * The owner deletes a chat: its messages and key facts go, files still waiting
 * in it go, documents started from it stay (unlinked), and its ledger entries
 * stay with the chat's id (the ledger has no foreign key: what was spent is
 * never erased). Refused with 409 while an answer is being written.
 */
export async function deleteChat(db: Db, chatId: string, userId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const deleted = await tx.chat.deleteMany({ where: { id: chatId, userId, liveTurnId: null } });
    if (deleted.count === 0) {
      const exists = await tx.chat.findFirst({ where: { id: chatId, userId }, select: { id: true } });
      if (!exists) throw notFound('No such chat.');
      throw new AppError('turn_in_progress', 'An answer is being written in this chat; stop it first, then delete the chat.');
    }
    await tx.source.deleteMany({ where: { chatId, ownerId: userId, documentId: null } });
  });
}

/** The owner archives a chat (out of the list, still readable by its address) or brings it back. */
export async function setChatArchived(db: Db, chatId: string, userId: string, archived: boolean): Promise<void> {
  const updated = await db.chat.updateMany({
    where: { id: chatId, userId, ...(archived ? {} : { status: 'archived' }) },
    data: { status: archived ? 'archived' : 'open' },
  });
  if (updated.count === 0 && !(await db.chat.findFirst({ where: { id: chatId, userId }, select: { id: true } })))
    throw notFound('No such chat.');
}

/** Archived chats, newest activity first: where "Archived" in the chat list looks. */
export async function listArchivedChats(db: Db, userId: string, page: PageRequest) {
  const rows = await db.chat.findMany({
    where: { userId, status: 'archived', ...keysetWhere('lastMessageAt', page.after) },
    orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
    select: CHAT_SUMMARY,
    take: takeOneMore(page),
  });
  return toPage(rows, page, (chat) => ({ at: chat.lastMessageAt, id: chat.id }));
}
