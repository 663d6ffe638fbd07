import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { requestCancel } from '@/lib/documents/pipeline/job-control';
import { userRoute } from '@/lib/http/session-route';

export const POST = userRoute<{ id: string }>(async ({ app, user, params: { id } }) => {
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  return Response.json(await requestCancel(app.db, id));
});
