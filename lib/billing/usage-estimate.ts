import type { ModelInfo } from '@/lib/llm/catalog';
import type { TokenUsage } from './pricing';
import { countTokens } from './tokens';

/**
 * A reasoning model that hides its reasoning was still paid to think before
 * (and while) it wrote. With no usage report and no reasoning streamed, the
 * hidden part is estimated as much as the visible text, and at least this
 * many tokens: a stop before the first visible word still came after thinking.
 */
export const HIDDEN_REASONING_FLOOR_TOKENS = 256;

export interface ProducedOutput {
  promptTokens: number;
  /** visible text the stream delivered */
  text: string;
  /** reasoning text the stream delivered (empty when the provider hides it) */
  reasoning: string;
  /** the call's output ceiling: no estimate exceeds what could have been generated */
  maxOutputTokens: number;
}

/**
 * Usage of a call the provider never reported (a stopped or broken stream):
 * the prompt, plus every output token produced, reasoning included.
 * Rule: streamed reasoning is counted as it came; when the catalog marks the
 * model `reasoning` and none was streamed, hidden reasoning is estimated as
 * max(visible tokens, HIDDEN_REASONING_FLOOR_TOKENS). Output never exceeds the ceiling.
 */
export function estimateUsage(model: Pick<ModelInfo, 'reasoning'>, produced: ProducedOutput): TokenUsage {
  const visible = countTokens(produced.text);
  const streamedReasoning = countTokens(produced.reasoning);
  const hiddenReasoning = model.reasoning && streamedReasoning === 0 ? Math.max(visible, HIDDEN_REASONING_FLOOR_TOKENS) : 0;
  const outputTokens = Math.min(produced.maxOutputTokens, visible + streamedReasoning + hiddenReasoning);
  return {
    inputTokens: produced.promptTokens,
    outputTokens,
    reasoningTokens: Math.max(0, outputTokens - visible),
  };
}
