import type { App } from '@/lib/app';
import type { ChatToolFactory } from './registry';

/**
 * Tools that belong to other domains but are offered in the chat (the document
 * pipeline's start/revise tools register here).
 */
export function chatToolExtensions(app: App): ChatToolFactory[] {
  void app;
  return [];
}
