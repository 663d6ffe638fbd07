import { listNotifications } from '@/lib/documents/notifications';
import { parseQuery } from '@/lib/http/handler';
import { notificationsQuery as query } from '@/lib/http/api/documents';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { userRoute } from '@/lib/http/session-route';

/** The caller's in-app notifications (a finished document, a share), newest first, a page at a time; `?unread=true` only the unread. */
export const GET = userRoute(async ({ request, app, user }) => {
  const { unread, ...paging } = parseQuery(request, query);
  return pageResponse(request, await listNotifications(app.db, user.id, { unreadOnly: unread === 'true' }, pageRequest(paging)));
});
