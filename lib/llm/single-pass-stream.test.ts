import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { withSinglePassStream } from './single-pass-stream';
import { ModelProfile } from './provider-profile';

/** An endpoint with no quirks: the single-pass stream must then send exactly the SDK's request. */
const generic = (modelId: string) => new ModelProfile('generic', modelId);

/**
 * The single-pass stream must hand streamRound exactly what the SDK's own stream does: the same parts in the same
 * order for text, reasoning, tool calls, a cut answer and errors, from the same simulated upstream.
 */
describe('the lean chat stream gives the same parts as the SDK', () => {
  let server: SimulatorServer;
  let provider: ReturnType<typeof createOpenAICompatible>;
  beforeAll(async () => {
    server = await startSimulatorServer({ tokenDelayMs: 0 });
    provider = createOpenAICompatible({ name: 'quire', baseURL: server.url, includeUsage: true, supportsStructuredOutputs: true });
  });
  afterAll(() => server.close());

  const collect = async (model: LanguageModelV3, options: LanguageModelV3CallOptions) => {
    const { stream } = await model.doStream(options);
    const parts: LanguageModelV3StreamPart[] = [];
    const reader = stream.getReader();
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      parts.push(next.value);
    }
    // what differs between two calls of the same request: ids and times the upstream makes up, and the SDK's
    // provider metadata, which nothing in Quire reads
    return parts.map((part) => {
      if (part.type === 'response-metadata') return { type: part.type, modelId: part.modelId };
      if (part.type === 'finish') return { type: part.type, finishReason: part.finishReason, usage: part.usage };
      if (part.type === 'error') return { type: part.type, error: JSON.parse(JSON.stringify(part.error)) };
      if (part.type === 'tool-call') return { ...part, toolCallId: 'call' };
      if (part.type.startsWith('tool-input')) return { ...part, id: 'call' };
      return part;
    });
  };
  const both = async (modelId: string, options: LanguageModelV3CallOptions) => {
    const sdk = provider.chatModel(modelId);
    return { sdk: await collect(sdk, options), lean: await collect(withSinglePassStream(sdk, generic('sim')), options) };
  };
  const prompt = (text: string): LanguageModelV3CallOptions['prompt'] => [{ role: 'user', content: [{ type: 'text', text }] }];
  const thrown = (call: () => PromiseLike<unknown>) =>
    Promise.resolve()
      .then(call)
      .then(
        () => null,
        (error: unknown) => error,
      );

  it('text, then finish with usage', async () => {
    const { sdk, lean } = await both('sim-swift', { prompt: prompt('Tell me about lighthouses') });
    expect(lean).toEqual(sdk);
    expect(lean.filter((p) => p.type === 'text-delta').length).toBeGreaterThan(10);
  });

  it('reasoning before the text, cut by the output ceiling', async () => {
    const { sdk, lean } = await both('sim-reasoner', { prompt: prompt('list 100 moons'), maxOutputTokens: 120 });
    expect(lean).toEqual(sdk);
    expect(lean.at(-1)).toMatchObject({ finishReason: { unified: 'length' } });
    expect(lean.some((p) => p.type === 'reasoning-delta')).toBe(true);
  });

  it('a streamed tool call, assembled from its argument deltas', async () => {
    const tools: LanguageModelV3CallOptions['tools'] = [
      {
        type: 'function',
        name: 'search_docs',
        description: 'Search the help center',
        inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      },
    ];
    const { sdk, lean } = await both('sim-swift', { prompt: prompt('How do I reset my password?'), tools, toolChoice: { type: 'auto' } });
    expect(lean).toEqual(sdk);
    expect(lean.find((p) => p.type === 'tool-call')).toMatchObject({ toolName: 'search_docs' });
  });

  it('an error in the middle of the stream is an error part, and an HTTP error throws the same API error', async () => {
    const { sdk, lean } = await both('sim-swift', { prompt: prompt('Tell me about rain [sim:error-midstream]') });
    expect(lean).toEqual(sdk);
    expect(lean.some((p) => p.type === 'error')).toBe(true);

    const failing = { prompt: prompt('hello [sim:error]') };
    const sdkError = await thrown(() => provider.chatModel('sim-swift').doStream(failing));
    const leanError = await thrown(() => withSinglePassStream(provider.chatModel('sim-swift'), generic('sim-swift')).doStream(failing));
    expect(leanError).toMatchObject({ statusCode: 500, message: (sdkError as Error).message });
  });

  it('no server at the address: the same retryable "Cannot connect" API error as the SDK', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = createOpenAICompatible({ name: 'quire', baseURL: `http://127.0.0.1:${port}/v1`, includeUsage: true });
    const failing = { prompt: prompt('hello') };
    const sdkError = await thrown(() => nowhere.chatModel('sim-swift').doStream(failing));
    const leanError = await thrown(() => withSinglePassStream(nowhere.chatModel('sim-swift'), generic('sim-swift')).doStream(failing));
    expect(sdkError).toMatchObject({ isRetryable: true, message: expect.stringMatching(/^Cannot connect to API: .*ECONNREFUSED/) });
    expect(leanError).toMatchObject({ isRetryable: true, message: (sdkError as Error).message });
  });

  it('a connection that drops in the middle of the answer fails the read, it does not hang', async () => {
    const dropping = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(
        `data: ${JSON.stringify({ id: 'x', model: 'm', created: 1, choices: [{ index: 0, delta: { content: 'Half an ' } }] })}\n\n`,
      );
      setTimeout(() => res.socket?.destroy(), 20);
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = dropping.address() as AddressInfo;
      const model = withSinglePassStream(
        createOpenAICompatible({ name: 'quire', baseURL: `http://127.0.0.1:${port}/v1` }).chatModel('m'),
        generic('m'),
      );
      const { stream } = await model.doStream({ prompt: prompt('hello') });
      const reader = stream.getReader();
      const parts: string[] = [];
      const failure = await (async () => {
        for (;;) {
          const next = await reader.read();
          if (next.done) return null;
          parts.push(next.value.type === 'text-delta' ? next.value.delta : next.value.type);
        }
      })().catch((error: unknown) => error);
      expect(parts).toContain('Half an ');
      expect(failure).toBeInstanceOf(Error);
    } finally {
      await new Promise((resolve) => dropping.close(resolve));
    }
  });

  it('JSON through structured output', async () => {
    const responseFormat: LanguageModelV3CallOptions['responseFormat'] = {
      type: 'json',
      schema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false },
    };
    const { sdk, lean } = await both('sim-swift', { prompt: prompt('Quire task: classify-document\nA report on owls'), responseFormat });
    expect(lean).toEqual(sdk);
  });

  it('Stop: aborting mid-stream closes the upstream connection', async () => {
    const slow = await startSimulatorServer({ tokenDelayMs: 20 });
    try {
      const model = withSinglePassStream(
        createOpenAICompatible({
          name: 'quire',
          baseURL: slow.url,
          includeUsage: true,
          headers: { 'x-quire-turn-id': 'lean-abort' },
        }).chatModel('sim-swift'),
        generic('sim-swift'),
      );
      const abort = new AbortController();
      const { stream } = await model.doStream({ prompt: prompt('list 200 owls'), abortSignal: abort.signal });
      const reader = stream.getReader();
      for (;;) {
        const next = await reader.read();
        if (next.value?.type === 'text-delta') break;
      }
      abort.abort();
      await expect(reader.read()).rejects.toThrow();
      await expect.poll(() => slow.stats.requestsForTurn('lean-abort')[0]?.closeReason).toBe('client_closed');
      expect(slow.stats.requestsForTurn('lean-abort')[0]?.generationStopReason).toBe('client_closed');
    } finally {
      await slow.close();
    }
  });
});
