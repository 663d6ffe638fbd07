import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { listMembers, shareDocument } from '@/lib/documents/members';
import { readJson, route } from '@/lib/http/handler';
import { shareBody as body } from '@/lib/documents/documents-api';

export const POST = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const { email, role } = await readJson(request, body);
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  return Response.json(await shareDocument(app.db, id, user.id, email, role), { status: 201 });
});

export const GET = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  await requireDocumentRole(app.db, id, user.id, CAN.read);
  return Response.json(await listMembers(app.db, id));
});
