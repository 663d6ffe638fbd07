import { listTranscripts } from '@/lib/chat/transcripts';
import { parseQuery } from '@/lib/http/handler';
import { transcriptsQuery as query } from '@/lib/http/api/staff';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { staffRoute } from '@/lib/http/session-route';

/** Chats to review, newest activity first, a page at a time (the next one in the `Link` header). */
export const GET = staffRoute(async ({ request, app }) => {
  const { cursor, limit, ...filter } = parseQuery(request, query);
  return pageResponse(request, await listTranscripts(app.db, filter, pageRequest({ cursor, limit })));
});
