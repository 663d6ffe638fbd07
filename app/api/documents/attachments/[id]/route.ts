import { removeWaitingAttachment } from '@/lib/documents/intake/attachments';
import { userRoute } from '@/lib/http/session-route';

/** Removes a file still waiting in the person's chat; 404 for anyone else's, 409 once a document adopted it. */
export const DELETE = userRoute<{ id: string }>(async ({ app, user, params: { id } }) => {
  await removeWaitingAttachment(app.db, user.id, id);
  return Response.json({ id, removed: true });
});
