import type { ModelMessage } from 'ai';
import { taskHeader } from '@/lib/llm/service-task';

/** Continuations asked for one reply (a chat answer, a section draft, a revision) before it counts as cut. */
export const MAX_CONTINUATIONS = 4;

/** How much of a cut answer the continuation request carries: messages are capped at 6,000 characters. */
export const CONTINUATION_TAIL_CHARS = 5_800;

/** The lines around the answer's tail; the simulator finds the tail between them, so both read these constants. */
export const ANSWER_TAIL_OPEN = '<<<ANSWER TAIL';
export const ANSWER_TAIL_CLOSE = 'ANSWER TAIL>>>';

/**
 * The service request that asks the same model to continue a cut answer
 * (docs/architecture.md, problem 1). It carries only the answer's tail, so
 * the request stays the same size however long the answer has grown.
 */
export function continuationRequest(answerSoFar: string): ModelMessage {
  let tail = answerSoFar.slice(-CONTINUATION_TAIL_CHARS);
  // never start the tail with the second half of a surrogate pair
  if (/^[\uDC00-\uDFFF]/.test(tail)) tail = tail.slice(1);
  return {
    role: 'user',
    content: [
      taskHeader('continue-answer'),
      'Your previous answer was cut off by the output limit. Continue it exactly where it stops: do not repeat what is already written, do not restart the sentence or the list, do not add an introduction. The end of the answer so far:',
      ANSWER_TAIL_OPEN,
      tail,
      ANSWER_TAIL_CLOSE,
    ].join('\n'),
  };
}
