import { describeWrittenTail, planMerge, type MergePlan } from './merge-continuation';

export interface StreamingMerge {
  /** Takes the next chunk of the continuation; returns the text that can be shown now. */
  push(chunk: string): string;
  /** The continuation has ended; returns whatever was still held back. */
  end(): string;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Merges a continuation while it streams. The start of the continuation is held
 * back only until `planMerge` calls the decision final (the overlap window of
 * 400 characters, a restarted line, or a list marker still being typed); after
 * that chunks pass straight through. Because a final decision is the one the
 * whole continuation would get, `prev + everything emitted` is always a prefix
 * of `mergeContinuation(prev, fullNext)`, whatever the chunking.
 */
export function createStreamingMerge(prev: string): StreamingMerge {
  const tail = describeWrittenTail(prev);
  let undecided = '';
  let plan: MergePlan | undefined;
  // A chunk may end between the halves of a surrogate pair; the high half waits for its partner.
  let heldHighSurrogate = '';

  function emitWholeCharacters(text: string): string {
    const joined = heldHighSurrogate + text;
    const endsInHigh = joined.length > 0 && isHighSurrogate(joined.charCodeAt(joined.length - 1));
    heldHighSurrogate = endsInHigh ? joined.slice(-1) : '';
    return endsInHigh ? joined.slice(0, -1) : joined;
  }

  function release(decided: MergePlan): string {
    plan = decided;
    const text = decided.insert + undecided.slice(decided.skip);
    undecided = '';
    return text;
  }

  return {
    push(chunk) {
      if (plan) return emitWholeCharacters(chunk);
      undecided += chunk;
      const decided = planMerge(tail, undecided, false);
      return decided ? emitWholeCharacters(release(decided)) : '';
    },
    end() {
      const rest = plan ? '' : release(planMerge(tail, undecided, true));
      const text = heldHighSurrogate + rest;
      heldHighSurrogate = '';
      return text;
    },
  };
}
