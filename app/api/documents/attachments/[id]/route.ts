import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { removeWaitingAttachment } from '@/lib/documents/attachments';
import { route } from '@/lib/http/handler';

/** Removes a file still waiting in the person's chat; 404 for anyone else's, 409 once a document adopted it. */
export const DELETE = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  await removeWaitingAttachment(app.db, user.id, id);
  return Response.json({ id, removed: true });
});
