import { listDocuments } from '@/lib/documents/document-view';
import { readDocumentRequest } from '@/lib/http/read-document-request';
import { startDocument } from '@/lib/documents/intake/start-document';
import { userRoute } from '@/lib/http/session-route';

export const POST = userRoute(async ({ request, app, user, rate }) => {
  const input = await readDocumentRequest(request);
  const { id } = await startDocument(
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
  return Response.json({ id }, { status: 201 });
});

export const GET = userRoute(async ({ app, user }) => {
  return Response.json(await listDocuments(app.db, user.id));
});
