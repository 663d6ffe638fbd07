import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { changeMemberRole, removeMember } from '@/lib/documents/members';
import { readJson, route } from '@/lib/http/handler';
import { memberRoleBody as body } from '@/lib/documents/documents-api';

/** The owner changes a member's role. */
export const PATCH = route<{ id: string; userId: string }>(async (request, { id, userId }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  const { role } = await readJson(request, body);
  return Response.json(await changeMemberRole(app.db, id, userId, role));
});

/** The owner revokes a member's access. */
export const DELETE = route<{ id: string; userId: string }>(async (request, { id, userId }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  return Response.json(await removeMember(app.db, id, userId));
});
