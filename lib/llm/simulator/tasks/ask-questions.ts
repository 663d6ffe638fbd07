import { labelledLine } from '../conversation';
import { detectLanguage } from '../language';
import { hashText } from '../seeded';
import type { Language } from '../types';
import type { ServiceTask } from './service-task';
import { taskInput, titleFromRequest } from './task-input';

const QUESTIONS: Record<Language, ((topic: string) => string)[]> = {
  en: [
    (t) => `Who is the intended audience for “${t}”?`,
    () => 'What scope or time period should the document cover?',
    () => 'Are there sources or figures you want included?',
  ],
  ru: [
    (t) => `Для кого предназначен документ «${t}»?`,
    () => 'Какой охват или период должен покрывать документ?',
    () => 'Есть ли источники или данные, которые нужно обязательно включить?',
  ],
  zh: [(t) => `“${t}”的目标读者是谁？`, () => '文档应涵盖哪些范围或时间段？', () => '有没有需要包含的资料或数据？'],
};

/** 1–3 clarifying questions in the request's language → `{"questions": [...]}`. */
export const askQuestions: ServiceTask = {
  name: 'ask-questions',
  reply: (context) => {
    const input = taskInput(context);
    const request = labelledLine(input, 'Request') ?? input;
    const language = detectLanguage(request);
    const topic = titleFromRequest(request);
    const count = 1 + (hashText(request) % 3);
    return JSON.stringify({ questions: QUESTIONS[language].slice(0, count).map((question) => question(topic)) });
  },
};
