import { describe, expect, it } from 'vitest';
import { handleSimulatorRequest } from './handler';
import { postChat, readStreamedReply, sseDataLines, system, TOOL, user } from '@/tests/support/sse-test-client';

describe('raw SSE wire format (OpenAI chat.completion.chunk)', () => {
  it('frames every event as `data: <json>\\n\\n` and ends with `data: [DONE]\\n\\n`', async () => {
    const response = await postChat({ messages: [user('Tell me about the ocean')] });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const raw = await response.text();
    expect(raw.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(raw).toMatch(/^data: \{/);
    for (const event of raw.split('\n\n').filter(Boolean)) expect(event).toMatch(/^data: [^\n]+$/);
  });

  it('opens with a role chunk, keeps one id, and sends ~1 token per content chunk', async () => {
    const raw = await (await postChat({ messages: [user('Tell me about the ocean')] })).text();
    const chunks = sseDataLines(raw)
      .slice(0, -1)
      .map((line) => JSON.parse(line));
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
    const ids = new Set(chunks.map((c) => c.id));
    expect(ids.size).toBe(1);
    for (const chunk of chunks) {
      expect(chunk.object).toBe('chat.completion.chunk');
      expect(typeof chunk.created).toBe('number');
      expect(chunk.model).toBe('sim-swift');
    }
    const contentChunks = chunks.filter((c) => c.choices[0]?.delta.content);
    expect(contentChunks.length).toBeGreaterThan(20);
    for (const chunk of contentChunks) {
      expect(chunk.choices).toHaveLength(1);
      expect(chunk.choices[0]).toMatchObject({ index: 0, finish_reason: null });
      expect(chunk.choices[0].delta.content.length).toBeLessThan(20);
    }
  });

  it('puts finish_reason in its own chunk with an empty delta, then usage with empty choices', async () => {
    const raw = await (await postChat({ messages: [user('Tell me about the ocean')] })).text();
    const lines = sseDataLines(raw);
    const [finish, usage] = lines.slice(-3, -1).map((line) => JSON.parse(line));
    expect(finish.choices).toEqual([{ index: 0, delta: {}, finish_reason: 'stop' }]);
    expect(usage.choices).toEqual([]);
    expect(usage.usage).toEqual({
      prompt_tokens: expect.any(Number),
      completion_tokens: expect.any(Number),
      total_tokens: usage.usage.prompt_tokens + usage.usage.completion_tokens,
      completion_tokens_details: { reasoning_tokens: 0 },
    });
    expect(lines.at(-1)).toBe('[DONE]');
  });

  it('sends no usage chunk unless stream_options.include_usage is true', async () => {
    const raw = await (await postChat({ messages: [user('Tell me about the ocean')], stream_options: undefined })).text();
    expect(raw).not.toContain('"usage"');
  });

  it('streams a tool call: id and name only in its first piece, arguments split over several pieces', async () => {
    const reply = await readStreamedReply(
      await postChat({ messages: [user('How do I reset my password?')], tools: [TOOL('search_docs')] }),
    );
    const toolDeltas = reply.chunks.flatMap((c) => c.choices.flatMap((choice: any) => choice.delta.tool_calls ?? []));
    expect(toolDeltas[0]).toEqual({
      index: 0,
      id: expect.stringMatching(/^call_/),
      type: 'function',
      function: { name: 'search_docs', arguments: '' },
    });
    const rest = toolDeltas.slice(1);
    expect(rest.length).toBeGreaterThanOrEqual(3);
    for (const delta of rest) expect(Object.keys(delta).sort()).toEqual(['function', 'index']);
    for (const delta of rest) expect(Object.keys(delta.function)).toEqual(['arguments']);
    expect(JSON.parse(reply.toolCalls[0].arguments)).toEqual({ query: 'reset password' });
    expect(reply.content).toBe('');
    expect(reply.finishReason).toBe('tool_calls');
  });

  it('interleaves the argument pieces of parallel tool calls by index', async () => {
    const reply = await readStreamedReply(
      await postChat({ messages: [user('Export fails [sim:parallel-tools]')], tools: [TOOL('search_docs')] }),
    );
    const indexes = reply.chunks.flatMap((c) => c.choices.flatMap((ch: any) => (ch.delta.tool_calls ?? []).map((t: any) => t.index)));
    expect(indexes.slice(0, 4)).toEqual([0, 1, 0, 1]);
    expect(reply.toolCalls.map((call) => JSON.parse(call.arguments).query)).toEqual(['export fails', 'export fails troubleshooting']);
    expect(new Set(reply.toolCalls.map((call) => call.id)).size).toBe(2);
  });

  it('answers stream:false with a chat.completion object', async () => {
    const response = await postChat({ stream: false, messages: [user('How do I export my data?')], tools: [TOOL('search_docs')] });
    const body = await response.json();
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'sim-swift',
      choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: '' } }],
      usage: { completion_tokens: expect.any(Number) },
    });
    expect(body.choices[0].message.tool_calls[0]).toMatchObject({ type: 'function', function: { name: 'search_docs' } });
  });
});

describe('errors in OpenAI shape', () => {
  const errorOf = async (response: Response) => ({ status: response.status, body: await response.json() });

  it('400 for a malformed body', async () => {
    const request = new Request('http://sim.test/v1/chat/completions', { method: 'POST', body: '{not json' });
    const { status, body } = await errorOf(await handleSimulatorRequest(request));
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_json', message: expect.any(String) });
    const missing = await errorOf(await postChat({ messages: [] }));
    expect(missing.status).toBe(400);
  });

  it('404 for an unknown model', async () => {
    const { status, body } = await errorOf(await postChat({ model: 'gpt-9', messages: [user('hi')] }));
    expect(status).toBe(404);
    expect(body.error.code).toBe('model_not_found');
  });

  it('500 for [sim:error]', async () => {
    const { status, body } = await errorOf(await postChat({ messages: [user('Hello [sim:error]')] }));
    expect(status).toBe(500);
    expect(body.error).toMatchObject({ type: 'server_error', code: 'simulated_upstream_error' });
  });

  it('[sim:error-midstream] sends some text, then an error event, and no finish or [DONE]', async () => {
    const reply = await readStreamedReply(await postChat({ messages: [user('Tell me about rivers [sim:error-midstream]')] }));
    expect(reply.content.length).toBeGreaterThan(0);
    expect(reply.chunks.at(-1).error).toMatchObject({ type: 'server_error', code: 'simulated_midstream_error' });
    expect(reply.finishReason).toBeNull();
    expect(reply.raw).not.toContain('[DONE]');
  });

  it('400 context_length_exceeded when the prompt outgrows the context window', async () => {
    const huge = 'word '.repeat(9_000);
    const { status, body } = await errorOf(await postChat({ model: 'sim-mini', messages: [system('x'), user(huge)] }));
    expect(status).toBe(400);
    expect(body.error.code).toBe('context_length_exceeded');
  });
});

describe('routes', () => {
  it('lists the models under /api/simulator/v1/models and /v1/models', async () => {
    for (const path of ['/api/simulator/v1/models', '/v1/models']) {
      const body = await (await handleSimulatorRequest(new Request(`http://sim.test${path}`))).json();
      expect(body.object).toBe('list');
      expect(body.data.map((m: { id: string }) => m.id)).toEqual(
        expect.arrayContaining(['sim-swift', 'sim-sage', 'sim-reasoner', 'sim-mini']),
      );
    }
  });

  it('404s an unknown path', async () => {
    const response = await handleSimulatorRequest(new Request('http://sim.test/v1/embeddings', { method: 'POST' }));
    expect(response.status).toBe(404);
  });
});
