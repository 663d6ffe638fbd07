import { countUnread } from '@/lib/documents/notifications';
import { takeHeadsRateLimit } from '@/lib/documents/sections/live-versions';
import { userRoute } from '@/lib/http/session-route';

/** The navigation badge's number: unread notifications, counted up to a cap (`capped` when there are at least that many). */
export const GET = userRoute(async ({ app, user, rate }) => {
  await takeHeadsRateLimit(app.db, rate.subject);
  return Response.json(await countUnread(app.db, user.id), { headers: { 'cache-control': 'no-store' } });
});
