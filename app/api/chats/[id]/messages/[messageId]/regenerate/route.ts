import { startTurnResponse } from '@/lib/chat/start-turn';
import { readJson } from '@/lib/http/handler';
import { regenerateBody as body } from '@/lib/http/api/chat';
import { userRoute } from '@/lib/http/session-route';

/** Reruns the chat's last answer, with the same or another model: streamed like a new answer, billed as its own turn. */
export const POST = userRoute<{ id: string; messageId: string }>(async ({ request, app, rate, params: { id, messageId } }) => {
  const { model } = await readJson(request, body);
  return startTurnResponse(app.turnDeps, rate, request, { chatId: id, mode: 'regenerate', messageId, modelId: model });
});
