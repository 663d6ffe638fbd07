import type { ModelMessage } from 'ai';
import { taskHeader } from '@/lib/llm/service-task';

/** Continuations asked for one reply (a chat answer, a section draft, a revision) before it counts as cut. */
export const MAX_CONTINUATIONS = 4;

/** How much of a cut answer the continuation request carries: messages are capped at 6,000 characters. */
export const CONTINUATION_TAIL_CHARS = 5_800;

/**
 * The service request that asks the same model to continue a cut answer
 * (docs/architecture.md, problem 1): the answer's tail as the model's own
 * message, then one message of ours asking for the rest. Roles alternate, so
 * every chat template takes it (Mistral's and Gemma's refuse two user messages
 * in a row), and the model sees its own words where they were, not quoted back.
 * Only the tail goes: the request stays the same size however long the answer grew.
 */
export function continuationRequest(answerSoFar: string): ModelMessage[] {
  let tail = answerSoFar.slice(-CONTINUATION_TAIL_CHARS);
  // never start the tail with the second half of a surrogate pair
  if (/^[\uDC00-\uDFFF]/.test(tail)) tail = tail.slice(1);
  return [
    { role: 'assistant', content: tail },
    {
      role: 'user',
      content: [
        taskHeader('continue-answer'),
        'Your answer above was cut off by the output limit. Continue it exactly where it stops, mid-word or mid-sentence if that is where it stops: do not repeat what is already written, do not restart the sentence or the list, do not add an introduction or a note about continuing. Write only the rest.',
      ].join('\n'),
    },
  ];
}
