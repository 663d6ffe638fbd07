import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chat, jsonSchemaFormat, postChat, system, user } from '@/tests/support/sse-test-client';
import { fitToSchema } from './structured-output';

const outline = z.object({ sections: z.array(z.object({ title: z.string().min(1).max(200), brief: z.string().max(1000) })).min(1) });
const facts = z.object({
  facts: z.array(z.object({ text: z.string().min(1), sourceId: z.string(), paragraph: z.number().int().positive() })).max(2),
});
const format = (name: string, schema: z.ZodType) => jsonSchemaFormat({ name, schema });
/** Validates against the JSON Schema as sent, not the zod schema it came from: what a provider checks. */
const validatesAgainst = (sent: ReturnType<typeof format>, text: string) =>
  z.fromJSONSchema(sent.json_schema.schema as never).safeParse(JSON.parse(text)).success;

describe('response_format json_schema in the simulator', () => {
  it('answers a service task with exactly the JSON the schema describes, nothing around it', async () => {
    const sent = format('document_outline', outline);
    const reply = await chat({
      messages: [system('Quire task: plan-document'), user('Request: Write a report on tea\nSections: 3')],
      response_format: sent,
    });
    expect(reply.finishReason).toBe('stop');
    expect(reply.content.trim().startsWith('{')).toBe(true);
    expect(validatesAgainst(sent, reply.content)).toBe(true);
    expect(JSON.parse(reply.content).sections).toHaveLength(3);
  });

  it("fits the task's own reply to the schema: too many items are cut, as a constrained decoder would", async () => {
    const sent = format('research_facts', facts);
    const reply = await chat({
      messages: [
        system('Quire task: research-round'),
        user(
          'Section: Market\nRound: 1\n[s#1] Solar reached 25 GW in 2023. Prices fell.\n[s#2] Storage is scarce. 4 GW are planned.\n[s#3] Rooftops doubled. Bills fell.',
        ),
      ],
      response_format: sent,
    });
    expect(validatesAgainst(sent, reply.content)).toBe(true);
    expect(JSON.parse(reply.content).facts.length).toBeLessThanOrEqual(2);
  });

  it('answers even a chat message with valid JSON when a schema is demanded', async () => {
    const sent = format(
      'answer',
      z.object({ answer: z.string().min(1), confidence: z.number().min(0).max(1), tags: z.array(z.enum(['a', 'b'])).min(1) }),
    );
    const reply = await chat({ messages: [user('How do I export a PDF?')], response_format: sent });
    expect(validatesAgainst(sent, reply.content)).toBe(true);
  });

  it('a model without structured outputs refuses a schema with a 400, as such providers do', async () => {
    const response = await postChat({
      model: 'sim-mini',
      messages: [system('Quire task: plan-document'), user('Request: tea')],
      response_format: format('o', outline),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('unsupported_response_format');
  });

  it('without a format that model wraps its JSON in prose; a model with structured outputs does not', async () => {
    const ask = (model: string) => chat({ model, messages: [system('Quire task: ask-questions'), user('Request: Write a report on tea')] });
    expect((await ask('sim-mini')).content).toMatch(/^Here is the JSON you asked for:\n\n```json\n\{"questions":/);
    expect((await ask('sim-swift')).content).toMatch(/^\{"questions":/);
  });

  it('json_object mode always answers one JSON object', async () => {
    const reply = await chat({ model: 'sim-mini', messages: [user('hello there')], response_format: { type: 'json_object' } });
    expect(typeof JSON.parse(reply.content)).toBe('object');
  });
});

describe('fitToSchema', () => {
  it('keeps what fits and repairs what does not: required fields, enums, bounds, item counts, extras', () => {
    const schema = z.toJSONSchema(
      z.object({
        kind: z.enum(['report', 'memo']),
        n: z.number().int().min(1).max(5),
        items: z.array(z.string().min(2)).min(2).max(3),
        note: z.string().nullable(),
      }),
      { io: 'input' },
    ) as Record<string, unknown>;
    expect(fitToSchema(schema, { kind: 'memo', n: 9.6, items: ['a', 'bb', 'cc', 'dd'], extra: true })).toEqual({
      kind: 'memo',
      n: 5,
      items: ['a.', 'bb', 'cc'],
      note: null,
    });
    expect(fitToSchema(schema, undefined)).toEqual({ kind: 'report', n: 1, items: ['n/a', 'n/a'], note: null });
  });
});
