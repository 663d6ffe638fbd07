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

/**
 * The view's messages with the "better" mark of `messageId`'s round set (`better`) or taken off: at most one
 * answer of a round holds it, on the message on screen and in every `round` list that names it.
 */
export function withBetterMark(messages: ChatMessageJson[], messageId: string, better: boolean): ChatMessageJson[] {
  const mark = <Answer extends { id: string; better?: boolean }>(answers: Answer[]) =>
    answers.map((answer) => ({ ...answer, better: answer.id === messageId ? better : better ? false : answer.better }));
  return messages.map((message) => {
    if (!message.round?.some((answer) => answer.id === messageId)) return message;
    const round = mark(message.round);
    return { ...message, better: round.find((answer) => answer.id === message.id)?.better ?? message.better, round };
  });
}

/** What one settled answer of a round used: the figures compared between the columns. */
export interface AnswerFigures {
  id: string;
  outputTokens: number;
  costMicros: number;
  firstTokenMs: number | null;
  estimated: boolean;
}

export const figuresOf = (record: ChatMessageJson): AnswerFigures => ({
  id: record.id,
  outputTokens: record.usage.outputTokens,
  costMicros: record.costMicros,
  firstTokenMs: record.firstTokenMs,
  estimated: record.usage.estimated,
});

/**
 * The round's quickest to its first word and its cheapest answer, once every answer is saved: only a clear
 * best is named (a tie, or one answer alone with a figure, names none).
 */
export function roundBests(figures: AnswerFigures[]): { fastest: string | null; cheapest: string | null } {
  const best = (value: (f: AnswerFigures) => number | null) => {
    const known = figures.filter((f) => value(f) !== null).sort((a, b) => value(a)! - value(b)!);
    if (known.length < 2 || value(known[0]!) === value(known[1]!)) return null;
    return known[0]!.id;
  };
  return { fastest: best((f) => f.firstTokenMs), cheapest: best((f) => (f.costMicros > 0 ? f.costMicros : null)) };
}
