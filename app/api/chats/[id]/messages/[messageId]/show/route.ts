import { chooseSibling } from '@/lib/chat/branches';
import { takeRequestRate } from '@/lib/rate-limit/rate-limit';
import { userRoute } from '@/lib/http/session-route';

/** Shows this message instead of its sibling on screen (‹ n / m ›); the conversation below follows its branch. */
export const POST = userRoute<{ id: string; messageId: string }>(async ({ app, user, rate, params: { id, messageId } }) => {
  await takeRequestRate(app.db, rate);
  await chooseSibling(app.db, id, user.id, messageId);
  return Response.json({ shown: messageId });
});
