import { listNotifications } from '@/lib/documents/notifications';
import { userRoute } from '@/lib/http/session-route';

/** The caller's in-app notifications (a finished document), newest first. */
export const GET = userRoute(async ({ app, user }) => {
  return Response.json(await listNotifications(app.db, user.id));
});
