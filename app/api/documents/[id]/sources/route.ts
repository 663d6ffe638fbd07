import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { attachToDocument } from '@/lib/documents/attachments';
import { readSourceFiles } from '@/lib/documents/http/read-document-request';
import { route } from '@/lib/http/handler';
import { takeRateLimit } from '@/lib/http/rate-limit';
import { clientAddress } from '@/lib/http/request-origin';

/** Attaches more files later (multipart); research rounds still to come read them. */
export const POST = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  await requireDocumentRole(app.db, id, user.id, CAN.edit);
  // counted before the upload is read: parsing files is the expensive part
  await takeRateLimit(app.db, { userId: user.id, clientAddress: clientAddress(request.headers) }, app.config.rateLimitPerMinute);
  const { sources } = await readSourceFiles(request);
  return Response.json(await attachToDocument(app.db, user.id, id, sources), { status: 201 });
});
