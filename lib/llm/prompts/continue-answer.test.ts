import { describe, expect, it } from 'vitest';
import { fencedBlock } from '@/lib/llm/simulator/conversation';
import { chat, user } from '@/lib/llm/simulator/sse-test-client';
import { ANSWER_TAIL_CLOSE, ANSWER_TAIL_OPEN, CONTINUATION_TAIL_CHARS, continuationRequest } from './continue-answer';

const textOf = (answer: string) => continuationRequest(answer).content as string;

describe('the continuation request', () => {
  it("names its task and carries the answer's tail between the marker lines, as written", () => {
    const text = textOf('1. one\n2. tw');
    expect(text.split('\n')[0]).toBe('Quire task: continue-answer');
    expect(text).toContain('do not repeat what is already written');
    expect(fencedBlock(text, ANSWER_TAIL_OPEN, ANSWER_TAIL_CLOSE)).toBe('1. one\n2. tw');
  });

  it('stays the same size however long the answer is, and never starts inside an emoji', () => {
    const long = `${'x'.repeat(20_000)}😀${'y'.repeat(CONTINUATION_TAIL_CHARS - 1)}`;
    const tail = fencedBlock(textOf(long), ANSWER_TAIL_OPEN, ANSWER_TAIL_CLOSE)!;
    expect(tail).toBe('y'.repeat(CONTINUATION_TAIL_CHARS - 1));
    expect(textOf('z'.repeat(50_000)).length).toBe(textOf('z'.repeat(CONTINUATION_TAIL_CHARS)).length);
  });

  it('makes the simulator continue the cut answer rather than start a new one', async () => {
    const question = 'list 5 fruits';
    const whole = (await chat({ messages: [user(question)] })).content;
    const cut = whole.slice(0, Math.floor(whole.length / 2));
    const rest = (
      await chat({
        messages: [user(question), { role: 'assistant', content: cut }, continuationRequest(cut) as { role: string; content: string }],
      })
    ).content;
    expect(cut + rest).toContain(whole.slice(-10).trim());
    expect(rest.startsWith(whole.slice(0, 10))).toBe(false);
  });
});
