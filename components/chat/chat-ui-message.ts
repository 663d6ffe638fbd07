import type { UIMessage } from 'ai';
import type { ChatMessageJson, MessageStatus } from '@/components/api/api-types';

/** The data parts the turn stream carries (lib/chat/turn/turn-response.ts, run-turn.ts). */
export interface TurnDataParts {
  tool: { name: string; input: Record<string, unknown> };
  notice: { code: string; message: string };
  error: { message: string };
  turn: { status: Exclude<MessageStatus, 'streaming'>; continuations: number; costMicros: number; reason: string | null };
  [key: string]: unknown;
}

export interface TurnMetadata {
  turnId?: string;
  model?: string;
}

export type ChatUIMessage = UIMessage<TurnMetadata, TurnDataParts>;

/** The answer's text: a Continue streams into a new text part after the saved one. */
export function messageText(message: ChatUIMessage): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

export function dataParts<K extends 'tool' | 'notice' | 'error' | 'turn'>(message: ChatUIMessage, kind: K): Array<TurnDataParts[K]> {
  return message.parts.flatMap((part) => (part.type === `data-${kind}` ? [(part as { data: TurnDataParts[K] }).data] : []));
}

/** Saved messages as useChat messages; the tools an answer used are stored in its `meta`. */
export function toUIMessages(records: ChatMessageJson[]): ChatUIMessage[] {
  return records.map((record) => ({
    id: record.id,
    role: record.role === 'system' ? 'system' : record.role === 'user' ? 'user' : 'assistant',
    metadata: { model: record.model ?? undefined },
    parts: [
      ...(record.meta?.tools ?? []).map((data) => ({ type: 'data-tool' as const, data })),
      { type: 'text' as const, text: record.text },
    ],
  }));
}

/**
 * Moves one message to the end of the list: useChat streams into the LAST message,
 * so a Continue or Retry of an older answer puts it last while it streams.
 * The display keeps the server's order (see orderForDisplay).
 */
export function moveToEnd(messages: ChatUIMessage[], id: string, transform: (m: ChatUIMessage) => ChatUIMessage = (m) => m): ChatUIMessage[] {
  const target = messages.find((m) => m.id === id);
  if (!target) return messages;
  return [...messages.filter((m) => m.id !== id), transform(target)];
}

/** Saved messages in the server's order; new ones (not saved yet) after them, as they came. */
export function orderForDisplay(messages: ChatUIMessage[], records: ChatMessageJson[]): ChatUIMessage[] {
  const position = new Map(records.map((r, index) => [r.id, index]));
  const known = messages.filter((m) => position.has(m.id)).sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return [...known, ...messages.filter((m) => !position.has(m.id))];
}
