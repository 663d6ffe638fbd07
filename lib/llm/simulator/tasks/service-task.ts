import type { ServiceTaskName } from '@/lib/llm/service-task';
import type { ReplyContext } from '../types';

/**
 * A service request from Quire's own pipeline: the first system message
 * starts with `Quire task: <name>`, the last user message carries the input.
 * The reply is the whole content (JSON or Markdown), never a tool call.
 */
export interface ServiceTask {
  name: ServiceTaskName;
  reply(context: ReplyContext): string;
}
