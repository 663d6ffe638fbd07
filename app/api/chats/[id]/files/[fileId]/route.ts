import { fileResponse, readChatFile } from '@/lib/chat/files/chat-file-access';
import { userRoute } from '@/lib/http/session-route';

/** A file attached to a message, as uploaded: its owner's, or anyone's for staff. */
export const GET = userRoute<{ id: string; fileId: string }>(async ({ app, user, params: { id, fileId } }) =>
  fileResponse(await readChatFile(app.db, user, id, fileId)),
);
