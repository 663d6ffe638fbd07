import type { App } from '@/lib/app';
import { documentChatTools } from '@/lib/documents/chat-tools';
import { pipelineDepsFromApp } from '@/lib/documents/pipeline-deps';
import type { ChatToolFactory } from './registry';

/**
 * Tools that belong to other domains but are offered in the chat (the document
 * pipeline's start/revise tools register here).
 */
export function chatToolExtensions(app: App): ChatToolFactory[] {
  return [documentChatTools(pipelineDepsFromApp(app))];
}
