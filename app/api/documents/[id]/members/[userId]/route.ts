import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { changeMemberRole, removeMember } from '@/lib/documents/members';
import { readJson } from '@/lib/http/handler';
import { memberRoleBody as body } from '@/lib/http/api/documents';
import { userRoute } from '@/lib/http/session-route';

/** The owner changes a member's role. */
export const PATCH = userRoute<{ id: string; userId: string }>(async ({ request, app, user, params: { id, userId } }) => {
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  const { role } = await readJson(request, body);
  return Response.json(await changeMemberRole(app.db, id, userId, role));
});

/** The owner revokes a member's access. */
export const DELETE = userRoute<{ id: string; userId: string }>(async ({ app, user, params: { id, userId } }) => {
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  return Response.json(await removeMember(app.db, id, userId));
});
