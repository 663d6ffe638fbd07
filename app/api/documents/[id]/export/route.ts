import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { exportDocument } from '@/lib/documents/export/export-document';
import { parseQuery } from '@/lib/http/handler';
import { exportQuery as query } from '@/lib/http/api/documents';
import { userRoute } from '@/lib/http/session-route';

export const GET = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  const { format } = parseQuery(request, query);
  await requireDocumentRole(app.db, id, user.id, CAN.read);
  const file = await exportDocument(app.db, id, format);
  return new Response(file.content, {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="document.${format}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    },
  });
});
