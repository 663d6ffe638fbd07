import { startTurnResponse } from '@/lib/chat/start-turn';
import { userRoute } from '@/lib/http/session-route';

export const POST = userRoute<{ id: string; messageId: string }>(async ({ request, app, user, params: { id, messageId } }) => {
  return startTurnResponse(app, user, request, { chatId: id, mode: 'continue', messageId });
});
