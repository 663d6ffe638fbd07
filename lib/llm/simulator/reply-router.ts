import { isContinuationRequest, originalUserMessage, serviceTaskOf, lastUserMessage } from './conversation';
import { parseDirectives, stripDirectives } from './directives';
import { detectLanguage } from './language';
import type { SimulatedModel } from './models';
import { continueAnswer } from './scenarios/continue-answer';
import { composeChatReply } from './scenarios/registry';
import { findServiceTask } from './tasks/registry';
import type { ReplyContext, SimMessage, SimulatedReply } from './types';

export function buildReplyContext(messages: SimMessage[], tools: string[], model: SimulatedModel, ceilingTokens: number): ReplyContext {
  // Directives and language come from the person's own words, never from Quire's service wrapper.
  const raw = (originalUserMessage(messages) ?? lastUserMessage(messages))?.text ?? '';
  const userText = stripDirectives(raw).trim();
  return {
    messages,
    tools,
    userText,
    language: detectLanguage(userText),
    directives: parseDirectives(raw),
    model,
    ceilingTokens,
  };
}

/** What the request is for: a continuation, a registered service task, or chat. */
export function purposeOf(messages: SimMessage[]): string {
  if (isContinuationRequest(messages)) return 'continue-answer';
  return serviceTaskOf(messages) ?? 'chat';
}

export function composeReply(context: ReplyContext): SimulatedReply {
  if (isContinuationRequest(context.messages)) return continueAnswer(context);
  const taskName = serviceTaskOf(context.messages);
  const task = taskName ? findServiceTask(taskName) : undefined;
  if (task) return { text: task.reply(context), toolCalls: [] };
  // An unknown service task gets a plain answer, as a real model would just answer.
  return composeChatReply(taskName ? { ...context, tools: [] } : context);
}
