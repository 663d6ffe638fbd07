import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, jsonSchema, streamText, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSimulatorServer, type SimulatorServer } from './node-server';

/** The path Quire really uses: AI SDK 6 + the openai-compatible provider over HTTP. */
describe('through the AI SDK openai-compatible provider', () => {
  let server: SimulatorServer;
  let provider: ReturnType<typeof createOpenAICompatible>;

  beforeAll(async () => {
    server = await startSimulatorServer({ tokenDelayMs: 0 });
    provider = createOpenAICompatible({ name: 'sim', baseURL: server.url, includeUsage: true });
  });
  afterAll(() => server.close());

  const tools = {
    search_docs: tool({ description: 'Search the help center', inputSchema: z.object({ query: z.string() }) }),
  };

  it('streams text with finishReason and usage', async () => {
    const result = streamText({ model: provider.chatModel('sim-swift'), prompt: 'Tell me about lighthouses' });
    expect(await result.text).toContain('lighthouses');
    expect(await result.finishReason).toBe('stop');
    const usage = await result.usage;
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(10);
  });

  it('assembles a streamed tool call', async () => {
    const result = streamText({ model: provider.chatModel('sim-swift'), prompt: 'How do I reset my password?', tools });
    const calls = await result.toolCalls;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ toolName: 'search_docs', input: { query: 'reset password' } });
    expect(await result.finishReason).toBe('tool-calls');
  });

  it('reports length and reasoning tokens for a cut reasoning answer', async () => {
    const result = streamText({ model: provider.chatModel('sim-reasoner'), prompt: 'list 100 moons', maxOutputTokens: 120 });
    const text = await result.text;
    expect(await result.finishReason).toBe('length');
    expect(await result.reasoningText).toMatch(/The user wrote/);
    const usage = await result.usage;
    expect(usage.outputTokens).toBe(120);
    expect(usage.outputTokenDetails.reasoningTokens).toBeGreaterThan(0);
    expect(text.length).toBeGreaterThan(0);
  });

  it('runs a tool round and answers from the result', async () => {
    const result = streamText({
      model: provider.chatModel('sim-swift'),
      prompt: 'How do I export my data?',
      tools: {
        search_docs: tool({
          inputSchema: jsonSchema<{ query: string }>({ type: 'object', properties: { query: { type: 'string' } } }),
          execute: async () => [{ title: 'Exporting your data', snippet: 'Use Settings, then Export.' }],
        }),
      },
      stopWhen: ({ steps }) => steps.length >= 2,
    });
    expect(await result.text).toContain('According to “Exporting your data”');
    expect((await result.steps).length).toBe(2);
  });

  it('surfaces [sim:error] as an API error and mid-stream errors as error parts', async () => {
    await expect(generateText({ model: provider.chatModel('sim-swift'), prompt: 'hello [sim:error]', maxRetries: 0 })).rejects.toThrow(
      /simulated upstream provider failed/,
    );
    const errors: unknown[] = [];
    const result = streamText({
      model: provider.chatModel('sim-swift'),
      prompt: 'Tell me about rain [sim:error-midstream]',
      onError: ({ error }) => void errors.push(error),
    });
    const parts: string[] = [];
    for await (const part of result.fullStream) parts.push(part.type);
    expect(parts).toContain('text-delta');
    expect(parts).toContain('error');
    expect(errors).toEqual([expect.objectContaining({ code: 'simulated_midstream_error' })]);
  });

  it('an abortSignal closes the upstream connection and stops generation', async () => {
    const abort = new AbortController();
    const slowServer = await startSimulatorServer({ tokenDelayMs: 15 });
    try {
      const slow = createOpenAICompatible({
        name: 'sim',
        baseURL: slowServer.url,
        includeUsage: true,
        headers: { 'x-quire-turn-id': 'sdk-abort' },
      });
      const result = streamText({ model: slow.chatModel('sim-swift'), prompt: 'list 200 owls', abortSignal: abort.signal });
      let abortedAt = 0;
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta' && abortedAt === 0) {
          abortedAt = Date.now();
          abort.abort();
        }
      }
      const deadline = Date.now() + 1_000;
      let record = slowServer.stats.requestsForTurn('sdk-abort')[0];
      while ((!record || record.closedAt === null) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        record = slowServer.stats.requestsForTurn('sdk-abort')[0];
      }
      expect(slowServer.stats.callsForTurn('sdk-abort')).toBe(1);
      expect(record.closeReason).toBe('client_closed');
      expect(record.closedAt! - abortedAt).toBeLessThan(200);
      expect(record.generationStopReason).toBe('client_closed');
    } finally {
      await slowServer.close();
    }
  });
});
