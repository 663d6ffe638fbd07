import type { AnswerContext } from '@/lib/chat/context/answer-context';
import type { Citation, ToolCallData } from '@/lib/chat/turn/wire';

/** What a message's `meta` column may hold. */
export interface MessageMeta {
  /** an answer's prompt as the model saw it: slots, summary, whole turns, recalled messages, tokens and cost */
  context?: AnswerContext;
  /** tools the model called while writing the answer */
  tools?: ToolCallData[];
  /** the numbered sources the answer cites, as its tools found them */
  citations?: Citation[];
  /** the side-by-side round the answer was written in (its first answer's turn id): the round's answers share it */
  round?: string;
  /** a system-posted event (document Started/Updated/Done) and its numbers */
  event?: string;
  [key: string]: unknown;
}
