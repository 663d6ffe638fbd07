import { loadChatView } from '@/lib/chat/chat-view';
import { parseQuery } from '@/lib/http/handler';
import { chatViewQuery } from '@/lib/http/api/chat';
import { withMessagePages } from '@/lib/http/paging';
import { staffRoute } from '@/lib/http/session-route';

export const GET = staffRoute<{ chatId: string }>(async ({ request, app, user: staff, params: { chatId } }) => {
  const { around } = parseQuery(request, chatViewQuery);
  return Response.json(
    withMessagePages(await loadChatView(app.db, chatId, staff.id, { asStaff: true, around }), `/api/staff/transcripts/${chatId}/messages`),
  );
});
