import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { listDocuments } from '@/lib/documents/document-view';
import { readDocumentRequest } from '@/lib/http/read-document-request';
import { startDocument } from '@/lib/documents/start-document';
import { route } from '@/lib/http/handler';
import { clientAddress } from '@/lib/http/request-origin';

export const POST = route(async (request) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const input = await readDocumentRequest(request);
  const { id } = await startDocument(
    { db: app.db, catalog: app.catalog, publicSources: app.config.publicSources, fetchAllowHosts: app.config.fetchAllowHosts, rateLimitPerMinute: app.config.rateLimitPerMinute },
    user.id,
    input,
    clientAddress(request.headers),
  );
  return Response.json({ id }, { status: 201 });
});

export const GET = route(async (request) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  return Response.json(await listDocuments(app.db, user.id));
});
