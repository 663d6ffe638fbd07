import { clearBetterAnswer, markBetterAnswer } from '@/lib/chat/compare/answer-preference';
import { takeRequestRate } from '@/lib/rate-limit/rate-limit';
import { userRoute } from '@/lib/http/session-route';

type Params = { id: string; messageId: string };

/** Marks this side-by-side answer as the better one of its round (another answer's mark moves to it). */
export const PUT = userRoute<Params>(async ({ app, user, rate, params: { id, messageId } }) => {
  await takeRequestRate(app.db, rate);
  const round = await markBetterAnswer(app.db, id, user.id, messageId);
  return Response.json({ round, better: messageId });
});

/** Takes the mark off this answer. */
export const DELETE = userRoute<Params>(async ({ app, user, rate, params: { id, messageId } }) => {
  await takeRequestRate(app.db, rate);
  const round = await clearBetterAnswer(app.db, id, user.id, messageId);
  return Response.json({ round, better: null });
});
