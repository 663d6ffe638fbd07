import type { ReplyContext, SimulatedReply } from '../types';

/** One behaviour of the simulated chat model, chosen from the conversation. */
export interface ChatScenario {
  name: string;
  matches(context: ReplyContext): boolean;
  reply(context: ReplyContext): SimulatedReply;
}

export function textReply(text: string): SimulatedReply {
  return { text, toolCalls: [] };
}

export function toolReply(name: string, args: Record<string, unknown>, text = ''): SimulatedReply {
  return { text, toolCalls: [{ name, arguments: JSON.stringify(args) }] };
}

export function lastMessageIsUser(context: ReplyContext): boolean {
  return context.messages.at(-1)?.role === 'user';
}
