import { finishChat, type ImportedChat, type ImportedMessage, isRecord, stringOr, timeOf } from './imported-chat';

/**
 * Quire's own chat export (lib/chat/export-chat.ts, format `quire.chat.v1`):
 * `{format, title, model, createdAt, messages: [{role, kind, text, status,
 * model, createdAt, …}]}`. Exported here and imported again, a chat reads the
 * same: its title, every message with its role, kind, status and time. Usage
 * and cost are not carried over: nothing was spent by the new chat.
 */
export const QUIRE_CHAT_FORMAT = 'quire.chat.v1';

export const isQuireChat = (value: Record<string, unknown>) => value.format === QUIRE_CHAT_FORMAT && Array.isArray(value.messages);

const STATUSES = new Set(['complete', 'stopped', 'truncated', 'error']);

export function chatFromQuire(chat: Record<string, unknown>): ImportedChat {
  const messages: ImportedMessage[] = [];
  for (const message of chat.messages as unknown[]) {
    if (!isRecord(message)) continue;
    const role = stringOr(message.role);
    if (role !== 'user' && role !== 'assistant') continue;
    const text = stringOr(message.text);
    const status = stringOr(message.status, 'complete');
    messages.push({
      role,
      kind: message.kind === 'event' ? 'event' : 'text',
      text,
      // an answer still being written when it was exported will never finish here
      status: STATUSES.has(status) ? (status as ImportedMessage['status']) : 'stopped',
      model: role === 'assistant' ? stringOr(message.model) || null : null,
      at: timeOf(message.createdAt),
    });
  }
  return finishChat(stringOr(chat.title), timeOf(chat.createdAt), messages);
}
