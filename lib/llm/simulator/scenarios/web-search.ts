import { isWebLookup, searchKeywords } from '../intents';
import type { Language } from '../types';
import { lastMessageIsUser, toolReply, type ChatScenario } from './chat-scenario';

export const WEB_SEARCH = 'web_search';

/** "Search the web for …" with the web tool on offer: the answer is ONLY a `web_search {query}` call. */
export const webSearch: ChatScenario = {
  name: 'web-search',
  matches: (context) => context.tools.includes(WEB_SEARCH) && lastMessageIsUser(context) && isWebLookup(context.userText),
  reply: (context) =>
    toolReply(WEB_SEARCH, { query: searchKeywords(context.userText.replace(/search the web for|look up|в интернете|поищи/giu, '')) }),
};

interface WebSource {
  n: number;
  title: string;
  quote: string;
}

const FOUND: Record<Language, (sources: WebSource[]) => string> = {
  en: (s) => `Here is what I found on the web. ${s.map((x) => `${x.quote} [${x.n}]`).join(' ')}`,
  ru: (s) => `Вот что я нашёл в интернете. ${s.map((x) => `${x.quote} [${x.n}]`).join(' ')}`,
  zh: (s) => `这是我在网上找到的内容。${s.map((x) => `${x.quote} [${x.n}]`).join(' ')}`,
};

const NOTHING: Record<Language, string> = {
  en: 'I searched the web but could not read any page about it, so I can only answer from what I know.',
  ru: 'Я поискал в интернете, но не смог прочитать ни одной страницы об этом, поэтому отвечу по своим знаниям.',
  zh: '我在网上搜索过，但没能读到相关页面，只能根据已有知识回答。',
};

/** The answer to a web_search result: each source's quoted sentence, followed by its number, as a model cites. */
export function answerFromWebResult(language: Language, result: string): string {
  let sources: WebSource[] = [];
  try {
    const parsed = JSON.parse(result) as { citations?: WebSource[] };
    sources = (parsed.citations ?? []).filter((c) => typeof c.n === 'number' && typeof c.quote === 'string');
  } catch {
    // not the tool's JSON: nothing to cite
  }
  return sources.length > 0 ? FOUND[language](sources) : NOTHING[language];
}
