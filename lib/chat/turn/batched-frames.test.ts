import { describe, expect, it, vi } from 'vitest';
import { createFrameWriter, FRAME_MAX_CHARS, FRAME_MS } from './batched-frames';

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

  it('writes the chunks of one moment together: the opening chunks go with the first words, the closing ones with the end', async () => {
    const writes: string[] = [];
    const decoder = new TextDecoder();
    const writer = createFrameWriter((bytes) => writes.push(decoder.decode(bytes)), 'answer');
    writer.chunk({ type: 'start', messageId: 'm1' });
    writer.chunk({ type: 'text-start', id: 'answer' });
    writer.text('Hello');
    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain('"type":"start"');
    expect(writes[0]).toContain('"delta":"Hello"');
    writer.text(' world');
    writer.chunk({ type: 'text-end', id: 'answer' });
    writer.chunk({ type: 'finish' });
    writer.done();
    expect(writes).toHaveLength(2);
    expect(writes[1]!.split('\n\n').filter(Boolean)).toEqual([
      'data: {"type":"text-delta","id":"answer","delta":" world"}',
      'data: {"type":"text-end","id":"answer"}',
      'data: {"type":"finish"}',
      'data: [DONE]',
    ]);
    // a chunk on its own (a tool call mid-answer) is not held past the current turn of the event loop
    const late = createFrameWriter((bytes) => writes.push(decoder.decode(bytes)), 'answer');
    late.chunk({ type: 'data-tool', data: { name: 'search_docs' } });
    expect(writes).toHaveLength(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(3);
    late.close();
  });

  it('text that had joined a write the browser left before is reported unwritten', () => {
    const { writer } = collect();
    writer.text('sent ');
    writer.text('framed ');
    writer.chunk({ type: 'text-end', id: 'answer' }); // takes the text into the next write, which never happens
    writer.close();
    expect(writer.unwritten()).toBe('framed ');
  });
});
