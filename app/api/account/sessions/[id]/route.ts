import { endSession } from '@/lib/auth/account-sessions';
import { userRoute } from '@/lib/http/session-route';

/** Signs one of the caller's sessions out (another device, usually): it is refused from its next request on, in every process. */
export const DELETE = userRoute<{ id: string }>(async ({ app, user, params: { id } }) => {
  await endSession(app.db, user.id, id);
  app.sessions.forgetUser(user.id);
  return Response.json({ id, ended: true });
});
