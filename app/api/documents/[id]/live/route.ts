import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { readSectionHeads, takeHeadsRateLimit } from '@/lib/documents/section-heads';
import { clientAddress } from '@/lib/http/request-origin';
import { userRoute } from '@/lib/http/session-route';

/** What an open document page polls: each section's version and who saved it (no text). */
export const GET = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  await requireDocumentRole(app.db, id, user.id, CAN.read);
  await takeHeadsRateLimit(app.db, { userId: user.id, clientAddress: clientAddress(request.headers) });
  return Response.json({ sections: await readSectionHeads(app.db, id, user.id) }, { headers: { 'cache-control': 'no-store' } });
});
