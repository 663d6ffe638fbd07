import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createModelProvider } from '@/lib/llm/provider';
import { startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { streamRound } from '@/lib/llm/stream-round';

/**
 * Model calls do not go through the global fetch, which Next.js replaces inside its server with a wrapper
 * (data cache, tracing spans): a streamed answer works with the global fetch unusable.
 */
describe('the model provider', () => {
  let simulator: SimulatorServer;
  const original = globalThis.fetch;
  beforeAll(async () => {
    simulator = await startSimulatorServer({ tokenDelayMs: 0 });
  });
  afterAll(async () => simulator?.close());
  afterEach(() => {
    globalThis.fetch = original;
  });

  it('streams an answer without the global fetch', async () => {
    let fetched = 0;
    globalThis.fetch = () => {
      fetched++;
      return Promise.reject(new Error('the global fetch was used'));
    };
    const result = await streamRound({
      model: createModelProvider({ baseUrl: simulator.url }).chatModel('sim-swift'),
      messages: [{ role: 'user', content: 'Hello there' }],
      maxOutputTokens: 50,
      abortSignal: new AbortController().signal,
      headers: {},
      onText: () => undefined,
    });
    expect(result.error).toBeNull();
    expect(result.text.length).toBeGreaterThan(0);
    expect(result.usage?.outputTokens).toBeGreaterThan(0);
    expect(fetched).toBe(0);
  });
});
