import { loadChatView } from '@/lib/chat/chat-view';
import { withOlderPage } from '@/lib/http/paging';
import { staffRoute } from '@/lib/http/session-route';

export const GET = staffRoute<{ chatId: string }>(async ({ app, user: staff, params: { chatId } }) => {
  return Response.json(
    withOlderPage(await loadChatView(app.db, chatId, staff.id, { asStaff: true }), `/api/staff/transcripts/${chatId}/messages`),
  );
});
