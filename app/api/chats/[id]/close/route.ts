import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { closeChat } from '@/lib/chat/chats';
import { route } from '@/lib/http/handler';

export const POST = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  await closeChat(app.db, id, user);
  return Response.json({ status: 'closed' });
});
