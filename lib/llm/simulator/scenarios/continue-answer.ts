import { CONTINUATION_ARTIFACTS } from '../directives';
import { taskNameOf } from '@/lib/llm/service-task';
import type { ReplyContext, SimMessage, SimulatedReply } from '../types';
import { applyContinuationArtifact } from './continuation-artifacts';
import { composeChatReply } from './registry';

/**
 * Quire asks for the rest of a cut answer with the answer's tail as an
 * assistant message, then a service message:
 *
 *   assistant: <the last characters of the answer so far>
 *   user:      Quire task: continue-answer
 *              …
 *
 * The simulator regenerates the whole intended answer to the original
 * message (it is deterministic), finds where the tail ends in it and
 * streams the rest, acting out one of the known continuation artifacts.
 */
export function continueAnswer(context: ReplyContext): SimulatedReply {
  const taskIndex = findLastIndex(context.messages, (m) => m.role === 'user' && taskNameOf(m.text) === 'continue-answer');
  const cut = taskIndex > 0 ? context.messages[taskIndex - 1] : undefined;
  if (!cut || cut.role !== 'assistant') return { text: '', toolCalls: [] };
  const tail = cut.text;
  const base: ReplyContext = { ...context, messages: baseConversation(context.messages, taskIndex - 1), tools: [] };

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

/** The conversation the cut answer replied to: before the tail, without any earlier text of the cut answer. */
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
