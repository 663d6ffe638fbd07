import type { Db } from '@/lib/db/client';
import { notFound } from '@/lib/errors';
import { toCallView } from '@/lib/billing/ledger-view';
import { isIdle } from './chats';
import type { MessageMeta } from './message-meta';
import { loadKeyFactStates } from './key-facts-store';
import type { MessageRole, MessageStatus } from './turn/wire';

export interface ChatViewOptions {
  /** minutes without messages after which a new topic is suggested */
  idleMinutes?: number;
  /** staff see every chat and each answer's model calls */
  asStaff?: boolean;
}

/** GET /api/chats/:id (docs/api.md): messages oldest first, slots with history. */
export async function loadChatView(db: Db, chatId: string, viewerId: string, options: ChatViewOptions = {}) {
  const chat = await db.chat.findFirst({
    where: options.asStaff ? { id: chatId } : { id: chatId, userId: viewerId },
    include: { messages: { orderBy: { createdAt: 'asc' } }, user: { select: { email: true, name: true } } },
  });
  if (!chat) throw notFound('No such chat.');
  const keyFacts = (await loadKeyFactStates(db, chat.id)).filter((s) => s.value !== '' || options.asStaff);
  const callsByMessage = options.asStaff ? await modelCallsByMessage(db, chat.id) : new Map<string, StaffModelCall[]>();
  return {
    id: chat.id,
    title: chat.title,
    status: chat.status,
    model: chat.model,
    summariesEnabled: chat.summariesEnabled,
    summary: options.asStaff ? chat.summary : undefined,
    user: options.asStaff ? { email: chat.user.email, name: chat.user.name } : undefined,
    liveTurnId: chat.liveTurnId,
    lastMessageAt: chat.lastMessageAt,
    idle: chat.messages.length > 0 && isIdle(chat.lastMessageAt, options.idleMinutes ?? 240),
    messages: chat.messages.map((m) => ({
      id: m.id,
      // the columns are text; every writer stores one of these (docs/api.md)
      role: m.role as MessageRole,
      kind: m.kind,
      text: m.text,
      status: m.status as MessageStatus,
      model: m.model,
      finishReason: m.finishReason,
      continuations: m.continuations,
      usage: { inputTokens: m.inputTokens, outputTokens: m.outputTokens, reasoningTokens: m.reasoningTokens, estimated: m.estimated },
      costMicros: Number(m.costMicros),
      error: m.error,
      meta: publicMeta(m.meta),
      createdAt: m.createdAt,
      ...(options.asStaff ? { calls: callsByMessage.get(m.id) ?? [] } : {}),
    })),
    slots: keyFacts.map((s) => ({
      key: s.key,
      value: s.value,
      history: s.history.map((h) => ({ value: h.value, messageId: h.messageId, at: h.at })),
    })),
  };
}

/** A model call under an answer, as staff see it. */
export type StaffModelCall = ReturnType<typeof toCallView> & { turnId: string | null };

async function modelCallsByMessage(db: Db, chatId: string): Promise<Map<string, StaffModelCall[]>> {
  const entries = await db.ledgerEntry.findMany({
    where: { chatId },
    include: { calls: { orderBy: { seq: 'asc' } } },
    orderBy: { createdAt: 'asc' },
  });
  const byMessage = new Map<string, StaffModelCall[]>();
  for (const e of entries) {
    if (!e.messageId) continue;
    const list = byMessage.get(e.messageId) ?? [];
    for (const c of e.calls) list.push({ turnId: e.turnId, ...toCallView(c) });
    byMessage.set(e.messageId, list);
  }
  return byMessage;
}

export type ChatView = Awaited<ReturnType<typeof loadChatView>>;

/** What a message's meta shows: everything but the tool rounds a Retry resumes from (the server's own bookkeeping). */
function publicMeta(meta: unknown): MessageMeta | null {
  if (!meta || typeof meta !== 'object') return null;
  const { toolRounds: _kept, ...shown } = meta as MessageMeta;
  return shown;
}
