import { randomBytes } from 'node:crypto';
import { countTokens, splitIntoTokenPieces } from './text-tokens';
import type { SimulatedReply } from './types';

export type FinishReason = 'stop' | 'length' | 'tool_calls';

/** One streamed step of the completion, with the tokens it spends. */
export type Emission =
  | { kind: 'reasoning'; text: string; tokens: number }
  | { kind: 'content'; text: string; tokens: number }
  | { kind: 'tool-start'; index: number; id: string; name: string; tokens: number }
  | { kind: 'tool-arguments'; index: number; text: string; tokens: number };

export interface OutputPlan {
  emissions: Emission[];
  finishReason: FinishReason;
  completionTokens: number;
  reasoningTokens: number;
}

/**
 * Lays out reasoning, text and tool calls as ~1-token steps and applies the
 * output ceiling to all of them together: reasoning spends the same budget
 * as the answer. Crossing the ceiling stops mid-text with `length`, as
 * providers do; the usage then reports exactly the ceiling.
 */
export function planOutput(reasoning: string, reply: SimulatedReply, ceiling: number): OutputPlan {
  const wanted: Emission[] = [
    ...splitIntoTokenPieces(reasoning).map((p) => ({ kind: 'reasoning' as const, ...p })),
    ...splitIntoTokenPieces(reply.text).map((p) => ({ kind: 'content' as const, ...p })),
    ...toolCallEmissions(reply),
  ];
  const emissions: Emission[] = [];
  let spent = 0;
  let reasoningTokens = 0;
  for (const emission of wanted) {
    if (spent + emission.tokens > ceiling) {
      return { emissions, finishReason: 'length', completionTokens: ceiling, reasoningTokens };
    }
    spent += emission.tokens;
    if (emission.kind === 'reasoning') reasoningTokens += emission.tokens;
    emissions.push(emission);
  }
  const finishReason = reply.toolCalls.length > 0 ? 'tool_calls' : 'stop';
  return { emissions, finishReason, completionTokens: spent, reasoningTokens };
}

/**
 * Each call opens with its id and name (and empty arguments), then its
 * arguments in token pieces. With several calls the pieces interleave by
 * index, which OpenAI's format allows and clients must assemble.
 */
function toolCallEmissions(reply: SimulatedReply): Emission[] {
  const perCall = reply.toolCalls.map((call, index): Emission[] => [
    { kind: 'tool-start', index, id: `call_${randomBytes(12).toString('hex')}`, name: call.name, tokens: countTokens(call.name) },
    ...splitIntoTokenPieces(call.arguments).map((p) => ({ kind: 'tool-arguments' as const, index, ...p })),
  ]);
  const interleaved: Emission[] = [];
  for (let step = 0; perCall.some((steps) => step < steps.length); step += 1) {
    for (const steps of perCall) if (step < steps.length) interleaved.push(steps[step]);
  }
  return interleaved;
}
