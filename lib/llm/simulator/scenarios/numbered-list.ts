import { requestedListLength, searchKeywords } from '../intents';
import { pick } from '../seeded';
import type { Language, ReplyContext } from '../types';
import { textReply, type ChatScenario } from './chat-scenario';

/** Keeps a runaway "list 100000" from building megabytes of text. */
const MAX_ITEMS = 5_000;

const WORDS: Record<Language, string[]> = {
  en: ['lantern', 'harbor', 'meadow', 'compass', 'orchard', 'signal', 'ledger', 'canyon', 'ember', 'quarry', 'willow', 'beacon'],
  ru: ['фонарь', 'гавань', 'луг', 'компас', 'сад', 'сигнал', 'журнал', 'каньон', 'уголёк', 'карьер', 'ива', 'маяк'],
  zh: ['灯笼', '港口', '草地', '指南针', '果园', '信号', '账本', '峡谷', '余烬', '采石场', '柳树', '灯塔'],
};

const ITEM: Record<Language, (i: number, word: string, topic: string) => string> = {
  en: (i, w, t) => `${i}. Item ${i}: ${w} — a note on ${t}`,
  ru: (i, w, t) => `${i}. Пункт ${i}: ${w} — заметка о теме «${t}»`,
  zh: (i, w, t) => `${i}. 第${i}项：${w}——关于“${t}”的要点`,
};

const INTRO: Record<Language, (n: number, topic: string) => string> = {
  en: (n, t) => `Here is a list of ${n} items about ${t}:`,
  ru: (n, t) => `Вот список из ${n} пунктов по теме «${t}»:`,
  zh: (n, t) => `以下是关于“${t}”的${n}项清单：`,
};

const OUTRO: Record<Language, (n: number) => string> = {
  en: (n) => `That is all ${n} items.`,
  ru: (n) => `Это все ${n} пунктов.`,
  zh: (n) => `以上就是全部${n}项。`,
};

function listLength(context: ReplyContext): number | null {
  const n = context.directives.listLength ?? requestedListLength(context.userText);
  return n === null || n < 1 ? null : Math.min(n, MAX_ITEMS);
}

function listTopic(userText: string): string {
  const withoutCount = userText.replace(/\d+/g, ' ').replace(/(?<![\p{L}])(list|перечисли|列出|列举)(?![\p{L}])/giu, ' ');
  return searchKeywords(withoutCount) || 'ideas';
}

/** Every item's text is unique ("Item 37: …"), so a duplicated line after a merge is detectable. */
export function numberedListText(n: number, userText: string, language: Language): string {
  const topic = listTopic(userText);
  const items = Array.from({ length: n }, (_, k) => ITEM[language](k + 1, pick(WORDS[language], `${userText}#${k + 1}`), topic));
  return `${INTRO[language](n, topic)}\n\n${items.join('\n')}\n\n${OUTRO[language](n)}`;
}

export const numberedList: ChatScenario = {
  name: 'numbered-list',
  matches: (context) => listLength(context) !== null,
  reply: (context) => textReply(numberedListText(listLength(context) ?? 1, context.userText, context.language)),
};
