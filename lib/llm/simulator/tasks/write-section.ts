import { labelledLine } from '../conversation';
import { detectLanguage } from '../language';
import type { Language } from '../types';
import { HALLUCINATED_SENTENCE, shouldHallucinate } from './hallucination';
import type { ServiceTask } from './service-task';
import { taskInput } from './task-input';

const FACT_LINE = /^\s*\[\^(\d+)\]\s*(.+?)\s*$/gmu;

/* Connecting sentences carry no numbers and no names, so the fact check never flags them. */
const INTRO: Record<Language, string> = {
  en: 'This section summarises what the sources say.',
  ru: 'В этом разделе собрано то, что говорят источники.',
  zh: '本节总结了资料中的要点。',
};
const LIST_LEAD: Record<Language, string> = {
  en: 'Further points:',
  ru: 'Другие важные моменты:',
  zh: '其他要点：',
};
const CLOSING: Record<Language, string> = {
  en: 'Together, these points give a grounded picture of the topic.',
  ru: 'Вместе эти пункты дают обоснованную картину темы.',
  zh: '综合来看，这些要点为该主题提供了有据可查的概况。',
};
const NO_FACTS: Record<Language, string> = {
  en: 'No verified facts were collected for this section yet, so it only outlines the topic in general terms.',
  ru: 'Для этого раздела пока не собрано проверенных фактов, поэтому он описывает тему лишь в общих чертах.',
  zh: '本节尚未收集到经过核实的事实，因此只对主题作概括性介绍。',
};

/** A fact restated verbatim with its citation marker before the final punctuation. */
function cite(marker: string, fact: string, language: Language): string {
  const match = /^(.*?)([.!?。！？]*)$/su.exec(fact.trim());
  const body = match?.[1] ?? fact;
  const punctuation = match?.[2] || (language === 'zh' ? '。' : '.');
  return `${body}[^${marker}]${punctuation}`;
}

/** `Section`, `Brief` and `[^n] fact` lines → Markdown citing the facts, using only their figures and names. */
export const writeSection: ServiceTask = {
  name: 'write-section',
  reply: (context) => {
    const input = taskInput(context);
    const facts = [...input.matchAll(FACT_LINE)].map(([, marker, text]) => ({ marker, text }));
    const language = detectLanguage(facts.map((f) => f.text).join(' ') || (labelledLine(input, 'Brief') ?? input));
    const space = language === 'zh' ? '' : ' ';
    const lead = facts.slice(0, 2).map((f) => cite(f.marker, f.text, language));
    const firstParagraph = facts.length === 0 ? NO_FACTS[language] : [INTRO[language], ...lead].join(space);
    const blocks = [shouldHallucinate(context) ? `${firstParagraph}${space}${HALLUCINATED_SENTENCE[language]}` : firstParagraph];
    const rest = facts.slice(2);
    if (rest.length > 0) {
      blocks.push(LIST_LEAD[language], rest.map((f) => `- ${cite(f.marker, f.text, language)}`).join('\n'));
    }
    if (facts.length > 0) blocks.push(CLOSING[language]);
    return blocks.join('\n\n');
  },
};
