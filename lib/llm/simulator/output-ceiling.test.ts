import { describe, expect, it } from 'vitest';
import { SIMULATED_MODELS } from './models';
import { chat, user } from '@/tests/support/sse-test-client';
import { countTokens } from './text-tokens';

describe('max_tokens ceiling', () => {
  it('cuts mid-text with finish_reason length and reports completion_tokens == max_tokens', async () => {
    const full = await chat({ messages: [user('list 50 harbours')] });
    expect(full.finishReason).toBe('stop');
    const cut = await chat({ messages: [user('list 50 harbours')], max_tokens: 137 });
    expect(cut.finishReason).toBe('length');
    expect(cut.usage.completion_tokens).toBe(137);
    expect(full.content.startsWith(cut.content)).toBe(true);
    expect(cut.content.length).toBeLessThan(full.content.length);
    expect(countTokens(cut.content)).toBeLessThanOrEqual(137);
    expect(countTokens(cut.content)).toBeGreaterThanOrEqual(130);
  });

  it('honours max_completion_tokens too', async () => {
    const cut = await chat({ messages: [user('list 50 harbours')], max_completion_tokens: 40 });
    expect(cut.finishReason).toBe('length');
    expect(cut.usage.completion_tokens).toBe(40);
  });

  it('counts reasoning tokens toward the ceiling and reports them', async () => {
    const plain = await chat({ model: 'sim-swift', messages: [user('list 50 harbours')], max_tokens: 150 });
    const reasoner = await chat({ model: 'sim-reasoner', messages: [user('list 50 harbours')], max_tokens: 150 });
    expect(reasoner.reasoning.length).toBeGreaterThan(0);
    const reasoningTokens = reasoner.usage.completion_tokens_details.reasoning_tokens;
    expect(reasoningTokens).toBe(countTokens(reasoner.reasoning));
    expect(reasoner.usage.completion_tokens).toBe(150);
    expect(reasoner.finishReason).toBe('length');
    // The visible text is cut earlier by exactly what the reasoning spent.
    expect(countTokens(reasoner.content)).toBeLessThanOrEqual(150 - reasoningTokens);
    expect(reasoner.content.length).toBeLessThan(plain.content.length);
    expect(plain.content.startsWith(reasoner.content)).toBe(true);
  });

  it('streams reasoning_content before any content', async () => {
    const reply = await chat({ model: 'sim-reasoner', messages: [user('Why is the sky blue?')] });
    const kinds = reply.chunks
      .flatMap((c) => c.choices)
      .map((choice: any) => (choice.delta.reasoning_content ? 'r' : choice.delta.content ? 'c' : ''))
      .filter(Boolean)
      .join('');
    expect(kinds).toMatch(/^r+c+$/);
  });

  it('uses the model maxOutputTokens when the request sets no ceiling', async () => {
    const reply = await chat({ messages: [user('Tell me about tides [sim:endless]')] });
    expect(reply.finishReason).toBe('length');
    expect(reply.usage.completion_tokens).toBe(2400);
  });

  it('[sim:endless] runs into the ceiling whatever it is', async () => {
    for (const max of [30, 500]) {
      const reply = await chat({ messages: [user('Расскажи о приливах [sim:endless]')], max_tokens: max });
      expect(reply.finishReason).toBe('length');
      expect(reply.usage.completion_tokens).toBe(max);
    }
  });
});

describe('catalog', () => {
  it('offers the four demo models with their prices and limits', () => {
    const byId = Object.fromEntries(SIMULATED_MODELS.map((m) => [m.id, m]));
    expect(byId['sim-swift']).toMatchObject({
      inputPrice: 0.15,
      outputPrice: 0.6,
      contextWindow: 16_000,
      maxOutputTokens: 2400,
      reasoning: false,
    });
    expect(byId['sim-sage']).toMatchObject({ inputPrice: 2, outputPrice: 8, contextWindow: 64_000 });
    expect(byId['sim-reasoner']).toMatchObject({ inputPrice: 1, outputPrice: 4, reasoning: true });
    expect(byId['sim-mini']).toMatchObject({ inputPrice: 0, outputPrice: 0, contextWindow: 8_000 });
    for (const model of SIMULATED_MODELS) expect(model.label).toMatch(/offline demo/i);
  });
});
