import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { listNotifications } from '@/lib/documents/notifications';
import { route } from '@/lib/http/handler';

/** The caller's in-app notifications (a finished document), newest first. */
export const GET = route(async (request) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  return Response.json(await listNotifications(app.db, user.id));
});
