import type { AnswerContext } from '@/lib/chat/context/answer-context';
import type { Db } from '@/lib/db/client';
import { notFound } from '@/lib/errors';
import type { MessageMeta } from './message-meta';
import type { MessageRole } from './turn/wire';

/** Where an answer's whole context is read (GET /api/chats/:id/messages/:messageId/context). */
export function answerContextUrl(chatId: string, messageId: string): string {
  return `/api/chats/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}/context`;
}

/** The closed "What the model saw" line of an answer: its prompt's tokens and cost, and where the rest is read. */
export interface ContextHeadline {
  inputTokens: number;
  costMicros: number;
  url: string;
}

/**
 * A message's meta as the chat's page carries it: the context as its headline only. The whole context (the
 * turns sent, the summary, the recalled messages, the instructions) is read when the person opens it: in a
 * long chat it was a third of the page's weight, for a view people open now and then.
 */
export function withContextHeadline(meta: MessageMeta | null, chatId: string, messageId: string): MessageMeta | null {
  if (!meta?.context) return meta;
  const { context, ...rest } = meta;
  const contextHeadline: ContextHeadline = {
    inputTokens: context.inputTokens,
    costMicros: context.costMicros,
    url: answerContextUrl(chatId, messageId),
  };
  return { ...rest, contextHeadline };
}

export interface AnswerContextView {
  context: AnswerContext;
  /** the messages the context names (the turns sent whole, the recalled), whichever page of the chat they are on */
  messages: Array<{ id: string; role: MessageRole; text: string }>;
}

/**
 * GET /api/chats/:id/messages/:messageId/context: what the model saw for one answer, with the texts of the
 * messages it names (read by id, so a message recalled from far back shows though its page is not loaded).
 * The chat must be the viewer's, or any for staff; a message without a stored context is a 404.
 */
export async function loadAnswerContext(
  db: Db,
  viewer: { id: string; role: 'user' | 'staff' },
  chatId: string,
  messageId: string,
): Promise<AnswerContextView> {
  const message = await db.message.findFirst({
    where: { id: messageId, chatId, role: 'assistant', chat: viewer.role === 'staff' ? {} : { userId: viewer.id } },
    select: { meta: true },
  });
  const context = (message?.meta as MessageMeta | null)?.context;
  if (!context) throw notFound('No such answer with a stored context in this chat.');
  const ids = [...new Set([...context.window, ...context.recalled].map((item) => item.id))];
  const named = ids.length
    ? await db.message.findMany({ where: { chatId, id: { in: ids } }, select: { id: true, role: true, text: true } })
    : [];
  return { context, messages: named.map((m) => ({ id: m.id, role: m.role as MessageRole, text: m.text })) };
}
