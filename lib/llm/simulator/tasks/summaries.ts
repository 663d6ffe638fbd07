import { detectLanguage } from '../language';
import { firstSentence, quoteOf } from '../phrasing';
import type { Language } from '../types';
import type { ServiceTask } from './service-task';
import { taskInput } from './task-input';

const ROLE_PREFIX = /^\s*(?:user|assistant|system|пользователь|ассистент|用户|助手)\s*[:：]\s*/iu;
/** The running-summary prompt's own lines (lib/chat/prompts/summarize-chat.ts): labels, not conversation. */
const SUMMARY_PROMPT_LINE = /^(?:current summary:|new turns:|\(none yet\))$/i;

const CHAT_SUMMARY: Record<Language, (points: string[]) => string> = {
  en: (p) => `Summary of the conversation: ${p.join('; ')}.`,
  ru: (p) => `Кратко о разговоре: ${p.join('; ')}.`,
  zh: (p) => `对话摘要：${p.join('；')}。`,
};

const DOCUMENT_SUMMARY: Record<Language, (points: string[]) => string> = {
  en: (p) => `This document covers ${p.join(', ')}.`,
  ru: (p) => `Документ охватывает следующее: ${p.join(', ')}.`,
  zh: (p) => `本文档涵盖：${p.join('、')}。`,
};

const trimEnd = (text: string) => text.replace(/[.!?。！？…]+$/u, '');

/** A short summary of the conversation text, in its language. */
export const summarizeChat: ServiceTask = {
  name: 'summarize-chat',
  reply: (context) => {
    const input = taskInput(context);
    const lines = input
      .split('\n')
      .map((line) => line.replace(ROLE_PREFIX, '').trim())
      .filter((line) => line.length > 0 && !/^quire task:/i.test(line) && !SUMMARY_PROMPT_LINE.test(line));
    const points = lines.slice(0, 3).map((line) => trimEnd(quoteOf(line, 90)));
    return CHAT_SUMMARY[detectLanguage(input)](points.length > 0 ? points : ['—']);
  },
};

/** Headings, or else the first sentences of paragraphs, listed in one sentence. */
export const summarizeDocument: ServiceTask = {
  name: 'summarize-document',
  reply: (context) => {
    const input = taskInput(context).replace(/\[\^\d+\]/g, '');
    const headings = [...input.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1].trim());
    const paragraphs = input
      .split(/\n\s*\n/)
      .filter((p) => p.trim() && !/^(#|quire task:)/i.test(p.trim()))
      .map((p) => trimEnd(firstSentence(p, 90)));
    const points = (headings.length > 0 ? headings : paragraphs).slice(0, 4);
    return DOCUMENT_SUMMARY[detectLanguage(input)](points.length > 0 ? points : ['—']);
  },
};
