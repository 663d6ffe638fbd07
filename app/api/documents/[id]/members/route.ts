import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { listMembers, shareDocument } from '@/lib/documents/members';
import { readJson } from '@/lib/http/handler';
import { shareBody as body } from '@/lib/http/api/documents';
import { userRoute } from '@/lib/http/session-route';

export const POST = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  const { email, role } = await readJson(request, body);
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  return Response.json(await shareDocument(app.db, id, user.id, email, role), { status: 201 });
});

export const GET = userRoute<{ id: string }>(async ({ app, user, params: { id } }) => {
  await requireDocumentRole(app.db, id, user.id, CAN.read);
  return Response.json(await listMembers(app.db, id));
});
