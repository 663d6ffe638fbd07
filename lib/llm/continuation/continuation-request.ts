import type { ModelMessage } from 'ai';

/** Continuations asked for one reply (a chat answer, a section draft, a revision) before it counts as cut. */
export const MAX_CONTINUATIONS = 4;

/** How much of the reply so far the request carries: messages are capped at 6,000 characters. */
export const CONTINUATION_TAIL_CHARS = 5_800;

/**
 * The service request that asks the same model to continue a cut reply
 * (docs/architecture.md, problem 1); appended to the messages of the call that was cut.
 */
export function continuationRequest(replySoFar: string): ModelMessage {
  let tail = replySoFar.slice(-CONTINUATION_TAIL_CHARS);
  // never start the tail with the second half of a surrogate pair
  if (/^[\uDC00-\uDFFF]/.test(tail)) tail = tail.slice(1);
  return {
    role: 'user',
    content: [
      'Quire task: continue-answer',
      'Your previous answer was cut off by the output limit. Continue it exactly where it stops: do not repeat what is already written, do not restart the sentence or the list, do not add an introduction. The end of the answer so far:',
      '<<<ANSWER TAIL',
      tail,
      'ANSWER TAIL>>>',
    ].join('\n'),
  };
}
