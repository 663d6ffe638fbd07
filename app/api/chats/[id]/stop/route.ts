import { requireOwnChat } from '@/lib/chat/chats';
import { stopLiveTurn } from '@/lib/chat/turn/stop-turn';
import { readJson } from '@/lib/http/handler';
import { stopTurnBody } from '@/lib/http/api/chat';
import { userRoute } from '@/lib/http/session-route';

/**
 * Stops the chat's live turn, whichever web process streams it (or settles it, when that process died);
 * with `messageId`, only that answer of a side-by-side round.
 */
export const POST = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  const { messageId } = await readJson(request, stopTurnBody);
  const chat = await requireOwnChat(app.db, id, user.id);
  if (chat.liveTurnId) await stopLiveTurn(app.db, app.stopBus, id, new Date(), messageId);
  return Response.json({ stopped: !!chat.liveTurnId, turnId: chat.liveTurnId });
});
