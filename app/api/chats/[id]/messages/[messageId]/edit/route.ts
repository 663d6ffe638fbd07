import { startTurnResponse } from '@/lib/chat/start-turn';
import { readJson } from '@/lib/http/handler';
import { chatMessageBody as body } from '@/lib/http/api/chat';
import { userRoute } from '@/lib/http/session-route';

/** Replaces one of the person's messages with new text (it and what followed go) and streams the new answer. */
export const POST = userRoute<{ id: string; messageId: string }>(async ({ request, app, rate, params: { id, messageId } }) => {
  const { text, model, files } = await readJson(request, body);
  return startTurnResponse(app.turnDeps, rate, request, { chatId: id, mode: 'edit', messageId, text, modelId: model, fileIds: files });
});
