import { toolNameForResult } from '../conversation';
import { firstSentence, quoteOf } from '../phrasing';
import type { Language, ReplyContext, SimMessage } from '../types';
import { textReply, type ChatScenario } from './chat-scenario';
import { REMEMBER_FACT } from './remember-fact';
import { SEARCH_DOCS } from './search-docs';
import { START_DOCUMENT } from './start-document';
import { answerFromWebResult, WEB_SEARCH } from './web-search';

interface Article {
  title: string;
  snippet: string;
}

const SNIPPET_FIELDS = ['snippet', 'excerpt', 'summary', 'content', 'text', 'body'];

/** Articles from a search result, whatever JSON shape the tool returned. */
function articlesOf(result: string): Article[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(result);
  } catch {
    // Not JSON: a plain-text result, one article per "Title: …" or heading line.
    return [...result.matchAll(/^(?:title:|#+)\s*(.+)$/gim)].map((m) => ({ title: m[1].trim(), snippet: '' }));
  }
  const articles: Article[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.title === 'string') {
        const field = SNIPPET_FIELDS.find((name) => typeof record[name] === 'string');
        articles.push({ title: record.title, snippet: field ? String(record[field]) : '' });
      } else Object.values(record).forEach(visit);
    }
  };
  visit(parsed);
  return articles;
}

const CITED: Record<Language, (first: Article, second?: Article) => string> = {
  en: (a, b) =>
    `According to “${a.title}”: ${firstSentence(a.snippet) || 'the article describes the steps.'}` +
    (b ? ` See also “${b.title}”.` : '') +
    ' Let me know if that solves it.',
  ru: (a, b) =>
    `Согласно статье «${a.title}»: ${firstSentence(a.snippet) || 'в статье описаны нужные шаги.'}` +
    (b ? ` См. также «${b.title}».` : '') +
    ' Напишите, помогло ли это.',
  zh: (a, b) =>
    `根据“${a.title}”：${firstSentence(a.snippet) || '文章介绍了具体步骤。'}` +
    (b ? `另请参阅“${b.title}”。` : '') +
    '如果问题仍未解决，请告诉我。',
};

const NOTHING_FOUND: Record<Language, string> = {
  en: 'I searched the help center but found no matching article. Could you describe the problem in more detail?',
  ru: 'Я поискал в справочном центре, но подходящей статьи не нашлось. Опишите, пожалуйста, проблему подробнее.',
  zh: '我在帮助中心搜索过，但没有找到相关文章。能再详细描述一下问题吗？',
};

const REMEMBERED: Record<Language, (args: Record<string, unknown>) => string> = {
  en: (a) => `Got it, I'll remember that: ${a.key ?? 'note'} — ${a.value ?? ''}.`,
  ru: (a) => `Запомнил: ${a.key ?? 'note'} — ${a.value ?? ''}.`,
  zh: (a) => `好的，我记住了：${a.key ?? 'note'} — ${a.value ?? ''}。`,
};

const DOCUMENT_STARTED: Record<Language, string> = {
  en: "I've started the document. You can follow its progress on the canvas; I'll post updates here.",
  ru: 'Я начал работу над документом. Следить за ходом можно на холсте, а обновления я буду публиковать здесь.',
  zh: '我已经开始撰写文档。您可以在画布上查看进度，我会在这里发布更新。',
};

function argumentsOfCall(messages: SimMessage[], result: SimMessage): Record<string, unknown> {
  for (const message of messages) {
    const call = message.toolCalls.find((c) => c.id === result.toolCallId);
    if (call) {
      try {
        return JSON.parse(call.arguments) as Record<string, unknown>;
      } catch {
        // Arguments the client mangled: answer without them rather than fail the turn.
        return {};
      }
    }
  }
  return {};
}

function answerToResult(context: ReplyContext, result: SimMessage): string {
  const { language, messages } = context;
  const tool = toolNameForResult(messages, result);
  if (tool === REMEMBER_FACT) return REMEMBERED[language](argumentsOfCall(messages, result));
  if (tool === START_DOCUMENT) return DOCUMENT_STARTED[language];
  if (tool === WEB_SEARCH) return answerFromWebResult(language, result.text);
  if (tool === SEARCH_DOCS || tool === null) {
    const articles = articlesOf(result.text);
    return articles.length > 0 ? CITED[language](articles[0], articles[1]) : NOTHING_FOUND[language];
  }
  return `${quoteOf(result.text, 160)}`;
}

/** After a tool round the model answers from the results, citing help articles by title. */
export const toolResultAnswer: ChatScenario = {
  name: 'tool-result-answer',
  matches: (context) => context.messages.at(-1)?.role === 'tool',
  reply: (context) => {
    const results: SimMessage[] = [];
    for (let i = context.messages.length - 1; i >= 0 && context.messages[i].role === 'tool'; i -= 1) {
      results.unshift(context.messages[i]);
    }
    return textReply(results.map((result) => answerToResult(context, result)).join('\n\n'));
  },
};
