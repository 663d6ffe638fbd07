import { revokeInvite } from '@/lib/auth/invites';
import { logEvent } from '@/lib/log';
import { staffRoute } from '@/lib/http/session-route';

/** Revokes a link that has not made an account yet (409 once it has). */
export const DELETE = staffRoute<{ id: string }>(async ({ app, user: staff, actor, params: { id } }) => {
  const invite = await revokeInvite(app.db, id, actor);
  logEvent({ event: 'invite_revoked', inviteId: id, by: staff.id });
  return Response.json(invite);
});
