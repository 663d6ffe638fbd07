import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { exportDocument } from '@/lib/documents/export/export-document';
import { parseQuery, route } from '@/lib/http/handler';
import { exportQuery as query } from '@/lib/documents/documents-api';

export const GET = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const { format } = parseQuery(request, query);
  await requireDocumentRole(app.db, id, user.id, CAN.read);
  const file = await exportDocument(app.db, id, format);
  return new Response(file.content, {
    headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="document.${format}"; filename*=UTF-8''${encodeURIComponent(file.filename)}` },
  });
});
