import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { createChat, listArchivedChats, listChats } from '@/lib/chat/chats';
import { searchChats } from '@/lib/chat/search-chats';
import { parseQuery, readJson, route } from '@/lib/http/handler';
import { chatCreateBody as createBody, chatListQuery as listQuery } from '@/lib/chat/chat-api';

export const POST = route(async (request) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const body = await readJson(request, createBody);
  return Response.json(await createChat(app.db, app.catalog, user.id, body), { status: 201 });
});

/** Own chats, newest activity first; `?status=archived` lists the archived ones, `?q=` searches them all. */
export const GET = route(async (request) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const { status, q } = parseQuery(request, listQuery);
  if (q !== undefined) return Response.json(await searchChats(app.db, user.id, q));
  return Response.json(status === 'archived' ? await listArchivedChats(app.db, user.id) : await listChats(app.db, user.id));
});
