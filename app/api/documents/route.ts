import { listDocuments } from '@/lib/documents/document-view';
import { parseQuery } from '@/lib/http/handler';
import { documentListQuery as listQuery } from '@/lib/http/api/documents';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { readDocumentRequest } from '@/lib/http/read-document-request';
import { startDocument } from '@/lib/documents/intake/start-document';
import { userRoute } from '@/lib/http/session-route';

export const POST = userRoute(async ({ request, app, user, rate }) => {
  const input = await readDocumentRequest(request);
  const { id, unreadLinks } = await startDocument(
    {
      db: app.db,
      catalog: app.catalog,
      publicSources: app.config.publicSources,
      fetchAllowHosts: app.config.fetchAllowHosts,
    },
    user.id,
    input,
    rate,
  );
  return Response.json({ id, unreadLinks }, { status: 201 });
});

/** Own and shared documents, newest first, a page at a time (the next one in the `Link` header). */
export const GET = userRoute(async ({ request, app, user }) => {
  return pageResponse(request, await listDocuments(app.db, user.id, pageRequest(parseQuery(request, listQuery))));
});
