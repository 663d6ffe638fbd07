import type { BuiltPrompt, PromptParts } from './build-prompt';
import { hasInstructions, type Instructions } from './render-instructions';
import type { ContextRole, KeyFactView } from './types';

/**
 * What the model saw for one answer, stored with the answer (message meta `context`) when its
 * prompt is built, so the person and staff can see why it knew or did not know something:
 * the slots, the summary, the turns sent whole, the older messages recalled and the words that
 * recalled them, and each part's tokens and input cost. Message texts are referenced by id.
 */
export type AnswerContext = {
  model: string;
  inputTokens: number;
  /** micro-USD: tokens × the model's input price per million */
  costMicros: number;
  parts: Array<{ part: keyof PromptParts; tokens: number; costMicros: number }>;
  /** the person's and the chat's instructions as sent (absent on answers from before there were any) */
  instructions?: Instructions;
  slots: KeyFactView[];
  summary: string | null;
  window: Array<{ id: string; role: ContextRole; tokens: number }>;
  recalled: Array<{ id: string; role: ContextRole; tokens: number; matched: string[]; excerpt: boolean }>;
  /** older messages not sent (folded into the summary, or waiting to be) */
  omitted: number;
};

const PART_ORDER: Array<keyof PromptParts> = ['system', 'instructions', 'slots', 'summary', 'recalled', 'window', 'current'];

export function describeAnswerContext(input: {
  model: { id: string; inputPrice: number };
  prompt: BuiltPrompt;
  slots: KeyFactView[];
  summary: string | null;
  instructions?: Instructions;
}): AnswerContext {
  const cost = (tokens: number) => Math.round(tokens * input.model.inputPrice * 100) / 100;
  return {
    model: input.model.id,
    inputTokens: input.prompt.inputTokens,
    costMicros: cost(input.prompt.inputTokens),
    parts: PART_ORDER.filter((part) => input.prompt.parts[part] > 0).map((part) => ({
      part,
      tokens: input.prompt.parts[part],
      costMicros: cost(input.prompt.parts[part]),
    })),
    ...(input.instructions && hasInstructions(input.instructions) ? { instructions: input.instructions } : {}),
    slots: input.slots,
    summary: input.prompt.parts.summary > 0 ? input.summary : null,
    window: input.prompt.window,
    recalled: input.prompt.recalled,
    omitted: input.prompt.droppedIds.length,
  };
}
