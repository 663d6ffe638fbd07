import { DEFAULT_CHAT_TITLE } from '@/lib/chat/limits';
import { cleanText } from '@/lib/text/clean-text';
import { MAX_IMPORT_MESSAGE_CHARS, MAX_IMPORT_MESSAGES_PER_CHAT } from './import-limits';

export type { ImportSource } from './import-sources';

export interface ImportedMessage {
  role: 'user' | 'assistant';
  kind: 'text' | 'event';
  text: string;
  status: 'complete' | 'stopped' | 'truncated' | 'error';
  /** the model that wrote an answer, as the other app named it */
  model: string | null;
  /** when the other app says it was written; null when it does not */
  at: Date | null;
}

/** One conversation of an export, as a Quire chat is made from it. */
export interface ImportedChat {
  title: string;
  createdAt: Date;
  messages: Array<Omit<ImportedMessage, 'at'> & { createdAt: Date }>;
  /** messages past MAX_IMPORT_MESSAGES_PER_CHAT, left out */
  droppedMessages: number;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const stringOr = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

/** A time an export wrote as seconds since 1970 (ChatGPT) or an ISO string (Claude, Quire); null when it is neither. */
export function timeOf(value: unknown): Date | null {
  const at = typeof value === 'number' ? new Date(value * 1000) : typeof value === 'string' ? new Date(value) : null;
  return at && Number.isFinite(at.getTime()) ? at : null;
}

/**
 * The chat as it is stored: text cleaned (NUL and lone surrogates cannot be
 * stored) and capped, the first MAX_IMPORT_MESSAGES_PER_CHAT messages kept,
 * and times that only move forward (the chat reads in createdAt order, so a
 * message without a time, or with one earlier than the message before it,
 * takes the next millisecond).
 */
export function finishChat(title: string, createdAt: Date | null, messages: ImportedMessage[]): ImportedChat {
  const kept = messages.slice(0, MAX_IMPORT_MESSAGES_PER_CHAT);
  const start = createdAt ?? kept.find((m) => m.at)?.at ?? new Date();
  let previous = Number.NEGATIVE_INFINITY;
  const timed = kept.map(({ at, ...message }) => {
    const time = Math.max(at?.getTime() ?? (Number.isFinite(previous) ? previous + 1 : start.getTime()), previous + 1);
    previous = time;
    return {
      ...message,
      text: capText(cleanText(message.text)),
      model: message.model && cleanText(message.model).slice(0, 200),
      createdAt: new Date(time),
    };
  });
  return {
    title: cleanText(title).replace(/\s+/g, ' ').trim().slice(0, 200) || DEFAULT_CHAT_TITLE,
    createdAt: start,
    messages: timed,
    droppedMessages: messages.length - kept.length,
  };
}

function capText(text: string): string {
  if (text.length <= MAX_IMPORT_MESSAGE_CHARS) return text;
  return `${text.slice(0, MAX_IMPORT_MESSAGE_CHARS)}\n\n[… cut at ${MAX_IMPORT_MESSAGE_CHARS.toLocaleString('en')} characters on import]`;
}

/** A fenced Markdown code block whose fence is longer than any backtick run inside the code. */
export function fenced(code: string, language = ''): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${code.replace(/\n$/, '')}\n${fence}`;
}
