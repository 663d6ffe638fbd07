import { requireOwnChat } from '@/lib/chat/chats';
import { userRoute } from '@/lib/http/session-route';

/** Stops the chat's live turn, whichever web process streams it. */
export const POST = userRoute<{ id: string }>(async ({ app, user, params: { id } }) => {
  const chat = await requireOwnChat(app.db, id, user.id);
  if (chat.liveTurnId) await app.stopBus.requestStop(id);
  return Response.json({ stopped: !!chat.liveTurnId, turnId: chat.liveTurnId });
});
