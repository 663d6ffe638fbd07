import { markAllRead } from '@/lib/documents/notifications';
import { userRoute } from '@/lib/http/session-route';

/** "Mark all as read": the caller's unread notifications become read. */
export const POST = userRoute(async ({ app, user }) => Response.json(await markAllRead(app.db, user.id)));
