import { extendEndlessly } from '../endless';
import { searchKeywords } from '../intents';
import type { ReplyContext, SimulatedReply } from '../types';
import type { ChatScenario } from './chat-scenario';
import { calledTool } from './called-tool';
import { codeAnswer } from './code-answer';
import { echo } from './echo';
import { greeting } from './greeting';
import { numberedList } from './numbered-list';
import { plainAnswer } from './plain-answer';
import { rememberFact } from './remember-fact';
import { parallelSearchDocs, searchDocs } from './search-docs';
import { startDocument } from './start-document';
import { textThenTool } from './text-then-tool';
import { toolResultAnswer } from './tool-result-answer';
import { webSearch } from './web-search';

/**
 * The chat behaviours, first match wins. Order encodes precedence: a tool
 * result is answered before anything else; explicit directives beat
 * keyword guesses; "write a report on how to reset…" is a document, not a
 * search; a list request is a list even when it mentions a problem.
 */
export const CHAT_SCENARIOS: readonly ChatScenario[] = [
  toolResultAnswer,
  echo,
  calledTool,
  textThenTool,
  parallelSearchDocs,
  rememberFact,
  webSearch,
  codeAnswer,
  startDocument,
  numberedList,
  searchDocs,
  greeting,
  plainAnswer,
];

/** Roughly the most characters one token of the filler can cover; keeps endless answers ahead of any ceiling. */
const CHARS_PER_TOKEN_BOUND = 8;

export function composeChatReply(context: ReplyContext, minEndlessChars = 0): SimulatedReply {
  const scenario = CHAT_SCENARIOS.find((candidate) => candidate.matches(context)) ?? plainAnswer;
  const reply = scenario.reply(context);
  if (!context.directives.endless || reply.toolCalls.length > 0) return reply;
  const minChars = Math.max(minEndlessChars, reply.text.length + context.ceilingTokens * CHARS_PER_TOKEN_BOUND);
  return {
    ...reply,
    text: extendEndlessly(reply.text, context.language, searchKeywords(context.userText) || 'this', minChars),
  };
}
