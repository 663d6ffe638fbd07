import { listSharedMessages } from '@/lib/chat/share-chat';
import { parseQuery } from '@/lib/http/handler';
import { sharedMessagesQuery } from '@/lib/http/api/chat';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { userRoute } from '@/lib/http/session-route';

/** Earlier messages of a shared chat's snapshot, newest first, for any signed-in person holding the link (404 once revoked). */
export const GET = userRoute<{ token: string }>(async ({ request, app, params: { token } }) => {
  return pageResponse(request, await listSharedMessages(app.db, token, pageRequest(parseQuery(request, sharedMessagesQuery))));
});
