import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { getDocumentView } from '@/lib/documents/document-view';
import { userRoute } from '@/lib/http/session-route';

export const GET = userRoute<{ id: string }>(async ({ app, user, params: { id } }) => {
  const role = await requireDocumentRole(app.db, id, user.id, CAN.read);
  return Response.json(await getDocumentView(app.db, id, role));
});
