import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createModelProvider } from '@/lib/llm/provider';
import { startSimulatorServer, type SimulatorRequestInfo, type SimulatorServer } from '@/lib/llm/simulator';
import { streamRound } from '@/lib/llm/stream-round';

const questions = z.object({ questions: z.array(z.string().min(1)).max(3) });
const messages = [
  { role: 'system' as const, content: 'Quire task: ask-questions\nReply with JSON only: {"questions": ["…"]}.' },
  { role: 'user' as const, content: 'Request: Write a report on tea' },
];

/** A round that asks for JSON through the AI SDK's structured output, against the simulator over HTTP. */
describe('streamRound with a JSON reply schema', () => {
  let simulator: SimulatorServer;
  let requests: SimulatorRequestInfo[] = [];
  beforeAll(async () => {
    simulator = await startSimulatorServer({ tokenDelayMs: 0, observer: { onRequest: (info) => requests.push(info) } });
  });
  afterAll(async () => simulator?.close());

  const round = (model: string, json: boolean, maxOutputTokens = 400) => {
    requests = [];
    return streamRound({
      model: createModelProvider({ baseUrl: simulator.url }).chatModel(model),
      messages,
      maxOutputTokens,
      abortSignal: new AbortController().signal,
      headers: {},
      onText: () => undefined,
      json: json ? { name: 'clarifying_questions', schema: questions } : undefined,
    });
  };

  it('sends the schema as json_schema and streams back exactly that JSON, still one call', async () => {
    const result = await round('sim-swift', true);
    expect(requests.map((r) => r.responseFormat)).toEqual(['json_schema']);
    expect(result.error).toBeNull();
    expect(questions.parse(JSON.parse(result.text)).questions.length).toBeGreaterThan(0);
  });

  it('sends no format when not asked: the reply may then come wrapped in prose', async () => {
    const result = await round('sim-mini', false);
    expect(requests.map((r) => r.responseFormat)).toEqual([null]);
    expect(result.text).toMatch(/^Here is the JSON/);
  });

  it('a cut JSON reply is reported as cut, not as an error of the round', async () => {
    const result = await round('sim-swift', true, 5);
    expect(result.error).toBeNull();
    expect(result.finishReason).toBe('length');
    expect(() => JSON.parse(result.text)).toThrow();
  });
});
