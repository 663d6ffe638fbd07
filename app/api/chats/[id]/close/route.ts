import { closeChat } from '@/lib/chat/chats';
import { userRoute } from '@/lib/http/session-route';

export const POST = userRoute<{ id: string }>(async ({ app, user, actor, params: { id } }) => {
  await closeChat(app.db, id, user, actor);
  return Response.json({ status: 'closed' });
});
