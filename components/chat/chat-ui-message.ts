import { isDataUIPart } from 'ai';
import type { ChatMessageJson } from '@/components/api/api-types';
import type { ChatMessage, TurnDataName, TurnDataParts } from '@/lib/chat/turn/wire';

/** The answer's text: a Continue streams into a new text part after the saved one. */
export function messageText(message: ChatMessage): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** The message's data parts of one kind, in the order they streamed. */
export function dataParts<K extends TurnDataName>(message: ChatMessage, kind: K): Array<TurnDataParts[K]> {
  return message.parts.flatMap((part) => (isDataUIPart(part) && part.type === `data-${kind}` ? [part.data as TurnDataParts[K]] : []));
}

/** Saved messages as useChat messages; the tools an answer used, and the sources it cites, are stored in its `meta`. */
export function toUIMessages(records: ChatMessageJson[]): ChatMessage[] {
  return records.map((record) => ({
    id: record.id,
    role: record.role,
    metadata: { model: record.model ?? undefined, ...(record.files ? { files: record.files } : {}) },
    parts: [
      ...(record.meta?.tools ?? []).map((data) => ({ type: 'data-tool' as const, data })),
      ...(record.meta?.citations?.length ? [{ type: 'data-citations' as const, data: { citations: record.meta.citations } }] : []),
      { type: 'text' as const, text: record.text },
    ],
  }));
}

/**
 * Moves one message to the end of the list: useChat streams into the LAST message,
 * so a Continue or Retry of an older answer puts it last while it streams.
 * The display keeps the server's order (see orderForDisplay).
 */
export function moveToEnd(messages: ChatMessage[], id: string, transform: (m: ChatMessage) => ChatMessage = (m) => m): ChatMessage[] {
  const target = messages.find((m) => m.id === id);
  if (!target) return messages;
  return [...messages.filter((m) => m.id !== id), transform(target)];
}

/** Saved messages in the server's order; new ones (not saved yet) after them, as they came. */
export function orderForDisplay(messages: ChatMessage[], records: ChatMessageJson[]): ChatMessage[] {
  const position = new Map(records.map((r, index) => [r.id, index]));
  const known = messages.filter((m) => position.has(m.id)).sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return [...known, ...messages.filter((m) => !position.has(m.id))];
}
