import { describe, expect, it } from 'vitest';
import type { ChatMessageJson } from '@/components/api/api-types';
import { applySidePart, findRoundRecord } from '@/components/chat/side-answers';
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
