import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { readSectionHeads, takeHeadsRateLimit } from '@/lib/documents/sections/live-versions';
import { userRoute } from '@/lib/http/session-route';

/** What an open document page polls: each section's version and who saved it (no text), and the caller's role now. */
export const GET = userRoute<{ id: string }>(async ({ app, user, rate, params: { id } }) => {
  const role = await requireDocumentRole(app.db, id, user.id, CAN.read);
  await takeHeadsRateLimit(app.db, rate.subject);
  return Response.json({ sections: await readSectionHeads(app.db, id, user.id), role }, { headers: { 'cache-control': 'no-store' } });
});
