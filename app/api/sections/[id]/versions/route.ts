import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { CAN, requireSectionRole } from '@/lib/documents/access';
import { listSectionVersions } from '@/lib/documents/section-edits';
import { route } from '@/lib/http/handler';

export const GET = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  await requireSectionRole(app.db, id, user.id, CAN.read);
  return Response.json(await listSectionVersions(app.db, id));
});
