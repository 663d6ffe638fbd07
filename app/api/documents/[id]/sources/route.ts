import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { uploadToDocument } from '@/lib/documents/intake/attachments';
import { readAddedSources } from '@/lib/http/read-document-request';
import { userRoute } from '@/lib/http/session-route';

/** Attaches more files (multipart) or links and pasted text (JSON) later; research rounds still to come read them. */
export const POST = userRoute<{ id: string }>(async ({ request, app, user, rate, params: { id } }) => {
  await requireDocumentRole(app.db, id, user.id, CAN.edit);
  const added = await readAddedSources(request);
  const permission = { publicSources: app.config.publicSources, fetchAllowHosts: app.config.fetchAllowHosts };
  return Response.json(await uploadToDocument({ db: app.db, rate }, user.id, id, { ...added, permission }), { status: 201 });
});
