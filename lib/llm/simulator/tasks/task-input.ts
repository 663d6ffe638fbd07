import { stripDirectives } from '../directives';
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

/** A document title from a request: the topic, without "write a report on" (the app's own rule, so the demo names documents as a careful model would). */
export { titleFromRequest } from '@/lib/text/request-title';
