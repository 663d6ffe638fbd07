import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { getDocumentView } from '@/lib/documents/document-view';
import { route } from '@/lib/http/handler';

export const GET = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const role = await requireDocumentRole(app.db, id, user.id, CAN.read);
  return Response.json(await getDocumentView(app.db, id, role));
});
