import { startTurnResponse } from '@/lib/chat/start-turn';
import { userRoute } from '@/lib/http/session-route';

export const POST = userRoute<{ id: string; messageId: string }>(async ({ request, app, rate, params: { id, messageId } }) => {
  return startTurnResponse(app.turnDeps, rate, request, { chatId: id, mode: 'continue', messageId });
});
