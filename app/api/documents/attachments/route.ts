import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { attachToChat } from '@/lib/documents/attachments';
import { readSourceFiles } from '@/lib/documents/http/read-document-request';
import { route } from '@/lib/http/handler';

/** Files attached in a chat (multipart: `chatId` + files); the chat's start_document makes them the document's sources. */
export const POST = route(async (request) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const { fields, sources } = await readSourceFiles(request);
  return Response.json(await attachToChat(app.db, user.id, fields.get('chatId') ?? '', sources), { status: 201 });
});
