import { searchKeywords } from '../intents';
import { quoteOf } from '../phrasing';
import { pick } from '../seeded';
import type { Language } from '../types';
import { textReply, type ChatScenario } from './chat-scenario';

const OPENERS: Record<Language, (quote: string) => string> = {
  en: (quote) => `You asked: “${quote}”.`,
  ru: (quote) => `Вы спросили: «${quote}».`,
  zh: (quote) => `您问的是：“${quote}”。`,
};

const MIDDLES: Record<Language, ((topic: string) => string)[]> = {
  en: [
    (t) =>
      `Here is a short, practical answer: start with the simplest explanation of ${t}, then check the details that matter in your situation.`,
    (t) => `The key idea behind ${t} is to break it into small steps and confirm each one before moving on.`,
    (t) => `A good way to approach ${t} is to compare a couple of options and pick the one that fits your goal.`,
  ],
  ru: [
    (t) => `Коротко: начните с самого простого объяснения темы «${t}», а затем проверьте детали, важные именно в вашей ситуации.`,
    (t) => `Главная идея в теме «${t}» — разбить задачу на небольшие шаги и проверять каждый, прежде чем идти дальше.`,
    (t) => `Хороший подход к теме «${t}» — сравнить пару вариантов и выбрать тот, что лучше подходит вашей цели.`,
  ],
  zh: [
    (t) => `简单来说：先从关于“${t}”最基本的解释开始，再检查与您的情况相关的细节。`,
    (t) => `关于“${t}”，关键是把问题拆成小步骤，每一步确认无误后再继续。`,
    (t) => `处理“${t}”的一个好方法是比较几个方案，选择最符合您目标的那个。`,
  ],
};

const CLOSERS: Record<Language, string[]> = {
  en: [
    'This is an offline demo model, so the answer is illustrative rather than researched.',
    'If you share more details, I can give a more specific answer.',
  ],
  ru: ['Это офлайн-демомодель, поэтому ответ носит иллюстративный характер.', 'Если расскажете подробнее, я смогу ответить точнее.'],
  zh: ['这是一个离线演示模型，所以回答仅作示例。', '如果您提供更多细节，我可以给出更具体的回答。'],
};

/** A few sentences in the user's language that refer to what they wrote. */
function plainAnswerText(userText: string, language: Language): string {
  const quote = quoteOf(userText) || '…';
  const topic = searchKeywords(userText) || quote;
  return [
    OPENERS[language](quote),
    pick(MIDDLES[language], `middle:${userText}`)(topic),
    pick(CLOSERS[language], `closer:${userText}`),
  ].join(language === 'zh' ? '' : ' ');
}

export const plainAnswer: ChatScenario = {
  name: 'plain-answer',
  matches: () => true,
  reply: (context) => textReply(plainAnswerText(context.userText, context.language)),
};
