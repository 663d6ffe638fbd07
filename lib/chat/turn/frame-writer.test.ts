import { describe, expect, it, vi } from 'vitest';
import { createFrameWriter, FRAME_MAX_CHARS, FRAME_MS } from './frame-writer';

function collect() {
  const events: string[] = [];
  const decoder = new TextDecoder();
  const writer = createFrameWriter((bytes) => events.push(...decoder.decode(bytes).split('\n\n').filter(Boolean)), 'answer');
  const payloads = () => events.map((e) => (e === 'data: [DONE]' ? '[DONE]' : JSON.parse(e.slice('data: '.length))));
  return { writer, events, payloads };
}

describe('the frame writer', () => {
  it('sends the tokens of one tick as one text event, in order with the other chunks', () => {
    vi.useFakeTimers();
    try {
      const { writer, payloads } = collect();
      writer.chunk({ type: 'text-start', id: 'answer' });
      for (const token of ['Hi', ' Hel', 'lo', ', ', 'world']) writer.text(token);
      expect(payloads()).toHaveLength(2); // the first token at once, the rest waits for the tick
      vi.advanceTimersByTime(FRAME_MS);
      writer.text('!');
      writer.chunk({ type: 'data-tool', data: { name: 'search_docs' } }); // flushes the pending '!' first
      writer.done();
      expect(payloads()).toEqual([
        { type: 'text-start', id: 'answer' },
        { type: 'text-delta', id: 'answer', delta: 'Hi' },
        { type: 'text-delta', id: 'answer', delta: ' Hello, world' },
        { type: 'text-delta', id: 'answer', delta: '!' },
        { type: 'data-tool', data: { name: 'search_docs' } },
        '[DONE]',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not hold more than a few KB: a long burst of text goes out without waiting for the tick', () => {
    const { writer, payloads } = collect();
    writer.text('First');
    writer.text('x'.repeat(FRAME_MAX_CHARS));
    expect(payloads()).toEqual([
      { type: 'text-delta', id: 'answer', delta: 'First' },
      { type: 'text-delta', id: 'answer', delta: 'x'.repeat(FRAME_MAX_CHARS) },
    ]);
    writer.close();
  });

  it('after the browser leaves, text still pending or arriving is reported unwritten and never sent', () => {
    const { writer, payloads } = collect();
    writer.text('sent ');
    writer.text('pending ');
    writer.close();
    writer.text('late');
    writer.done();
    expect(payloads().filter((p) => p !== '[DONE]' && p.type === 'text-delta')).toEqual([
      { type: 'text-delta', id: 'answer', delta: 'sent ' },
    ]);
    expect(payloads()).not.toContain('[DONE]');
    expect(writer.unwritten()).toBe('pending late');
  });
});
