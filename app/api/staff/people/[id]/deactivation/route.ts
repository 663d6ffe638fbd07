import { setAccountActive } from '@/lib/auth/deactivation';
import { staffRoute } from '@/lib/http/session-route';
import { logEvent } from '@/lib/log';

/** Deactivates the account: its sessions end at once, and it cannot sign in until reactivated. */
export const POST = staffRoute<{ id: string }>(async ({ app, actor, params: { id } }) => {
  const person = await setAccountActive({ db: app.db, sessions: app.sessions }, { userId: id, active: false, by: actor });
  logEvent({ event: 'account_deactivated', userId: id, by: actor.userId });
  return Response.json(person);
});

/** Reactivates the account. */
export const DELETE = staffRoute<{ id: string }>(async ({ app, actor, params: { id } }) => {
  const person = await setAccountActive({ db: app.db, sessions: app.sessions }, { userId: id, active: true, by: actor });
  logEvent({ event: 'account_reactivated', userId: id, by: actor.userId });
  return Response.json(person);
});
