import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { uploadToDocument } from '@/lib/documents/attachments';
import { readSourceFiles } from '@/lib/documents/http/read-document-request';
import { route } from '@/lib/http/handler';
import { clientAddress } from '@/lib/http/request-origin';

/** Attaches more files later (multipart); research rounds still to come read them. */
export const POST = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  await requireDocumentRole(app.db, id, user.id, CAN.edit);
  const { files } = await readSourceFiles(request);
  const deps = { db: app.db, rateLimitPerMinute: app.config.rateLimitPerMinute, clientAddress: clientAddress(request.headers) };
  return Response.json(await uploadToDocument(deps, user.id, id, files), { status: 201 });
});
