import { CONTINUATION_ARTIFACTS } from '../directives';
import { ANSWER_TAIL_CLOSE, ANSWER_TAIL_OPEN } from '@/lib/llm/prompts/continue-answer';
import { fencedBlock } from '../conversation';
import type { ReplyContext, SimMessage, SimulatedReply } from '../types';
import { applyContinuationArtifact } from './continuation-artifacts';
import { composeChatReply } from './registry';

/**
 * Quire asks for the rest of a cut answer with a service message:
 *
 *   Quire task: continue-answer
 *   …
 *   <<<ANSWER TAIL
 *   <the last characters of the answer so far>
 *   ANSWER TAIL>>>
 *
 * The simulator regenerates the whole intended answer to the original
 * message (it is deterministic), finds where the tail ends in it and
 * streams the rest, acting out one of the known continuation artifacts.
 */
export function continueAnswer(context: ReplyContext): SimulatedReply {
  const taskIndex = findLastIndex(context.messages, (m) => m.text.includes(ANSWER_TAIL_OPEN));
  const tail = taskIndex >= 0 ? fencedBlock(context.messages[taskIndex].text, ANSWER_TAIL_OPEN, ANSWER_TAIL_CLOSE) : null;
  if (tail === null) return { text: '', toolCalls: [] };
  const base: ReplyContext = { ...context, messages: baseConversation(context.messages, taskIndex), tools: [] };

  // An endless answer has no natural end; grow it until the tail is inside.
  let minChars = 50_000;
  for (;;) {
    const intended = composeChatReply(base, minChars).text;
    const end = locateTailEnd(intended, tail);
    if (end !== null) {
      const artifact = context.directives.artifact ?? CONTINUATION_ARTIFACTS[tail.length % CONTINUATION_ARTIFACTS.length];
      return { text: applyContinuationArtifact(artifact, tail, intended.slice(end)), toolCalls: [] };
    }
    if (!context.directives.endless || minChars > 4_000_000) return { text: '', toolCalls: [] };
    minChars *= 4;
  }
}

/** The conversation the cut answer replied to: before the service message, without the cut answer itself. */
function baseConversation(messages: SimMessage[], taskIndex: number): SimMessage[] {
  const base = messages.slice(0, taskIndex);
  while (base.length > 0 && base.at(-1)?.role === 'assistant' && base.at(-1)?.toolCalls.length === 0) base.pop();
  return base;
}

/** Minimum suffix length to trust a match: a few characters occur everywhere. */
const MIN_ANCHOR = 8;
const MAX_ANCHOR = 300;

/**
 * Where the tail ends inside the intended answer: the longest suffix of the
 * tail (up to 300 characters) found in it. A tail the merge altered slightly
 * still anchors on its last clean characters.
 */
export function locateTailEnd(intended: string, tail: string): number | null {
  for (const candidate of tail === tail.trimEnd() ? [tail] : [tail, tail.trimEnd()]) {
    const longest = Math.min(candidate.length, MAX_ANCHOR);
    const shortest = Math.min(candidate.length, MIN_ANCHOR);
    for (let k = longest; k >= shortest && k > 0; k -= 1) {
      const index = intended.indexOf(candidate.slice(-k));
      if (index >= 0) return index + k;
    }
  }
  return null;
}

function findLastIndex<T>(items: T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i -= 1) if (predicate(items[i])) return i;
  return -1;
}
