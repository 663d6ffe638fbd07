import { fileResponse, readChatFile } from '@/lib/chat/files/chat-file-access';
import { userRoute } from '@/lib/http/session-route';

/** A file attached to a message, as uploaded: its owner's, or anyone's for staff (audited). */
export const GET = userRoute<{ id: string; fileId: string }>(async ({ app, user, actor, params: { id, fileId } }) =>
  fileResponse(await readChatFile(app.db, user, actor, id, fileId)),
);
