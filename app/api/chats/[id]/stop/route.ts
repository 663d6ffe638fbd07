import { requireOwnChat } from '@/lib/chat/chats';
import { stopLiveTurn } from '@/lib/chat/turn/stop-turn';
import { userRoute } from '@/lib/http/session-route';

/** Stops the chat's live turn, whichever web process streams it (or settles it, when that process died). */
export const POST = userRoute<{ id: string }>(async ({ app, user, params: { id } }) => {
  const chat = await requireOwnChat(app.db, id, user.id);
  if (chat.liveTurnId) await stopLiveTurn(app.db, app.stopBus, id);
  return Response.json({ stopped: !!chat.liveTurnId, turnId: chat.liveTurnId });
});
