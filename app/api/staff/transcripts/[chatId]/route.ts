import { getApp } from '@/lib/app';
import { requireStaff } from '@/lib/auth/session';
import { loadChatView } from '@/lib/chat/chat-view';
import { route } from '@/lib/http/handler';

export const GET = route<{ chatId: string }>(async (request, { chatId }) => {
  const app = await getApp();
  const staff = await requireStaff(app, request);
  return Response.json(await loadChatView(app.db, chatId, staff.id, { asStaff: true }));
});
