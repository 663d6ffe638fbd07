import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { loadChatView } from '@/lib/chat/chat-view';
import { route } from '@/lib/http/handler';

export const GET = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  return Response.json(await loadChatView(app.db, id, user.id, { idleMinutes: app.config.chatIdleMinutes }));
});
