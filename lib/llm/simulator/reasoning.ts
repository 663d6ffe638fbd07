import { quoteOf } from './phrasing';
import type { ReplyContext } from './types';

/**
 * The hidden thinking of `sim-reasoner`. It is long enough (~80 tokens) to
 * visibly eat into the output ceiling: a reasoning model is cut earlier than
 * its visible text suggests.
 */
export function reasoningFor(context: ReplyContext, purpose: string): string {
  const about = purpose === 'chat' ? `The user wrote: “${quoteOf(context.userText, 60)}”.` : `This is a ${purpose} request.`;
  return [
    about,
    'First, I work out what is actually being asked and what a good answer must contain.',
    'Then I check which details matter, choose a clear structure, and keep to the format that is expected.',
    'Finally, I make sure nothing in the answer goes beyond what I can support, and I write it out.',
  ].join(' ');
}
