import { taskNameOf, type ServiceTaskName } from '@/lib/llm/service-task';
import type { SimMessage } from './types';

const CONTINUE_ANSWER: ServiceTaskName = 'continue-answer';

/** The service task named by the FIRST system message, if any. */
export function serviceTaskOf(messages: SimMessage[]): string | null {
  const system = messages.find((m) => m.role === 'system' || m.role === 'developer');
  return system ? taskNameOf(system.text) : null;
}

export function lastUserMessage(messages: SimMessage[]): SimMessage | undefined {
  return [...messages].reverse().find((m) => m.role === 'user');
}

/** A user message Quire wrote itself: it opens with a `Quire task:` line. */
export function isServiceUserMessage(message: SimMessage): boolean {
  return message.role === 'user' && taskNameOf(message.text) !== null;
}

/** The person's own last message: Quire's service messages are skipped. */
export function originalUserMessage(messages: SimMessage[]): SimMessage | undefined {
  return [...messages].reverse().find((m) => m.role === 'user' && !isServiceUserMessage(m));
}

export function isContinuationRequest(messages: SimMessage[]): boolean {
  const last = lastUserMessage(messages);
  if (last && taskNameOf(last.text) === CONTINUE_ANSWER) return true;
  return serviceTaskOf(messages) === CONTINUE_ANSWER;
}

/** Value of a `Label: value` line in a service message. */
export function labelledLine(text: string, label: string): string | null {
  const pattern = new RegExp(`^\\s*${label}\\s*:\\s*(.*)$`, 'im');
  return pattern.exec(text)?.[1]?.trim() ?? null;
}

/** Text between an opening and a closing marker line, exactly as sent. */
export function fencedBlock(text: string, open: string, close: string): string | null {
  const start = text.indexOf(open);
  if (start < 0) return null;
  let from = start + open.length;
  if (text[from] === '\r') from += 1;
  if (text[from] === '\n') from += 1;
  const end = text.lastIndexOf(close);
  if (end < from) return null;
  let to = end;
  if (text[to - 1] === '\n') to -= 1;
  if (text[to - 1] === '\r') to -= 1;
  return text.slice(from, Math.max(from, to));
}

/** The name of the tool whose result a `tool` message carries. */
export function toolNameForResult(messages: SimMessage[], result: SimMessage): string | null {
  for (const message of messages) {
    const call = message.toolCalls.find((c) => c.id === result.toolCallId);
    if (call) return call.name;
  }
  return null;
}

export function allText(messages: SimMessage[]): string {
  return messages.map((m) => [m.text, ...m.toolCalls.map((c) => c.arguments)].join('\n')).join('\n');
}
