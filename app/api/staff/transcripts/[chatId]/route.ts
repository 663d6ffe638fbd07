import { openTranscript } from '@/lib/chat/transcripts';
import { parseQuery } from '@/lib/http/handler';
import { chatViewQuery } from '@/lib/http/api/chat';
import { withMessagePages } from '@/lib/http/paging';
import { staffRoute } from '@/lib/http/session-route';

export const GET = staffRoute<{ chatId: string }>(async ({ request, app, actor, params: { chatId } }) => {
  const { around } = parseQuery(request, chatViewQuery);
  return Response.json(
    withMessagePages(await openTranscript(app.db, chatId, actor, { around }), `/api/staff/transcripts/${chatId}/messages`),
  );
});
