import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { startTurnResponse } from '@/lib/chat/start-turn';
import { readJson, route } from '@/lib/http/handler';
import { chatMessageBody as body } from '@/lib/chat/chat-api';

export const POST = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const { text, model } = await readJson(request, body);
  return startTurnResponse(app, user, request, { chatId: id, mode: 'answer', text, modelId: model });
});
