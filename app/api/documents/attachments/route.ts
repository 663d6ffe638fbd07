import { requireOwnChat } from '@/lib/chat/chats';
import { listWaitingAttachments, uploadToChat } from '@/lib/documents/intake/attachments';
import { readSourceFiles } from '@/lib/http/read-document-request';
import { parseQuery } from '@/lib/http/handler';
import { attachmentsQuery as listQuery } from '@/lib/http/api/documents';
import { userRoute } from '@/lib/http/session-route';

/** Files attached in a chat (multipart: `chatId` + files); the chat's start_document makes them the document's sources. */
export const POST = userRoute(async ({ request, app, user, rate }) => {
  const { fields, files } = await readSourceFiles(request);
  return Response.json(await uploadToChat({ db: app.db, rate }, user.id, fields.get('chatId') ?? '', files), { status: 201 });
});

/** The files still waiting in one of the person's chats: the composer shows them again after a reload. */
export const GET = userRoute(async ({ request, app, user }) => {
  const { chatId } = parseQuery(request, listQuery);
  await requireOwnChat(app.db, chatId, user.id);
  return Response.json(await listWaitingAttachments(app.db, user.id, chatId));
});
