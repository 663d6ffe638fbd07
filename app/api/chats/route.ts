import { createChat, listArchivedChats, listChats } from '@/lib/chat/chats';
import { searchChats } from '@/lib/chat/search-chats';
import { parseQuery, readJson } from '@/lib/http/handler';
import { chatCreateBody as createBody, chatListQuery as listQuery } from '@/lib/http/api/chat';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { userRoute } from '@/lib/http/session-route';

export const POST = userRoute(async ({ request, app, user }) => {
  const body = await readJson(request, createBody);
  return Response.json(await createChat(app.db, app.catalog, user.id, body), { status: 201 });
});

/** Own chats, newest activity first; `?status=archived` lists the archived ones, `?q=` searches them all. */
export const GET = userRoute(async ({ request, app, user }) => {
  const { status, q, ...paging } = parseQuery(request, listQuery);
  const page = pageRequest(paging);
  if (q !== undefined) return pageResponse(request, await searchChats(app.db, user.id, q, page));
  return pageResponse(
    request,
    status === 'archived' ? await listArchivedChats(app.db, user.id, page) : await listChats(app.db, user.id, page),
  );
});
