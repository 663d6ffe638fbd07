import { uploadChatFiles } from '@/lib/documents/intake/chat-files';
import { readSourceFiles } from '@/lib/http/read-document-request';
import { userRoute } from '@/lib/http/session-route';

/** Files and images for the next message (multipart `files`); the message names them in its `files`. */
export const POST = userRoute<{ id: string }>(async ({ request, app, user, rate, params: { id } }) => {
  const { files } = await readSourceFiles(request);
  return Response.json(await uploadChatFiles({ db: app.db, rate }, user.id, id, files), { status: 201 });
});
