import { isDocumentRequest, rememberedFact, searchKeywords } from '../intents';
import type { Language, ReplyContext, SimToolCall } from '../types';
import { lastMessageIsUser, type ChatScenario } from './chat-scenario';
import { factToKeyFact, REMEMBER_FACT } from './remember-fact';
import { SEARCH_DOCS } from './search-docs';
import { START_DOCUMENT } from './start-document';

const LEAD_IN: Record<Language, string> = {
  en: 'Let me check that for you before answering.',
  ru: 'Сейчас уточню это, прежде чем ответить.',
  zh: '我先查一下，然后再回答。',
};

function chooseToolCall(context: ReplyContext): SimToolCall {
  const { tools, userText } = context;
  const fact = rememberedFact(userText);
  if (fact && tools.includes(REMEMBER_FACT)) {
    return { name: REMEMBER_FACT, arguments: JSON.stringify(factToKeyFact(fact)) };
  }
  if (isDocumentRequest(userText) && tools.includes(START_DOCUMENT)) {
    return { name: START_DOCUMENT, arguments: JSON.stringify({ request: userText }) };
  }
  if (tools.includes(SEARCH_DOCS)) {
    return { name: SEARCH_DOCS, arguments: JSON.stringify({ query: searchKeywords(userText) }) };
  }
  return { name: tools[0], arguments: '{}' };
}

/** `[sim:text+tool]`: text and a tool call from the same streamed response. */
export const textThenTool: ChatScenario = {
  name: 'text-then-tool',
  matches: (context) => context.directives.textThenTool && context.tools.length > 0 && lastMessageIsUser(context),
  reply: (context) => ({ text: LEAD_IN[context.language], toolCalls: [chooseToolCall(context)] }),
};
