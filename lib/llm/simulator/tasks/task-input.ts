import { stripDirectives } from '../directives';
import { firstSentence } from '../phrasing';
import type { ReplyContext } from '../types';

/** The service input: the last user message, `[sim:…]` directives removed. */
export function taskInput(context: ReplyContext): string {
  const last = [...context.messages].reverse().find((m) => m.role === 'user');
  return stripDirectives(last?.text ?? context.userText);
}

/** Lines that are not `Label: value` lines: the free text of a service input. */
export function freeText(input: string, labels: string[]): string {
  const labelLine = new RegExp(`^\\s*(?:${labels.join('|')})\\s*:`, 'i');
  return input
    .split('\n')
    .filter((line) => !labelLine.test(line))
    .join('\n')
    .trim();
}

/** A document title from a request: the topic, without "write a report on". */
export function titleFromRequest(request: string): string {
  const topic = request
    .replace(
      /^\s*(?:please\s+)?(?:write|draft|create|prepare|compose|produce|make)\s+(?:me\s+)?(?:a|an|the)?\s*(?:short|detailed|brief)?\s*(?:\p{L}+\s+)?(?:report|proposal|article|manual|document|guide|memo|essay|whitepaper)\s*(?:on|about|for|of|regarding)?\s*/iu,
      '',
    )
    .replace(
      /^\s*(?:пожалуйста,?\s+)?(?:напиши|подготовь|составь|создай|сделай)\S*\s+(?:\p{L}+\s+)?(?:отч[её]т\S*|предложени\S*|стать\S*|руководств\S*|документ\S*|доклад\S*|инструкци\S*)\s*(?:о|об|про|по|на тему)?\s*/iu,
      '',
    )
    .replace(/^\s*(?:请)?(?:帮我)?(?:写|起草|撰写|创建|准备|编写)(?:一份|一篇|一个)?(?:关于)?/u, '')
    .replace(/(?:的)?(?:报告|提案|文章|手册|文档|指南)\s*$/u, '');
  const title = firstSentence(topic || request, 80).replace(/[.!?。！？]$/u, '');
  return title.charAt(0).toUpperCase() + title.slice(1);
}
