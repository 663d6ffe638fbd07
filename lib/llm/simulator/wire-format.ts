import { randomBytes } from 'node:crypto';
import { openAIErrorBody } from './openai-errors';
import type { Emission, FinishReason, OutputPlan } from './output-plan';

/** OpenAI's usage object; reasoning tokens are part of completion tokens. */
export interface WireUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  completion_tokens_details: { reasoning_tokens: number };
}

export function wireUsage(promptTokens: number, plan: OutputPlan): WireUsage {
  return {
    prompt_tokens: promptTokens,
    completion_tokens: plan.completionTokens,
    total_tokens: promptTokens + plan.completionTokens,
    completion_tokens_details: { reasoning_tokens: plan.reasoningTokens },
  };
}

export function newCompletionId(): string {
  return `chatcmpl-sim${randomBytes(10).toString('hex')}`;
}

/** Builds the `chat.completion.chunk` objects of one response; all share its id, created and model. */
export function chunkWriter(id: string, model: string, created: number) {
  const chunk = (delta: Record<string, unknown>, finishReason: FinishReason | null = null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
  return {
    role: () => chunk({ role: 'assistant', content: '' }),
    emission: (emission: Emission) => chunk(deltaOf(emission)),
    finish: (reason: FinishReason) => chunk({}, reason),
    usage: (usage: WireUsage) => ({ id, object: 'chat.completion.chunk', created, model, choices: [], usage }),
    error: (message: string) => openAIErrorBody(message, 'server_error', 'simulated_midstream_error'),
  };
}

function deltaOf(emission: Emission): Record<string, unknown> {
  switch (emission.kind) {
    case 'reasoning':
      return { reasoning_content: emission.text };
    case 'content':
      return { content: emission.text };
    case 'tool-start':
      return {
        tool_calls: [{ index: emission.index, id: emission.id, type: 'function', function: { name: emission.name, arguments: '' } }],
      };
    case 'tool-arguments':
      return { tool_calls: [{ index: emission.index, function: { arguments: emission.text } }] };
  }
}

/** The non-streaming `chat.completion` body: the same plan, assembled. */
export function completionBody(id: string, model: string, created: number, plan: OutputPlan, usage: WireUsage) {
  const text = (kind: 'content' | 'reasoning') => plan.emissions.flatMap((e) => (e.kind === kind ? [e.text] : [])).join('');
  const calls = new Map<number, { id: string; type: 'function'; function: { name: string; arguments: string } }>();
  for (const emission of plan.emissions) {
    if (emission.kind === 'tool-start') {
      calls.set(emission.index, { id: emission.id, type: 'function', function: { name: emission.name, arguments: '' } });
    } else if (emission.kind === 'tool-arguments') {
      const call = calls.get(emission.index);
      if (call) call.function.arguments += emission.text;
    }
  }
  const reasoning = text('reasoning');
  return {
    id,
    object: 'chat.completion',
    created,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text('content'),
          ...(reasoning ? { reasoning_content: reasoning } : {}),
          ...(calls.size > 0 ? { tool_calls: [...calls.values()] } : {}),
        },
        finish_reason: plan.finishReason,
      },
    ],
    usage,
  };
}
