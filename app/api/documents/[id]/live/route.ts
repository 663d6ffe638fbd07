import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { readSectionHeads, takeHeadsRateLimit } from '@/lib/documents/section-heads';
import { route } from '@/lib/http/handler';
import { clientAddress } from '@/lib/http/request-origin';

/** What an open document page polls: each section's version and who saved it (no text). */
export const GET = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  await requireDocumentRole(app.db, id, user.id, CAN.read);
  await takeHeadsRateLimit(app.db, { userId: user.id, clientAddress: clientAddress(request.headers) });
  return Response.json({ sections: await readSectionHeads(app.db, id, user.id) }, { headers: { 'cache-control': 'no-store' } });
});
