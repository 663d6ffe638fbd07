import { startTurnResponse } from '@/lib/chat/start-turn';
import { readJson } from '@/lib/http/handler';
import { chatMessageBody as body } from '@/lib/http/api/chat';
import { userRoute } from '@/lib/http/session-route';

export const POST = userRoute<{ id: string }>(async ({ request, app, rate, params: { id } }) => {
  const { text, model } = await readJson(request, body);
  return startTurnResponse(app.turnDeps, rate, request, { chatId: id, mode: 'answer', text, modelId: model });
});
