import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { getDocumentView } from '@/lib/documents/document-view';
import { deleteDocument, renameDocument } from '@/lib/documents/manage-document';
import { readJson } from '@/lib/http/handler';
import { renameDocumentBody as renameBody } from '@/lib/http/api/documents';
import { userRoute } from '@/lib/http/session-route';

export const GET = userRoute<{ id: string }>(async ({ app, user, params: { id } }) => {
  const role = await requireDocumentRole(app.db, id, user.id, CAN.read);
  return Response.json(await getDocumentView(app.db, id, role));
});

/** The owner renames the document (403 for an editor or reviewer, 404 for anyone else). */
export const PATCH = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  const { title } = await readJson(request, renameBody);
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  return Response.json(await renameDocument(app.db, id, title));
});

/** The owner deletes the document: a running job stops, shared people lose it; the ledger keeps what was spent. */
export const DELETE = userRoute<{ id: string }>(async ({ app, user, params: { id } }) => {
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  await deleteDocument(app.db, id);
  return Response.json({ id, deleted: true });
});
