import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { requestCancel } from '@/lib/documents/job-control';
import { route } from '@/lib/http/handler';

export const POST = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  return Response.json(await requestCancel(app.db, id));
});
