import { describe, expect, it } from 'vitest';
import { chat, user } from '@/tests/support/sse-test-client';
import { CONTINUATION_TAIL_CHARS, continuationRequest } from './continue-answer';

const request = (answer: string) => continuationRequest(answer) as Array<{ role: string; content: string }>;

describe('the continuation request', () => {
  it("is the answer's tail as the model's own message, then one service message: roles alternate", () => {
    const [cut, ask] = request('1. one\n2. tw');
    expect(cut).toEqual({ role: 'assistant', content: '1. one\n2. tw' });
    expect(ask!.role).toBe('user');
    expect(ask!.content.split('\n')[0]).toBe('Quire task: continue-answer');
    expect(ask!.content).toContain('do not repeat what is already written');
  });

  it('stays the same size however long the answer is, and never starts inside an emoji', () => {
    const long = `${'x'.repeat(20_000)}😀${'y'.repeat(CONTINUATION_TAIL_CHARS - 1)}`;
    expect(request(long)[0]!.content).toBe('y'.repeat(CONTINUATION_TAIL_CHARS - 1));
    expect(request('z'.repeat(50_000))[0]!.content.length).toBe(CONTINUATION_TAIL_CHARS);
  });

  it('makes the simulator continue the cut answer rather than start a new one', async () => {
    const question = 'list 5 fruits';
    const whole = (await chat({ messages: [user(question)] })).content;
    const cut = whole.slice(0, Math.floor(whole.length / 2));
    const rest = (await chat({ messages: [user(question), ...request(cut)] })).content;
    expect(cut + rest).toContain(whole.slice(-10).trim());
    expect(rest.startsWith(whole.slice(0, 10))).toBe(false);
  });
});
