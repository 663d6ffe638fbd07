import { isGreeting, isHowToQuestion, searchKeywords } from '../intents';
import type { Language } from '../types';
import { lastMessageIsUser, toolReply, type ChatScenario } from './chat-scenario';

export const SEARCH_DOCS = 'search_docs';

/** A how-to or problem question, with the help-center tool on offer: the answer is ONLY a tool call. */
export const searchDocs: ChatScenario = {
  name: 'search-docs',
  matches: (context) =>
    context.tools.includes(SEARCH_DOCS) && lastMessageIsUser(context) && isHowToQuestion(context.userText) && !isGreeting(context.userText),
  reply: (context) => toolReply(SEARCH_DOCS, { query: searchKeywords(context.userText) }),
};

const SECOND_QUERY_SUFFIX: Record<Language, string> = {
  en: 'troubleshooting',
  ru: 'решение проблем',
  zh: '故障排除',
};

/** `[sim:parallel-tools]`: two search calls in one response, their argument pieces interleaved. */
export const parallelSearchDocs: ChatScenario = {
  name: 'parallel-tools',
  matches: (context) => context.directives.parallelTools && context.tools.includes(SEARCH_DOCS) && lastMessageIsUser(context),
  reply: (context) => {
    const query = searchKeywords(context.userText);
    return {
      text: '',
      toolCalls: [
        { name: SEARCH_DOCS, arguments: JSON.stringify({ query }) },
        {
          name: SEARCH_DOCS,
          arguments: JSON.stringify({ query: `${query} ${SECOND_QUERY_SUFFIX[context.language]}` }),
        },
      ],
    };
  },
};
