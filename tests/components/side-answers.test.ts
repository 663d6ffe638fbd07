import { describe, expect, it } from 'vitest';
import type { ChatMessageJson } from '@/components/api/api-types';
import { applySidePart, findRoundRecord, roundBests, withBetterMark } from '@/components/chat/side-answers';
import { messageText } from '@/components/chat/chat-ui-message';

describe('the other answers of a side-by-side round, as they stream', () => {
  it('joins text, keeps parts in order, and replaces a part sent again under its id', () => {
    let answer = applySidePart(undefined, { messageId: 'b', text: 'Beta ' });
    answer = applySidePart(answer, { messageId: 'b', part: { name: 'tool', id: 'call-1', data: { name: 'search_docs', input: {} } } });
    answer = applySidePart(answer, { messageId: 'b', text: 'says ' });
    answer = applySidePart(answer, { messageId: 'b', text: 'rivers' });
    answer = applySidePart(answer, {
      messageId: 'b',
      part: { name: 'tool', id: 'call-1', data: { name: 'search_docs', input: {}, result: 'found', ms: 3 } },
    });
    answer = applySidePart(answer, {
      messageId: 'b',
      part: { name: 'turn', data: { status: 'complete', continuations: 0, costMicros: 5, reason: null } },
    });
    expect(answer.id).toBe('b');
    expect(messageText(answer)).toBe('Beta says rivers');
    expect(answer.parts.map((p) => p.type)).toEqual(['text', 'data-tool', 'text', 'data-turn']);
    expect(answer.parts[1]).toMatchObject({ id: 'call-1', data: { result: 'found' } });
  });

  it('finds a saved answer of a round that is not the one on screen', () => {
    const record = (id: string, round?: ChatMessageJson[]) => ({ id, round }) as unknown as ChatMessageJson;
    const alpha = record('a');
    const beta = record('b');
    const records = [record('q'), record('a', [alpha, beta])];
    expect(findRoundRecord(records, 'b')).toBe(beta);
    expect(findRoundRecord(records, 'a')).toBeUndefined();
    expect(findRoundRecord(records, 'x')).toBeUndefined();
  });
});

describe('comparing the answers of a round', () => {
  const figures = (id: string, firstTokenMs: number | null, costMicros: number) => ({
    id,
    outputTokens: 10,
    costMicros,
    firstTokenMs,
    estimated: false,
  });

  it('names the quickest to its first word and the cheapest, only when one is clearly best', () => {
    expect(roundBests([figures('a', 900, 300), figures('b', 400, 500), figures('c', 1200, 200)])).toEqual({ fastest: 'b', cheapest: 'c' });
    // a tie names none; an answer without a figure (stopped before its first word, or free) is not compared
    expect(roundBests([figures('a', 400, 300), figures('b', 400, 300)])).toEqual({ fastest: null, cheapest: null });
    expect(roundBests([figures('a', null, 0), figures('b', 700, 300)])).toEqual({ fastest: null, cheapest: null });
  });

  it('moves the better mark within its round only, on the message shown and in its round list', () => {
    const answer = (id: string, better: boolean) => ({ id, better }) as unknown as ChatMessageJson;
    const shown = { ...answer('a', true), round: [answer('a', true), answer('b', false)] } as ChatMessageJson;
    const other = { ...answer('x', true), round: [answer('x', true), answer('y', false)] } as ChatMessageJson;
    const [moved, untouched] = withBetterMark([shown, other], 'b', true);
    expect(moved!.better).toBe(false);
    expect(moved!.round!.map((m) => m.better)).toEqual([false, true]);
    expect(untouched).toBe(other);
    const [cleared] = withBetterMark([moved!], 'b', false);
    expect(cleared!.round!.map((m) => m.better)).toEqual([false, false]);
  });
});
