import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createModelProvider } from '@/lib/llm/provider';
import { startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { streamRound } from '@/lib/llm/stream-round';

/** Model calls skip the wrapper Next.js puts around the global fetch inside its server (cache and tracing). */
describe('the model provider’s fetch', () => {
  let simulator: SimulatorServer;
  const original = globalThis.fetch;
  beforeAll(async () => {
    simulator = await startSimulatorServer({ tokenDelayMs: 0 });
  });
  afterAll(async () => simulator?.close());
  afterEach(() => {
    globalThis.fetch = original;
  });

  const answer = () =>
    streamRound({
      model: createModelProvider({ baseUrl: simulator.url }).chatModel('sim-swift'),
      messages: [{ role: 'user', content: 'Hello there' }],
      maxOutputTokens: 50,
      abortSignal: new AbortController().signal,
      headers: {},
      onText: () => undefined,
    });

  it('calls the original fetch a Next.js-style wrapper keeps, never the wrapper', async () => {
    const wrapper = vi.fn(original) as unknown as typeof fetch & { _nextOriginalFetch?: typeof fetch };
    const unwrapped = vi.fn(original);
    wrapper._nextOriginalFetch = unwrapped;
    globalThis.fetch = wrapper;
    const result = await answer();
    expect(result.error).toBeNull();
    expect(result.text.length).toBeGreaterThan(0);
    expect(unwrapped).toHaveBeenCalledTimes(1);
    expect(wrapper).not.toHaveBeenCalled();
  });

  it('uses the global fetch as it is when nothing wraps it (a test, the worker)', async () => {
    const plain = vi.fn(original);
    globalThis.fetch = plain;
    expect((await answer()).error).toBeNull();
    expect(plain).toHaveBeenCalledTimes(1);
  });
});
