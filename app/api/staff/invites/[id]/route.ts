import { getApp } from '@/lib/app';
import { revokeInvite } from '@/lib/auth/invites';
import { requireStaff } from '@/lib/auth/session';
import { route } from '@/lib/http/handler';
import { logEvent } from '@/lib/log';

/** Revokes a link that has not made an account yet (409 once it has). */
export const DELETE = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const staff = await requireStaff(app, request);
  const invite = await revokeInvite(app.db, id);
  logEvent({ event: 'invite_revoked', inviteId: id, by: staff.id });
  return Response.json(invite);
});
