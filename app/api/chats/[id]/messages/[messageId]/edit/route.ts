import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { startTurnResponse } from '@/lib/chat/start-turn';
import { readJson, route } from '@/lib/http/handler';
import { chatMessageBody as body } from '@/lib/chat/chat-api';

/** Replaces one of the person's messages with new text (it and what followed go) and streams the new answer. */
export const POST = route<{ id: string; messageId: string }>(async (request, { id, messageId }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const { text, model } = await readJson(request, body);
  return startTurnResponse(app, user, request, { chatId: id, mode: 'edit', messageId, text, modelId: model });
});
