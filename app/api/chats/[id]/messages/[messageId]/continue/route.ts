import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { startTurnResponse } from '@/lib/chat/start-turn';
import { route } from '@/lib/http/handler';

export const POST = route<{ id: string; messageId: string }>(async (request, { id, messageId }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  return startTurnResponse(app, user, request, { chatId: id, mode: 'continue', messageId });
});
