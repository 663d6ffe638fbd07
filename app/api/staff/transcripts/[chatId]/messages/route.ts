import { listChatMessages } from '@/lib/chat/chat-view';
import { parseQuery } from '@/lib/http/handler';
import { transcriptMessagesQuery } from '@/lib/http/api/staff';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { staffRoute } from '@/lib/http/session-route';

/** Older messages of a transcript, newest first, with their model calls: the transcript comes with its newest page. */
export const GET = staffRoute<{ chatId: string }>(async ({ request, app, user: staff, params: { chatId } }) => {
  const page = pageRequest(parseQuery(request, transcriptMessagesQuery));
  return pageResponse(request, await listChatMessages(app.db, chatId, staff.id, page, { asStaff: true }));
});
