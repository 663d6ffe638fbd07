import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { requireOwnChat } from '@/lib/chat/chats';
import { route } from '@/lib/http/handler';

/** Stops the chat's live turn, whichever web process streams it. */
export const POST = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const chat = await requireOwnChat(app.db, id, user.id);
  if (chat.liveTurnId) await app.stopBus.requestStop(id);
  return Response.json({ stopped: !!chat.liveTurnId, turnId: chat.liveTurnId });
});
