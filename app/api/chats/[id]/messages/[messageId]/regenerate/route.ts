import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { startTurnResponse } from '@/lib/chat/start-turn';
import { readJson, route } from '@/lib/http/handler';
import { regenerateBody as body } from '@/lib/chat/chat-api';

/** Reruns the chat's last answer, with the same or another model: streamed like a new answer, billed as its own turn. */
export const POST = route<{ id: string; messageId: string }>(async (request, { id, messageId }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const { model } = await readJson(request, body);
  return startTurnResponse(app, user, request, { chatId: id, mode: 'regenerate', messageId, modelId: model });
});
