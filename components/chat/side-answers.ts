import type { ChatMessageJson } from '@/components/api/api-types';
import type { ChatMessage, TurnDataParts } from '@/lib/chat/turn/wire';

/**
 * One streamed piece of a side-by-side round's other answer (a `data-side` part) applied to what the browser
 * holds of that answer: text joins its text, a part is added, or replaces the one with its id (a tool call,
 * then its result), as useChat does for the first answer.
 */
export function applySidePart(current: ChatMessage | undefined, side: TurnDataParts['side']): ChatMessage {
  const message: ChatMessage = current ?? { id: side.messageId, role: 'assistant', parts: [] };
  const parts = [...message.parts];
  if (side.text) {
    const last = parts.at(-1);
    if (last?.type === 'text') parts[parts.length - 1] = { ...last, text: last.text + side.text };
    else parts.push({ type: 'text', text: side.text });
  }
  if (side.part) {
    const { name, id, data } = side.part;
    const part = { type: `data-${name}`, ...(id === undefined ? {} : { id }), data } as ChatMessage['parts'][number];
    const earlier = id === undefined ? -1 : parts.findIndex((p) => p.type === part.type && 'id' in p && p.id === id);
    if (earlier >= 0) parts[earlier] = part;
    else parts.push(part);
  }
  return { ...message, parts };
}

/** A saved answer of a side-by-side round that is not the one on screen (it is in its shown sibling's `round`). */
export function findRoundRecord(records: ChatMessageJson[], messageId: string): ChatMessageJson | undefined {
  for (const record of records) {
    if (record.id === messageId) return undefined;
    const found = record.round?.find((answer) => answer.id === messageId);
    if (found) return found;
  }
  return undefined;
}
